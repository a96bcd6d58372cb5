// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/detail/ascii.h: ASCII case and ASCII-only text, for the URI and IRI layers.
// @private: not part of urix's public API.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "urix/utf8.h"

namespace urix::detail {

/// `c` in lowercase if it is an ASCII letter, else `c` (no locale: URI and DNS case rules are
/// ASCII only).
[[nodiscard]] constexpr char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

/// The eight bytes of `w` with their ASCII letters in lowercase, all at once: a byte gets 0x20
/// where its low seven bits lie in 'A'..'Z' and its high bit is clear.
[[nodiscard]] constexpr std::uint64_t ascii_lower_word(std::uint64_t w) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const std::uint64_t from_a = (w | highs) - ones * 'A';        // high bit: byte >= 'A'
  const std::uint64_t past_z = (w | highs) - ones * ('Z' + 1);  // high bit: byte > 'Z'
  return w + ((from_a & ~past_z & ~w & highs) >> 2);
}

/// Lowercases the ASCII letters of out[begin, end) in place, eight bytes per step (hosts and
/// schemes are a few words long; the last word overlaps bytes already done, which is harmless).
inline void ascii_lower_in_place(std::string& out, std::size_t begin) noexcept {
  char* const p = out.data();
  const std::size_t n = out.size();
  if (n - begin < 8) {
    for (std::size_t i = begin; i < n; ++i) p[i] = ascii_lower(p[i]);
    return;
  }
  for (std::size_t i = begin;; i += 8) {
    const std::size_t at = std::min(i, n - 8);
    std::uint64_t w;
    std::memcpy(&w, p + at, 8);
    w = ascii_lower_word(w);
    std::memcpy(p + at, &w, 8);
    if (at == n - 8) return;
  }
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
