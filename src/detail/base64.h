// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/detail/base64.h: the base64 alphabet (RFC 4648 table 1), the one home of its values,
// shared by the kernels and the data: URL processor's forgiving-base64 decode.
// @private: not part of urix's public API.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace urix::detail {

inline constexpr std::string_view base64_alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The value of each base64 alphabet byte, -1 for the others ('=' too).
inline constexpr std::array<std::int8_t, 256> base64_value = [] {
  std::array<std::int8_t, 256> t{};
  for (auto& v : t) v = -1;
  for (std::size_t i = 0; i < base64_alphabet.size(); ++i)
    t[static_cast<unsigned char>(base64_alphabet[i])] = static_cast<std::int8_t>(i);
  return t;
}();

/// base64_value[c] << shift for each alphabet byte c, and bits 24-31 set for the others: the
/// four bytes of a group ORed together are its 24 bits, or a word with a high byte when one
/// of them is outside the alphabet (one test per group instead of four).
inline constexpr auto base64_shifted = [] {
  std::array<std::array<std::uint32_t, 256>, 4> t{};
  for (unsigned k = 0; k < 4; ++k)
    for (unsigned c = 0; c < 256; ++c)
      t[k][c] = base64_value[c] < 0 ? 0xFF000000u : static_cast<std::uint32_t>(base64_value[c]) << (18 - 6 * k);
  return t;
}();

}  // namespace urix::detail
