// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/detail/hex.h: hex digits, read and written: the one home of "%HH" at the byte level,
// shared by the kernels, the codec, the URI layer and the IRI layer.
// @private: not part of urix's public API.
#pragma once

#include <array>
#include <cstdint>

namespace urix::detail {

/// Value of a hex digit (either case), or -1 for any other byte.
inline constexpr std::array<std::int8_t, 256> hex_value = [] {
  std::array<std::int8_t, 256> t{};
  for (auto& v : t) v = -1;
  for (unsigned c = 0; c < 10; ++c) t['0' + c] = static_cast<std::int8_t>(c);
  for (unsigned c = 0; c < 6; ++c) {
    t['A' + c] = static_cast<std::int8_t>(10 + c);
    t['a' + c] = static_cast<std::int8_t>(10 + c);
  }
  return t;
}();

/// Value of the escape "%" a b, or -1 if a or b is not a hex digit.
constexpr int escape_value(unsigned char a, unsigned char b) noexcept {
  int hi = hex_value[a];
  int lo = hex_value[b];
  return (hi | lo) < 0 ? -1 : (hi << 4) | lo;
}

inline constexpr char upper_hex[] = "0123456789ABCDEF";
inline constexpr char lower_hex[] = "0123456789abcdef";

/// Writes the escape of byte c, "%HH", at o[0..2], with the digits of `hex` (upper_hex or
/// lower_hex): the one writer of escapes, for the kernels, the IRI layer and normalization.
constexpr void write_escape(char* o, unsigned char c, const char* hex) noexcept {
  o[0] = '%';
  o[1] = hex[c >> 4];
  o[2] = hex[c & 15];
}

}  // namespace urix::detail
