// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/sets.h: the named character sets of RFC 3986, RFC 2396 and the WHATWG URL Standard.
//
// Each set lists the bytes that are *allowed*: left as they are when percent-encoding.
// Everything else, and every byte >= 0x80, is written as %HH. The CLI's `--set NAME` takes
// the names in `named_sets` (the same names as ../SPEC section 2).
//
//   urix::encode("a b&c", urix::sets::query_param)   // "a%20b%26c"
//   urix::find_set("rfc2396-unreserved")              // -> &urix::sets::rfc2396::unreserved
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "urix/charset.h"
#include "urix/result.h"

namespace urix::sets {

// ---- RFC 3986 (section 2 and Appendix A) --------------------------------------------------

/// ALPHA = %x41-5A / %x61-7A (RFC 5234 B.1)
inline constexpr charset alpha = charset::range('A', 'Z') | charset::range('a', 'z');
/// DIGIT = %x30-39 (RFC 5234 B.1)
inline constexpr charset digit = charset::range('0', '9');
/// HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F" (RFC 5234 B.1; case-insensitive, RFC 3986 2.1)
inline constexpr charset hexdig = digit | charset("ABCDEFabcdef");

/// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"  (RFC 3986 2.3)
/// Never percent-encoded by urix; an escape of one is decoded by normalization (6.2.2.2).
inline constexpr charset unreserved = alpha | digit | charset("-._~");
/// gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"  (RFC 3986 2.2)
inline constexpr charset gen_delims = charset(":/?#[]@");
/// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="  (RFC 3986 2.2)
inline constexpr charset sub_delims = charset("!$&'()*+,;=");
/// reserved = gen-delims / sub-delims  (RFC 3986 2.2)
inline constexpr charset reserved = gen_delims | sub_delims;
/// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"  (RFC 3986 3.3)
inline constexpr charset pchar = unreserved | sub_delims | charset(":@");
/// segment = *pchar  (RFC 3986 3.3)
inline constexpr charset segment = pchar;
/// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )  (RFC 3986 3.3):
/// the first segment of a relative-path reference, where ':' would read as a scheme.
inline constexpr charset segment_nc = unreserved | sub_delims | charset("@");
/// path: segments joined by "/"  (RFC 3986 3.3, path-abempty and friends)
inline constexpr charset path = pchar | charset("/");
/// query = *( pchar / "/" / "?" )  (RFC 3986 3.4)
inline constexpr charset query = pchar | charset("/?");
/// fragment = *( pchar / "/" / "?" )  (RFC 3986 3.5)
inline constexpr charset fragment = query;
/// One key or value inside an application/x-www-form-urlencoded style query: the query set
/// minus the characters that structure it, "&" and "=", and "+" (read as space by forms).
inline constexpr charset query_param = query - charset("&=+");
/// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )  (RFC 3986 3.2.1)
inline constexpr charset userinfo = unreserved | sub_delims | charset(":");
/// reg-name = *( unreserved / pct-encoded / sub-delims )  (RFC 3986 3.2.2)
inline constexpr charset host = unreserved | sub_delims;
/// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )  (RFC 3986 3.1): the non-first characters.
inline constexpr charset scheme = alpha | digit | charset("+-.");

// ---- RFC 2396 section 2 (the predecessor; JavaScript's encodeURIComponent keeps its unreserved)

namespace rfc2396 {
/// alphanum = alpha | digit  (RFC 2396 1.6)
inline constexpr charset alphanum = sets::alpha | sets::digit;
/// mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"  (RFC 2396 2.3)
inline constexpr charset mark = charset("-_.!~*'()");
/// unreserved = alphanum | mark  (RFC 2396 2.3)
inline constexpr charset unreserved = alphanum | mark;
/// reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","  (RFC 2396 2.2)
inline constexpr charset reserved = charset(";/?:@&=+$,");
/// uric = reserved | unreserved | escaped  (RFC 2396 2)
inline constexpr charset uric = reserved | unreserved;
}  // namespace rfc2396

// ---- WHATWG URL Standard, "Percent-encoded bytes" (whatwg/url commit 6ae8486, 2026-07-02) ----
// The standard names the bytes that ARE encoded; the allowed set is printable ASCII
// (0x20-0x7E) minus that. Note that only component and form encode '%': the other sets leave
// a '%' as it is, exactly as browsers do.

namespace whatwg {
/// Printable ASCII, the widest allowed set the standard uses.
inline constexpr charset printable = charset::range(0x20, 0x7E);
/// C0 control percent-encode set: C0 controls and all code points > U+007E.
inline constexpr charset c0_control = printable;
/// fragment percent-encode set: C0 control set and U+0020 SPACE, ", <, >, `.
inline constexpr charset fragment = c0_control - charset(" \"<>`");
/// query percent-encode set: C0 control set and U+0020 SPACE, ", #, <, >.
inline constexpr charset query = c0_control - charset(" \"#<>");
/// special-query percent-encode set: query percent-encode set and '.
inline constexpr charset special_query = query - charset("'");
/// path percent-encode set: query percent-encode set and ?, ^, `, {, }.
inline constexpr charset path = query - charset("?^`{}");
/// userinfo percent-encode set: path percent-encode set and /, :, ;, =, @, [ to ^, |.
inline constexpr charset userinfo = path - charset("/:;=@[\\]^|");
/// component percent-encode set: userinfo percent-encode set and $ to &, +, ,.
inline constexpr charset component = userinfo - charset("$%&+,");
/// application/x-www-form-urlencoded percent-encode set: component set and !, ' to ), ~.
/// The standard also writes space as '+': use it with encode_options::space_as_plus (its
/// named_set entry, "whatwg-form", says so).
inline constexpr charset form = component - charset("!'()~");
}  // namespace whatwg

// ---- Lookup by name ----------------------------------------------------------------------

/// A set's public name (as in SPEC section 2 and the CLI's --set), its value, and what the
/// standard that defines it adds to its bytes. The CLI reads all of it from here, so a name
/// means the same there as in the library.
struct named_set {
  std::string_view name;
  charset set;
  /// The set is for form encoding, which writes space as '+' (WHATWG URL Standard,
  /// "urlencoded serializing"): encode with encode_options::space_as_plus, and a '+' in
  /// text encoded with the set is valid (it stands for a space).
  bool space_as_plus = false;

