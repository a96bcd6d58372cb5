// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/iri/idna_backend.h: the one boundary between urix and the Unicode library that supplies
// the UTS #46 tables and NFC (ICU; see docs/iri.md for why ICU and not libidn2).
//
// Private to the library: not installed, may change at any time. Everything above this
// interface (offsets, option profiles, error codes, the IRI layer) is urix's own; swapping the
// library means rewriting only idna_icu.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace urix::detail::idna {

/// What UTS #46 processing found wrong, one bit per kind (several may be set).
enum error_bit : std::uint32_t {
  empty_label = 1u << 0,             ///< A4_2: an empty label other than the root
  label_too_long = 1u << 1,          ///< A4_2: a label over 63 bytes in ASCII form
  domain_too_long = 1u << 2,         ///< A4_1: over 253 bytes in ASCII form
  hyphen = 1u << 3,                  ///< V2/V3: "--" at 3-4, leading or trailing "-"
  leading_combining_mark = 1u << 4,  ///< V5 (V6 in 15.1+): label starts with a mark
  disallowed = 1u << 5,              ///< P1/V6 (V7): disallowed or unassigned code point
  punycode = 1u << 6,                ///< P4/A3: an "xn--" label that does not decode
  label_has_dot = 1u << 7,           ///< a label (label API) that maps to text holding "."
  invalid_ace_label = 1u << 8,       ///< V4: "xn--" label whose decoding is not in NFC/valid
  bidi = 1u << 9,                    ///< B1-B6: RFC 5893 Bidi rule
  contextj = 1u << 10,               ///< C1-C2: RFC 5892 ContextJ
  internal = 1u << 31,               ///< the library itself failed (out of memory, ...)
};

/// The UTS #46 flags fixed when a processor is built (the others are filters on error bits).
struct flags {
  bool use_std3_rules;
  bool check_bidi;
  bool check_joiners;
};

/// Runs UTS #46 ToASCII (nontransitional) on well-formed UTF-8 `in`, writing the result to
/// `out`, and returns the error bits (0 on success; `out` is then meaningful).
[[nodiscard]] std::uint32_t to_ascii(std::string_view in, flags f, std::string& out);

/// Runs UTS #46 ToUnicode (nontransitional) on well-formed UTF-8 `in`, as to_ascii does.
[[nodiscard]] std::uint32_t to_unicode(std::string_view in, flags f, std::string& out);

/// UTS #46 processing (nontransitional, CheckBidi and CheckJoiners included) of well-formed
/// UTF-8 `text` that holds no label starting with "xn--" (the caller's to know), done in place
/// where the mapping data is enough: `text` becomes the mapped text, as ToUnicode writes it
/// when nothing is wrong, and the result is the findings (disallowed, leading_combining_mark,
/// bidi; the hyphen and length rules are the caller's). Empty when `text` holds a joiner
/// (U+200C, U+200D) and no disallowed code point: its ContextJ rules need to_unicode.
[[nodiscard]] std::optional<std::uint32_t> map_and_check(std::string& text);

/// ToASCII on a single label (no label separators are recognised; a mapping that produces a
/// "." is error label_has_dot). Used to find which label of a failing domain is to blame.
[[nodiscard]] std::uint32_t label_to_ascii(std::string_view in, flags f, std::string& out);

/// Whether the host label `label` (well-formed UTF-8, in the form IDNA maps to itself) is safe
/// to show in Unicode: it passes the UTS #39 checks browsers apply before showing an IDN
/// (restriction level, allowed characters, ...), looks like no ASCII label, and holds no look-alike
/// of a URL delimiter. False, too, if the library failed.
[[nodiscard]] bool safe_to_display(std::string_view label);

/// Unicode Normalization Form C of well-formed UTF-8 `in`; false if the library failed.
[[nodiscard]] bool to_nfc(std::string_view in, std::string& out);

/// Version of the Unicode data in use, e.g. "15.0" (for docs and test diagnostics).
[[nodiscard]] std::string unicode_version();

}  // namespace urix::detail::idna
