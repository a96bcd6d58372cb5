// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/binding.h: what the parts of the Python module share: urix_py.cpp (the API of SPEC
// section 11), reference_py.cpp (urix.URIReference) and compat_py.cpp (urix.compat,
// urllib.parse's functions).
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <string_view>

#include "urix/result.h"
#include "urix/uri.h"

namespace urix::python {

namespace py = pybind11;

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

/// Where the components of a parsed reference lie in its text (its UTF-8): all a URIReference
/// holds besides the text's object. Only lengths: the components follow one another, each
/// after its delimiter (RFC 3986 4.1), so that each one's offset follows from them (pos()).
struct ref_parts {
  enum { scheme, userinfo, host, port, path, query, fragment, count };
  std::size_t len[count] = {};  // 0 when absent
  unsigned char present = 0;    // bit i: component i is present
  host_type kind = host_type::none;

  [[nodiscard]] bool has(int which) const noexcept { return ((present >> which) & 1) != 0; }
  /// The offset of component `which`, from the lengths and delimiters of those before it.
  [[nodiscard]] std::size_t pos(int which) const noexcept {
    std::size_t p = 0;
    const auto skip = [&](int c, std::size_t delimiter) {
      if (has(c)) p += len[c] + delimiter;
    };
    if (which == scheme) return 0;
    skip(scheme, 1);      // "scheme:"
    if (has(host)) p += 2;  // "//"
    if (which == userinfo) return p;
    skip(userinfo, 1);    // "userinfo@"
    if (which == host) return p;
    skip(host, 0);
    if (which == port) return p + 1;  // ":port"
    skip(port, 1);
    if (which == path) return p;
    p += len[path];
    if (which == query) return p + 1;  // "?query"
    skip(query, 1);
    return p + 1;  // "#fragment"
  }
};

/// Parses `in` (RFC 3986 or 3987 reference) into its ref_parts; no allocation, no GIL needed.
result<ref_parts> parse_parts(std::string_view in, syntax grammar);

/// A new urix.URIReference for the str or bytes `source` (which `parts` was parsed from; a
/// str's UTF-8 already read), holding a reference to it; nullptr with MemoryError set.
PyObject* make_reference(PyObject* source, const ref_parts& parts) noexcept;

/// Creates the type urix.URIReference in the extension module `m`.
void register_reference(py::module_& m);

/// Adds urix.compat's fast paths (_quote, _unquote, ...) to the extension module `m`.
void register_compat(py::module_& m);
/// Creates the type urix.URITemplate (RFC 6570) in the extension module `m`.
void register_template(py::module_& m);

}  // namespace urix::python
