// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/kernels/generic/utf8_lookup.h: UTF-8 validation by table lookup, for kernels of any
// vector width (NEON in 16-byte steps, AVX2 in 32-byte steps, AVX-512 in 64-byte steps).
// @private: not part of urix's public API.
#pragma once

#include <cstddef>
#include <cstdint>

namespace urix::detail {

// The UTF-8 check of the SIMD kernels (the lookup method of Keiser and Lemire, "Validating
// UTF-8 in less than one instruction per byte", 2021): three 16-entry tables, indexed by the
// high and low nibble of the previous byte and the high nibble of the current one, each
// give the set of errors a byte pair could be; their AND is the errors it is. Unicode 3.9
// Table 3-7 in bits:
namespace utf8_lookup {
inline constexpr std::uint8_t too_short = 1 << 0;       // lead then non-continuation
inline constexpr std::uint8_t too_long = 1 << 1;        // ASCII then continuation
inline constexpr std::uint8_t overlong_3 = 1 << 2;      // E0 80..9F
inline constexpr std::uint8_t too_large = 1 << 3;       // F4 90..BF, F5..FF
inline constexpr std::uint8_t surrogate = 1 << 4;       // ED A0..BF
inline constexpr std::uint8_t overlong_2 = 1 << 5;      // C0, C1
inline constexpr std::uint8_t too_large_1000 = 1 << 6;  // F5..FF 80..8F
inline constexpr std::uint8_t overlong_4 = 1 << 6;      // F0 80..8F
inline constexpr std::uint8_t two_conts = 1 << 7;       // continuation then continuation
inline constexpr std::uint8_t carry = too_short | too_long | two_conts;

inline constexpr std::uint8_t prev_high[16] = {
    too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long,  // 0-7: ASCII
    two_conts, two_conts, two_conts, two_conts,                                      // 8-B: continuation
    too_short | overlong_2,                                                          // C
    too_short,                                                                       // D
    too_short | overlong_3 | surrogate,                                              // E
    too_short | too_large | too_large_1000 | overlong_4};                            // F
inline constexpr std::uint8_t prev_low[16] = {
    carry | overlong_3 | overlong_2 | overlong_4,  // 0
    carry | overlong_2,                            // 1
    carry, carry,                                  // 2, 3
    carry | too_large,                             // 4
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // 5, 6
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // 7, 8
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // 9, A
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // B, C
    carry | too_large | too_large_1000 | surrogate,                          // D
    carry | too_large | too_large_1000, carry | too_large | too_large_1000};  // E, F
inline constexpr std::uint8_t cur_high[16] = {
    too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short,  // 0-7
    too_long | overlong_2 | two_conts | overlong_3 | too_large_1000 | overlong_4,            // 8
    too_long | overlong_2 | two_conts | overlong_3 | too_large,                              // 9
    too_long | overlong_2 | two_conts | surrogate | too_large,                               // A
    too_long | overlong_2 | two_conts | surrogate | too_large,                               // B
    too_short, too_short, too_short, too_short};                                             // C-F
}  // namespace utf8_lookup

/// Where a prefix whose bytes before `end` (end >= 1) all passed the lookup may be said to
/// end: before the sequence holding byte end - 1 unless that byte is ASCII, since whether
/// that sequence is complete is only checked at the bytes after it.
inline std::size_t sequence_start(const char* p, std::size_t end) noexcept {
  std::size_t s = end - 1;
  if (static_cast<unsigned char>(p[s]) < 0x80) return end;
  for (int k = 0; k < 3 && s > 0 && (static_cast<unsigned char>(p[s]) & 0xC0) == 0x80; ++k) --s;
  return s;
}

}  // namespace urix::detail
