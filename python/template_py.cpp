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

#include <string>
#include <string_view>
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

std::string scalar(py::handle h) {
  if (PyUnicode_Check(h.ptr()) || PyBytes_Check(h.ptr())) return std::string(as_text(h, "value").bytes);
  return std::string(as_text(py::str(h), "value").bytes);
}

template_value value_of(py::handle h) {
  if (h.is_none()) return {};
  if (PyUnicode_Check(h.ptr()) || PyBytes_Check(h.ptr())) return scalar(h);
  if (PyList_Check(h.ptr()) || PyTuple_Check(h.ptr())) {
    template_value::list items;
    for (py::handle item : h) items.push_back(scalar(item));
    return items;
  }
  if (PyLong_Check(h.ptr()) || PyFloat_Check(h.ptr())) return scalar(h);  // the common others
  if (PyDict_Check(h.ptr()) || py::isinstance(h, py::module_::import("collections.abc").attr("Mapping"))) {
    template_value::pairs entries;
    for (py::handle item : h.attr("items")()) {
      auto kv = py::reinterpret_borrow<py::tuple>(item);
      entries.emplace_back(scalar(kv[0]), scalar(kv[1]));
    }
    return entries;
  }
  return scalar(h);
}

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
      names_.push_back(n);
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

  // The values of this template's variables from `mapping` then the keyword arguments
  // `kwnames` (values kw[0...]; they win, as in `uritemplate`): one conversion per name.
  std::string expand(py::handle mapping, PyObject* kwnames = nullptr, PyObject* const* kw = nullptr) const {
    std::vector<template_value> values(names_.size());
    const bool has_mapping = !mapping.is_none();
    if (has_mapping && !PyDict_Check(mapping.ptr()) && !py::hasattr(mapping, "__getitem__")) {
      throw py::type_error("expand: var_dict must be a mapping");
    }
    const Py_ssize_t nkw = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
    for (std::size_t i = 0; i < names_.size(); ++i) {
      PyObject* v = nullptr;
      // Keyword names are interned, as ours are: the same object, found without comparing
      // text; only a name none is identical to is compared.
      for (Py_ssize_t k = 0; k < nkw && v == nullptr; ++k)
        if (PyTuple_GET_ITEM(kwnames, k) == py_names_[i].ptr()) v = kw[k];
      for (Py_ssize_t k = 0; k < nkw && v == nullptr; ++k)
        if (PyUnicode_Compare(PyTuple_GET_ITEM(kwnames, k), py_names_[i].ptr()) == 0) v = kw[k];
      if (v == nullptr && has_mapping) {
        if (PyDict_Check(mapping.ptr())) {
          v = PyDict_GetItemWithError(mapping.ptr(), py_names_[i].ptr());
          if (v == nullptr && PyErr_Occurred()) throw py::error_already_set();
        } else if (PySequence_Contains(mapping.ptr(), py_names_[i].ptr()) == 1) {
          values[i] = value_of(mapping[py_names_[i]]);
          continue;
        }
      }
      if (v != nullptr) values[i] = value_of(v);
    }
    std::string out;
    tmpl().expand_append(out, [&](std::string_view name) -> const template_value* {
      for (std::size_t i = 0; i < names_.size(); ++i) {
        if (names_[i] == name) return &values[i];
      }
      return nullptr;
    });
    return out;
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
  std::vector<std::string_view> names_;  // into t_[0]'s text
  std::vector<py::str> py_names_;
};


// URITemplate.expand(var_dict=None, **kwargs), called the vectorcall way: no dictionary is
// built for the keyword arguments, which is most of a pybind11 call's cost here.
PyObject* expand_fastcall(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                          PyObject* kwnames) noexcept {
  return guarded([&]() -> py::object {
    const auto& t = py::cast<const py_template&>(py::handle(self));
    if (nargs > 1) throw py::type_error("expand() takes at most one positional argument (var_dict)");
    py::handle mapping = nargs == 1 ? py::handle(args[0]) : py::handle(Py_None);
    PyObject* names = kwnames;
    PyObject* const* kw = args + nargs;
    // var_dict by keyword is the mapping, as in uritemplate.
    if (kwnames != nullptr) {
      for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(kwnames); ++k) {
        PyObject* key = PyTuple_GET_ITEM(kwnames, k);
        if (PyUnicode_GET_LENGTH(key) == 8 && PyUnicode_CompareWithASCIIString(key, "var_dict") == 0) {
          if (nargs == 1) throw py::type_error("expand() got var_dict twice");
          mapping = kw[k];
        }
      }
    }
    return ascii_str(t.expand(mapping, names, kw));  // expansions are ASCII
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
            for (py::handle d : var_dicts) out.append(ascii_str(t.expand(d)));
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
  PyObject* expand = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), &expand_def);
  if (expand == nullptr) throw py::error_already_set();
  cls.attr("expand") = py::reinterpret_steal<py::object>(expand);
}

}  // namespace urix::python
