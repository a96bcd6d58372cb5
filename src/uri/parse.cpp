// SPDX-License-Identifier: Apache-2.0 OR MIT
// The URI-reference parser (RFC 3986 sections 3 and 4.1, Appendix A) and its IRI variant
// (RFC 3987 section 2.2). No allocation. The full grammar checks each component as the ABNF
// reads and reports the first byte that does not match; the common shape of real URLs is read
// first in one pass (its long runs by the active kernel), and anything it does not accept goes
// to the full grammar (see parse.h).
#include "parse.h"

#include "../detail/ascii.h"
#include "../kernels/interface.h"
#include "../pct/escape.h"
#include "urix/utf8.h"
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
      const utf8_sequence seq = read_utf8(in, i);
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
}  // namespace

result<uri_view> detail::parse_by_grammar(std::string_view in, syntax grammar,
                                          bool require_scheme) noexcept {
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
    if (auto r = scan(in, sp.fragment_begin, in.size(), sets::fragment, text); !r) return r.error();
    u.fragment = in.substr(sp.fragment_begin);
  }
  return u;
}

// ---- The common shape in one pass -------------------------------------------------------------

namespace {

// The runs of each component are read by the active kernel over these tables (the port's
// digits, rare and short, by charset::contains). '%' is in none: its escape is read
// separately.
static_assert(sets::fragment == sets::query);
constexpr detail::span_table scheme_run{sets::scheme};             // after the first ALPHA
constexpr detail::span_table reg_name_run{sets::host};             // unreserved / sub-delims
constexpr detail::span_table first_segment_run{sets::segment_nc};  // pchar without ':'
constexpr detail::span_table path_run{sets::path};                 // pchar / "/"
constexpr detail::span_table query_run{sets::query};               // pchar / "/" / "?"
// The same sets without capitals, for the pass that notes them (text_facts).
constexpr charset capitals = charset::range('A', 'Z');
constexpr detail::span_table lowercase_scheme_run{sets::scheme - capitals};
constexpr detail::span_table lowercase_reg_name_run{sets::host - capitals};

using span_fixed_fn = decltype(detail::kernel::span_fixed);

// The end of the run from `i` of bytes in `t`'s set, with well-formed escapes in it (which
// set `escaped`). Inlined: as a call of its own, its frame cost as much as a short run.
[[gnu::always_inline]] inline std::size_t run(std::string_view in, std::size_t i,
                                              const detail::span_table& t, span_fixed_fn span,
                                              bool& escaped) noexcept {
  while (true) {
    i += span(in.data() + i, in.size() - i, t);
    if (i == in.size() || in[i] != '%' || detail::escape_at(in, i) < 0) return i;
    escaped = true;
    i += 3;
  }
}

// detail::parse; `Noting`: and its text_facts.
template <bool Noting>
[[gnu::always_inline]] inline result<uri_view> parse_shape(std::string_view in, syntax grammar,
                                                          bool require_scheme,
                                                          detail::text_facts& facts) noexcept {
  const auto by_grammar = [&]() -> result<uri_view> {
    result<uri_view> u = detail::parse_by_grammar(in, grammar, require_scheme);
    if (Noting && u) facts = detail::find_text_facts(in, *u);
    return u;
  };
  const span_fixed_fn kernel_span = detail::active_kernel().span_fixed;
  const std::size_t n = in.size();
  bool escaped = false;
  // `step(from, table)` from `from` over `all`; when noting, first over `lowercase` (`all`
  // without capitals): a capital stops that, sets `capital`, and the step goes on over `all`.
  const auto cased = [&](auto step, std::size_t from, const detail::span_table& lowercase,
                         const detail::span_table& all, bool& capital) -> std::size_t {
    if constexpr (!Noting) return step(from, all);
    std::size_t end = step(from, lowercase);
    if (end < n && detail::is_ascii_upper(in[end])) {
      capital = true;
      end = step(end, all);
    }
    return end;
  };
  const auto scheme_step = [&](std::size_t from, const detail::span_table& t) {
    return from + kernel_span(in.data() + from, n - from, t);  // a scheme holds no escape
  };
  const auto reg_name_step = [&](std::size_t from, const detail::span_table& t) {
    return run(in, from, t, kernel_span, escaped);
  };
  // Where the parts lie; the view is built once at the end (building it as we go costs more
  // than the scan on short URLs).
  std::size_t scheme_end = npos, authority = npos, userinfo_end = npos, host = 0, host_end = 0,
              port = npos, i = 0;
  bool scheme_capital = false, host_capital = false;
  // scheme ":" (3.1). Without one, the first segment may not hold ':' (4.2), which
  // first_segment_run below enforces; whatever breaks that goes to the grammar. (A scheme
  // holds no '%': the run stops there.)
  if (n > 0 && sets::alpha.contains(in[0])) {
    bool capital = detail::is_ascii_upper(in[0]);
    const std::size_t end = cased(scheme_step, 1, lowercase_scheme_run, scheme_run, capital);
    if (end < n && in[end] == ':') {
      scheme_end = end;
      scheme_capital = capital;
      i = end + 1;
    }
  }
  // "//" authority (3.2): [ userinfo "@" ] host [ ":" port ], the userinfo without ':'.
  if (n - i >= 2 && in[i] == '/' && in[i + 1] == '/') {
    authority = host = i + 2;
    host_end = cased(reg_name_step, host, lowercase_reg_name_run, reg_name_run, host_capital);
    if (host_end < n && in[host_end] == '@') {
      userinfo_end = host_end;
      host = host_end + 1;
      host_capital = false;  // that was the userinfo, where case matters
      host_end = cased(reg_name_step, host, lowercase_reg_name_run, reg_name_run, host_capital);
    }
    i = host_end;
    if (i < n && in[i] == ':') {
      port = i + 1;
      for (i = port; i < n && sets::digit.contains(in[i]);) ++i;
    }
    if (i < n && in[i] != '/' && in[i] != '?' && in[i] != '#') return by_grammar();
  }
  // path, then "?" query and "#" fragment (3.3-3.5).
  const std::size_t authority_end = i, path_begin = i;
  if (scheme_end == npos && authority == npos) {
    i = run(in, i, first_segment_run, kernel_span, escaped);
    if (i < n && in[i] == ':') return by_grammar();  // the grammar says which error
  }
  i = run(in, i, path_run, kernel_span, escaped);
  const std::size_t path_end = i;
  std::size_t query = npos, query_end = npos, fragment = npos;
  if (i < n && in[i] == '?') {
    query = i + 1;
    i = query_end = run(in, query, query_run, kernel_span, escaped);
  }
  if (i < n && in[i] == '#') {
    fragment = i + 1;
    i = run(in, fragment, query_run, kernel_span, escaped);
  }
  if (i != n || (require_scheme && scheme_end == npos)) return by_grammar();

  using part = std::optional<std::string_view>;
  const auto span = [&](std::size_t b, std::size_t e) -> part {
    return b == npos ? part() : part(in.substr(b, e - b));
  };
  // 3.2.2: text that matches IPv4address is one. It ends with a digit; most hosts do not.
  const std::string_view host_text = in.substr(host, host_end - host);
  host_type host_kind = host_type::none;
  if (authority != npos) {
    const bool ipv4 = !host_text.empty() && sets::digit.contains(host_text.back()) &&
                      detail::ipv4_mismatch(host_text) == npos;
    host_kind = ipv4 ? host_type::ipv4 : host_type::reg_name;
  }
  // Built in place in the result (a uri_view is 25 words).
  const auto view = [&] {
    return uri_view{
        .scheme = span(scheme_end == npos ? npos : 0, scheme_end),
        .authority = span(authority, authority_end),
        .userinfo = span(userinfo_end == npos ? npos : authority, userinfo_end),
        .host = span(authority == npos ? npos : host, host_end),
        .port = span(port, authority_end),
        .path = in.substr(path_begin, path_end - path_begin),
        .query = span(query, query_end),
        .fragment = span(fragment, n),
        .host_kind = host_kind,
    };
  };
  if constexpr (Noting) facts = {escaped, scheme_capital || host_capital};
  return {std::in_place, view};
}

}  // namespace

result<uri_view> detail::parse(std::string_view in, syntax grammar, bool require_scheme) noexcept {
  text_facts unused;
  return parse_shape<false>(in, grammar, require_scheme, unused);
}

result<uri_view> detail::parse(std::string_view in, syntax grammar, bool require_scheme,
                               text_facts& facts) noexcept {
  return parse_shape<true>(in, grammar, require_scheme, facts);
}

detail::text_facts detail::find_text_facts(std::string_view in, const uri_view& u) noexcept {
  const auto has_capital = [](std::optional<std::string_view> s) {
    if (!s) return false;
    for (std::size_t i = 0; i < s->size(); ++i) {
      if ((*s)[i] == '%') i += 2;  // an escape's hex digits (the parser checked all three)
      else if (detail::is_ascii_upper((*s)[i])) return true;
    }
    return false;
  };
  return {.has_escape = in.find('%') != npos,
          .has_capital_in_scheme_or_host = has_capital(u.scheme) || has_capital(u.host)};
}

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
  return detail::parse(in, grammar, false);
}

result<uri_view> parse_uri(std::string_view in, syntax grammar) noexcept {
  return detail::parse(in, grammar, true);
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
