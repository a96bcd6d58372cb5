// SPDX-License-Identifier: Apache-2.0 OR MIT
// The RFC 3986 Appendix A recognizer (see rfc3986_abnf.h). Each rule is a member function
// `ends RULE(std::size_t p)`: the sorted positions where RULE, started at p, can end. The
// ABNF of each rule is quoted above its function; the body says the same thing with the
// combinators seq (concatenation), alt (alternatives), rep (repetition) and lit (a string,
// case-insensitive as ABNF strings are, RFC 5234 2.3).
#include "rfc3986_abnf.h"

#include <algorithm>
#include <cstddef>
#include <functional>

#include "urix/uri.h"

namespace rfc3986 {
namespace {

using ends = std::vector<std::size_t>;
using rule = std::function<ends(std::size_t)>;

constexpr std::size_t unbounded = static_cast<std::size_t>(-1);

void sort_unique(ends& e) {
  std::sort(e.begin(), e.end());
  e.erase(std::unique(e.begin(), e.end()), e.end());
}

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

class grammar {
 public:
  explicit grammar(std::string_view s) : s_(s) {}

  // ---- Combinators ----

  // Every end of `second` started at every end of `first`.
  static ends then(const ends& first, const rule& second) {
    ends out;
    for (std::size_t p : first)
      for (std::size_t q : second(p)) out.push_back(q);
    sort_unique(out);
    return out;
  }
  // seq(p, a, b, ...) = a b ...
  static ends seq(std::size_t p, std::initializer_list<rule> rules) {
    ends cur{p};
    for (const rule& r : rules) cur = then(cur, r);
    return cur;
  }
  // alt(p, a, b, ...) = a / b / ...
  static ends alt(std::size_t p, std::initializer_list<rule> rules) {
    ends out;
    for (const rule& r : rules)
      for (std::size_t q : r(p)) out.push_back(q);
    sort_unique(out);
    return out;
  }
  // rep(p, min, max, r) = <min>*<max>r. Positions already reached are not expanded again:
  // the rest of a repetition from a position does not depend on how it was reached.
  static ends rep(std::size_t p, std::size_t min, std::size_t max, const rule& r) {
    ends all;
    ends cur{p};
    if (min == 0) all.push_back(p);
    for (std::size_t k = 1; k <= max && !cur.empty(); ++k) {
      cur = then(cur, r);
      if (k >= min) {
        if (max == unbounded) {  // drop what an earlier round already continued from
          ends fresh;
          for (std::size_t q : cur)
            if (!std::binary_search(all.begin(), all.end(), q)) fresh.push_back(q);
          cur = fresh;
        }
        all.insert(all.end(), cur.begin(), cur.end());
        sort_unique(all);
      }
    }
    return all;
  }
  // [ r ] = *1r
  static ends opt(std::size_t p, const rule& r) { return rep(p, 0, 1, r); }
  // A literal string, case-insensitive.
  ends lit(std::size_t p, std::string_view text) const {
    if (s_.size() - p < text.size()) return {};
    for (std::size_t i = 0; i < text.size(); ++i)
      if (lower(s_[p + i]) != lower(text[i])) return {};
    return {p + text.size()};
  }
  // One byte in [lo, hi] (a %xLO-HI range).
  ends range(std::size_t p, char lo, char hi) const {
    if (p < s_.size() && s_[p] >= lo && s_[p] <= hi) return {p + 1};
    return {};
  }
  // One of the bytes of `set` (an alternation of one-character strings).
  ends one_of(std::size_t p, std::string_view set) const {
    if (p < s_.size() && set.find(s_[p]) != std::string_view::npos) return {p + 1};
    return {};
  }

  // Binds a member rule to this grammar, for the combinators.
  rule r(ends (grammar::*f)(std::size_t) const) const {
    return [this, f](std::size_t p) { return (this->*f)(p); };
  }
  rule l(std::string_view text) const {
    return [this, text](std::size_t p) { return lit(p, text); };
  }

  // ---- RFC 5234 B.1 core rules ----

  // ALPHA = %x41-5A / %x61-7A
  ends ALPHA(std::size_t p) const {
    return alt(p, {[this](std::size_t q) { return range(q, 'A', 'Z'); },
                   [this](std::size_t q) { return range(q, 'a', 'z'); }});
  }
  // DIGIT = %x30-39
  ends DIGIT(std::size_t p) const { return range(p, '0', '9'); }
  // HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"   (strings: either case)
  ends HEXDIG(std::size_t p) const {
    return alt(p, {r(&grammar::DIGIT), l("A"), l("B"), l("C"), l("D"), l("E"), l("F")});
  }

