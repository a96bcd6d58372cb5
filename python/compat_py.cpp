// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/compat_py.cpp: urix.compat's functions, urllib.parse's quote/unquote family and
// parse_qsl with the same parameters and the same results (SPEC 11).
//
// Each function takes the common case itself: exactly str or bytes, UTF-8, a str or bytes
// safe=. Everything else (another encoding, an errors= handler that decoding would reach,
// strict_parsing, a subclass, a str with lone surrogates, a wrong type) goes to urllib.parse's
// own function with the same arguments, so results and exceptions are urllib's by
// construction: the function of a private copy of urllib.parse that urix/compat.py loads
// (_set_fallbacks), never the module urllib.parse, which a program may have patched with
// these very functions (a call by name then recursed forever). The fast paths are urllib's
// rules, restated:
//   quote: bytes in unreserved (urllib's _ALWAYS_SAFE: letters, digits, "_.-~") or in safe
//     (its ASCII characters) are copied, every other byte is %HH in uppercase; quote_plus
//     also allows ' ' and writes it as '+'.
//   unquote: a '%' that starts no "%HH" is copied (lenient decoding); the bytes are read as
//     UTF-8 with U+FFFD for each maximal ill-formed subpart (errors='replace', what Python's
//     UTF-8 decoder does), and a str without '%' comes back as it is.
#include <algorithm>
#include <cstddef>
#include <exception>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "binding.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/utf8.h"

