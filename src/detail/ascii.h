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

/// Is `c` an ASCII capital letter, 'A'..'Z'?
[[nodiscard]] constexpr bool is_ascii_upper(char c) noexcept {
  return static_cast<unsigned char>(c - 'A') < 26;
}

/// `c` in lowercase if it is an ASCII letter, else `c` (no locale: URI and DNS case rules are
/// ASCII only).
[[nodiscard]] constexpr char ascii_lower(char c) noexcept {
  return is_ascii_upper(c) ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Whether `a` and `b` are equal but for the case of ASCII letters (schemes, hosts, "%2e").
[[nodiscard]] constexpr bool ascii_iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

/// The ASCII capital letters of the eight bytes of `w`, each marked by its high bit: the bytes
/// whose low seven bits lie in 'A'..'Z' and whose high bit is clear.
[[nodiscard]] constexpr std::uint64_t ascii_upper_bytes(std::uint64_t w) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const std::uint64_t from_a = (w | highs) - ones * 'A';        // high bit: byte >= 'A'
  const std::uint64_t past_z = (w | highs) - ones * ('Z' + 1);  // high bit: byte > 'Z'
  return from_a & ~past_z & ~w & highs;
}

/// The eight bytes of `w` with their ASCII letters in lowercase, all at once: each capital
/// gets 0x20.
[[nodiscard]] constexpr std::uint64_t ascii_lower_word(std::uint64_t w) noexcept {
  return w + (ascii_upper_bytes(w) >> 2);
}

/// Copies n bytes from `from` to `to` with their ASCII letters in lowercase, eight bytes per
/// step (hosts and schemes are a few words long; the last word overlaps the one before, which
/// is harmless). `to` is either `from` or does not overlap it.
inline void copy_ascii_lower(char* to, const char* from, std::size_t n) noexcept {
  if (n < 8) {
    if (n < 4) {
      for (std::size_t i = 0; i < n; ++i) to[i] = ascii_lower(from[i]);
      return;
    }
    std::uint32_t a, b;  // two words of four that overlap, lowered in the low half of one
    std::memcpy(&a, from, 4);
    std::memcpy(&b, from + n - 4, 4);
    a = static_cast<std::uint32_t>(ascii_lower_word(a));
    b = static_cast<std::uint32_t>(ascii_lower_word(b));
    std::memcpy(to, &a, 4);
    std::memcpy(to + n - 4, &b, 4);
    return;
  }
  for (std::size_t i = 0;; i += 8) {
    const std::size_t at = std::min(i, n - 8);
    std::uint64_t w;
    std::memcpy(&w, from + at, 8);
    w = ascii_lower_word(w);
    std::memcpy(to + at, &w, 8);
    if (at == n - 8) return;
  }
}

/// Lowercases the ASCII letters of out[begin, end) in place.
inline void ascii_lower_in_place(std::string& out, std::size_t begin) noexcept {
  copy_ascii_lower(out.data() + begin, out.data() + begin, out.size() - begin);
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
