// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/detail/swar.h: searching short strings eight bytes at a time in a 64-bit word.
// @private: not part of urix's public API.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace urix::detail {

/// Does some byte of the eight in `w` equal `c`? (A zero byte of w ^ c is one that does:
/// subtracting one from it borrows into its high bit, which ~x keeps only for bytes below 0x80.)
[[nodiscard]] constexpr bool word_has_byte(std::uint64_t w, unsigned char c) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const std::uint64_t x = w ^ (ones * c);
  return ((x - ones) & ~x & highs) != 0;
}

/// The bytes of `w` that equal `c`, each marked by its high bit, exactly: unlike the
/// subtraction above, this sum never carries from one byte into the next.
[[nodiscard]] constexpr std::uint64_t bytes_equal(std::uint64_t w, unsigned char c) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, lows = 0x7F7F7F7F7F7F7F7FULL;
  const std::uint64_t x = w ^ (ones * c);
  return ~(((x & lows) + lows) | x) & ~lows;
}

/// The position of the last `c` in `s`, or npos: string_view::rfind reads a byte per step,
/// this eight (the first word overlaps the one after it).
[[nodiscard]] inline std::size_t find_last(std::string_view s, char c) noexcept {
  const auto uc = static_cast<unsigned char>(c);
  const std::size_t n = s.size();
  if (n < 8) return s.rfind(c);
  for (std::size_t at = n - 8;; at = std::max<std::size_t>(at, 8) - 8) {  // the word s[at, at + 8)
    std::uint64_t w;
    std::memcpy(&w, s.data() + at, 8);
    if (const std::uint64_t m = bytes_equal(w, uc); m != 0) {
      const unsigned last = std::endian::native == std::endian::little
                                ? 7 - static_cast<unsigned>(std::countl_zero(m)) / 8
                                : 7 - static_cast<unsigned>(std::countr_zero(m)) / 8;
      return at + last;
    }
    if (at == 0) return std::string_view::npos;
  }
}

/// Does `s` hold the byte `a` or the byte `b`? Eight bytes per step, the last word
/// overlapping the one before, inline: URI components are short, and a call to memchr costs
/// more than the search.
[[nodiscard]] inline bool contains_either(std::string_view s, char a, char b) noexcept {
  const auto ua = static_cast<unsigned char>(a), ub = static_cast<unsigned char>(b);
  const std::size_t n = s.size();
  if (n < 8) return std::any_of(s.begin(), s.end(), [&](char c) { return c == a || c == b; });
  for (std::size_t i = 0;; i += 8) {
    const std::size_t at = std::min(i, n - 8);
    std::uint64_t w;
    std::memcpy(&w, s.data() + at, 8);
    if (word_has_byte(w, ua) || word_has_byte(w, ub)) return true;
    if (at == n - 8) return false;
  }
}

}  // namespace urix::detail
