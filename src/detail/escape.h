// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/detail/escape.h: reading one "%HH" escape (RFC 3986 2.1), and why one is malformed. Below
// the kernels and the codec alike: decoding, checking, normalizing, the URI parser and the
// decode kernels (which report a malformed escape themselves) all read escapes through it.
// @private: not part of urix's public API.
#pragma once

#include <cstddef>
#include <string_view>

#include "hex.h"
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

/// Why the escape at in[i] is malformed, reported at its '%': a byte that is not a hex digit
/// is errc::bad_escape_hex; an input that ends first is errc::incomplete_escape.
inline error escape_error(std::string_view in, std::size_t i) noexcept {
  for (std::size_t k = i + 1; k < in.size() && k <= i + 2; ++k)
    if (hex_value[static_cast<unsigned char>(in[k])] < 0) return {errc::bad_escape_hex, i};
  return {errc::incomplete_escape, i};
}

}  // namespace urix::detail
