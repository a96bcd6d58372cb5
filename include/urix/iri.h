// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/iri.h: converting IRIs (RFC 3987) to URIs (section 3.1) and back (section 3.2).
//
// An IRI is a URI that may hold Unicode characters. To send it where only URIs go, each
// component is converted by its own rule: the host through IDNA ToASCII (urix/idna.h), every
// other non-ASCII character to its UTF-8 bytes, percent-encoded. The way back decodes only
// what is safe to show as text.
//
//   *urix::iri_to_uri("http://\u4F8B\u3048.jp/\u5F15\u304D\u51FA\u3057")
//       // "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97"
//   *urix::uri_to_iri("http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97")
//       // "http://\u4F8B\u3048.jp/\u5F15\u304D\u51FA\u3057" (as UTF-8)
//   urix::iri_to_uri("http://a/b c").error()                     // {disallowed_char, 10}
//   *urix::iri_to_uri("http://a/b c", {.lenient = true})          // "http://a/b%20c"
//   urix::iri_to_uri("http://a\uFF0Fb.com/").error()              // {unsafe_host, 8}
//
// Both take UTF-8 text and parse it first (urix/uri.h, IRI grammar), so component boundaries
// come from the grammar and never from decoded data. Errors carry the byte offset in the input.
#pragma once

#include <string>
#include <string_view>

#include "urix/export.h"
#include "urix/idna.h"
#include "urix/result.h"
#include "urix/ucs.h"  // is_ucschar, is_iprivate, is_bidi_format

namespace urix {

/// How iri_to_uri converts.
struct iri_to_uri_options {
  /// Percent-encode (as UTF-8) what an IRI may not hold instead of failing: ASCII outside the
  /// grammar (space, '"', '<', '>', '\', '^', '`', '{', '|', '}', controls, a '#' or '['
  /// where the grammar has no place for it), a '%' that starts no "%HH" (becomes "%25"),
  /// bidi formatting characters (is_bidi_format, RFC 3987 section 4.1), and
  /// code points that are not ucschar/iprivate (RFC 3987 section 3.1 step 2, "systems
  /// accepting IRIs MAY convert ... invalid characters"). Never applies to the host, where
  /// such a character is an error anyway.
  bool lenient = false;
  /// Normalize the whole IRI to NFC first: RFC 3987 section 3.1 step 1a, for text that came
  /// from a non-Unicode source. Off by default (step 1b: text already in a Unicode encoding
  /// is not normalized). Error offsets then refer to the normalized text.
  bool nfc = false;
  /// IDNA settings for a reg-name host holding non-ASCII characters.
  idna_options idna = {};
};

/// Converts an IRI reference (RFC 3987 2.2) to a URI reference (RFC 3987 3.1).
///
/// A reg-name host holding non-ASCII characters is percent-decoded, then converted with UTS #46
/// ToASCII (IP literals and ASCII hosts are copied unchanged); every other non-ASCII character
/// becomes "%HH" per UTF-8 byte, uppercase hex; ASCII, existing escapes included, is copied.
/// Fails with: errc::invalid_utf8; the parser's errors (urix/uri.h: disallowed_char, bad
/// escapes, bad_scheme, bad_ip_literal, bad_port) and errc::disallowed_char at a bidi
/// formatting character (RFC 3987 4.1) unless `lenient` fixes them; the IDNA
/// errors of domain_to_ascii; errc::unsafe_host when IDNA mapping or a decoded escape puts a
/// URI delimiter (/ ? # @ : [ ] %) in the host (the CVE-2019-9636 class: U+FF0F FULLWIDTH
/// SOLIDUS maps to '/', U+2100 ACCOUNT OF to "a/c"); errc::disallowed_char when it puts any
/// other character a host may not hold there (a space). Offsets are into `iri`.
/// The output always parses as a URI reference.
[[nodiscard]] URIX_API result<std::string> iri_to_uri(std::string_view iri, iri_to_uri_options opts = {});

/// iri_to_uri, appending the URI to `out`: a caller that reuses `out` allocates nothing for
/// an IRI that is already a URI. On an error `out` is left as it was. `iri` may not point
/// into `out`.
[[nodiscard]] URIX_API result<void> iri_to_uri_append(std::string& out, std::string_view iri,
                                                      iri_to_uri_options opts = {});

/// Which host labels uri_to_iri shows in Unicode (SPEC 7, "Safe display").
enum class host_display {
  /// Only labels that pass is_safe_to_display (urix/idna.h: UTS #39, as browsers check an
  /// IDN before showing it); any other label stays as written ("xn--pple-43d", whose Unicode
  /// form begins with a Cyrillic letter, or "xn--comlogin-g03d", "com\u2044login" with a
  /// FRACTION SLASH). Decided label by label, as Chromium and Firefox do.
  safe,
  /// Every label that passes the IDNA checks, look-alikes included (for tools that show
  /// hosts to no one, or check them by other means).
  all,
};

/// How uri_to_iri converts.
struct uri_to_iri_options {
  /// Show a reg-name host in Unicode: its "xn--" labels and its escapes of non-ASCII
  /// characters, when the result is valid IDNA (UTS #46) that converts back to the same ASCII
  /// labels and is in the form IDNA maps to itself; otherwise the host is left as written.
  /// Then each label as `unicode_hosts` says.
  bool decode_idna = true;
  /// Which of those labels are shown in Unicode; the others stay as written.
  host_display unicode_hosts = host_display::safe;
  /// IDNA settings for that check.
  idna_options idna = {};
};

/// Converts a URI reference to an IRI reference (RFC 3987 3.2).
///
/// Decodes each run of "%HH" escapes in userinfo, path, query and fragment that forms
/// well-formed UTF-8 of a character IRIs allow there (ucschar; iprivate too in the query),
/// except bidi formatting characters (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069;
/// RFC 3987 4.1) and, as section 8 advises against spoofing, white space and invisible
/// characters (U+00A0, U+2000-U+200D, U+2028, U+2029, U+3000, U+FEFF, Hangul fillers, ...).
/// Everything else stays encoded: escapes of ASCII ("%20", "%2F") as written,
/// and bytes of invalid UTF-8 or of characters not decoded re-encoded with uppercase hex.
/// The host's escapes and "xn--" labels become Unicode as `opts.decode_idna` and
/// `opts.unicode_hosts` say: never a character that IDNA would map to another (U+FF0F to '/'),
/// and by default never a label a reader could take for another. Input already holding
/// Unicode is accepted (the IRI grammar) and its characters are copied.
/// Fails with errc::invalid_utf8 or the parser's errors (urix/uri.h), offsets into `uri`.
[[nodiscard]] URIX_API result<std::string> uri_to_iri(std::string_view uri, uri_to_iri_options opts = {});

/// uri_to_iri, appending the IRI to `out`: a caller that reuses `out` allocates nothing for
/// a URI with nothing to decode. On an error `out` is left as it was. `uri` may not point
/// into `out`.
[[nodiscard]] URIX_API result<void> uri_to_iri_append(std::string& out, std::string_view uri,
                                                      uri_to_iri_options opts = {});

}  // namespace urix
