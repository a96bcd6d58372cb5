// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/utf8.h: UTF-8 validation (RFC 3629, Unicode 3.9 Table 3-7) and repair.
//
// Percent-decoding yields bytes; whether those bytes are text is a separate question that
// these functions answer. Use them on decoded output, or on input before encoding it.
//
//   urix::validate_utf8("\xE4\xB8\xAD")          // ok
//   urix::validate_utf8("ab\xC3(").error()        // {invalid_utf8, 2}
//   urix::utf8_replace_invalid("a\xF0\x9F\x98z")  // "a\uFFFDz": one U+FFFD per maximal subpart
//   urix::read_utf8("\xC3\xA9!", 0)              // {.len = 2, .ok = true, .code_point = U+00E9}
//
// Well-formed means Table 3-7 exactly: no overlong forms, no surrogates (U+D800-DFFF), nothing
// above U+10FFFF.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "urix/export.h"
#include "urix/result.h"

namespace urix {

/// Succeeds when all of `in` is well-formed UTF-8; otherwise errc::invalid_utf8 with the
/// offset of the first byte of the first ill-formed sequence.
[[nodiscard]] URIX_API result<void> validate_utf8(std::string_view in) noexcept;

/// Is every byte of `in` ASCII (below 0x80)? ASCII text is valid UTF-8 and needs no IDNA or
/// IRI work; the active kernel (urix/kernel.h) checks it a vector at a time.
[[nodiscard]] URIX_API bool is_ascii(std::string_view in) noexcept;

/// Number of bytes at the end of `in` that form a proper prefix of a well-formed sequence
/// (0-3): what a streaming validator must carry over to the next chunk.
[[nodiscard]] URIX_API std::size_t utf8_incomplete_tail(std::string_view in) noexcept;

/// Copies `in` to a new string with each maximal subpart of an ill-formed sequence replaced
/// by U+FFFD (Unicode 3.9 "U+FFFD Substitution of Maximal Subparts", as the WHATWG Encoding
/// Standard's UTF-8 decoder does).
[[nodiscard]] URIX_API std::string utf8_replace_invalid(std::string_view in);

/// utf8_replace_invalid, appending to `out`.
URIX_API void utf8_replace_invalid_append(std::string& out, std::string_view in);

// ---- One sequence -----------------------------------------------------------------------
// Reading and writing one UTF-8 sequence, byte by byte by Table 3-7: the one place that
// knows it. The validator, the URI, IRI, IDNA, URL and template code and the CLI read here.

/// What read_utf8 found at one offset.
struct utf8_sequence {
  /// Well-formed: the sequence's length (1-4). Ill-formed: the length of its maximal subpart
  /// (at least 1), which is what one U+FFFD replaces.
  std::size_t len;
  bool ok;
  /// Ill-formed only because the input ended inside what could still have become a
  /// well-formed sequence.
  bool truncated;
  /// The code point, when `ok`.
  char32_t code_point;
};

/// Reads the sequence starting at in[i], i < in.size().
[[nodiscard]] constexpr utf8_sequence read_utf8(std::string_view in, std::size_t i) noexcept {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(in[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return {1, true, false, b0};
  std::size_t need;
  char32_t cp;
  unsigned char lo = 0x80;  // bounds of the second byte (Table 3-7)
  unsigned char hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 2;
    cp = b0 & 0x1Fu;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 3;
    cp = b0 & 0x0Fu;
    if (b0 == 0xE0) lo = 0xA0;  // no overlong forms
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 4;
    cp = b0 & 0x07u;
    if (b0 == 0xF0) lo = 0x90;  // no overlong forms
    if (b0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return {1, false, false, 0};  // 80..C1, F5..FF never start a sequence
  }
  for (std::size_t k = 1; k < need; ++k) {
    if (i + k == in.size()) return {k, false, true, 0};
    const unsigned char b = byte(i + k);
    if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return {k, false, false, 0};
    cp = (cp << 6) | (b & 0x3Fu);
  }
  return {need, true, false, cp};
}

/// Length of the sequence that lead byte `b` announces (1-4; 1 for a byte that leads none):
/// a step over text known to be well-formed, or the number of bytes to gather before reading.
[[nodiscard]] constexpr std::size_t utf8_length(unsigned char b) noexcept {
  return b < 0x80 ? 1 : b < 0xE0 ? (b >= 0xC0 ? 2 : 1) : b < 0xF0 ? 3 : b < 0xF8 ? 4 : 1;
}

/// The code point at s[i] of well-formed UTF-8 (checked with urix::validate_utf8 first);
/// advances i past it.
[[nodiscard]] constexpr char32_t next_code_point(std::string_view s, std::size_t& i) noexcept {
  const utf8_sequence seq = read_utf8(s, i);
  i += seq.len;
  return seq.code_point;
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

}  // namespace urix
