// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/detail/ascii.h: ASCII case and ASCII-only text, for the URI and IRI layers.
// @private: not part of urix's public API.
#pragma once

#include <string>
#include <string_view>

#include "urix/utf8.h"

namespace urix::detail {

/// `c` in lowercase if it is an ASCII letter, else `c` (no locale: URI and DNS case rules are
/// ASCII only).
[[nodiscard]] constexpr char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Lowercases the ASCII letters of out[begin, end) in place.
inline void ascii_lower_in_place(std::string& out, std::size_t begin) noexcept {
  for (std::size_t i = begin; i < out.size(); ++i) out[i] = ascii_lower(out[i]);
}

/// Appends `s` with its ASCII letters in lowercase.
inline void append_ascii_lower(std::string& out, std::string_view s) {
  const std::size_t begin = out.size();
  out.append(s);
  ascii_lower_in_place(out, begin);
}

/// `s` with its ASCII letters in lowercase.
[[nodiscard]] inline std::string ascii_lowercase(std::string_view s) {
  std::string lower(s);
  ascii_lower_in_place(lower, 0);
  return lower;
}

/// Is every byte of `s` ASCII? Public (urix/utf8.h), since the IRI layer, a library of its
/// own, calls it.
using urix::is_ascii;

}  // namespace urix::detail
