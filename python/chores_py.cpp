// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/chores_py.cpp: the functions of SPEC section 14: path_to_uri, uri_to_path,
// parse_data_url, relativize, registrable_domain.
#include <pybind11/pybind11.h>

#include <cstring>
#include <fstream>
#include <initializer_list>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>

#include "binding.h"
#include "urix/config.h"
#include "urix/data_url.h"
#include "urix/file_path.h"
#include "urix/resolve.h"
#if URIX_HAVE_IDNA
#include "urix/site.h"
#endif

namespace urix::python {
namespace {

using namespace pybind11::literals;  // NOLINT: "name"_a

urix::path_style style_of(bool windows) noexcept {
  return windows ? urix::path_style::windows : urix::path_style::posix;
}

py::object path_to_uri(py::handle path, bool windows) {
  py::object p = steal(PyOS_FSPath(path.ptr()));
  if (!windows && PyUnicode_Check(p.ptr()) != 0 && PyUnicode_AsUTF8AndSize(p.ptr(), nullptr) == nullptr) {
    // A str holding surrogate escapes (PEP 383: bytes the file system encoding could not
    // decode): its file system bytes, as os.fsencode gives them.
    PyErr_Clear();
    p = steal(PyUnicode_EncodeFSDefault(p.ptr()));
  }
  const text in = as_text(p, "path_to_uri");
  auto r = urix::path_to_uri(in.bytes, style_of(windows));
  if (!r) raise_input_error(r.error(), in);
  return ascii_str(*r);
}

py::object uri_to_path(py::handle uri, bool windows) {
  const text in = as_text(uri, "uri_to_path");
  auto r = urix::uri_to_path(in.bytes, style_of(windows));
  if (!r) raise_input_error(r.error(), in);
  if (windows) return utf8_str(*r);
  // POSIX paths are bytes: those that are not UTF-8 come back as os.fsdecode gives them.
  return steal(PyUnicode_DecodeFSDefaultAndSize(r->data(), static_cast<Py_ssize_t>(r->size())));
}

// ---- parse_data_url: a METH_FASTCALL function ---------------------------------------------
// Not pybind11's dispatcher, whose call and result objects cost as much as a short URL's whole
// parse: the argument is read, and the tuple built, with the C API.

// The one argument `name` of function `fn`, by position or keyword; TypeError otherwise, in
// CPython's words.
PyObject* sole_argument(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, const char* fn,
                        const char* name) {
  const Py_ssize_t nkw = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  if (nargs + nkw > 1) {
    PyErr_Format(PyExc_TypeError, "%s() takes exactly one argument (%zd given)", fn, nargs + nkw);
    return nullptr;
  }
  if (nkw == 1 && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), name) != 0) {
    PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", fn,
                 PyTuple_GET_ITEM(kwnames, 0));
    return nullptr;
  }
  if (nargs + nkw == 0) {
    PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s' (pos 1)", fn, name);
    return nullptr;
  }
  return args[0];
}

// The str of a serialized MIME type (ASCII): the object made for it before when it is in
// the cache (a few slots, by length and last byte), so that a program reading URLs of a
// few types makes no str for them.
PyObject* mime_type_str(std::string_view s) {
  static PyObject* slots[16] = {};  // the GIL guards them; never freed
  constexpr std::size_t longest_cached = 64;
  PyObject** slot = nullptr;
  if (!s.empty() && s.size() <= longest_cached) {
    slot = &slots[(s.size() + static_cast<unsigned char>(s.back())) % std::size(slots)];
    PyObject* cached = *slot;
    if (cached != nullptr && static_cast<std::size_t>(PyUnicode_GET_LENGTH(cached)) == s.size() &&
        std::memcmp(PyUnicode_DATA(cached), s.data(), s.size()) == 0) {
      Py_INCREF(cached);
      return cached;
    }
  }
  PyObject* o = ascii_str(s).release().ptr();
  if (slot != nullptr) {
    Py_INCREF(o);
    Py_XSETREF(*slot, o);
  }
  return o;
}

PyObject* parse_data_url_entry(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) noexcept {
  PyObject* url = sole_argument(args, nargs, kwnames, "parse_data_url", "url");
  if (url == nullptr) return nullptr;
  return guarded([&] {
    const text in = as_text(url, "parse_data_url");
    // Kept from call to call, so that a short URL allocates nothing here. Read only before
    // the tuple is made: making it may collect garbage, which may run Python code (and this
    // function) again.
    static std::string mime, body;
    if (auto r = urix::parse_data_url(in.bytes, mime, body); !r) raise_input_error(r.error(), in);
    py::object type = steal(mime_type_str(mime));
    py::object bytes = steal(PyBytes_FromStringAndSize(body.data(), static_cast<Py_ssize_t>(body.size())));
    constexpr std::size_t kept_capacity = std::size_t{1} << 16;  // a big URL's buffers are freed
    for (std::string* kept : {&mime, &body})
      if (kept->capacity() > kept_capacity) std::string().swap(*kept);
    py::object pair = steal(PyTuple_New(2));
    PyTuple_SET_ITEM(pair.ptr(), 0, type.release().ptr());
    PyTuple_SET_ITEM(pair.ptr(), 1, bytes.release().ptr());
    return pair;
  });
}

PyMethodDef parse_data_url_def{"parse_data_url", fastcall_method<&parse_data_url_entry>(),
                               METH_FASTCALL | METH_KEYWORDS,
                               R"(parse_data_url(url) -> tuple[str, bytes]

A data: URL's MIME type (serialized) and body, by the Fetch Standard's data: URL processor
(RFC 2397; SPEC 14). The default MIME type is 'text/plain;charset=US-ASCII'.

>>> parse_data_url('data:text/html;charset=utf-8;base64,PGI+aGk8L2I+')
('text/html;charset=utf-8', b'<b>hi</b>')
>>> parse_data_url('data:,a%20b')
('text/plain;charset=US-ASCII', b'a b')
)"};