namespace urix::python {
namespace {

// urllib.parse's functions, for what the fast paths do not take: at first the module's, then
// (_set_fallbacks) those of compat.py's private copy of it. Never freed.
struct {
  PyObject* quote = nullptr;
  PyObject* quote_plus = nullptr;
  PyObject* quote_from_bytes = nullptr;
  PyObject* unquote = nullptr;
  PyObject* unquote_plus = nullptr;
  PyObject* unquote_to_bytes = nullptr;
  PyObject* parse_qsl = nullptr;
} urllib;

py::object borrow(py::handle h) { return py::reinterpret_borrow<py::object>(h); }

/// Takes urllib's functions from `module` (urllib.parse or a copy of it); the ones replaced
/// are kept (a call may still be using one).
void set_fallbacks(const py::object& module) {
  for (auto [slot, name] : {std::pair{&urllib.quote, "quote"}, {&urllib.quote_plus, "quote_plus"},
                            {&urllib.quote_from_bytes, "quote_from_bytes"},
                            {&urllib.unquote, "unquote"}, {&urllib.unquote_plus, "unquote_plus"},
                            {&urllib.unquote_to_bytes, "unquote_to_bytes"},
                            {&urllib.parse_qsl, "parse_qsl"}})
    *slot = py::object(module.attr(name)).release().ptr();
}

/// Is `encoding` None or a name of UTF-8 that Python's codec lookup accepts?
bool is_utf8(py::handle encoding, bool none_ok) {
  if (encoding.is_none()) return none_ok;
  if (!PyUnicode_CheckExact(encoding.ptr())) return false;
  Py_ssize_t n = 0;
  const char* p = PyUnicode_AsUTF8AndSize(encoding.ptr(), &n);
  if (p == nullptr) {
    PyErr_Clear();
    return false;
  }
  std::string name(p, static_cast<std::size_t>(n));
  std::transform(name.begin(), name.end(), name.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; });
  return name == "utf-8" || name == "utf8" || name == "utf_8";
}

/// errors= as the fast paths take it: None (the default) or a str (a handler's name, which
/// Python looks up only when decoding fails).
enum class errors_arg { none, replace, other_str, unusable };
errors_arg read_errors(py::handle errors) {
  if (errors.is_none()) return errors_arg::none;
  if (!PyUnicode_CheckExact(errors.ptr())) return errors_arg::unusable;
  return PyUnicode_CompareWithASCIIString(errors.ptr(), "replace") == 0 ? errors_arg::replace
                                                                         : errors_arg::other_str;
}

/// The str's UTF-8, or nothing (error cleared) when it holds lone surrogates.
std::optional<std::string_view> utf8_of(py::handle s) {
  Py_ssize_t n = 0;
  const char* p = PyUnicode_AsUTF8AndSize(s.ptr(), &n);
  if (p == nullptr) {
    PyErr_Clear();
    return std::nullopt;
  }
  return std::string_view(p, static_cast<std::size_t>(n));
}

/// urllib's always-safe bytes plus the ASCII of `safe` (str or bytes), or nothing for any
/// other type of safe. The last set made is kept for the same safe object.
std::optional<charset> quote_set(py::handle safe) {
  static PyObject* last_safe = nullptr;  // a strong reference, replaced on change
  static charset last_set;
  if (safe.ptr() == last_safe) return last_set;
  std::string ascii;
  if (PyUnicode_CheckExact(safe.ptr())) {
    const Py_ssize_t n = PyUnicode_GET_LENGTH(safe.ptr());
    for (Py_ssize_t i = 0; i < n; ++i) {
      const Py_UCS4 ch = PyUnicode_READ_CHAR(safe.ptr(), i);
      if (ch < 0x80) ascii += static_cast<char>(ch);
    }
  } else if (PyBytes_CheckExact(safe.ptr())) {
    const std::string_view b(PyBytes_AS_STRING(safe.ptr()),
                             static_cast<std::size_t>(PyBytes_GET_SIZE(safe.ptr())));
    for (char ch : b)
      if (static_cast<unsigned char>(ch) < 0x80) ascii += ch;
  } else {
    return std::nullopt;
  }
  const charset c = sets::unreserved | charset(ascii);
  Py_XDECREF(last_safe);
  last_safe = safe.ptr();
  Py_INCREF(last_safe);
  last_set = c;
  return c;
}

py::object quote_impl(py::handle string, py::handle safe, py::handle encoding,
                      py::handle errors, bool plus) {
  auto slow = [&] {
    return py::handle(plus ? urllib.quote_plus : urllib.quote)(string, safe, encoding, errors);
  };
  std::optional<charset> allowed = quote_set(safe);
  if (!allowed) return slow();
  std::string_view in;
  const bool is_str = PyUnicode_CheckExact(string.ptr());
  if (is_str) {
    if (PyUnicode_GET_LENGTH(string.ptr()) == 0) return borrow(string);
    if (!is_utf8(encoding, true) || read_errors(errors) == errors_arg::unusable) return slow();
    auto u = utf8_of(string);
    if (!u) return slow();
    in = *u;
  } else if (PyBytes_CheckExact(string.ptr())) {
    if (!encoding.is_none() || !errors.is_none()) return slow();
    in = std::string_view(PyBytes_AS_STRING(string.ptr()),
                          static_cast<std::size_t>(PyBytes_GET_SIZE(string.ptr())));
  } else {
    return slow();
  }
  const bool has_space = plus && in.find(' ') != std::string_view::npos;
  if (has_space) *allowed = *allowed | charset(" ");
  if (!has_space && clean_prefix(in, *allowed) == in.size())
    return is_str ? borrow(string) : ascii_str(in);
  std::string out = urix::encode(in, *allowed);
  if (has_space) std::replace(out.begin(), out.end(), ' ', '+');
  return ascii_str(out);
}

/// Decoded bytes as urllib's unquote reads them, or nothing when that needs an errors=
/// handler other than 'replace' (the caller then asks urllib).
std::optional<py::object> read_decoded(const std::string& bytes, errors_arg errors) {
  if (validate_utf8(bytes)) return utf8_str(bytes);
  if (errors != errors_arg::replace && errors != errors_arg::none) return std::nullopt;
  return utf8_str(utf8_replace_invalid(bytes));
}

py::object unquote_impl(py::handle string, py::handle encoding, py::handle errors, bool plus) {
  auto slow = [&] {
    return py::handle(plus ? urllib.unquote_plus : urllib.unquote)(string, encoding, errors);
  };
  errors_arg err = read_errors(errors);
  std::string_view in;
  if (PyUnicode_CheckExact(string.ptr())) {
    const Py_ssize_t n = PyUnicode_GET_LENGTH(string.ptr());
    if (PyUnicode_FindChar(string.ptr(), '%', 0, n, 1) == -1 &&
        (!plus || PyUnicode_FindChar(string.ptr(), '+', 0, n, 1) == -1))
      return borrow(string);  // urllib's own shortcut
    if (!is_utf8(encoding, true) || err == errors_arg::unusable) return slow();
    auto u = utf8_of(string);
    if (!u) return slow();
    in = *u;
  } else if (PyBytes_CheckExact(string.ptr()) && !plus) {
    // bytes: unquote_to_bytes(string).decode(encoding, errors), no defaults for None.
    if (!is_utf8(encoding, false) || err == errors_arg::unusable || err == errors_arg::none)
      return slow();
    in = std::string_view(PyBytes_AS_STRING(string.ptr()),
                          static_cast<std::size_t>(PyBytes_GET_SIZE(string.ptr())));
  } else {
    return slow();
  }
  auto bytes = urix::decode(in, {.plus_as_space = plus, .lenient = true});
  auto out = read_decoded(*bytes, err);
  return out ? std::move(*out) : slow();
}

py::object unquote_to_bytes_impl(py::handle string) {
  std::string_view in;
  if (PyUnicode_CheckExact(string.ptr())) {
    auto u = utf8_of(string);
    if (!u) return py::handle(urllib.unquote_to_bytes)(string);
    in = *u;
  } else if (PyBytes_CheckExact(string.ptr())) {
    in = std::string_view(PyBytes_AS_STRING(string.ptr()),
                          static_cast<std::size_t>(PyBytes_GET_SIZE(string.ptr())));
  } else {
    return py::handle(urllib.unquote_to_bytes)(string);
  }
  return py::bytes(*urix::decode(in, {.lenient = true}));
}

py::object quote_from_bytes_impl(py::handle bs, py::handle safe) {
  if (!PyBytes_CheckExact(bs.ptr())) return py::handle(urllib.quote_from_bytes)(bs, safe);
  return quote_impl(bs, safe, py::none(), py::none(), false);
}

py::object parse_qsl_impl(py::handle qs, py::handle keep_blank_values,
                          py::handle strict_parsing, py::handle encoding, py::handle errors,
                          py::handle max_num_fields, py::handle separator) {
  auto slow = [&] {
    return py::handle(urllib.parse_qsl)(qs, keep_blank_values, strict_parsing, encoding, errors,
                                        max_num_fields, separator);
  };
  const errors_arg err = read_errors(errors);
  if (!PyUnicode_CheckExact(qs.ptr()) || !PyUnicode_CheckExact(separator.ptr()) ||
      !max_num_fields.is_none() || !is_utf8(encoding, true) || err == errors_arg::unusable)
    return slow();
  const int strict = PyObject_IsTrue(strict_parsing.ptr());
  const int keep_blank = PyObject_IsTrue(keep_blank_values.ptr());
  if (strict != 0 || keep_blank < 0) {
    PyErr_Clear();
    return slow();
  }
  auto in = utf8_of(qs);
  auto sep = utf8_of(separator);
  if (!in || !sep || sep->empty()) return slow();

  py::list out;
  std::string scratch;
  // One key or value: '+' is a space, then unquote's rules. Nothing when urllib must decide.
  auto piece = [&](std::string_view s) -> std::optional<py::object> {
    if (s.find_first_of("%+") == std::string_view::npos) return utf8_str(s);
    scratch.clear();
    if (!decode_append(scratch, s, {.plus_as_space = true, .lenient = true})) return {};
    return read_decoded(scratch, err);
  };
  std::string_view rest = *in;
  if (rest.empty()) return out;  // urllib: no fields at all, not one empty field
  for (;;) {
    const std::size_t end = rest.find(*sep);
    const std::string_view field = rest.substr(0, end);
    if (!field.empty()) {
      const std::size_t eq = field.find('=');
      const std::string_view name = field.substr(0, eq);
      const std::string_view value =
          eq == std::string_view::npos ? std::string_view() : field.substr(eq + 1);
      if (!value.empty() || keep_blank != 0) {
        auto k = piece(name);
        auto v = k ? piece(value) : k;
        if (!k || !v) return slow();
        out.append(py::make_tuple(std::move(*k), std::move(*v)));
      }
    }
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + sep->size());
  }
  return out;
}