  /// The bytes text encoded with this set may hold as themselves (what check() allows): the
  /// set, and '+' when the set writes space as '+'.
  [[nodiscard]] constexpr charset encoded_chars() const noexcept {
    return space_as_plus ? set | charset("+") : set;
  }
};

/// Every named set, in the order of SPEC section 2.
inline constexpr std::array named_sets{
    named_set{"unreserved", unreserved},
    named_set{"gen-delims", gen_delims},
    named_set{"sub-delims", sub_delims},
    named_set{"reserved", reserved},
    named_set{"pchar", pchar},
    named_set{"segment", segment},
    named_set{"segment-nc", segment_nc},
    named_set{"path", path},
    named_set{"query", query},
    named_set{"fragment", fragment},
    named_set{"query-param", query_param},
    named_set{"userinfo", userinfo},
    named_set{"host", host},
    named_set{"rfc2396-unreserved", rfc2396::unreserved},
    named_set{"rfc2396-reserved", rfc2396::reserved},
    named_set{"rfc2396-uric", rfc2396::uric},
    named_set{"whatwg-c0", whatwg::c0_control},
    named_set{"whatwg-fragment", whatwg::fragment},
    named_set{"whatwg-query", whatwg::query},
    named_set{"whatwg-special-query", whatwg::special_query},
    named_set{"whatwg-path", whatwg::path},
    named_set{"whatwg-userinfo", whatwg::userinfo},
    named_set{"whatwg-component", whatwg::component},
    named_set{.name = "whatwg-form", .set = whatwg::form, .space_as_plus = true},
};

}  // namespace urix::sets

namespace urix {

/// The entry of sets::named_sets called `name`, or nullptr if there is none.
[[nodiscard]] constexpr const sets::named_set* find_named_set(std::string_view name) noexcept {
  for (const auto& s : sets::named_sets)
    if (s.name == name) return &s;
  return nullptr;
}

/// The set called `name` with the ASCII characters of `allow` added: a set chosen by name, as
/// every front end takes one (the CLI's --set and --allow, Python's set= and allow=). Errors:
/// errc::unknown_set (offset 0) for a name sets::named_sets lacks; errc::disallowed_char at
/// the first byte of `allow` that is not ASCII (a byte >= 0x80 is always encoded).
///   *urix::resolve_named_set("path", "@")    // {"path", sets::path | '@'}
[[nodiscard]] inline result<sets::named_set> resolve_named_set(std::string_view name, std::string_view allow = {}) {
  const sets::named_set* s = find_named_set(name);
  if (s == nullptr) return error{errc::unknown_set, 0};
  for (std::size_t i = 0; i < allow.size(); ++i)
    if (static_cast<unsigned char>(allow[i]) >= 0x80) return error{errc::disallowed_char, i};
  sets::named_set resolved = *s;
  resolved.set = resolved.set | charset(allow);
  return resolved;
}

/// The set called `name` (see sets::named_sets), or nullptr if there is none. What it implies
/// beyond its bytes (whatwg-form: space as '+') is in its find_named_set entry.
[[nodiscard]] constexpr const charset* find_set(std::string_view name) noexcept {
  const sets::named_set* s = find_named_set(name);
  return s != nullptr ? &s->set : nullptr;
}

}  // namespace urix