  // ---- RFC 3986 Appendix A ----

  // URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
  ends URI(std::size_t p) const {
    return seq(p,
               {r(&grammar::scheme), l(":"), r(&grammar::hier_part), opt_query(), opt_fragment()});
  }
  rule opt_query() const {
    return [this](std::size_t p) {
      return opt(p, [this](std::size_t q) { return seq(q, {l("?"), r(&grammar::query)}); });
    };
  }
  rule opt_fragment() const {
    return [this](std::size_t p) {
      return opt(p, [this](std::size_t q) { return seq(q, {l("#"), r(&grammar::fragment)}); });
    };
  }
  // hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
  ends hier_part(std::size_t p) const {
    return alt(p,
               {[this](std::size_t q) {
                  return seq(q, {l("//"), r(&grammar::authority), r(&grammar::path_abempty)});
                },
                r(&grammar::path_absolute), r(&grammar::path_rootless), r(&grammar::path_empty)});
  }
  // URI-reference = URI / relative-ref
  ends URI_reference(std::size_t p) const {
    return alt(p, {r(&grammar::URI), r(&grammar::relative_ref)});
  }
  // relative-ref = relative-part [ "?" query ] [ "#" fragment ]
  ends relative_ref(std::size_t p) const {
    return seq(p, {r(&grammar::relative_part), opt_query(), opt_fragment()});
  }
  // relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
  ends relative_part(std::size_t p) const {
    return alt(p,
               {[this](std::size_t q) {
                  return seq(q, {l("//"), r(&grammar::authority), r(&grammar::path_abempty)});
                },
                r(&grammar::path_absolute), r(&grammar::path_noscheme), r(&grammar::path_empty)});
  }
  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  ends scheme(std::size_t p) const {
    return seq(p,
               {r(&grammar::ALPHA), [this](std::size_t q) {
                  return rep(q, 0, unbounded, [this](std::size_t k) {
                    return alt(k, {r(&grammar::ALPHA), r(&grammar::DIGIT), l("+"), l("-"), l(".")});
                  });
                }});
  }
  // authority = [ userinfo "@" ] host [ ":" port ]
  ends authority(std::size_t p) const {
    return seq(
        p,
        {[this](std::size_t q) {
           return opt(q, [this](std::size_t k) { return seq(k, {r(&grammar::userinfo), l("@")}); });
         },
         r(&grammar::host),
         [this](std::size_t q) {
           return opt(q, [this](std::size_t k) { return seq(k, {l(":"), r(&grammar::port)}); });
         }});
  }
  // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
  ends userinfo(std::size_t p) const {
    return rep(p, 0, unbounded, [this](std::size_t q) {
      return alt(
          q, {r(&grammar::unreserved), r(&grammar::pct_encoded), r(&grammar::sub_delims), l(":")});
    });
  }
  // host = IP-literal / IPv4address / reg-name
  ends host(std::size_t p) const {
    return alt(p, {r(&grammar::IP_literal), r(&grammar::IPv4address), r(&grammar::reg_name)});
  }
  // port = *DIGIT
  ends port(std::size_t p) const { return rep(p, 0, unbounded, r(&grammar::DIGIT)); }
  // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
  ends IP_literal(std::size_t p) const {
    return seq(p, {l("["),
                   [this](std::size_t q) {
                     return alt(q, {r(&grammar::IPv6address), r(&grammar::IPvFuture)});
                   },
                   l("]")});
  }
  // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
  ends IPvFuture(std::size_t p) const {
    return seq(p,
               {l("v"), [this](std::size_t q) { return rep(q, 1, unbounded, r(&grammar::HEXDIG)); },
                l("."),
                [this](std::size_t q) {
                  return rep(q, 1, unbounded, [this](std::size_t k) {
                    return alt(k, {r(&grammar::unreserved), r(&grammar::sub_delims), l(":")});
                  });
                }});
  }
  // h16 ":" repeated: <n>( h16 ":" ) is rep(p, n, n, h16_colon()), *<n>( ... ) rep(p, 0, n, ...)
  rule h16_colon() const {
    return [this](std::size_t p) { return seq(p, {r(&grammar::h16), l(":")}); };
  }
  rule h16s_colon(std::size_t min, std::size_t max) const {
    return [this, min, max](std::size_t p) { return rep(p, min, max, h16_colon()); };
  }
  // [ *<n>( h16 ":" ) h16 ]
  rule head(std::size_t n) const {
    return [this, n](std::size_t p) {
      return opt(p, [this, n](std::size_t q) {
        return seq(q, {h16s_colon(0, n), r(&grammar::h16)});
      });
    };
  }
  // IPv6address =                            6( h16 ":" ) ls32
  //             /                       "::" 5( h16 ":" ) ls32
  //             / [               h16 ] "::" 4( h16 ":" ) ls32
  //             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
  //             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
  //             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
  //             / [ *4( h16 ":" ) h16 ] "::"              ls32
  //             / [ *5( h16 ":" ) h16 ] "::"              h16
  //             / [ *6( h16 ":" ) h16 ] "::"
  ends IPv6address(std::size_t p) const {
    const rule ls32 = r(&grammar::ls32);
    const rule h16 = r(&grammar::h16);
    const rule cc = l("::");
    const rule single_h16 = [this](std::size_t q) { return opt(q, r(&grammar::h16)); };
    return alt(p, {
                      [&](std::size_t q) {
                        return seq(q, {h16s_colon(6, 6), ls32});
                      },
                      [&](std::size_t q) {
                        return seq(q, {cc, h16s_colon(5, 5), ls32});
                      },
                      [&](std::size_t q) {
                        return seq(q, {single_h16, cc, h16s_colon(4, 4), ls32});
                      },
                      [&](std::size_t q) {
                        return seq(q, {head(1), cc, h16s_colon(3, 3), ls32});
                      },
                      [&](std::size_t q) {
                        return seq(q, {head(2), cc, h16s_colon(2, 2), ls32});
                      },
                      [&](std::size_t q) {
                        return seq(q, {head(3), cc, h16, l(":"), ls32});
                      },
                      [&](std::size_t q) {
                        return seq(q, {head(4), cc, ls32});
                      },
                      [&](std::size_t q) {
                        return seq(q, {head(5), cc, h16});
                      },
                      [&](std::size_t q) {
                        return seq(q, {head(6), cc});
                      },
                  });
  }
  // h16 = 1*4HEXDIG
  ends h16(std::size_t p) const { return rep(p, 1, 4, r(&grammar::HEXDIG)); }
  // ls32 = ( h16 ":" h16 ) / IPv4address
  ends ls32(std::size_t p) const {
    return alt(p, {[this](std::size_t q) {
                     return seq(q, {r(&grammar::h16), l(":"), r(&grammar::h16)});
                   },
                   r(&grammar::IPv4address)});
  }
  // IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
  ends IPv4address(std::size_t p) const {
    const rule d = r(&grammar::dec_octet);
    return seq(p, {d, l("."), d, l("."), d, l("."), d});
  }
  // dec-octet = DIGIT                 ; 0-9
  //           / %x31-39 DIGIT         ; 10-99
  //           / "1" 2DIGIT            ; 100-199
  //           / "2" %x30-34 DIGIT     ; 200-249
  //           / "25" %x30-35          ; 250-255
  ends dec_octet(std::size_t p) const {
    const rule digit = r(&grammar::DIGIT);
    auto in = [this](char lo, char hi) -> rule {
      return [this, lo, hi](std::size_t q) { return range(q, lo, hi); };
    };
    return alt(p, {digit,
                   [&](std::size_t q) {
                     return seq(q, {in('1', '9'), digit});
                   },
                   [&](std::size_t q) {
                     return seq(q, {l("1"), digit, digit});
                   },
                   [&](std::size_t q) {
                     return seq(q, {l("2"), in('0', '4'), digit});
                   },
                   [&](std::size_t q) {
                     return seq(q, {l("25"), in('0', '5')});
                   }});
  }
  // reg-name = *( unreserved / pct-encoded / sub-delims )
  ends reg_name(std::size_t p) const {
    return rep(p, 0, unbounded, [this](std::size_t q) {
      return alt(q, {r(&grammar::unreserved), r(&grammar::pct_encoded), r(&grammar::sub_delims)});
    });
  }
  // *( "/" segment )
  ends slash_segments(std::size_t p) const {
    return rep(p, 0, unbounded, [this](std::size_t q) {
      return seq(q, {l("/"), r(&grammar::segment)});
    });
  }
  // path-abempty = *( "/" segment )
  ends path_abempty(std::size_t p) const { return slash_segments(p); }
  // path-absolute = "/" [ segment-nz *( "/" segment ) ]
  ends path_absolute(std::size_t p) const {
    return seq(p, {l("/"), [this](std::size_t q) {
                     return opt(q, [this](std::size_t k) {
                       return seq(k, {r(&grammar::segment_nz), r(&grammar::slash_segments)});
                     });
                   }});
  }
  // path-noscheme = segment-nz-nc *( "/" segment )
  ends path_noscheme(std::size_t p) const {
    return seq(p, {r(&grammar::segment_nz_nc), r(&grammar::slash_segments)});
  }
  // path-rootless = segment-nz *( "/" segment )
  ends path_rootless(std::size_t p) const {
    return seq(p, {r(&grammar::segment_nz), r(&grammar::slash_segments)});
  }
  // path-empty = 0<pchar>
  ends path_empty(std::size_t p) const { return {p}; }
  // segment = *pchar
  ends segment(std::size_t p) const { return rep(p, 0, unbounded, r(&grammar::pchar)); }
  // segment-nz = 1*pchar
  ends segment_nz(std::size_t p) const { return rep(p, 1, unbounded, r(&grammar::pchar)); }
  // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
  ends segment_nz_nc(std::size_t p) const {
    return rep(p, 1, unbounded, [this](std::size_t q) {
      return alt(
          q, {r(&grammar::unreserved), r(&grammar::pct_encoded), r(&grammar::sub_delims), l("@")});
    });
  }
  // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
  ends pchar(std::size_t p) const {
    return alt(p, {r(&grammar::unreserved), r(&grammar::pct_encoded), r(&grammar::sub_delims),
                   l(":"), l("@")});
  }
  // query = *( pchar / "/" / "?" )
  ends query(std::size_t p) const {
    return rep(p, 0, unbounded, [this](std::size_t q) {
      return alt(q, {r(&grammar::pchar), l("/"), l("?")});
    });
  }
  // fragment = *( pchar / "/" / "?" )
  ends fragment(std::size_t p) const { return query(p); }
  // pct-encoded = "%" HEXDIG HEXDIG
  ends pct_encoded(std::size_t p) const {
    return seq(p, {l("%"), r(&grammar::HEXDIG), r(&grammar::HEXDIG)});
  }
  // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
  ends unreserved(std::size_t p) const {
    return alt(p, {r(&grammar::ALPHA), r(&grammar::DIGIT), l("-"), l("."), l("_"), l("~")});
  }
  // sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
  ends sub_delims(std::size_t p) const { return one_of(p, "!$&'()*+,;="); }

