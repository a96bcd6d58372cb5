// SPDX-License-Identifier: Apache-2.0 OR MIT
// The public face of one escape (urix/pct.h): the codec's own readers and writer of "%HH",
// out of line for callers outside the library.
#include "escape.h"

#include "../detail/hex.h"
#include "urix/pct.h"

namespace urix {

int escape_at(std::string_view in, std::size_t i) noexcept {
  return detail::escape_starting_at(in, i);
}

void write_escape(char* out, unsigned char byte, bool lowercase_hex) noexcept {
  detail::write_escape(out, byte, lowercase_hex ? detail::lower_hex : detail::upper_hex);
}

std::size_t incomplete_escape_tail(std::string_view in) noexcept {
  return detail::incomplete_escape_tail(in);
}

std::size_t encoded_offset(std::string_view in, std::size_t decoded) noexcept {
  return detail::encoded_offset(in, decoded);
}

std::size_t encoded_offset_from_end(std::string_view in, std::size_t count) noexcept {
  return detail::encoded_offset_from_end(in, count);
}

}  // namespace urix