// ---- Entry points ------------------------------------------------------------------------------
// METH_FASTCALL functions rather than pybind11's dispatcher, which costs more than urllib's own
// shortcut for a str without '%' (so that unquote of such a string is never slower). Any call
// whose arguments are not simply bound (too many, an unknown or repeated keyword, a missing
// argument) goes to urllib's function as it was made: the TypeError is urllib's.

// Default values, made once (never freed).
PyObject *slash, *empty, *utf_8, *replace, *ampersand;

const signature quote_sig{&urllib.quote, {"string", "safe", "encoding", "errors"}, 1};
const signature quote_plus_sig{&urllib.quote_plus, {"string", "safe", "encoding", "errors"}, 1};
const signature quote_from_bytes_sig{&urllib.quote_from_bytes, {"bs", "safe"}, 1};
const signature unquote_sig{&urllib.unquote, {"string", "encoding", "errors"}, 1};
const signature unquote_plus_sig{&urllib.unquote_plus, {"string", "encoding", "errors"}, 1};
const signature unquote_to_bytes_sig{&urllib.unquote_to_bytes, {"string"}, 1};
const signature parse_qsl_sig{&urllib.parse_qsl,
                              {"qs", "keep_blank_values", "strict_parsing", "encoding", "errors",
                               "max_num_fields", "separator"},
                              1};

