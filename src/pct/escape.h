// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/pct/escape.h: reading one "%HH" escape, shared by decoding, checking and normalizing,
// and mapping decoded bytes back to the escapes they came from.
// @private: not part of urix's public API.
#pragma once

#include <string_view>

#include "../detail/hex.h"
#include "urix/result.h"

namespace urix::detail {

/// Value of the escape whose '%' is at in[i], or -1 if it is malformed.
inline int escape_at(std::string_view in, std::size_t i) noexcept {
  if (in.size() - i < 3) return -1;
  return escape_value(static_cast<unsigned char>(in[i + 1]), static_cast<unsigned char>(in[i + 2]));
}

/// Value of the escape starting at in[i], or -1 if none does (in[i] is not '%', or the
/// escape is malformed). Any i <= in.size().
inline int escape_starting_at(std::string_view in, std::size_t i) noexcept {
  return i < in.size() && in[i] == '%' ? escape_at(in, i) : -1;
}

/// The offset in `in` of the input that decoded byte `decoded` comes from (in.size() for the
/// decoded size). Every decoded byte comes from one well-formed escape or from one other input
/// byte ('+' and a lenient '%' included), whatever the decode_options.
inline std::size_t encoded_offset(std::string_view in, std::size_t decoded) noexcept {
  std::size_t i = 0;
  for (std::size_t o = 0; o < decoded; ++o) i += escape_starting_at(in, i) >= 0 ? 3U : 1U;
  return i;
}

/// The offset in `in` where its last `count` decoded bytes start. Walking back is unambiguous:
/// a '%' followed by two hex digits always starts an escape, because '%' is not a hex digit
/// and so cannot be the tail of an earlier one.
inline std::size_t encoded_offset_from_end(std::string_view in, std::size_t count) noexcept {
  std::size_t p = in.size();
  for (; count > 0; --count) p -= (p >= 3 && escape_starting_at(in, p - 3) >= 0) ? 3U : 1U;
  return p;
}

/// Number of bytes at the end of `in` that start an escape the end may have cut short (0-2):
/// a last '%', or a '%' and one hex digit. An escape is '%' and two hex digits (RFC 3986
/// 2.1), and '%' is not a hex digit, so no escape is split anywhere else: cutting `in` before
/// these bytes never splits one, whatever input follows.
inline std::size_t incomplete_escape_tail(std::string_view in) noexcept {
  const std::size_t n = in.size();
  if (n >= 1 && in[n - 1] == '%') return 1;
  if (n >= 2 && in[n - 2] == '%' && hex_value[static_cast<unsigned char>(in[n - 1])] >= 0) return 2;
  return 0;
}

/// Why the escape at in[i] is malformed, reported at its '%': a byte that is not a hex digit
/// is errc::bad_escape_hex; an input that ends first is errc::incomplete_escape.
inline error escape_error(std::string_view in, std::size_t i) noexcept {
  for (std::size_t k = i + 1; k < in.size() && k <= i + 2; ++k)
    if (hex_value[static_cast<unsigned char>(in[k])] < 0) return {errc::bad_escape_hex, i};
  return {errc::incomplete_escape, i};
}

}  // namespace urix::detail
