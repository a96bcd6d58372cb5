// src/pct/escape.h: reading one "%HH" escape, shared by decoding, checking and normalizing.
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

/// Why the escape at in[i] is malformed, reported at its '%': a byte that is not a hex digit
/// is errc::bad_escape_hex; an input that ends first is errc::incomplete_escape.
inline error escape_error(std::string_view in, std::size_t i) noexcept {
  for (std::size_t k = i + 1; k < in.size() && k <= i + 2; ++k)
    if (hex_value[static_cast<unsigned char>(in[k])] < 0) return {errc::bad_escape_hex, i};
  return {errc::incomplete_escape, i};
}

}  // namespace urix::detail