PyObject* quote_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return entry(quote_sig, {slash, Py_None, Py_None}, args, nargs, kw, [](PyObject** a) {
    return quote_impl(a[0], a[1], a[2], a[3], false);
  });
}
PyObject* quote_plus_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return entry(quote_plus_sig, {empty, Py_None, Py_None}, args, nargs, kw, [](PyObject** a) {
    return quote_impl(a[0], a[1], a[2], a[3], true);
  });
}
PyObject* quote_from_bytes_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs,
                                 PyObject* kw) {
  return entry(quote_from_bytes_sig, {slash}, args, nargs, kw,
               [](PyObject** a) { return quote_from_bytes_impl(a[0], a[1]); });
}
PyObject* unquote_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  // The hot case first, before binding: one str, no '%'.
  if (nargs == 1 && kw == nullptr && PyUnicode_CheckExact(args[0]) &&
      PyUnicode_FindChar(args[0], '%', 0, PyUnicode_GET_LENGTH(args[0]), 1) == -1) {
    Py_INCREF(args[0]);
    return args[0];
  }
  return entry(unquote_sig, {utf_8, replace}, args, nargs, kw,
               [](PyObject** a) { return unquote_impl(a[0], a[1], a[2], false); });
}
PyObject* unquote_plus_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return entry(unquote_plus_sig, {utf_8, replace}, args, nargs, kw,
               [](PyObject** a) { return unquote_impl(a[0], a[1], a[2], true); });
}
PyObject* unquote_to_bytes_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs,
                                 PyObject* kw) {
  return entry(unquote_to_bytes_sig, {}, args, nargs, kw,
               [](PyObject** a) { return unquote_to_bytes_impl(a[0]); });
}
PyObject* parse_qsl_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return entry(parse_qsl_sig, {Py_False, Py_False, utf_8, replace, Py_None, ampersand}, args,
               nargs, kw, [](PyObject** a) {
                 return parse_qsl_impl(a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
               });
}

/// _set_fallbacks(module): takes the fallbacks from `module`, a private copy of urllib.parse.
PyObject* set_fallbacks_entry(PyObject*, PyObject* module) {
  try {
    set_fallbacks(py::reinterpret_borrow<py::object>(module));
    Py_RETURN_NONE;
  } catch (py::error_already_set& e) {
    e.restore();
  }
  return nullptr;
}

