// SPDX-License-Identifier: Apache-2.0 OR MIT
// python/binding.h: what the two halves of the Python module share: urix_py.cpp (the API of
// SPEC section 11) and compat_py.cpp (urix.compat, urllib.parse's functions).
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <string_view>

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

/// A new str from `s`, which must be well-formed UTF-8 (strict decoding; raises otherwise).
py::object utf8_str(std::string_view s);

/// Number of characters (code points) in the first `byte_offset` bytes of well-formed UTF-8.
std::size_t char_offset(std::string_view utf8, std::size_t byte_offset) noexcept;

/// Adds urix.compat's fast paths (_quote, _unquote, ...) to the extension module `m`.
void register_compat(py::module_& m);

}  // namespace urix::python
