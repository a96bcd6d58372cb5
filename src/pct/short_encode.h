// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/pct/short_encode.h: percent-encoding a short piece inline, a byte at a time.
// @private: not part of urix's public API.
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

#include "../detail/escape.h"
#include "../detail/hex.h"
#include "urix/charset.h"

namespace urix::detail {

/// Writes `s` at `p` percent-encoded: each byte that `kept` holds as itself, with
/// `keep_escapes` a well-formed "%HH" as itself, every other byte as "%HH" (uppercase hex).
/// For the short pieces a URL's path segment or a template's value mostly are, where a call
/// to the encoder's kernels costs more than the bytes; encode_to is the same for any length.
/// `p` has room for 3 * s.size() bytes. Returns the end of what it wrote.
inline char* write_encoded_short(char* p, std::string_view s, const scan_set& kept,
                                 bool keep_escapes = false) noexcept {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (kept.contains(c)) {
      *p++ = c;
    } else if (keep_escapes && c == '%' && escape_at(s, i) >= 0) {
      std::memcpy(p, s.data() + i, 3);
      p += 3;
      i += 2;
    } else {
      write_escape(p, static_cast<unsigned char>(c), upper_hex);
      p += 3;
    }
  }
  return p;
}

}  // namespace urix::detail
