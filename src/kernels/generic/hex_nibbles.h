// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/kernels/generic/hex_nibbles.h: the SIMD decoders' hex-digit tables, for any instruction
// set with a 16-byte table lookup (pshufb on x86, tbl on AArch64). A byte c is a hex digit when
// rows[c & 15] has bit (c >> 4) set (hi_bits[h] = 1 << h turns the high nibble into that bit);
// its value is (c & 15) + letter_add[c >> 4]: 9 more for a letter (high nibble 4 or 6).
// @private: not part of urix's public API.
#pragma once

#include <cstdint>

#include "../../detail/hex.h"

namespace urix::detail {

struct alignas(16) hex_nibbles {
  std::uint8_t rows[16];
  std::uint8_t hi_bits[16];
  std::uint8_t letter_add[16];
};

constexpr hex_nibbles make_hex_nibbles() noexcept {
  hex_nibbles t{};
  for (unsigned c = 0; c < 128; ++c)
    if (hex_value[c] >= 0)
      t.rows[c & 15] = static_cast<std::uint8_t>(t.rows[c & 15] | 1U << (c >> 4));
  for (unsigned h = 0; h < 8; ++h) t.hi_bits[h] = static_cast<std::uint8_t>(1U << h);
  t.letter_add[4] = t.letter_add[6] = 9;
  return t;
}
inline constexpr hex_nibbles hex_nibble_table = make_hex_nibbles();

}  // namespace urix::detail