  // ---- Whole-input matches ----

  [[nodiscard]] bool whole(ends (grammar::*f)(std::size_t) const, std::size_t b,
                           std::size_t e) const {
    const ends got = (this->*f)(b);
    return std::binary_search(got.begin(), got.end(), e);
  }

  // ---- Components: URI-reference again, rule by rule, recording where each part lies ----

  std::string text(std::size_t b, std::size_t e) const { return std::string(s_.substr(b, e - b)); }

  // [ "?" query ] [ "#" fragment ] from p to the end of the input.
  void tail(std::size_t p, components c, std::vector<components>& out) const {
    std::vector<std::pair<std::size_t, std::optional<std::string>>> after_query{{p, {}}};
    if (p < s_.size() && s_[p] == '?')
      for (std::size_t q : query(p + 1)) after_query.push_back({q, text(p + 1, q)});
    for (const auto& [q, query_text] : after_query) {
      std::vector<std::pair<std::size_t, std::optional<std::string>>> after_fragment{{q, {}}};
      if (q < s_.size() && s_[q] == '#')
        for (std::size_t f : fragment(q + 1)) after_fragment.push_back({f, text(q + 1, f)});
      for (const auto& [f, fragment_text] : after_fragment) {
        if (f != s_.size()) continue;
        components done = c;
        done.query = query_text;
        done.fragment = fragment_text;
        out.push_back(done);
      }
    }
  }

