// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/ucs.h: the classes of Unicode code points that RFC 3987 names, for IRIs.
//
// They sit below the URI layer: the IRI grammar of urix/uri.h reads them, and the conversions
// of urix/iri.h (which includes this header) decide with them what to encode and decode.
//
//   urix::is_ucschar(U'\u4E2D')      // true: an IRI may hold it in any component
//   urix::is_iprivate(U'\uE000')     // true: private use, allowed only in the query
//   urix::is_bidi_format(U'\u202E')  // true: RIGHT-TO-LEFT OVERRIDE, never in an IRI
#pragma once

namespace urix {

/// ucschar (RFC 3987 2.2): the non-ASCII code points an IRI may hold in any component.
///   ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD
[[nodiscard]] constexpr bool is_ucschar(char32_t c) noexcept {
  return (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF) ||
         (c >= 0xFDF0 && c <= 0xFFEF) ||
         // Planes 1-13, each without its last two code points (noncharacters).
         (c >= 0x10000 && c < 0xE0000 && (c & 0xFFFF) <= 0xFFFD) ||
         (c >= 0xE1000 && c <= 0xEFFFD);
}

/// iprivate (RFC 3987 2.2): private-use code points, allowed only in the query.
///   iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
[[nodiscard]] constexpr bool is_iprivate(char32_t c) noexcept {
  return (c >= 0xE000 && c <= 0xF8FF) || (c >= 0xF0000 && c <= 0xFFFFD) ||
         (c >= 0x100000 && c <= 0x10FFFD);
}

/// The bidi formatting characters RFC 3987 section 4.1 says an IRI must not hold (LRM, RLM,
/// LRE, RLE, PDF, LRO, RLO), plus the later isolates U+2066-U+2069 and ALM U+061C (Unicode 6.3).
[[nodiscard]] constexpr bool is_bidi_format(char32_t c) noexcept {
  return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069);
}

}  // namespace urix
