// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/compat_url_py.cpp: urix.compat's urlsplit, urlparse, urlunsplit, urlunparse, urljoin
// and urldefrag in C++, for the common case: arguments that are exactly str (no lone
// surrogates) or exactly ASCII bytes, an allow_fragments of bool, int or None, a netloc that
// is ASCII and holds no bracket. Everything else goes to the Python implementation in urix/compat.py (set by
// _set_url_fallbacks), whose rules these restate exactly (its comment block says them; the
// differential tests hold both to the running urllib.parse):
//   split: leading C0 controls and spaces stripped, tab/CR/LF removed anywhere (both ends of
//     scheme=); a scheme (ASCII letter, then letters, digits, "+-.") before the first ':' is
//     lowercased; "//" starts a netloc ending at the first of "/?#"; then '#' (if allowed),
//     then '?'.
//   urlparse: ";params" after the first ';' of the last segment, for uses_params' schemes.
//   unsplit: "//" netloc when there is one or the scheme is in uses_netloc (and the path
//     does not start "//"), a '/' put before a path that lacks one; ":", "?", "#" only
//     before non-empty parts.
//   urljoin: urllib's resolution (uses_relative, uses_netloc; empty segments dropped between
//     the first and the last; ".." above the root ignored).
// The scheme lists are urllib.parse's own list objects, read from the module at each call.
// The results are urllib.parse's own classes (SplitResult, ParseResult, DefragResult).
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "binding.h"

namespace urix::python {
namespace {

// urllib.parse (the module: its scheme lists and result classes) and compat.py's Python
// functions, for what the fast paths do not take. Never freed.
PyObject* urllib_module = nullptr;
// Indexed by "is bytes": SplitResult, SplitResultBytes, ...
PyObject* split_result[2] = {};
PyObject* parse_result[2] = {};
PyObject* defrag_result[2] = {};
struct {
  PyObject* urlsplit = nullptr;
  PyObject* urlparse = nullptr;
  PyObject* urlunsplit = nullptr;
  PyObject* urlunparse = nullptr;
  PyObject* urljoin = nullptr;
  PyObject* urldefrag = nullptr;
} python_impl;

/// A str argument as UTF-8 and whether it is ASCII; false (error cleared) when it is not
/// exactly a str or holds lone surrogates.
struct utf8_arg {
  std::string_view s;
  bool ascii = true;
};
bool read_str(PyObject* o, utf8_arg& out) {
  if (!PyUnicode_CheckExact(o)) return false;
  Py_ssize_t n = 0;
  const char* p = PyUnicode_AsUTF8AndSize(o, &n);
  if (p == nullptr) {
    PyErr_Clear();
    return false;
  }
  out.s = std::string_view(p, static_cast<std::size_t>(n));
  out.ascii = PyUnicode_IS_ASCII(o) != 0;
  return true;
}

/// An argument of the kind the call is in: a str (see read_str), or in bytes mode exact bytes
/// that are ASCII (urllib decodes them as ASCII: other bytes are its UnicodeDecodeError, which
/// the Python implementation raises). scheme= may also be '' in bytes mode, as urllib lets a
/// false argument of the other kind through.
bool read_arg(PyObject* o, bool bytes, utf8_arg& out, bool empty_str_ok = false) {
  if (!bytes) return read_str(o, out);
  if (empty_str_ok && PyUnicode_CheckExact(o) && PyUnicode_GET_LENGTH(o) == 0) {
    out = {};
    return true;
  }
  if (!PyBytes_CheckExact(o)) return false;
  out.s = std::string_view(PyBytes_AS_STRING(o), static_cast<std::size_t>(PyBytes_GET_SIZE(o)));
  for (char c : out.s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  out.ascii = true;
  return true;
}

/// allow_fragments as a bool, for the types whose truth and hash cannot run Python code.
bool read_flag(PyObject* o, bool& out) {
  if (o == Py_True || o == Py_False || o == Py_None || PyLong_CheckExact(o)) {
    out = PyObject_IsTrue(o) == 1;
    return true;
  }
  return false;
}

/// A new str of `s`, ASCII or well-formed UTF-8 as `ascii` says; nullptr with an error set.
PyObject* new_str(std::string_view s, bool ascii) {
  if (s.empty()) return PyUnicode_New(0, 0);
  if (!ascii) return PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), nullptr);
  PyObject* o = PyUnicode_New(static_cast<Py_ssize_t>(s.size()), 127);
  if (o != nullptr) std::memcpy(PyUnicode_DATA(o), s.data(), s.size());
  return o;
}

/// urllib.parse's scheme lists, by the names urllib reads them with.
enum scheme_list { uses_netloc, uses_params, uses_relative };
PyObject* list_names[3] = {};  // interned "uses_netloc", ... (never freed)

/// A new str (ASCII or UTF-8, as `ascii` says) or, in bytes mode, bytes of `s`.
PyObject* new_text(std::string_view s, bool ascii, bool bytes) {
  if (bytes) return PyBytes_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()));
  return new_str(s, ascii);
}

