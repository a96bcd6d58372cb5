// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/detail/copy.h: copying the short pieces a URI or its JSON is made of, inline.
// @private: not part of urix's public API.
#pragma once

#include <cstddef>
#include <cstring>

namespace urix::detail {

/// Copies n bytes from `from` to `to` (not overlapping) inline: the pieces of a reference, and
/// the JSON strings made of them, are mostly shorter than a word or two, where a call to
/// memcpy costs more than the copy. Each length class is two blocks that overlap (the first
/// and the last bytes), where a loop over words ends in a branch that mispredicts on pieces
/// of random length.
inline void copy_short(char* to, const char* from, std::size_t n) noexcept {
  const auto two = [&]<std::size_t block>() {
    std::memcpy(to, from, block);
    std::memcpy(to + n - block, from + n - block, block);
  };
  if (n > 16) {
    if (n > 64) std::memcpy(to, from, n);
    else if (n > 32) two.template operator()<32>();
    else two.template operator()<16>();
  } else if (n >= 8) {
    two.template operator()<8>();
  } else if (n >= 4) {
    two.template operator()<4>();
  } else if (n > 0) {  // 1-3 bytes: the first, the middle and the last
    to[0] = from[0];
    to[n / 2] = from[n / 2];
    to[n - 1] = from[n - 1];
  }
}

}  // namespace urix::detail
