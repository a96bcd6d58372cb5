// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/template_py.cpp: urix.URITemplate, RFC 6570 URI Templates (urix/template.h), with
// the names Python's `uritemplate` package gives them: URITemplate(uri), .uri,
// .variable_names, .expand(var_dict=None, **kwargs), str(); and urix's own .match(uri) and
// .expand_many(iterable).
//
// Values: str (its UTF-8), bytes (as they are), None (undefined), a list or tuple (a list),
// a mapping (an associative array, in its order); any other value, alone or as an item, stands
// for its str(), as `uritemplate` writes it (str(1.5) is "1.5").
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "binding.h"
#include "urix/template.h"

namespace urix::python {
namespace {

// Raises urix.Error for a template error (offsets in characters of the template str).
[[noreturn]] void raise_template_error(urix::error e, std::string_view text) {
  py::object error_type = py::module_::import("urix").attr("Error");
  const std::size_t offset = char_offset(text, e.offset);
  py::object exc = error_type(std::string(urix::message(e.code)) + " at character " +
                              std::to_string(offset));
  exc.attr("code") = py::str(std::string(urix::name(e.code)));
  exc.attr("offset") = offset;
  exc.attr("byte_offset") = e.offset;
  exc.attr("index") = py::none();
  PyErr_SetObject(error_type.ptr(), exc.ptr());
  throw py::error_already_set();
}

// What one expansion's borrowed values need besides the values (borrowed_values): kept by
// the template between calls, so that a call allocates nothing but its str.
struct expansion_scratch {
  struct composite {  // a list's items in `items`, or an associative array's in `entries`
    std::size_t variable, first, count;
    bool is_list;
  };
  std::vector<template_value_view> values;
  std::vector<char> given;
  std::vector<std::string_view> items;
  std::vector<std::pair<std::string_view, std::string_view>> entries;
  std::vector<composite> composites;
  std::vector<PyObject*> held;
  std::string out;
  // A call is using it. Another may start meanwhile: from Python code a value's str() runs,
  // or in another thread while that code lets the GIL go; it takes storage of its own.
  bool busy = false;
};

// The values of one expansion, borrowed from Python objects: views into a str's UTF-8 (which
// CPython keeps in the object) or a bytes' buffer, each object held by a new reference until
// the expansion ends (converting another value may run Python code that drops it elsewhere).
// Their storage is the template's scratch, or the call's own when another call is using it.
class borrowed_values {
 public:
  borrowed_values(expansion_scratch& shared, std::size_t variables)
      : s_(shared.busy ? own_.emplace() : shared) {
    s_.values.assign(variables, {});
    s_.given.assign(variables, 0);
    s_.busy = true;  // last: a constructor that throws leaves it free
  }
  borrowed_values(const borrowed_values&) = delete;
  borrowed_values& operator=(const borrowed_values&) = delete;
  ~borrowed_values() {
    for (PyObject* o : s_.held) Py_DECREF(o);
    for_each_kept([](auto& v) {
      v.clear();
      if (v.capacity() > kept_items) std::remove_reference_t<decltype(v)>().swap(v);
    });
    s_.busy = false;
  }

  /// Variable i's value from `o`: None is undefined; str and bytes are strings; a list or
  /// tuple a list; a mapping an associative array (in its order); anything else its str(),
  /// as `uritemplate` writes it (str(1.5) is "1.5").
  void set(std::size_t i, py::handle o) {
    s_.given[i] = 1;
    PyObject* p = o.ptr();
    if (p == Py_None) return;
    if (PyUnicode_Check(p) || PyBytes_Check(p) || PyLong_Check(p) || PyFloat_Check(p)) {
      s_.values[i] = scalar(p);
      return;
    }
    const py::object keep = py::reinterpret_borrow<py::object>(o);  // while its items are read
    if (PyList_Check(p) || PyTuple_Check(p)) {
      const std::size_t first = s_.items.size();
      // By index, the size read again each time: a str() of an item may change a list.
      for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(p); ++k) {
        s_.items.push_back(scalar(PySequence_Fast_GET_ITEM(p, k)));
      }
      s_.composites.push_back({i, first, s_.items.size() - first, true});
      return;
    }
    const std::size_t first = s_.entries.size();
    if (PyDict_CheckExact(p)) {
      PyObject* key = nullptr;
      PyObject* value = nullptr;
      for (Py_ssize_t pos = 0; PyDict_Next(p, &pos, &key, &value);) {
        const py::object value_kept = py::reinterpret_borrow<py::object>(value);
        const std::string_view k = scalar(key);
        s_.entries.emplace_back(k, scalar(value));
      }
    } else if (PyDict_Check(p) || is_mapping(o)) {  // its items() give its order
      for (py::handle item : o.attr("items")()) {
        auto kv = py::reinterpret_borrow<py::tuple>(item);
        const std::string_view k = scalar(kv[0].ptr());
        s_.entries.emplace_back(k, scalar(kv[1].ptr()));
      }
    } else {
      s_.values[i] = scalar(p);
      return;
    }
    s_.composites.push_back({i, first, s_.entries.size() - first, false});
  }

