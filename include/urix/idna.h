// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/idna.h: internationalized domain names: UTS #46 ToASCII / ToUnicode (nontransitional)
// and Punycode (RFC 3492).
//
// A host such as "\u4F8B\u3048.jp" goes on the wire as "xn--r8jz45g.jp": UTS #46 maps the text (case
// folding, NFC, width), checks it (disallowed code points, Bidi rule, ContextJ) and writes each
// non-ASCII label as "xn--" + Punycode. Going back, ToUnicode decodes "xn--" labels.
//
//   *urix::domain_to_ascii("\u4F8B\u3048.JP")    // "xn--r8jz45g.jp"
//   *urix::domain_to_unicode("xn--r8jz45g.jp") // "\u4F8B\u3048.jp" (as UTF-8)
//   *urix::punycode_encode("\u4F8B\u3048")       // "r8jz45g" (no "xn--": that is IDNA's prefix)
//   urix::domain_to_ascii("ab\xF0.jp").error() // {invalid_utf8, 2}
//   urix::domain_to_ascii("a\u0378.jp").error() // {disallowed_code_point, 1}: unassigned
//
// Errors carry the byte offset, in the input, of the first offending character when one
// character is to blame (a disallowed code point), else of the start of the offending label
// (bad Punycode, a label too long, Bidi/ContextJ/hyphen rules), else 0 (the domain as a whole:
// too long, or a Bidi rule failure that spans labels).
//
// Input is UTF-8; ill-formed UTF-8 is errc::invalid_utf8 at its first byte. The tables are
// ICU's (see docs/iri.md for the version and the known gaps against Unicode 17's test file).
#pragma once

#include <string>
#include <string_view>

#include "urix/export.h"
#include "urix/result.h"

namespace urix {

/// The UTS #46 processing flags (UTS #46 section 4). Transitional_Processing is always false
/// (nontransitional: U+00DF stays U+00DF rather than becoming "ss", as browsers and the URL Standard do). The defaults are the
/// profile urix uses for URI hosts: the URL Standard's flags, plus DNS length checks.
struct idna_options {
  /// CheckHyphens (V2, V3): reject "--" in positions 3-4 and a leading or trailing "-".
  /// Off by default: real hosts such as "r3---sn-abc.googlevideo.com" have them.
  bool check_hyphens = false;
  /// CheckBidi: the Bidi rule of RFC 5893 section 2 for domains holding right-to-left labels.
  bool check_bidi = true;
  /// CheckJoiners: the ContextJ rules of RFC 5892 Appendix A.1-A.2 for U+200C and U+200D.
  bool check_joiners = true;
  /// UseSTD3ASCIIRules: ASCII limited to letters, digits and "-" (RFC 1123 host names).
  /// Off by default, as in the URL Standard ("_" is common in real hosts); iri.h then checks
  /// the ASCII result against the URI host grammar itself.
  bool use_std3_rules = false;
  /// VerifyDnsLength: every label 1-63 bytes and the domain 1-253 bytes once converted to
  /// ASCII. As UTS #46 counts labels, an empty root label ("example.com.") is an error here;
  /// iri_to_uri sets a host's root dot aside before checking.
  bool verify_dns_length = true;
  /// The URL Standard's "domain to ASCII" shortcut: a domain that is all ASCII is only
  /// lowercased, never validated (so "xn--a" passes). Off by default.
  bool ascii_fast_path = false;

  /// Every UTS #46 check on: the settings of Unicode's conformance file IdnaTestV2.txt.
  [[nodiscard]] static constexpr idna_options uts46_strict() noexcept {
    return {.check_hyphens = true, .check_bidi = true, .check_joiners = true,
            .use_std3_rules = true, .verify_dns_length = true, .ascii_fast_path = false};
  }
  /// The URL Standard's "domain to ASCII" with beStrict = false (what browsers do for hosts).
  /// Its host parser then also rejects forbidden domain code points; that step is not here.
  [[nodiscard]] static constexpr idna_options url_standard() noexcept {
    return {.check_hyphens = false, .check_bidi = true, .check_joiners = true,
            .use_std3_rules = false, .verify_dns_length = false, .ascii_fast_path = true};
  }
};

/// UTS #46 ToASCII (section 4.2), nontransitional: maps, validates and Punycode-encodes `domain`
/// (UTF-8) label by label. Fails with errc::disallowed_code_point, bad_punycode, label_too_long,
/// domain_too_long, idna_error (Bidi, ContextJ, hyphen, leading combining mark, empty label)
/// or invalid_utf8, at the offending byte offset.
[[nodiscard]] URIX_API result<std::string> domain_to_ascii(std::string_view domain, idna_options opts = {});

/// UTS #46 ToUnicode (section 4.3): maps and validates `domain` like domain_to_ascii, but
/// writes each label as Unicode (UTF-8), decoding "xn--" labels. Fails as domain_to_ascii
/// does, except that lengths are never checked (ToUnicode has no VerifyDnsLength); an empty
/// label other than the root is still errc::idna_error.
[[nodiscard]] URIX_API result<std::string> domain_to_unicode(std::string_view domain,
                                                    idna_options opts = {});

/// Whether the host label `label` (UTF-8, one label, in the form IDNA maps to itself) may be
/// shown in Unicode without a reader taking it for another (SPEC 7, "Safe display"; UTS #39,
/// through ICU's spoof checker). True for an ASCII label. A label holding non-ASCII passes when:
///  - its scripts are at most "moderately restrictive": one script, or Latin with one other
///    that is not Cyrillic, Greek or Cherokee (Han with Hiragana and Katakana, or with Hangul,
///    counts as one), and its digits are of one system;
///  - every character is Identifier_Status=Allowed (UTS #39) or one of a-z 0-9 '-', and no
///    mark is repeated or hides a dot;
///  - its confusable skeleton (UTS #39 section 4) is not all ASCII (Cyrillic
///    "\u0430\u0440\u0440\u04CF\u0435" looks like "appie": a whole-script confusable) and
///    holds none of . / ? # @ : \ % [ ] (U+2044 FRACTION SLASH, U+2215, U+29F8, U+2571 look
///    like '/'; U+0660 ARABIC-INDIC DIGIT ZERO like '.').
/// False for invalid UTF-8.
[[nodiscard]] URIX_API bool is_safe_to_display(std::string_view label);

/// Punycode encoding (RFC 3492 section 6.3) of the UTF-8 text `in`: basic code points (ASCII)
/// are copied in order, then a "-" if there were any, then the deltas in lowercase. No "xn--"
/// prefix and no case folding. Fails with errc::invalid_utf8, or errc::bad_punycode when the
/// output would overflow (section 6.4; inputs of hundreds of MB).
[[nodiscard]] URIX_API result<std::string> punycode_encode(std::string_view in);

/// Punycode decoding (RFC 3492 section 6.2) of `in` (without "xn--"), to UTF-8. Digits are
/// case-insensitive; the mixed-case annotation is ignored. Fails with errc::bad_punycode at the
/// offending byte: a non-ASCII byte, a bad digit, a truncated delta, an overflow, or a result
/// that is not a Unicode scalar value (a surrogate, or above U+10FFFF).
[[nodiscard]] URIX_API result<std::string> punycode_decode(std::string_view in);

}  // namespace urix
