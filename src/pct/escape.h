// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/pct/escape.h: mapping decoded bytes back to the escapes they came from, and where a
// stream may be cut without splitting an escape. Reading one escape is src/detail/escape.h.
// @private: not part of urix's public API.
#pragma once

#include <string_view>

#include "../detail/escape.h"
#include "../detail/hex.h"

namespace urix::detail {

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

}  // namespace urix::detail