  /// Whether variable i was set (to None too).
  [[nodiscard]] bool given(std::size_t i) const noexcept { return s_.given[i] != 0; }

  /// The values by variable, once every one is set (the items' storage no longer moves).
  std::span<const template_value_view> views() {
    for (const auto& c : s_.composites) {
      s_.values[c.variable] =
          c.is_list ? template_value_view(template_value_view::list(s_.items).subspan(c.first, c.count))
                    : template_value_view(template_value_view::pairs(s_.entries).subspan(c.first, c.count));
    }
    return s_.values;
  }

  /// A string to write the expansion to (empty).
  std::string& out() noexcept { return s_.out; }

 private:
  // The most items of a kind the scratch keeps between calls.
  static constexpr std::size_t kept_items = 1024;

  template <class F>
  void for_each_kept(F f) {
    f(s_.values);
    f(s_.given);
    f(s_.items);
    f(s_.entries);
    f(s_.composites);
    f(s_.held);
    f(s_.out);
  }

  static bool is_mapping(py::handle o) {
    return py::isinstance(o, py::module_::import("collections.abc").attr("Mapping"));
  }

  // A string's bytes, the object held: a str's UTF-8 (UnicodeEncodeError for lone
  // surrogates), a bytes' buffer, or another object's str()'s UTF-8.
  std::string_view scalar(PyObject* o) {
    if (PyBytes_Check(o)) {
      hold(Py_NewRef(o));
      return {PyBytes_AS_STRING(o), static_cast<std::size_t>(PyBytes_GET_SIZE(o))};
    }
    PyObject* str = PyUnicode_Check(o) ? Py_NewRef(o) : PyObject_Str(o);
    if (str == nullptr) throw py::error_already_set();
    hold(str);
    return utf8_of(str);
  }

  // A str's UTF-8: an ASCII one's characters are it (read in place, no call).
  static std::string_view utf8_of(PyObject* str) {
    if (PyUnicode_IS_COMPACT_ASCII(str)) {
      return {static_cast<const char*>(PyUnicode_DATA(str)),
              static_cast<std::size_t>(PyUnicode_GET_LENGTH(str))};
    }
    Py_ssize_t n = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(str, &n);
    if (utf8 == nullptr) throw py::error_already_set();
    return {utf8, static_cast<std::size_t>(n)};
  }

  // Keeps a new reference until the end of the expansion.
  void hold(PyObject* o) {
    try {
      s_.held.push_back(o);
    } catch (...) {
      Py_DECREF(o);
      throw;
    }
  }

