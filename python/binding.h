// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/binding.h: what the parts of the Python module share: urix_py.cpp (the API of SPEC
// section 11), reference_py.cpp (urix.URIReference), edit_py.cpp (editing, for URIReference
// and url_py.cpp's urix.URL) and compat_py.cpp (urix.compat, urllib.parse's functions).
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <exception>
#include <initializer_list>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urix/charset.h"
#include "urix/result.h"
#include "urix/uri.h"

namespace urix::python {

namespace py = pybind11;

/// Runs `f` (-> py::object) for a CPython entry point: its object as a new reference, or
/// nullptr with the Python error set: the one already set, the pybind11 exception's own
/// (ValueError, TypeError, ...), MemoryError, or RuntimeError for any other C++ exception.
template <class F>
PyObject* guarded(F&& f) noexcept {
  try {
    return f().release().ptr();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const py::builtin_exception& e) {
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

/// The bytes of a str (its UTF-8) or bytes argument, and which of the two it was: error
/// offsets count characters for str and bytes for bytes (SPEC 11).
struct text {
  std::string_view bytes;
  bool is_str = false;
};

/// `h` as text: a str is read as its UTF-8 (cached in the object, no copy for ASCII), bytes
/// as they are. TypeError naming `what` for any other type; UnicodeEncodeError for a str
/// holding lone surrogates, which has no UTF-8.
text as_text(py::handle h, const char* what);

/// A new str from `s`, which must be ASCII (not checked): one allocation and a copy.
py::object ascii_str(std::string_view s);

/// `o` (a new reference) as an object; the Python error set when it is nullptr.
py::object steal(PyObject* o);

/// A new str from `s`, which must be well-formed UTF-8 (strict decoding; raises otherwise).
py::object utf8_str(std::string_view s);

/// Number of characters (code points) in the first `byte_offset` bytes of well-formed UTF-8.
std::size_t char_offset(std::string_view utf8, std::size_t byte_offset) noexcept;

/// Where the components of a parsed reference lie in its text (its UTF-8): all a
/// URIReference holds besides the text's object (urix::uri_layout: lengths only).
using ref_parts = uri_layout;

/// Parses `in` (RFC 3986 or 3987 reference) into its ref_parts; no allocation, no GIL needed.
result<ref_parts> parse_parts(std::string_view in, syntax grammar);

/// A new urix.URIReference for the str or bytes `source` (which `parts` was parsed from; a
/// str's UTF-8 already read), holding a reference to it; nullptr with MemoryError set.
PyObject* make_reference(PyObject* source, const ref_parts& parts) noexcept;

/// The text and ref_parts of `o` when it is a urix.URIReference (false otherwise).
bool reference_view(PyObject* o, std::string_view& text, ref_parts& parts) noexcept;

/// A new urix.URIReference of a new str of `text` (UTF-8), parsed as an RFC 3987 reference
/// when it holds non-ASCII, else RFC 3986; urix.Error when it is not one.
PyObject* new_reference(std::string_view text);
/// The same for a text whose parts are known (not parsed again).
PyObject* new_reference(std::string_view text, const ref_parts& parts);

/// Raises urix.Error for `e` at its offset in `text` (a str's UTF-8 when is_str).
[[noreturn]] void raise_parse_error(const urix::error& e, std::string_view text, bool is_str);

/// urix.URIReference's editing methods (edit_py.cpp) and its '/' (joinpath of one segment).
PyMethodDef* reference_edit_methods();
PyObject* reference_truediv(PyObject* self, PyObject* segment);

// ---- Editing, any URL type: urix.URIReference and urix.URL (edit_py.cpp) --------------------
// The methods are METH_FASTCALL | METH_KEYWORDS functions; these read their arguments as
// yarl's methods take them and do the edits that do not depend on the type.

/// A METH_FASTCALL function as the PyCFunction a PyMethodDef holds.
template <auto F>
PyCFunction fastcall_method() {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(F));
}

/// The UTF-8 of a str (UnicodeEncodeError for lone surrogates).
std::string utf8_of_str(PyObject* s);
[[noreturn]] void type_error(const std::string& msg);
[[noreturn]] void value_error(const std::string& msg);

/// A call's arguments: the positional ones and encoded=; for the query methods the other
/// keyword arguments (the pairs), kept as the call gave them.
struct call_args {
  std::span<PyObject* const> positional;
  bool encoded = false;
  PyObject* const* kwvalues = nullptr;
  PyObject* kwnames = nullptr;
};

/// Binds a call: with keep_keywords the keywords are the query's pairs, else only encoded= is
/// taken (TypeError for any other).
call_args read_call(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, bool keep_keywords);
/// The one positional argument of with_*(value) (TypeError otherwise).
PyObject* one_arg(const call_args& c, const char* name);
/// A str argument as UTF-8 (TypeError with `type_message` otherwise).
std::string str_arg(PyObject* v, const char* type_message);
/// `s` with A-Z lowercased (a scheme, as the setters write it).
std::string ascii_lower(std::string s);
/// with_port's int, 0 to 65535 (TypeError for another type, bool too; ValueError outside).
int port_arg(PyObject* v);
/// Whether with_host was given an IPv6 address without its brackets (yarl takes it so).
bool is_bare_ipv6(std::string_view host) noexcept;

/// Key/value pairs given to with_query, update_query or extend_query, as UTF-8.
using query_pairs = std::vector<std::pair<std::string, std::string>>;
/// The positional argument of a query method (nullptr when there is none): TypeError for
/// more than one, or one and keyword arguments too.
PyObject* query_arg(const call_args& c, const char* name);
/// The pairs of `arg` (a mapping in its order, or a sequence of (key, value) pairs; a list or
/// tuple value gives one pair per item; values str, int or float) and of c's keywords.
query_pairs read_pairs(PyObject* arg, const call_args& c);
/// without_query_params's arguments: str keys (their values empty).
query_pairs key_names(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);

/// Appends one new pair, key=value, to a query as the URL type encodes it.
using pair_writer = void (*)(std::string& out, std::string_view key, std::string_view value);
/// Appends `ps` to `out`, '&' before each unless `out` is empty.
void append_pairs(std::string& out, const query_pairs& ps, pair_writer write);

enum class query_op { update, extend, remove };
/// `query` (without '?') with `ps` applied: update replaces every piece of a key `ps` names
/// (its first one by all of that key's new pairs, the others dropped) and appends new keys;
/// extend appends; remove drops the pieces of the keys in `ps` (their values unused). A
/// piece's key is read as application/x-www-form-urlencoded ('+' a space, U+FFFD for bytes
/// that are not UTF-8). Pieces not touched stay as they were written, empty ones included.
std::string edit_query(std::string_view query, const query_pairs& ps, query_op op,
                       pair_writer write);

/// A URL type's query method: (self, args, nargs, kwnames, name, op), op nullopt for
/// with_query; a new object.
using query_method_fn = py::object (*)(PyObject*, PyObject* const*, Py_ssize_t, PyObject*,
                                       const char*, std::optional<query_op>);
/// The METH_FASTCALL entries of with_query, update_query and extend_query over `Q`.
template <query_method_fn Q>
struct query_entries {
  static PyObject* with_query(PyObject* self, PyObject* const* a, Py_ssize_t n, PyObject* kw) {
    return guarded([&] { return Q(self, a, n, kw, "with_query", std::nullopt); });
  }
  static PyObject* update_query(PyObject* self, PyObject* const* a, Py_ssize_t n, PyObject* kw) {
    return guarded([&] { return Q(self, a, n, kw, "update_query", query_op::update); });
  }
  static PyObject* extend_query(PyObject* self, PyObject* const* a, Py_ssize_t n, PyObject* kw) {
    return guarded([&] { return Q(self, a, n, kw, "extend_query", query_op::extend); });
  }
};

/// joinpath's new path: `path` as a directory (a '/' added unless it ends with one, or is
/// empty without a host), then each segment (str) encoded with `set`, which must lack '/'
/// and '%'; '/' between them. ValueError for a dot-segment ('.', '..', and with encoded=True
/// their %2E forms, or a '/', '?' or '#'); urix.Error for an encoded segment with a byte
/// outside `set` and %HH.
std::string joined_path(std::string_view path, bool has_host, std::span<PyObject* const> segments,
                        bool encoded, const charset& set);

/// Creates the type urix.URIReference in the extension module `m`.
void register_reference(py::module_& m);

/// Adds urix.compat's fast paths (_quote, _unquote, ...) to the extension module `m`.
void register_compat(py::module_& m);
/// Creates the type urix.URITemplate (RFC 6570) in the extension module `m`.
void register_template(py::module_& m);

/// Adds urix.compat's urlsplit, urlparse, urljoin, ... fast paths to `compat` (_urix._compat).
void register_compat_url(py::module_& compat);

// ---- urix.compat's METH_FASTCALL entry points (compat_py.cpp, compat_url_py.cpp) -------------
// Any call whose arguments are not simply bound (too many, an unknown or repeated keyword, a
// missing argument) goes to the fallback function as it was made: its TypeError is urllib's.

/// One function: its fallback (a slot, filled at registration), parameter names, how many of
/// them are required.
struct signature {
  PyObject** fallback;
  std::initializer_list<const char*> names;
  std::size_t required;
};

/// Binds args/kwnames to `out` (defaults already there); false when the fallback must see
/// the call.
bool bind(const signature& sig, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
          PyObject** out);

/// Runs `body` on the bound arguments (-> py::object); the fallback for a call that does not
/// bind.
template <class Body>
PyObject* entry(const signature& sig, std::initializer_list<PyObject*> defaults,
                PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, Body body) {
  PyObject* bound[8] = {};
  std::size_t j = sig.required;
  for (PyObject* d : defaults) bound[j++] = d;
  if (!bind(sig, args, nargs, kwnames, bound))
    return PyObject_Vectorcall(*sig.fallback, args, static_cast<std::size_t>(nargs), kwnames);
  try {
    return body(bound).release().ptr();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}
/// Raises urix.Error for `e` in the input `in` (`which` names the argument of a call that
/// has two), as the functions of urix_py.cpp do.
[[noreturn]] void raise_input_error(urix::error e, const text& in, const char* which = nullptr);

/// Adds SPEC 14's functions (file paths, data: URLs, relativize, sites) to `m` (chores_py.cpp).
void register_chores(py::module_& m);
/// Adds urix.URL, urix.URLSearchParams and urix.parse_url_many (url_py.cpp) to `m`.
void register_url(py::module_& m);

}  // namespace urix::python
