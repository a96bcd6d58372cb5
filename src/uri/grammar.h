// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/uri/grammar.h: the RFC 3986 grammar (section 3, Appendix A and B) as small rules that
// compose: where each component of a reference lies, whether the scheme, port, host and IP
// literals match their ABNF, and which path forms may follow which components. The parser and the `uri` setters both use these rules, so the
// two accept the same text. The characters of userinfo, reg-name, path, query and fragment
// are checked by their callers (the parser's scan, urix::check), which know the syntax.
// @private: not part of urix's public API.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

#include "urix/result.h"
#include "urix/sets.h"
#include "urix/uri.h"

namespace urix::detail {

inline constexpr std::size_t npos = std::string_view::npos;

// ---- Appendix B: where the components lie -------------------------------------------------

/// Where the components of a reference lie, as offsets into it; an absent component has
/// begin == npos. Each range holds the component without its delimiters.
struct reference_spans {
  std::size_t scheme_end = npos;  ///< the scheme is [0, scheme_end); the ':' is at scheme_end
  std::size_t authority_begin = npos, authority_end = npos;
  std::size_t path_begin = 0, path_end = 0;
  std::size_t query_begin = npos, query_end = npos;
  std::size_t fragment_begin = npos;  ///< the fragment runs to the end

  [[nodiscard]] constexpr bool has_scheme() const noexcept { return scheme_end != npos; }
  [[nodiscard]] constexpr bool has_authority() const noexcept { return authority_begin != npos; }
};

/// Splits any string into the components of a reference, as the regular expression of
/// RFC 3986 Appendix B does:
///   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
/// except that a ':' before any '/', '?' or '#' always ends a scheme, even an empty one: the
/// text before it can be nothing else (path-noscheme holds no ':' in its first segment), so
/// the scheme rule is the one that fails.
[[nodiscard]] constexpr reference_spans split_reference(std::string_view s) noexcept {
  reference_spans r;
  std::size_t i = 0;
  if (const std::size_t d = s.find_first_of(":/?#"); d != npos && s[d] == ':') {
    r.scheme_end = d;
    i = d + 1;
  }
  if (s.substr(i).starts_with("//")) {
    r.authority_begin = i + 2;
    r.authority_end = std::min(s.find_first_of("/?#", r.authority_begin), s.size());
    i = r.authority_end;
  }
  r.path_begin = i;
  r.path_end = std::min(s.find_first_of("?#", i), s.size());
  i = r.path_end;
  if (i < s.size() && s[i] == '?') {
    r.query_begin = i + 1;
    r.query_end = std::min(s.find('#', r.query_begin), s.size());
    i = r.query_end;
  }
  if (i < s.size()) r.fragment_begin = i + 1;  // s[i] == '#'
  return r;
}

/// Where the parts of an authority (RFC 3986 3.2) lie, as offsets into it.
///   authority = [ userinfo "@" ] host [ ":" port ]
struct authority_spans {
  std::size_t userinfo_end = npos;  ///< the '@' ending the userinfo; npos when there is none
  std::size_t host_begin = 0, host_end = 0;
  std::size_t port_begin = npos;  ///< after the ':'; the port runs to the end
};

/// Splits an authority. Userinfo cannot hold '@', so the first '@' ends it. An IP-literal
/// ends at its first ']' (neither IPv6address nor IPvFuture holds one); any other host at the
/// first ':', since a reg-name cannot hold one. The port starts after the next ':'; a byte
/// other than ':' at host_end (after a ']') is where the authority stops matching.
[[nodiscard]] constexpr authority_spans split_authority(std::string_view s) noexcept {
  authority_spans r;
  if (const std::size_t at = s.find('@'); at != npos) {
    r.userinfo_end = at;
    r.host_begin = at + 1;
  }
  if (r.host_begin < s.size() && s[r.host_begin] == '[') {
    const std::size_t close = s.find(']', r.host_begin);
    r.host_end = close == npos ? s.size() : close + 1;
  } else {
    r.host_end = std::min(s.find(':', r.host_begin), s.size());
  }
  if (const std::size_t colon = s.find(':', r.host_end); colon != npos) r.port_begin = colon + 1;
  return r;
}

// ---- 3.1 scheme, 3.2.3 port ------------------------------------------------------------------

/// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ): where `s` stops matching, or npos.
[[nodiscard]] constexpr std::size_t scheme_mismatch(std::string_view s) noexcept {
  if (s.empty() || !sets::alpha.contains(s[0])) return 0;
  for (std::size_t i = 1; i < s.size(); ++i)
    if (!sets::scheme.contains(s[i])) return i;
  return npos;
}

/// port = *DIGIT: where `s` stops matching, or npos.
[[nodiscard]] constexpr std::size_t port_mismatch(std::string_view s) noexcept {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (!sets::digit.contains(s[i])) return i;
  return npos;
}

// ---- 3.2.2 host: IP addresses ----------------------------------------------------------------

/// Where `s` stops matching IPv4address, or npos when all of it matches.
///   IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
///   dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
/// i.e. 0-255 written without leading zeros.
[[nodiscard]] constexpr std::size_t ipv4_mismatch(std::string_view s) noexcept {
  std::size_t i = 0;
  for (int octet = 0; octet < 4; ++octet) {
    if (octet > 0) {
      if (i == s.size() || s[i] != '.') return i;
      ++i;
    }
    const std::size_t start = i;
    unsigned value = 0;
    while (i < s.size() && sets::digit.contains(s[i]) && i - start < 4)
      value = value * 10 + static_cast<unsigned>(s[i++] - '0');
    const std::size_t digits = i - start;
    if (digits == 0) return start;
    if (digits > 1 && s[start] == '0') return start;  // a leading zero: "01", "00"
    if (digits > 3 || value > 255) return start;
  }
  return i == s.size() ? npos : i;
}

/// Where `s` stops matching IPv6address, or npos when all of it matches. The nine
/// alternatives of the ABNF
///   IPv6address =                            6( h16 ":" ) ls32
///               /                       "::" 5( h16 ":" ) ls32
///               / [               h16 ] "::" 4( h16 ":" ) ls32
///               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
///               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
///               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
///               / [ *4( h16 ":" ) h16 ] "::"              ls32
///               / [ *5( h16 ":" ) h16 ] "::"              h16
///               / [ *6( h16 ":" ) h16 ] "::"
///   h16 = 1*4HEXDIG ; ls32 = ( h16 ":" h16 ) / IPv4address
/// amount to: 16-bit pieces (h16) separated by ':', an IPv4address allowed only as the last
/// piece (counting as two), and either exactly 8 pieces, or at most 7 around one "::".
[[nodiscard]] constexpr std::size_t ipv6_mismatch(std::string_view s) noexcept {
  std::size_t i = 0;
  int pieces = 0;
  bool compressed = false;
  if (s.starts_with("::")) {
    compressed = true;
    i = 2;
  } else if (s.starts_with(":")) {
    return 0;  // a ':' can only start the address as part of "::"
  }
  while (i < s.size()) {
    const std::size_t start = i;
    while (i < s.size() && sets::hexdig.contains(s[i]) && i - start < 5) ++i;
    if (i < s.size() && s[i] == '.') {  // the piece is the ls32 IPv4address: it must end s
      // It counts as two pieces and ends the address: after exactly six, or within seven
      // around "::". Otherwise this '.' is the first byte that cannot match.
      if (compressed ? pieces + 2 > 7 : pieces != 6) return i;
      const std::size_t bad = ipv4_mismatch(s.substr(start));
      if (bad != npos) return start + bad;
      pieces += 2;
      i = s.size();
      break;
    }
    if (i == start) return start;         // expected h16
    if (i - start > 4) return start + 4;  // h16 is at most 4 hex digits
    if (++pieces > (compressed ? 7 : 8)) return start;
    if (i == s.size()) break;
    if (s[i] != ':') return i;
    if (i + 1 < s.size() && s[i + 1] == ':') {
      if (compressed) return i;  // a second "::"
      compressed = true;
      i += 2;
      if (pieces > 7) return i - 2;
    } else {
      ++i;
      if (i == s.size()) return i;  // a trailing single ':' needs another h16
    }
  }
  if (!compressed && pieces != 8) return s.size();
  return npos;
}

/// Where `s` stops matching IPvFuture, or npos when all of it matches.
///   IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
[[nodiscard]] constexpr std::size_t ipvfuture_mismatch(std::string_view s) noexcept {
  constexpr charset tail = sets::unreserved | sets::sub_delims | charset(":");
  if (s.empty() || (s[0] != 'v' && s[0] != 'V')) return 0;
  std::size_t i = 1;
  while (i < s.size() && sets::hexdig.contains(s[i])) ++i;
  if (i == 1 || i == s.size() || s[i] != '.') return i;
  const std::size_t first = ++i;
  while (i < s.size() && tail.contains(s[i])) ++i;
  if (i == first || i != s.size()) return i;
  return npos;
}

/// IP-literal = "[" ( IPv6address / IPvFuture ) "]", all of `s` (which starts with '['): its
/// kind, or errc::bad_ip_literal where it stops matching (at the end when the ']' is missing)
/// and errc::disallowed_char at a byte after the ']'.
[[nodiscard]] inline result<host_type> match_ip_literal(std::string_view s) noexcept {
  const std::size_t close = std::min(s.find(']'), s.size());
  const std::string_view content = s.substr(1, close - 1);
  const bool future = !content.empty() && (content[0] == 'v' || content[0] == 'V');
  const std::size_t bad = future ? ipvfuture_mismatch(content) : ipv6_mismatch(content);
  if (bad != npos) return error{errc::bad_ip_literal, 1 + bad};
  if (close == s.size()) return error{errc::bad_ip_literal, close};  // the ']' is missing
  if (close + 1 != s.size()) return error{errc::disallowed_char, close + 1};
  return future ? host_type::ipvfuture : host_type::ipv6;
}

/// host = IP-literal / IPv4address / reg-name, all of `s`: its kind, or the error where it
/// stops matching. `reg_name(s)` checks the characters of a reg-name (a result<void>), which
/// depend on the syntax (URI or IRI) and on how escapes are read. Text that matches
/// IPv4address is an IPv4 address, not a reg-name (3.2.2).
template <class RegName>
[[nodiscard]] result<host_type> match_host(std::string_view s, RegName&& reg_name) {
  if (s.starts_with('[')) return match_ip_literal(s);
  if (auto r = reg_name(s); !r) return r.error();
  return ipv4_mismatch(s) == npos ? host_type::ipv4 : host_type::reg_name;
}

// ---- 3.3 path: which forms may follow what -------------------------------------------------

/// Whether a path can follow the components before it (3.3, 4.2), and if not, why:
///   after an authority:         path-abempty = *( "/" segment )
///   after a scheme alone:       path-absolute / path-rootless / path-empty
///   in a relative-ref alone:    path-absolute / path-noscheme / path-empty
/// where path-absolute cannot start "//" and path-noscheme holds no ':' in its first segment.
/// The split of a parsed reference always fits; a path computed (resolve, normalize) or set
/// (`uri`) may not, and then the writer repairs it (write.h).
enum class path_fit : unsigned char {
  fits,
  rootless_after_authority,  ///< not path-abempty: neither empty nor starting with '/'
  authority_like,            ///< starts "//" without an authority, so it would read as one
  colon_in_first_segment,    ///< no scheme, no authority: the first segment would read as one
};

[[nodiscard]] constexpr path_fit fit_path(std::string_view path, bool has_scheme,
                                          bool has_authority) noexcept {
  if (has_authority)
    return path.empty() || path[0] == '/' ? path_fit::fits : path_fit::rootless_after_authority;
  if (path.starts_with("//")) return path_fit::authority_like;
  if (has_scheme) return path_fit::fits;
  const std::string_view first = path.substr(0, path.find('/'));
  return first.find(':') == npos ? path_fit::fits : path_fit::colon_in_first_segment;
}

}  // namespace urix::detail