  std::optional<expansion_scratch> own_;
  expansion_scratch& s_;
};

// A decoded value as str: bytes that are not UTF-8 ("%FF") show U+FFFD, as in the CLI.
py::str decoded_str(const std::string& s) {
  return py::reinterpret_steal<py::str>(
      steal(PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace")).release());
}

py::object value_to_python(const template_value& v) {
  switch (v.type()) {
    case template_value::kind::undefined: return py::none();
    case template_value::kind::string: return decoded_str(v.string());
    case template_value::kind::list: {
      py::list l;
      for (const auto& item : v.items()) l.append(decoded_str(item));
      return l;
    }
    case template_value::kind::pairs: {
      py::dict d;
      for (const auto& [k, val] : v.entries()) d[decoded_str(k)] = decoded_str(val);
      return d;
    }
  }
  return py::none();
}

class py_template {
 public:
  explicit py_template(py::handle uri) {
    const python::text t = as_text(uri, "uri");
    auto parsed = uri_template::parse(t.bytes);
    if (!parsed) raise_template_error(parsed.error(), t.bytes);
    t_.emplace_back(std::move(*parsed));
    for (std::string_view n : t_[0].variable_names()) {
      PyObject* name = PyUnicode_FromStringAndSize(n.data(), static_cast<Py_ssize_t>(n.size()));
      if (name == nullptr) throw py::error_already_set();
      PyUnicode_InternInPlace(&name);
      py_names_.push_back(py::reinterpret_steal<py::str>(name));
    }
  }

  [[nodiscard]] const uri_template& tmpl() const noexcept { return t_[0]; }
  [[nodiscard]] std::string_view text() const noexcept { return tmpl().text(); }

  py::tuple variable_names() const {
    py::tuple names(py_names_.size());
    for (std::size_t i = 0; i < py_names_.size(); ++i) names[i] = py_names_[i];
    return names;
  }

  // The expansion (a str) with the values of this template's variables from the keyword
  // arguments `kwnames` (values kw[0...]) and, for the others, `mapping` (keywords win, as
  // in `uritemplate`): each value found once and given by the variable's index.
  py::object expand(py::handle mapping, PyObject* kwnames = nullptr, PyObject* const* kw = nullptr) const {
    borrowed_values values(scratch_, py_names_.size());
    const bool has_mapping = !mapping.is_none();
    if (has_mapping && !PyDict_Check(mapping.ptr()) && !py::hasattr(mapping, "__getitem__")) {
      throw py::type_error("expand: var_dict must be a mapping");
    }
    const Py_ssize_t nkw = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t k = 0; k < nkw; ++k) {
      const std::size_t i = variable_index(PyTuple_GET_ITEM(kwnames, k));
      if (i < py_names_.size()) values.set(i, kw[k]);
    }
    for (std::size_t i = 0; has_mapping && i < py_names_.size(); ++i) {
      if (values.given(i)) continue;
      if (PyDict_Check(mapping.ptr())) {
        PyObject* v = PyDict_GetItemWithError(mapping.ptr(), py_names_[i].ptr());
        if (v != nullptr) {
          values.set(i, v);
        } else if (PyErr_Occurred()) {
          throw py::error_already_set();
        }
      } else {
        const int has = PySequence_Contains(mapping.ptr(), py_names_[i].ptr());
        if (has < 0) throw py::error_already_set();
        if (has == 1) values.set(i, mapping[py_names_[i]]);
      }
    }
    std::string& out = values.out();
    tmpl().expand_append(out, values.views());
    return ascii_str(out);  // expansions are ASCII
  }

  // The index of the variable a keyword argument names (variable_names()'s size for none):
  // found by identity first, as CPython interns keyword names and ours are interned too.
  std::size_t variable_index(PyObject* name) const {
    for (std::size_t i = 0; i < py_names_.size(); ++i)
      if (py_names_[i].ptr() == name) return i;
    for (std::size_t i = 0; i < py_names_.size(); ++i)
      if (PyUnicode_Compare(name, py_names_[i].ptr()) == 0) return i;
    return py_names_.size();
  }

  py::object match(py::handle uri) const {
    const python::text in = as_text(uri, "uri");
    auto m = tmpl().match(in.bytes);
    if (!m) {
      if (m.error().code == errc::not_matchable) raise_template_error(m.error(), text());
      return py::none();
    }
    py::dict d;
    for (const auto& [name, value] : *m) d[py::str(name)] = value_to_python(value);
    return d;
  }

 private:
  std::vector<uri_template> t_;  // one: uri_template has no default constructor
  std::vector<py::str> py_names_;
  mutable expansion_scratch scratch_;
};


// pybind11's record of URITemplate, for template_of.
const py::detail::type_info* template_type = nullptr;

// The py_template of a URITemplate: read from the instance when it is of the class itself
// (pybind11's generic cast looks the C++ type up by name, a fifth of a short call), else
// through that cast (a subclass, or an instance whose __init__ did not run: TypeError).
const py_template& template_of(PyObject* self) {
  if (Py_TYPE(self) == template_type->type) {
    auto* inst = reinterpret_cast<py::detail::instance*>(self);
    const py::detail::value_and_holder vh = inst->get_value_and_holder(template_type, false);
    if (vh.inst != nullptr && vh.holder_constructed()) return *vh.value_ptr<py_template>();
  }
  return py::cast<const py_template&>(py::handle(self));
}

// URITemplate.expand(var_dict=None, **kwargs), called the vectorcall way: no dictionary is
// built for the keyword arguments, which is most of a pybind11 call's cost here.
PyObject* expand_fastcall(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                          PyObject* kwnames) noexcept {
  return guarded([&]() -> py::object {
    const py_template& t = template_of(self);
    if (nargs > 1) throw py::type_error("expand() takes at most one positional argument (var_dict)");
    py::handle mapping = nargs == 1 ? py::handle(args[0]) : py::handle(Py_None);
    PyObject* names = kwnames;
    PyObject* const* kw = args + nargs;
    // var_dict by keyword is the mapping, as in uritemplate.
    if (kwnames != nullptr) {
      for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(kwnames); ++k) {
        PyObject* key = PyTuple_GET_ITEM(kwnames, k);
        if (PyUnicode_GET_LENGTH(key) == 8 &&
            (PyUnicode_IS_COMPACT_ASCII(key) ? std::memcmp(PyUnicode_DATA(key), "var_dict", 8) == 0
                                             : PyUnicode_CompareWithASCIIString(key, "var_dict") == 0)) {
          if (nargs == 1) throw py::type_error("expand() got var_dict twice");
          mapping = kw[k];
        }
      }
    }
    return t.expand(mapping, names, kw);
  });
}

PyMethodDef expand_def{
    "expand", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(expand_fastcall)),
    METH_FASTCALL | METH_KEYWORDS,
    R"(expand(var_dict=None, **kwargs) -> str

The expansion (RFC 6570 section 3) with the variables of var_dict and kwargs (kwargs win).
A value is a str, bytes, None (undefined), a list or tuple, or a mapping (an associative
array); anything else stands for its str().)"};

}  // namespace