/// Is the str `s` in urllib.parse's list `which`, as `s in urllib.parse.uses_...` says? The
/// list is looked up in the module at each call (a program may add to it or replace it); a
/// list of exact strs is searched here, anything else by Python's `in`.
bool in_list(scheme_list which, std::string_view s, bool ascii) {
  py::object list = steal(PyObject_GetAttr(urllib_module, list_names[which]));
  if (PyList_CheckExact(list.ptr())) {
    bool plain = true;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list.ptr()) && plain; ++i) {
      PyObject* item = PyList_GET_ITEM(list.ptr(), i);
      if (!PyUnicode_CheckExact(item) || !PyUnicode_IS_ASCII(item)) {
        plain = false;
        break;
      }
      if (static_cast<std::size_t>(PyUnicode_GET_LENGTH(item)) == s.size() &&
          std::memcmp(PyUnicode_DATA(item), s.data(), s.size()) == 0)
        return true;
    }
    if (plain) return false;
  }
  py::object str = steal(new_str(s, ascii));
  const int found = PySequence_Contains(list.ptr(), str.ptr());
  if (found < 0) throw py::error_already_set();
  return found == 1;
}

constexpr bool is_c0_or_space(char c) { return static_cast<unsigned char>(c) <= 0x20; }
constexpr bool is_removed(char c) { return c == '\t' || c == '\r' || c == '\n'; }
constexpr bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_scheme_char(char c) {
  return is_alpha(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}

/// `s` without tab, CR and LF: itself, or a copy in `buf`.
std::string_view remove_unsafe(std::string_view s, std::string& buf) {
  if (s.find_first_of("\t\r\n") == std::string_view::npos) return s;
  buf.clear();
  for (char c : s)
    if (!is_removed(c)) buf += c;
  return buf;
}

/// Components of a split (views into the argument or into the buffers).
struct parts {
  std::string_view scheme, netloc, path, params, query, fragment;
};

/// Storage a split's views may point into.
struct split_buffers {
  std::string url, scheme, lowered;
};

/// urlsplit of UTF-8 text; false when the Python implementation must decide (a bracket or a
/// non-ASCII character in the netloc: IPv6 checks, NFKC).
bool split(std::string_view url, std::string_view scheme, bool allow_fragments,
           split_buffers& buf, parts& out) {
  std::size_t lead = 0;
  while (lead < url.size() && is_c0_or_space(url[lead])) ++lead;
  url = remove_unsafe(url.substr(lead), buf.url);
  while (!scheme.empty() && is_c0_or_space(scheme.front())) scheme.remove_prefix(1);
  while (!scheme.empty() && is_c0_or_space(scheme.back())) scheme.remove_suffix(1);
  scheme = remove_unsafe(scheme, buf.scheme);
  out = parts{};
  out.scheme = scheme;

  const std::size_t colon = url.find(':');
  if (colon != std::string_view::npos && colon > 0 && is_alpha(url[0])) {
    bool all = true;
    bool upper = false;
    for (std::size_t i = 1; i < colon && all; ++i) all = is_scheme_char(url[i]);
    if (all) {
      for (std::size_t i = 0; i < colon; ++i) upper = upper || (url[i] >= 'A' && url[i] <= 'Z');
      out.scheme = url.substr(0, colon);
      if (upper) {
        buf.lowered.assign(out.scheme);
        for (char& c : buf.lowered)
          if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
        out.scheme = buf.lowered;
      }
      url.remove_prefix(colon + 1);
    }
  }
  if (url.size() >= 2 && url[0] == '/' && url[1] == '/') {
    const std::size_t end = url.find_first_of("/?#", 2);
    out.netloc = url.substr(2, end == std::string_view::npos ? end : end - 2);
    for (char c : out.netloc)
      if (c == '[' || c == ']' || static_cast<unsigned char>(c) >= 0x80) return false;
    url = end == std::string_view::npos ? std::string_view() : url.substr(end);
  }
  if (allow_fragments) {
    const std::size_t hash = url.find('#');
    if (hash != std::string_view::npos) {
      out.fragment = url.substr(hash + 1);
      url = url.substr(0, hash);
    }
  }
  const std::size_t q = url.find('?');
  if (q != std::string_view::npos) {
    out.query = url.substr(q + 1);
    url = url.substr(0, q);
  }
  out.path = url;
  return true;
}

/// urlparse's step after urlsplit: ";params" apart, for the schemes of uses_params.
void split_params(parts& p, bool ascii) {
  if (p.path.find(';') == std::string_view::npos || !in_list(uses_params, p.scheme, ascii))
    return;
  const std::size_t slash = p.path.rfind('/');
  const std::size_t semi = p.path.find(';', slash == std::string_view::npos ? 0 : slash);
  if (semi == std::string_view::npos) return;
  p.params = p.path.substr(semi + 1);
  p.path = p.path.substr(0, semi);
}

/// urlunsplit (urlunparse with params) of the parts, appended to `out`.
void unsplit(const parts& p, bool ascii, std::string& out) {
  std::string_view path = p.path;
  std::string joined;
  if (!p.params.empty()) {
    joined.reserve(path.size() + 1 + p.params.size());
    joined.append(path).append(1, ';').append(p.params);
    path = joined;
  }
  const bool starts_slashes = path.size() >= 2 && path[0] == '/' && path[1] == '/';
  if (!p.scheme.empty()) out.append(p.scheme).append(1, ':');
  if (!p.netloc.empty() ||
      (!p.scheme.empty() && !starts_slashes && in_list(uses_netloc, p.scheme, ascii))) {
    out.append("//").append(p.netloc);
    if (!path.empty() && path[0] != '/') out += '/';
  }
  out.append(path);
  if (!p.query.empty()) out.append(1, '?').append(p.query);
  if (!p.fragment.empty()) out.append(1, '#').append(p.fragment);
}

/// A new instance of `type` (a namedtuple class of urllib's) holding the strs (or bytes) of
/// `views`.
PyObject* make_result(PyObject* type, std::initializer_list<std::string_view> views,
                      bool ascii, bool bytes = false) {
  auto* t = reinterpret_cast<PyTypeObject*>(type);
  PyObject* out = t->tp_alloc(t, static_cast<Py_ssize_t>(views.size()));
  if (out == nullptr) throw py::error_already_set();
  Py_ssize_t i = 0;
  for (std::string_view v : views) {
    PyObject* s = new_text(v, ascii, bytes);
    if (s == nullptr) {
      Py_DECREF(out);
      throw py::error_already_set();
    }
    PyTuple_SET_ITEM(out, i++, s);
  }
  return out;
}

py::object fallback(PyObject* impl, std::initializer_list<PyObject*> args) {
  return steal(PyObject_Vectorcall(impl, std::data(args), args.size(), nullptr));
}

// ---- The functions ------------------------------------------------------------------------------

// urlsplit's recent results, as urllib keeps its own (functools.lru_cache of 128 calls): a
// direct-mapped table by the URL's hash, holding the url, scheme= and result objects. Only
// urlsplit's: its result depends on its arguments alone (urlparse's also on uses_params,
// which a program may change). cache_clear() empties it, as urllib.parse.clear_cache() asks.
struct split_cache_entry {
  PyObject* url = nullptr;
  PyObject* scheme = nullptr;
  PyObject* result = nullptr;
  bool allow = true;
};
constexpr std::size_t split_cache_size = 256;
split_cache_entry split_cache[split_cache_size];

split_cache_entry& split_cache_slot(Py_hash_t h) {
  return split_cache[static_cast<std::size_t>(h) % split_cache_size];
}

/// The cached result for these exact-str arguments (a new reference), or nullptr.
PyObject* split_cache_find(PyObject* url, PyObject* scheme, bool allow, Py_hash_t h) {
  const split_cache_entry& e = split_cache_slot(h);
  if (e.result == nullptr || e.allow != allow) return nullptr;
  if (e.url != url && (PyObject_Hash(e.url) != h || PyUnicode_Compare(e.url, url) != 0))
    return nullptr;
  if (e.scheme != scheme && PyUnicode_Compare(e.scheme, scheme) != 0) return nullptr;
  Py_INCREF(e.result);
  return e.result;
}

void split_cache_put(PyObject* url, PyObject* scheme, bool allow, Py_hash_t h,
                     PyObject* result) {
  split_cache_entry& e = split_cache_slot(h);
  const split_cache_entry old = e;
  Py_INCREF(url);
  Py_INCREF(scheme);
  Py_INCREF(result);
  e = {url, scheme, result, allow};
  Py_XDECREF(old.url);  // strs and a tuple of strs: no Python code runs on their release
  Py_XDECREF(old.scheme);
  Py_XDECREF(old.result);
}

PyObject* split_cache_clear(PyObject*, PyObject*) {
  for (split_cache_entry& e : split_cache) {
    const split_cache_entry old = e;
    e = {};
    Py_XDECREF(old.url);
    Py_XDECREF(old.scheme);
    Py_XDECREF(old.result);
  }
  Py_RETURN_NONE;
}

py::object urlsplit_impl(PyObject* url_o, PyObject* scheme_o, PyObject* allow_o, bool params) {
  PyObject* impl = params ? python_impl.urlparse : python_impl.urlsplit;
  bool flag = true;
  Py_hash_t h = -1;
  if (!params && PyUnicode_CheckExact(url_o) && PyUnicode_CheckExact(scheme_o) &&
      read_flag(allow_o, flag)) {
    h = PyObject_Hash(url_o);  // a str's hash is kept in it: computed once
    if (h == -1) throw py::error_already_set();
    if (PyObject* hit = split_cache_find(url_o, scheme_o, flag, h)) return steal(hit);
  }
  const bool bytes = PyBytes_CheckExact(url_o);
  utf8_arg url;
  utf8_arg scheme;
  bool allow = true;
  split_buffers buf;
  parts p;
  if (!read_arg(url_o, bytes, url) || !read_arg(scheme_o, bytes, scheme, true) ||
      !read_flag(allow_o, allow) || !split(url.s, scheme.s, allow, buf, p))
    return fallback(impl, {url_o, scheme_o, allow_o});
  const bool ascii = url.ascii && scheme.ascii;
  if (!params) {
    py::object out = steal(make_result(split_result[bytes],
                                       {p.scheme, p.netloc, p.path, p.query, p.fragment}, ascii,
                                       bytes));
    if (h != -1) split_cache_put(url_o, scheme_o, allow, h, out.ptr());
    return out;
  }
  split_params(p, ascii);
  return steal(make_result(parse_result[bytes],
                           {p.scheme, p.netloc, p.path, p.params, p.query, p.fragment}, ascii,
                           bytes));
}

py::object urldefrag_impl(PyObject* url_o) {
  const bool bytes = PyBytes_CheckExact(url_o);
  utf8_arg url;
  split_buffers buf;
  parts p;
  if (!read_arg(url_o, bytes, url)) return fallback(python_impl.urldefrag, {url_o});
  if (url.s.find('#') == std::string_view::npos)
    return steal(make_result(defrag_result[bytes], {url.s, {}}, url.ascii, bytes));
  if (!split(url.s, {}, true, buf, p)) return fallback(python_impl.urldefrag, {url_o});
  split_params(p, url.ascii);
  const std::string_view fragment = p.fragment;
  p.fragment = {};
  std::string out;
  unsplit(p, url.ascii, out);
  return steal(make_result(defrag_result[bytes], {out, fragment}, url.ascii, bytes));
}

/// urlunsplit/urlunparse: a tuple (exactly, or urllib's result class) of n exact strs, or
/// of n exact ASCII bytes.
py::object unsplit_impl(PyObject* components, bool params) {
  PyObject* impl = params ? python_impl.urlunparse : python_impl.urlunsplit;
  const Py_ssize_t n = params ? 6 : 5;
  PyObject* const* own = params ? parse_result : split_result;
  PyTypeObject* type = Py_TYPE(components);
  if (!(PyTuple_CheckExact(components) || type == reinterpret_cast<PyTypeObject*>(own[0]) ||
        type == reinterpret_cast<PyTypeObject*>(own[1])) ||
      PyTuple_GET_SIZE(components) != n)
    return fallback(impl, {components});
  const bool bytes = PyBytes_CheckExact(PyTuple_GET_ITEM(components, 0));
  utf8_arg items[6];
  bool ascii = true;
  for (Py_ssize_t i = 0; i < n; ++i) {
    if (!read_arg(PyTuple_GET_ITEM(components, i), bytes, items[i]))
      return fallback(impl, {components});
    ascii = ascii && items[i].ascii;
  }
  parts p;
  p.scheme = items[0].s;
  p.netloc = items[1].s;
  p.path = items[2].s;
  const int k = params ? 4 : 3;
  if (params) p.params = items[3].s;
  p.query = items[k].s;
  p.fragment = items[k + 1].s;
  std::string out;
  unsplit(p, ascii, out);
  return steal(new_text(out, ascii, bytes));
}

std::vector<std::string_view> split_on_slash(std::string_view s) {
  std::vector<std::string_view> out;
  for (;;) {
    const std::size_t slash = s.find('/');
    out.push_back(s.substr(0, slash));
    if (slash == std::string_view::npos) return out;
    s.remove_prefix(slash + 1);
  }
}

py::object urljoin_impl(PyObject* base_o, PyObject* url_o, PyObject* allow_o) {
  utf8_arg base;
  utf8_arg url;
  bool allow = true;
  split_buffers base_buf;
  split_buffers url_buf;
  parts b;
  parts r;
  const bool bytes = PyBytes_CheckExact(base_o);
  if (!read_arg(base_o, bytes, base) || !read_arg(url_o, bytes, url) ||
      !read_flag(allow_o, allow) ||
      base.s.empty() || url.s.empty() || !split(base.s, {}, allow, base_buf, b))
    return fallback(python_impl.urljoin, {base_o, url_o, allow_o});
  const bool ascii = base.ascii && url.ascii;
  split_params(b, ascii);
  if (!split(url.s, b.scheme, allow, url_buf, r))
    return fallback(python_impl.urljoin, {base_o, url_o, allow_o});
  split_params(r, ascii);

  if (r.scheme != b.scheme || !in_list(uses_relative, r.scheme, true))
    return py::reinterpret_borrow<py::object>(url_o);
  std::string out;
  if (in_list(uses_netloc, r.scheme, true)) {
    if (!r.netloc.empty()) {
      unsplit(r, ascii, out);
      return steal(new_text(out, ascii, bytes));
    }
    r.netloc = b.netloc;
  }
  if (r.path.empty() && r.params.empty()) {
    r.path = b.path;
    r.params = b.params;
    if (r.query.empty()) r.query = b.query;
    unsplit(r, ascii, out);
    return steal(new_text(out, ascii, bytes));
  }

  std::vector<std::string_view> segments;
  if (!r.path.empty() && r.path.front() == '/') {
    segments = split_on_slash(r.path);
  } else {
    segments = split_on_slash(b.path);
    if (!segments.back().empty()) segments.pop_back();  // a file, not a directory
    for (std::string_view s : split_on_slash(r.path)) segments.push_back(s);
    // Empty segments between the first and the last are dropped.
    if (segments.size() > 2) {
      std::size_t w = 1;
      for (std::size_t i = 1; i + 1 < segments.size(); ++i)
        if (!segments[i].empty()) segments[w++] = segments[i];
      segments[w++] = segments.back();
      segments.resize(w);
    }
  }
  std::vector<std::string_view> resolved;
  resolved.reserve(segments.size() + 1);
  for (std::string_view s : segments) {
    if (s == "..") {
      if (!resolved.empty()) resolved.pop_back();
    } else if (s != ".") {
      resolved.push_back(s);
    }
  }
  if (segments.back() == "." || segments.back() == "..") resolved.emplace_back();
  std::string path;
  for (std::size_t i = 0; i < resolved.size(); ++i) {
    if (i != 0) path += '/';
    path.append(resolved[i]);
  }
  if (path.empty()) path = "/";
  r.path = path;
  unsplit(r, ascii, out);
  return steal(new_text(out, ascii, bytes));
}

// ---- Entry points -------------------------------------------------------------------------------

PyObject* empty_str = nullptr;

const signature urlsplit_sig{&python_impl.urlsplit, {"url", "scheme", "allow_fragments"}, 1};
const signature urlparse_sig{&python_impl.urlparse, {"url", "scheme", "allow_fragments"}, 1};
const signature urlunsplit_sig{&python_impl.urlunsplit, {"components"}, 1};
const signature urlunparse_sig{&python_impl.urlunparse, {"components"}, 1};
const signature urljoin_sig{&python_impl.urljoin, {"base", "url", "allow_fragments"}, 2};
const signature urldefrag_sig{&python_impl.urldefrag, {"url"}, 1};

PyObject* urlsplit_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return entry(urlsplit_sig, {empty_str, Py_True}, args, nargs, kw,
               [](PyObject** a) { return urlsplit_impl(a[0], a[1], a[2], false); });
}
PyObject* urlparse_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return entry(urlparse_sig, {empty_str, Py_True}, args, nargs, kw,
               [](PyObject** a) { return urlsplit_impl(a[0], a[1], a[2], true); });
}
PyObject* urlunsplit_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return entry(urlunsplit_sig, {}, args, nargs, kw,
               [](PyObject** a) { return unsplit_impl(a[0], false); });
}
PyObject* urlunparse_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return entry(urlunparse_sig, {}, args, nargs, kw,
               [](PyObject** a) { return unsplit_impl(a[0], true); });
}
PyObject* urljoin_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return entry(urljoin_sig, {Py_True}, args, nargs, kw,
               [](PyObject** a) { return urljoin_impl(a[0], a[1], a[2]); });
}
PyObject* urldefrag_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
  return entry(urldefrag_sig, {}, args, nargs, kw,
               [](PyObject** a) { return urldefrag_impl(a[0]); });
}