py::object relativize(py::handle base, py::handle target) {
  const text tb = as_text(base, "relativize"), tt = as_text(target, "relativize");
  auto b = parse_uri(tb.bytes);
  if (!b) raise_input_error(b.error(), tb, "base");
  auto t = parse_uri(tt.bytes);
  if (!t) raise_input_error(t.error(), tt, "target");
  return utf8_str(urix::relativize(*b, *t));
}

#if URIX_HAVE_IDNA
// The lists read so far, by path: read once per process (the GIL guards the map).
const public_suffix_list& list_at(const std::string& path) {
  static std::map<std::string, std::unique_ptr<const public_suffix_list>> lists;
  if (auto it = lists.find(path); it != lists.end()) return *it->second;
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  if (file) text << file.rdbuf();
  if (!file) {
    PyErr_Format(PyExc_OSError, "cannot read the Public Suffix List %s", path.c_str());
    throw py::error_already_set();
  }
  auto list = public_suffix_list::parse(text.str());
  if (!list) {
    PyErr_Format(PyExc_ValueError, "%s: byte %zu: %s", path.c_str(), list.error().offset,
                 std::string(message(list.error().code)).c_str());
    throw py::error_already_set();
  }
  return *lists.emplace(path, std::make_unique<const public_suffix_list>(std::move(*list))).first->second;
}
#endif

py::object registrable_domain(py::handle host, py::handle psl) {
#if URIX_HAVE_IDNA
  const text in = as_text(host, "registrable_domain");
  const std::string path = psl.is_none() ? std::string(default_public_suffix_list_path)
                                         : py::str(steal(PyOS_FSPath(psl.ptr()))).cast<std::string>();
  auto r = list_at(path).registrable_domain(in.bytes);
  if (!r) raise_input_error(r.error(), in);
  if (r->empty()) return py::none();
  return utf8_str(*r);
#else
  (void)host, (void)psl;
  PyErr_SetString(PyExc_NotImplementedError, "registrable_domain needs IDNA, which this build lacks");
  throw py::error_already_set();
#endif
}

}  // namespace

void register_chores(py::module_& m) {
  m.def("path_to_uri", &path_to_uri, "path"_a, py::kw_only(), "windows"_a = false,
        R"(path_to_uri(path, *, windows=False) -> str

The file: URI of an absolute path (RFC 8089, SPEC 14).

path is str, bytes or os.PathLike. POSIX paths are bytes: a str is its file system bytes
(os.fsencode), and bytes that are not UTF-8 become escapes. windows=True reads drive-letter
and UNC paths, '\' or '/' separated. A relative path or a NUL raises urix.Error.

>>> path_to_uri('/home/a b/x#1.txt')
'file:///home/a%20b/x%231.txt'
>>> path_to_uri(b'/tmp/\xff')
'file:///tmp/%FF'
>>> path_to_uri(r'C:\Users\a b', windows=True), path_to_uri(r'\\server\share\a', windows=True)
('file:///C:/Users/a%20b', 'file://server/share/a')
)");
  m.def("uri_to_path", &uri_to_path, "uri"_a, py::kw_only(), "windows"_a = false,
        R"(uri_to_path(uri, *, windows=False) -> str

The path a file: URI names (RFC 8089, SPEC 14); with windows=True a Windows path.

What names no path raises urix.Error at its place: '%00', '%2F' inside a segment (on Windows
also '%5C'), a query, another host (POSIX). Bytes that are not UTF-8 come back as
os.fsdecode gives them.

>>> uri_to_path('file:///home/a%20b/x%231.txt'), uri_to_path('file://localhost/etc/hosts')
('/home/a b/x#1.txt', '/etc/hosts')
>>> uri_to_path('file://server/share/a%20b', windows=True)
'\\\\server\\share\\a b'
>>> uri_to_path('file:///a%2Fb')
Traceback (most recent call last):
  ...
urix.Error: an encoded path separator inside a file name at character 9
)");
  PyObject* parse_data_url = PyCFunction_NewEx(&parse_data_url_def, m.ptr(), m.attr("__name__").ptr());
  if (parse_data_url == nullptr) throw py::error_already_set();
  m.attr("parse_data_url") = steal(parse_data_url);
  m.def("relativize", &relativize, "base"_a, "target"_a,
        R"(relativize(base, target) -> str

The shortest reference that resolves against base to target (the inverse of resolve,
in normal form: resolve(normalize(base), relativize(base, target)) == normalize(target)).

>>> relativize('http://a/b/c/d', 'http://a/b/e/f'), relativize('http://a/b/c', 'https://a/b/c')
('../e/f', 'https://a/b/c')
)");
  m.def("registrable_domain", &registrable_domain, "host"_a, py::kw_only(), "psl"_a = py::none(),
        R"(registrable_domain(host, *, psl=None) -> str | None

The registrable domain (eTLD+1) of host by the Public Suffix List (SPEC 14): Debian's list
(/usr/share/publicsuffix/public_suffix_list.dat) unless psl names another file. An IDN
host may come in either form; the answer comes in the same form. None for an IP address
or a public suffix.

>>> registrable_domain('www.example.co.uk'), registrable_domain('co.uk')
('example.co.uk', None)
>>> registrable_domain('www.\u98df\u72ee.\u4e2d\u56fd') == '\u98df\u72ee.\u4e2d\u56fd'
True
)");
}

}  // namespace urix::python
