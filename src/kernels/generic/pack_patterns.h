// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/kernels/generic/pack_patterns.h: the shuffle tables of the SIMD codecs, for any
// instruction set with an 8- or 16-byte table lookup (pshufb on x86, tbl on AArch64): the
// decoders' byte-dropping patterns and the encoders' group patterns.
// @private: not part of urix's public API.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace urix::detail {

/// Indices for one byte shuffle (pshufb, tbl) of `size` bytes.
template <std::size_t size>
struct alignas(size) shuffle_pattern {
  std::uint8_t at[size];
};

/// Packing drops bytes eight at a time: `pack_patterns[m]` lists the positions of the set
/// bits of m, in order (a 2 KiB table).
constexpr std::array<shuffle_pattern<8>, 256> make_pack_patterns() noexcept {
  std::array<shuffle_pattern<8>, 256> t{};
  for (unsigned m = 0; m < 256; ++m) {
    unsigned out = 0;
    for (unsigned k = 0; k < 8; ++k)
      if ((m >> k) & 1U) t[m].at[out++] = static_cast<std::uint8_t>(k);
  }
  return t;
}
inline constexpr std::array<shuffle_pattern<8>, 256> pack_patterns = make_pack_patterns();

/// Encoding writes groups of four input bytes, each followed by its two hex digits where it is
/// escaped. For the group's four escape bits m, pattern m picks byte k of the group at index
/// k of the encoder's table and its hex digits at `hi + k` and `lo + k` (where each
/// instruction set's encoder lays them out).
constexpr std::array<shuffle_pattern<16>, 16> make_group_patterns(unsigned hi, unsigned lo) noexcept {
  std::array<shuffle_pattern<16>, 16> t{};
  for (unsigned m = 0; m < 16; ++m) {
    unsigned out = 0;
    for (unsigned k = 0; k < 4; ++k) {
      t[m].at[out++] = static_cast<std::uint8_t>(k);
      if ((m >> k) & 1U) {
        t[m].at[out++] = static_cast<std::uint8_t>(hi + k);
        t[m].at[out++] = static_cast<std::uint8_t>(lo + k);
      }
    }
  }
  return t;
}

}  // namespace urix::detail