/// _set_url_fallbacks(urlsplit, urlparse, urlunsplit, urlunparse, urljoin, urldefrag): the
/// Python implementations (urix/compat.py) for what the fast paths leave.
PyObject* set_url_fallbacks_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  PyObject** slots[] = {&python_impl.urlsplit,   &python_impl.urlparse, &python_impl.urlunsplit,
                        &python_impl.urlunparse, &python_impl.urljoin,  &python_impl.urldefrag};
  if (nargs != 6) {
    PyErr_SetString(PyExc_TypeError, "_set_url_fallbacks takes 6 functions");
    return nullptr;
  }
  for (Py_ssize_t i = 0; i < nargs; ++i) {
    Py_INCREF(args[i]);
    *slots[i] = args[i];  // the ones replaced are kept: a call may still be using one
  }
  Py_RETURN_NONE;
}

template <auto F>
PyCFunction fastcall() {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(F));
}

// The "NAME(...)\n--\n\n" first line gives each function its inspect.signature().
PyMethodDef methods[] = {
    {"urlsplit", fastcall<&urlsplit_entry>(), METH_FASTCALL | METH_KEYWORDS,
     "urlsplit($module, /, url, scheme='', allow_fragments=True)\n--\n\n"
     "urllib.parse.urlsplit, the same results, faster.\n\n"
     ">>> urlsplit('HTTP://h:80/p?q#f')\n"
     "SplitResult(scheme='http', netloc='h:80', path='/p', query='q', fragment='f')\n"},
    {"urlparse", fastcall<&urlparse_entry>(), METH_FASTCALL | METH_KEYWORDS,
     "urlparse($module, /, url, scheme='', allow_fragments=True)\n--\n\n"
     "urllib.parse.urlparse, the same results, faster.\n\n"
     ">>> urlparse('http://h/p;x?q').params\n'x'\n"},
    {"urlunsplit", fastcall<&urlunsplit_entry>(), METH_FASTCALL | METH_KEYWORDS,
     "urlunsplit($module, /, components)\n--\n\n"
     "urllib.parse.urlunsplit, the same results, faster.\n\n"
     ">>> urlunsplit(('http', 'h', 'p', '', 'f'))\n'http://h/p#f'\n"},
    {"urlunparse", fastcall<&urlunparse_entry>(), METH_FASTCALL | METH_KEYWORDS,
     "urlunparse($module, /, components)\n--\n\n"
     "urllib.parse.urlunparse, the same results, faster.\n\n"
     ">>> urlunparse(('http', 'h', '/p', 'x', 'q', ''))\n'http://h/p;x?q'\n"},
    {"urljoin", fastcall<&urljoin_entry>(), METH_FASTCALL | METH_KEYWORDS,
     "urljoin($module, /, base, url, allow_fragments=True)\n--\n\n"
     "urllib.parse.urljoin, the same results, faster.\n\n"
     ">>> urljoin('http://a/b/c/d;p?q', '../g')\n'http://a/b/g'\n"},
    {"urldefrag", fastcall<&urldefrag_entry>(), METH_FASTCALL | METH_KEYWORDS,
     "urldefrag($module, /, url)\n--\n\n"
     "urllib.parse.urldefrag, the same results, faster.\n\n"
     ">>> urldefrag('http://h/p#f')\nDefragResult(url='http://h/p', fragment='f')\n"},
    {"_urlsplit_cache_clear", &split_cache_clear, METH_NOARGS,
     "_urlsplit_cache_clear()\n--\n\nEmpties urlsplit's cache of recent results."},
    {"_set_url_fallbacks", fastcall<&set_url_fallbacks_entry>(), METH_FASTCALL,
     "_set_url_fallbacks(urlsplit, urlparse, urlunsplit, urlunparse, urljoin, urldefrag)\n--\n\n"
     "Takes urix/compat.py's Python functions for what the fast paths leave."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void register_compat_url(py::module_& compat) {
  py::module_ parse = py::module_::import("urllib.parse");
  urllib_module = parse.inc_ref().ptr();
  split_result[0] = py::object(parse.attr("SplitResult")).release().ptr();
  parse_result[0] = py::object(parse.attr("ParseResult")).release().ptr();
  defrag_result[0] = py::object(parse.attr("DefragResult")).release().ptr();
  split_result[1] = py::object(parse.attr("SplitResultBytes")).release().ptr();
  parse_result[1] = py::object(parse.attr("ParseResultBytes")).release().ptr();
  defrag_result[1] = py::object(parse.attr("DefragResultBytes")).release().ptr();
  empty_str = py::str("").release().ptr();
  list_names[uses_netloc] = PyUnicode_InternFromString("uses_netloc");
  list_names[uses_params] = PyUnicode_InternFromString("uses_params");
  list_names[uses_relative] = PyUnicode_InternFromString("uses_relative");
  for (PyObject* n : list_names)
    if (n == nullptr) throw py::error_already_set();
  // Until compat.py sets its own: urllib's (compat.py is always imported with the module).
  for (auto [slot, name] :
       {std::pair{&python_impl.urlsplit, "urlsplit"}, {&python_impl.urlparse, "urlparse"},
        {&python_impl.urlunsplit, "urlunsplit"}, {&python_impl.urlunparse, "urlunparse"},
        {&python_impl.urljoin, "urljoin"}, {&python_impl.urldefrag, "urldefrag"}})
    *slot = py::object(parse.attr(name)).release().ptr();
  for (PyMethodDef* def = methods; def->ml_name != nullptr; ++def) {
    PyObject* f = PyCFunction_NewEx(def, compat.ptr(), py::str("urix.compat").ptr());
    if (f == nullptr) throw py::error_already_set();
    compat.attr(def->ml_name) = py::reinterpret_steal<py::object>(f);
  }
}

}  // namespace urix::python
