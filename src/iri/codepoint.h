// src/iri/codepoint.h: code point steps over UTF-8 that is already known to be well-formed
// (checked with urix::validate_utf8 first). Private to the library.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace urix::detail {

/// Length of the UTF-8 sequence that starts with lead byte `b` (1-4; 1 for a stray byte).
[[nodiscard]] constexpr std::size_t utf8_length(unsigned char b) noexcept {
  return b < 0x80 ? 1 : b < 0xE0 ? (b >= 0xC0 ? 2 : 1) : b < 0xF0 ? 3 : b < 0xF8 ? 4 : 1;
}

/// Decodes the code point at s[i] (well-formed UTF-8) and advances i past it.
[[nodiscard]] inline char32_t next_code_point(std::string_view s, std::size_t& i) noexcept {
  const auto b0 = static_cast<unsigned char>(s[i]);
  const std::size_t n = utf8_length(b0);
  if (n == 1 || i + n > s.size()) {
    ++i;
    return b0;
  }
  static constexpr unsigned char lead_mask[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  char32_t cp = b0 & lead_mask[n];
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
  i += n;
  return cp;
}

/// Appends the UTF-8 form of scalar value `cp` to `out`.
inline void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace urix::detail