  // "//" authority path-abempty, from p (after the "//"), then the tail.
  void with_authority(std::size_t p, const components& c, std::vector<components>& out) const {
    // [ userinfo "@" ]
    std::vector<std::pair<std::size_t, std::optional<std::string>>> hosts_at{{p, {}}};
    for (std::size_t u : userinfo(p))
      if (u < s_.size() && s_[u] == '@') hosts_at.push_back({u + 1, text(p, u)});
    for (const auto& [h, user] : hosts_at) {
      for (std::size_t he : host(h)) {
        // 3.2.2: the first rule of host that matches the whole host names its kind.
        std::string kind = "reg-name";
        if (whole(&grammar::IP_literal, h, he)) {
          kind = whole(&grammar::IPv6address, h + 1, he - 1) ? "ipv6" : "ipvfuture";
        } else if (whole(&grammar::IPv4address, h, he)) {
          kind = "ipv4";
        }
        std::vector<std::pair<std::size_t, std::optional<std::string>>> ports{{he, {}}};
        if (he < s_.size() && s_[he] == ':')
          for (std::size_t pe : port(he + 1)) ports.push_back({pe, text(he + 1, pe)});
        for (const auto& [ae, port_text] : ports) {
          for (std::size_t pe : path_abempty(ae)) {
            components d = c;
            d.authority = text(p, ae);
            d.userinfo = user;
            d.host = text(h, he);
            d.host_kind = kind;
            d.port = port_text;
            d.path = text(ae, pe);
            tail(pe, d, out);
          }
        }
      }
    }
  }