void register_template(py::module_& m) {
  using namespace pybind11::literals;  // NOLINT: "name"_a
  auto cls = py::class_<py_template>(m, "URITemplate", R"(URITemplate(uri)

A URI Template (RFC 6570, all of Level 4), parsed once: urix.Error (a ValueError with .code
and .offset) for a malformed one. The names are those of the uritemplate package.

    >>> t = URITemplate('/repos/{owner}/{repo}/issues{?state,labels*}')
    >>> t.expand(owner='urix', repo='urix', labels=['bug', 'good first issue'])
    '/repos/urix/urix/issues?labels=bug&labels=good%20first%20issue'
    >>> t.match('/repos/a/b/issues?state=open')
    {'owner': 'a', 'repo': 'b', 'state': 'open'}
)")
      .def(py::init<py::handle>(), "uri"_a)
      .def_property_readonly("uri", [](const py_template& t) { return utf8_str(t.text()); },
                             "The template as given.")
      .def_property_readonly("variable_names", &py_template::variable_names,
                             "The variable names, in order of first appearance, each once.")
      .def(
          "expand_many",
          [](const py_template& t, py::iterable var_dicts) {
            py::list out;
            for (py::handle d : var_dicts) out.append(t.expand(d));
            return out;
          },
          "var_dicts"_a,
          R"(expand_many(var_dicts) -> list[str]

One expansion per mapping of var_dicts, in order.)")
      .def("match", &py_template::match, "uri"_a,
           R"(match(uri) -> dict | None

The variables that expand to uri, their values decoded (str, list of str, or dict of str),
or None when uri is not an expansion of the template (or reads back in more than one way).
urix.Error with .code 'not_matchable' when the template cannot be matched at all: see
docs/template.md for which templates can.)")
      .def("__str__", [](const py_template& t) { return utf8_str(t.text()); })
      .def("__repr__", [](const py_template& t) {
        return py::str("URITemplate(\"{}\")").format(utf8_str(t.text()));
      })
      .def("__eq__", [](const py_template& a, py::object b) {
        if (!py::isinstance<py_template>(b)) return false;
        return a.text() == b.cast<const py_template&>().text();
      })
      .def("__hash__", [](const py_template& t) { return py::hash(utf8_str(t.text())); });
  template_type = py::detail::get_type_info(typeid(py_template));
  PyObject* expand = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), &expand_def);
  if (expand == nullptr) throw py::error_already_set();
  cls.attr("expand") = py::reinterpret_steal<py::object>(expand);
}

}  // namespace urix::python
