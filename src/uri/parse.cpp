// The URI-reference parser (RFC 3986 sections 3 and 4.1, Appendix A) and its IRI variant
// (RFC 3987 section 2.2). One pass, no allocation: each rule below checks a slice of the
// input and reports the first byte that does not match, the way the ABNF reads.
#include <cstdint>

#include "../pct/escape.h"
#include "../utf8/sequence.h"
#include "urix/ucs.h"
#include "urix/uri.h"

namespace urix {
namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_hexdig(char c) noexcept { return sets::hexdig.contains(c); }
bool is_digit(char c) noexcept { return sets::digit.contains(c); }

// Which non-ASCII code points a component may hold.
enum class non_ascii : unsigned char {
  none,      // RFC 3986 URIs, and the IRI scheme, port and IP-literal
  ucschar,   // iuserinfo, ireg-name, isegment, ifragment
  iprivate,  // iquery: ucschar / iprivate
};

// *( allowed / pct-encoded [/ ucschar [/ iprivate]] ) over in[b, e): the shape of every
// component from userinfo to fragment. Escapes are read in the whole input, so "%4" at the
// end of the input is incomplete and "%4?" has a bad hex digit; both are reported at '%'.
result<void> scan(std::string_view in, std::size_t b, std::size_t e, const charset& allowed,
                  non_ascii extra) noexcept {
  for (std::size_t i = b; i < e;) {
    const char c = in[i];
    if (allowed.contains(c)) {
      ++i;
    } else if (c == '%') {
      if (detail::escape_at(in, i) < 0) return detail::escape_error(in, i);
      i += 3;
    } else if (static_cast<unsigned char>(c) >= 0x80 && extra != non_ascii::none) {
      // RFC 3987 2.2: ucschar, and iprivate in the query.
      const detail::utf8_sequence seq = detail::read_utf8(in, i);
      if (!seq.ok || i + seq.len > e) return error{errc::invalid_utf8, i};
      const char32_t cp = seq.code_point;
      if (!is_ucschar(cp) && !(extra == non_ascii::iprivate && is_iprivate(cp)))
        return error{errc::disallowed_char, i};
      i += seq.len;
    } else {
      return error{errc::disallowed_char, i};
    }
  }
  return {};
}

// ---- RFC 3986 3.2.2: IP addresses -----------------------------------------------------------

// Where `s` stops matching IPv4address, or npos when all of it matches.
//   IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//   dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
// i.e. 0-255 written without leading zeros.
std::size_t ipv4_mismatch(std::string_view s) noexcept {
  std::size_t i = 0;
  for (int octet = 0; octet < 4; ++octet) {
    if (octet > 0) {
      if (i == s.size() || s[i] != '.') return i;
      ++i;
    }
    const std::size_t start = i;
    unsigned value = 0;
    while (i < s.size() && is_digit(s[i]) && i - start < 4)
      value = value * 10 + static_cast<unsigned>(s[i++] - '0');
    const std::size_t digits = i - start;
    if (digits == 0) return start;
    if (digits > 1 && s[start] == '0') return start;  // a leading zero: "01", "00"
    if (digits > 3 || value > 255) return start;
  }
  return i == s.size() ? npos : i;
}

// Where `s` stops matching IPv6address, or npos when all of it matches. The nine
// alternatives of the ABNF
//   IPv6address =                            6( h16 ":" ) ls32
//               /                       "::" 5( h16 ":" ) ls32
//               / [               h16 ] "::" 4( h16 ":" ) ls32
//               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
//               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
//               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
//               / [ *4( h16 ":" ) h16 ] "::"              ls32
//               / [ *5( h16 ":" ) h16 ] "::"              h16
//               / [ *6( h16 ":" ) h16 ] "::"
//   h16 = 1*4HEXDIG ; ls32 = ( h16 ":" h16 ) / IPv4address
// amount to: 16-bit pieces (h16) separated by ':', an IPv4address allowed only as the last
// piece (counting as two), and either exactly 8 pieces, or at most 7 around one "::".
std::size_t ipv6_mismatch(std::string_view s) noexcept {
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
    while (i < s.size() && is_hexdig(s[i]) && i - start < 5) ++i;
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

// Where `s` stops matching IPvFuture, or npos when all of it matches.
//   IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
std::size_t ipvfuture_mismatch(std::string_view s) noexcept {
  static constexpr charset tail = sets::unreserved | sets::sub_delims | charset(":");
  if (s.empty() || (s[0] != 'v' && s[0] != 'V')) return 0;
  std::size_t i = 1;
  while (i < s.size() && is_hexdig(s[i])) ++i;
  if (i == 1 || i == s.size() || s[i] != '.') return i;
  const std::size_t first = ++i;
  while (i < s.size() && tail.contains(s[i])) ++i;
  if (i == first || i != s.size()) return i;
  return npos;
}

// ---- RFC 3986 3.1 and 3.2: scheme and authority ----------------------------------------------

// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); where `s` stops matching, or npos.
std::size_t scheme_mismatch(std::string_view s) noexcept {
  if (s.empty() || !sets::alpha.contains(s[0])) return 0;
  for (std::size_t i = 1; i < s.size(); ++i)
    if (!sets::scheme.contains(s[i])) return i;
  return npos;
}

// IP-literal = "[" ( IPv6address / IPvFuture ) "]" over in[b, e), where in[b] == '['.
// The literal ends at the first ']' (neither alternative may hold one).
result<std::size_t> parse_ip_literal(std::string_view in, std::size_t b, std::size_t e,
                                     host_type& kind) noexcept {
  std::size_t close = in.find(']', b);
  if (close >= e) close = npos;
  const std::size_t content_end = close == npos ? e : close;
  const std::string_view content = in.substr(b + 1, content_end - b - 1);
  const bool future = !content.empty() && (content[0] == 'v' || content[0] == 'V');
  const std::size_t bad = future ? ipvfuture_mismatch(content) : ipv6_mismatch(content);
  if (bad != npos) return error{errc::bad_ip_literal, b + 1 + bad};
  if (close == npos) return error{errc::bad_ip_literal, e};  // the ']' is missing
  kind = future ? host_type::ipvfuture : host_type::ipv6;
  return close + 1;
}

// authority = [ userinfo "@" ] host [ ":" port ] over in[b, e)   (RFC 3986 3.2)
//   userinfo = *( unreserved / pct-encoded / sub-delims / ":" )  (3.2.1)
//   host     = IP-literal / IPv4address / reg-name                (3.2.2)
//   reg-name = *( unreserved / pct-encoded / sub-delims )
//   port     = *DIGIT                                            (3.2.3)
// Userinfo cannot hold '@', so the first '@' ends it; a reg-name cannot hold ':', so the
// first ':' after the host starts the port.
result<void> parse_authority(std::string_view in, std::size_t b, std::size_t e, syntax grammar,
                             uri_view& u) noexcept {
  const non_ascii text = grammar == syntax::iri ? non_ascii::ucschar : non_ascii::none;
  u.authority = in.substr(b, e - b);
  std::size_t host_begin = b;
  const std::size_t at = in.find('@', b);
  if (at < e) {
    if (auto r = scan(in, b, at, sets::userinfo, text); !r) return r.error();
    u.userinfo = in.substr(b, at - b);
    host_begin = at + 1;
  }
  std::size_t host_end = 0;
  if (host_begin < e && in[host_begin] == '[') {
    auto r = parse_ip_literal(in, host_begin, e, u.host_kind);
    if (!r) return r.error();
    host_end = *r;
    if (host_end < e && in[host_end] != ':') return error{errc::disallowed_char, host_end};
  } else {
    host_end = in.find(':', host_begin);
    if (host_end > e) host_end = e;
    if (auto r = scan(in, host_begin, host_end, sets::host, text); !r) return r.error();
    // 3.2.2: text that matches IPv4address is an IPv4 address, not a reg-name.
    const std::string_view name = in.substr(host_begin, host_end - host_begin);
    u.host_kind = is_ipv4address(name) ? host_type::ipv4 : host_type::reg_name;
  }
  u.host = in.substr(host_begin, host_end - host_begin);
  if (host_end < e) {  // in[host_end] == ':'
    for (std::size_t i = host_end + 1; i < e; ++i)
      if (!is_digit(in[i])) return error{errc::bad_port, i};
    u.port = in.substr(host_end + 1, e - host_end - 1);
  }
  return {};
}

// URI-reference = URI / relative-ref                                  (RFC 3986 4.1)
//   URI          = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//   relative-ref = relative-part [ "?" query ] [ "#" fragment ]
//   hier-part    = "//" authority path-abempty / path-absolute / path-rootless / path-empty
//   relative-part= "//" authority path-abempty / path-absolute / path-noscheme / path-empty
//   query = fragment = *( pchar / "/" / "?" )
// A ':' before any '/', '?' or '#' can only end a scheme: path-noscheme forbids ':' in the
// first segment (4.2), so when the text before it is not a scheme, that is the error.
result<uri_view> parse(std::string_view in, syntax grammar, bool require_scheme) noexcept {
  const bool iri = grammar == syntax::iri;
  uri_view u;
  std::size_t i = 0;
  const std::size_t first_delim = in.find_first_of(":/?#");
  if (first_delim != npos && in[first_delim] == ':') {
    const std::string_view scheme = in.substr(0, first_delim);
    if (const std::size_t bad = scheme_mismatch(scheme); bad != npos)
      return error{errc::bad_scheme, bad};
    u.scheme = scheme;
    i = first_delim + 1;
  } else if (require_scheme) {
    return error{errc::missing_scheme, 0};
  }

  if (in.substr(i).starts_with("//")) {
    const std::size_t b = i + 2;
    std::size_t e = in.find_first_of("/?#", b);
    if (e == npos) e = in.size();
    if (auto r = parse_authority(in, b, e, grammar, u); !r) return r.error();
    i = e;
  }

  // path-abempty / path-absolute / path-rootless / path-noscheme / path-empty: the forms
  // differ only in where they may start, which the steps above already decided.
  std::size_t path_end = in.find_first_of("?#", i);
  if (path_end == npos) path_end = in.size();
  const non_ascii text = iri ? non_ascii::ucschar : non_ascii::none;
  if (auto r = scan(in, i, path_end, sets::path, text); !r) return r.error();
  u.path = in.substr(i, path_end - i);
  i = path_end;

  if (i < in.size() && in[i] == '?') {
    std::size_t e = in.find('#', i + 1);
    if (e == npos) e = in.size();
    if (auto r = scan(in, i + 1, e, sets::query, iri ? non_ascii::iprivate : non_ascii::none); !r)
      return r.error();
    u.query = in.substr(i + 1, e - i - 1);
    i = e;
  }
  if (i < in.size()) {  // in[i] == '#'
    if (auto r = scan(in, i + 1, in.size(), sets::fragment, text); !r) return r.error();
    u.fragment = in.substr(i + 1);
  }
  return u;
}

}  // namespace

std::string_view to_string(host_type kind) noexcept {
  switch (kind) {
    case host_type::none: return "";
    case host_type::reg_name: return "reg-name";
    case host_type::ipv4: return "ipv4";
    case host_type::ipv6: return "ipv6";
    case host_type::ipvfuture: return "ipvfuture";
  }
  return "";
}

result<uri_view> parse_uri_reference(std::string_view in, syntax grammar) noexcept {
  return parse(in, grammar, false);
}

result<uri_view> parse_uri(std::string_view in, syntax grammar) noexcept {
  return parse(in, grammar, true);
}

bool is_ipv4address(std::string_view s) noexcept { return ipv4_mismatch(s) == npos; }

result<void> check_ipv6address(std::string_view s) noexcept {
  if (const std::size_t bad = ipv6_mismatch(s); bad != npos)
    return error{errc::bad_ip_literal, bad};
  return {};
}

result<void> check_ipvfuture(std::string_view s) noexcept {
  if (const std::size_t bad = ipvfuture_mismatch(s); bad != npos)
    return error{errc::bad_ip_literal, bad};
  return {};
}

// ---- RFC 3986 5.3: recomposition ----------------------------------------------------------------

std::size_t recomposed_size(const uri_view& u) noexcept {
  std::size_t n = u.path.size();
  if (u.scheme) n += u.scheme->size() + 1;
  if (u.authority) n += u.authority->size() + 2;
  if (u.query) n += u.query->size() + 1;
  if (u.fragment) n += u.fragment->size() + 1;
  return n;
}

void recompose_append(std::string& out, const uri_view& u) {
  out.reserve(out.size() + recomposed_size(u));
  if (u.scheme) out.append(*u.scheme).push_back(':');
  if (u.authority) out.append("//").append(*u.authority);
  out.append(u.path);
  if (u.query) out.append("?").append(*u.query);
  if (u.fragment) out.append("#").append(*u.fragment);
}

std::string recompose(const uri_view& u) {
  std::string out;
  recompose_append(out, u);
  return out;
}

}  // namespace urix