  // hier-part (after a scheme) or relative-part (without one), then the tail.
  void part(std::size_t p, const components& c, bool relative, std::vector<components>& out) const {
    if (!lit(p, "//").empty()) with_authority(p + 2, c, out);
    ends paths = path_absolute(p);
    const ends other = relative ? path_noscheme(p) : path_rootless(p);
    paths.insert(paths.end(), other.begin(), other.end());
    paths.push_back(p);  // path-empty
    sort_unique(paths);
    for (std::size_t e : paths) {
      components d = c;
      d.path = text(p, e);
      tail(e, d, out);
    }
  }

  std::vector<components> all_components() const {
    std::vector<components> out;
    for (std::size_t e : scheme(0)) {  // URI
      if (e < s_.size() && s_[e] == ':') {
        components c;
        c.scheme = text(0, e);
        part(e + 1, c, false, out);
      }
    }
    part(0, components{}, true, out);  // relative-ref
    std::vector<components> distinct;
    for (const components& c : out)
      if (std::find(distinct.begin(), distinct.end(), c) == distinct.end()) distinct.push_back(c);
    return distinct;
  }

 private:
  std::string_view s_;
};

}  // namespace

std::vector<components> parse_uri_reference(std::string_view s) {
  return grammar(s).all_components();
}

bool matches_uri_reference(std::string_view s) {
  return grammar(s).whole(&grammar::URI_reference, 0, s.size());
}

std::string compare_with_urix(std::string_view s) {
  const std::vector<components> abnf = parse_uri_reference(s);
  if (matches_uri_reference(s) != !abnf.empty()) return "the recognizer contradicts itself";
  if (abnf.size() > 1) return "the ABNF matches with different components";
  const urix::result<urix::uri_view> u = urix::parse_uri_reference(s);
  if (u.has_value() != !abnf.empty())
    return u ? "urix accepts what the ABNF rejects" : "urix rejects what the ABNF accepts";
  if (!u) return "";
  const components& want = abnf.front();
  const auto own = [](std::optional<std::string_view> v) {
    return v ? std::optional<std::string>(*v) : std::nullopt;
  };
  components got;
  got.scheme = own(u->scheme);
  got.authority = own(u->authority);
  got.userinfo = own(u->userinfo);
  got.host = own(u->host);
  got.port = own(u->port);
  got.path = std::string(u->path);
  got.query = own(u->query);
  got.fragment = own(u->fragment);
  got.host_kind = std::string(urix::to_string(u->host_kind));
  const auto show = [](const std::optional<std::string>& v) {
    return v ? "\"" + *v + "\"" : std::string("absent");
  };
  std::string diff;
  const auto field = [&](const char* name, const std::optional<std::string>& a,
                         const std::optional<std::string>& b) {
    if (a != b) diff += std::string(name) + ": urix " + show(a) + ", ABNF " + show(b) + "; ";
  };
  field("scheme", got.scheme, want.scheme);
  field("authority", got.authority, want.authority);
  field("userinfo", got.userinfo, want.userinfo);
  field("host", got.host, want.host);
  field("host kind", got.host_kind, want.host_kind);
  field("port", got.port, want.port);
  field("path", got.path, want.path);
  field("query", got.query, want.query);
  field("fragment", got.fragment, want.fragment);
  return diff;
}

bool matches_ipv6address(std::string_view s) {
  return grammar(s).whole(&grammar::IPv6address, 0, s.size());
}

bool matches_ipv4address(std::string_view s) {
  return grammar(s).whole(&grammar::IPv4address, 0, s.size());
}

}  // namespace rfc3986
