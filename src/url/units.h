// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/url/units.h: "URL code points" and the invalid-URL-unit checks that the path, query,
// fragment, opaque path and opaque host states make of each code point. Run only when the
// caller asked for validation errors. @private.
#pragma once

#include <cstddef>
#include <string_view>

#include "../pct/escape.h"
#include "urix/utf8.h"
#include "record.h"

namespace urix::detail::url {

/// "URL code points": ASCII alphanumeric, ! $ & ' ( ) * + , - . / : ; = ? @ _ ~, and U+00A0 to
/// U+10FFFD excluding surrogates and noncharacters.
[[nodiscard]] constexpr bool is_url_code_point(char32_t c) noexcept {
  if (c < 0x80) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    return std::string_view("!$&'()*+,-./:;=?@_~").find(static_cast<char>(c)) != std::string_view::npos;
  }
  if (c < 0xA0 || c > 0x10FFFD) return false;
  if (c >= 0xD800 && c <= 0xDFFF) return false;
  if (c >= 0xFDD0 && c <= 0xFDEF) return false;  // noncharacters
  if ((c & 0xFFFE) == 0xFFFE) return false;      // U+xFFFE, U+xFFFF
  return true;
}

/// Reports invalid-URL-unit for each code point of `in` (valid UTF-8, at offset `at` of the
/// cleaned input) that is not a URL code point and not '%', and for each '%' that does not
/// start "%HH". `in` must be a whole run of a component: it ends where the input ends or at a
/// delimiter, which is no hex digit, so "remaining" after a '%' is read within `in`.
inline void check_url_units(std::string_view in, std::size_t at, diagnostics& diag) {
  for (std::size_t i = 0; i < in.size();) {
    const std::size_t start = i;
    const char32_t c = next_code_point(in, i);
    if (c == '%') {
      if (escape_at(in, start) < 0) diag.add(url_error::invalid_url_unit, at + start);
    } else if (!is_url_code_point(c)) {
      diag.add(url_error::invalid_url_unit, at + start);
    }
  }
}

}  // namespace urix::detail::url
