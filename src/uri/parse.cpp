// The URI-reference parser (RFC 3986 sections 3 and 4.1, Appendix A) and its IRI variant
// (RFC 3987 section 2.2). One pass, no allocation: each rule below checks a slice of the
// input and reports the first byte that does not match, the way the ABNF reads.
#include <cstdint>

#include "../pct/escape.h"
#include "../utf8/sequence.h"
#include "grammar.h"
#include "urix/ucs.h"
#include "urix/uri.h"

namespace urix {
namespace {

using detail::npos;

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

// ---- RFC 3986 3.2 and 4.1: the authority and the whole reference (split by grammar.h) -------

// authority = [ userinfo "@" ] host [ ":" port ] over in[b, e)   (RFC 3986 3.2)
//   userinfo = *( unreserved / pct-encoded / sub-delims / ":" )  (3.2.1)
//   host     = IP-literal / IPv4address / reg-name                (3.2.2)
//   reg-name = *( unreserved / pct-encoded / sub-delims )
//   port     = *DIGIT                                            (3.2.3)
result<void> parse_authority(std::string_view in, std::size_t b, std::size_t e, syntax grammar,
                             uri_view& u) noexcept {
  const non_ascii text = grammar == syntax::iri ? non_ascii::ucschar : non_ascii::none;
  u.authority = in.substr(b, e - b);
  const detail::authority_spans a = detail::split_authority(*u.authority);
  if (a.userinfo_end != npos) {
    if (auto r = scan(in, b, b + a.userinfo_end, sets::userinfo, text); !r) return r.error();
    u.userinfo = in.substr(b, a.userinfo_end);
  }
  const std::size_t host_begin = b + a.host_begin, host_end = b + a.host_end;
  const std::string_view host = in.substr(host_begin, host_end - host_begin);
  // Escapes are read in the whole input (see scan), so the reg-name is scanned in place.
  auto kind = detail::match_host(host, [&](std::string_view) -> result<void> {
    if (auto r = scan(in, host_begin, host_end, sets::host, text); !r)
      return error{r.error().code, r.error().offset - host_begin};
    return {};
  });
  if (!kind) return error{kind.error().code, host_begin + kind.error().offset};
  u.host_kind = *kind;
  u.host = host;
  if (host_end < e) {
    if (in[host_end] != ':') return error{errc::disallowed_char, host_end};
    const std::string_view port = in.substr(b + a.port_begin, e - b - a.port_begin);
    if (const std::size_t bad = detail::port_mismatch(port); bad != npos)
      return error{errc::bad_port, b + a.port_begin + bad};
    u.port = port;
  }
  return {};
}

// URI-reference = URI / relative-ref                                  (RFC 3986 4.1)
//   URI          = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//   relative-ref = relative-part [ "?" query ] [ "#" fragment ]
//   hier-part    = "//" authority path-abempty / path-absolute / path-rootless / path-empty
//   relative-part= "//" authority path-abempty / path-absolute / path-noscheme / path-empty
//   query = fragment = *( pchar / "/" / "?" )
// The components are split first (Appendix B), then each is checked, in the order they are
// written, so the error is at the first byte that breaks the grammar.
result<uri_view> parse(std::string_view in, syntax grammar, bool require_scheme) noexcept {
  const bool iri = grammar == syntax::iri;
  const non_ascii text = iri ? non_ascii::ucschar : non_ascii::none;
  const detail::reference_spans sp = detail::split_reference(in);
  uri_view u;
  if (sp.has_scheme()) {
    const std::string_view scheme = in.substr(0, sp.scheme_end);
    if (const std::size_t bad = detail::scheme_mismatch(scheme); bad != npos)
      return error{errc::bad_scheme, bad};
    u.scheme = scheme;
  } else if (require_scheme) {
    return error{errc::missing_scheme, 0};
  }
  if (sp.has_authority()) {
    if (auto r = parse_authority(in, sp.authority_begin, sp.authority_end, grammar, u); !r)
      return r.error();
  }
  // path-abempty / path-absolute / path-rootless / path-noscheme / path-empty: the forms
  // differ only in where they may start, which the split already decided.
  if (auto r = scan(in, sp.path_begin, sp.path_end, sets::path, text); !r) return r.error();
  u.path = in.substr(sp.path_begin, sp.path_end - sp.path_begin);
  if (sp.query_begin != npos) {
    const non_ascii query_text = iri ? non_ascii::iprivate : non_ascii::none;
    if (auto r = scan(in, sp.query_begin, sp.query_end, sets::query, query_text); !r)
      return r.error();
    u.query = in.substr(sp.query_begin, sp.query_end - sp.query_begin);
  }
  if (sp.fragment_begin != npos) {
    if (auto r = scan(in, sp.fragment_begin, in.size(), sets::fragment, text); !r)
      return r.error();
    u.fragment = in.substr(sp.fragment_begin);
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

bool is_ipv4address(std::string_view s) noexcept { return detail::ipv4_mismatch(s) == npos; }

result<void> check_ipv6address(std::string_view s) noexcept {
  if (const std::size_t bad = detail::ipv6_mismatch(s); bad != npos)
    return error{errc::bad_ip_literal, bad};
  return {};
}

result<void> check_ipvfuture(std::string_view s) noexcept {
  if (const std::size_t bad = detail::ipvfuture_mismatch(s); bad != npos)
    return error{errc::bad_ip_literal, bad};
  return {};
}

}  // namespace urix