// The "NAME(...)\n--\n\n" first line gives each function its inspect.signature().
PyMethodDef methods[] = {
    {"quote", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&quote_entry)),
     METH_FASTCALL | METH_KEYWORDS,
     "quote($module, /, string, safe='/', encoding=None, errors=None)\n--\n\n"
     "urllib.parse.quote, the same results, faster.\n\n"
     ">>> quote('/a b/\\u00e9?')\n'/a%20b/%C3%A9%3F'\n"},
    {"quote_plus", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&quote_plus_entry)),
     METH_FASTCALL | METH_KEYWORDS,
     "quote_plus($module, /, string, safe='', encoding=None, errors=None)\n--\n\n"
     "urllib.parse.quote_plus, the same results, faster.\n\n"
     ">>> quote_plus('a b+c/d'), quote_plus('a b+c', safe='+')\n('a+b%2Bc%2Fd', 'a+b+c')\n"},
    {"quote_from_bytes",
     reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&quote_from_bytes_entry)),
     METH_FASTCALL | METH_KEYWORDS,
     "quote_from_bytes($module, /, bs, safe='/')\n--\n\n"
     "urllib.parse.quote_from_bytes, the same results, faster.\n\n"
     ">>> quote_from_bytes(b'a b\\xff')\n'a%20b%FF'\n"},
    {"unquote", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&unquote_entry)),
     METH_FASTCALL | METH_KEYWORDS,
     "unquote($module, /, string, encoding='utf-8', errors='replace')\n--\n\n"
     "urllib.parse.unquote, the same results, faster: lenient, U+FFFD for bytes that are not\n"
     "UTF-8 (urix.decode is the strict form).\n\n"
     ">>> unquote('caf%C3%A9%20%G1') == 'caf\\u00e9 %G1'\nTrue\n"},
    {"unquote_plus",
     reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&unquote_plus_entry)),
     METH_FASTCALL | METH_KEYWORDS,
     "unquote_plus($module, /, string, encoding='utf-8', errors='replace')\n--\n\n"
     "urllib.parse.unquote_plus, the same results, faster.\n\n"
     ">>> unquote_plus('a+b%2B')\n'a b+'\n"},
    {"unquote_to_bytes",
     reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&unquote_to_bytes_entry)),
     METH_FASTCALL | METH_KEYWORDS,
     "unquote_to_bytes($module, /, string)\n--\n\n"
     "urllib.parse.unquote_to_bytes, the same results, faster.\n\n"
     ">>> unquote_to_bytes('a%FF%')\nb'a\\xff%'\n"},
    {"parse_qsl", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&parse_qsl_entry)),
     METH_FASTCALL | METH_KEYWORDS,
     "parse_qsl($module, /, qs, keep_blank_values=False, strict_parsing=False, "
     "encoding='utf-8', errors='replace', max_num_fields=None, separator='&')\n--\n\n"
     "urllib.parse.parse_qsl, the same results, faster.\n\n"
     ">>> parse_qsl('a=1&b=x+y&c')\n[('a', '1'), ('b', 'x y')]\n"},
    {"_set_fallbacks", &set_fallbacks_entry, METH_O,
     "_set_fallbacks(module)\n--\n\nTakes the functions of `module` (urix/compat.py's private copy "
     "of urllib.parse) for what the fast paths leave to urllib."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

bool bind(const signature& sig, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
          PyObject** out) {
  const std::size_t n = sig.names.size();
  if (nargs < 0 || static_cast<std::size_t>(nargs) > n) return false;
  bool given[8] = {};
  for (Py_ssize_t i = 0; i < nargs; ++i) {
    out[i] = args[i];
    given[i] = true;
  }
  const Py_ssize_t nkw = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, k);
    std::size_t j = 0;
    for (const char* name : sig.names) {
      if (PyUnicode_CompareWithASCIIString(key, name) == 0) break;
      ++j;
    }
    if (j == n || given[j]) return false;
    out[j] = args[nargs + k];
    given[j] = true;
  }
  for (std::size_t j = 0; j < sig.required; ++j)
    if (!given[j]) return false;
  return true;
}

void register_compat(py::module_& m) {
  set_fallbacks(py::module_::import("urllib.parse"));
  slash = py::str("/").release().ptr();
  empty = py::str("").release().ptr();
  utf_8 = py::str("utf-8").release().ptr();
  replace = py::str("replace").release().ptr();
  ampersand = py::str("&").release().ptr();

  // urix/compat.py takes them from _urix._compat.
  py::module_ compat = m.def_submodule("_compat", "urix.compat's C++ functions");
  for (PyMethodDef* def = methods; def->ml_name != nullptr; ++def) {
    PyObject* f = PyCFunction_NewEx(def, compat.ptr(), py::str("urix.compat").ptr());
    if (f == nullptr) throw py::error_already_set();
    compat.attr(def->ml_name) = py::reinterpret_steal<py::object>(f);
  }
  register_compat_url(compat);
}

}  // namespace urix::python
