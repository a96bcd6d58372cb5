// SPDX-License-Identifier: Apache-2.0 OR MIT
// The URI-reference parser (RFC 3986 sections 3, 4.1, Appendix A; RFC 3987 2.2), decoded
// access (segments, parameters), recomposition (5.3) and the owning `uri`.
#include "urix/uri.h"

#include <gtest/gtest.h>
#include <ranges>
#include <vector>

#include "test_util.h"
#include "uri_gen.h"

namespace {

using urix::errc;
using urix::error;
using urix::host_type;
using urix_test::show;

urix::uri_view parsed(std::string_view s) {
  auto r = urix::parse_uri_reference(s);
  EXPECT_TRUE(r) << show(s) << ": " << r.error();
  return r ? *r : urix::uri_view{};
}

error parse_error(std::string_view s, urix::syntax grammar = urix::syntax::uri) {
  auto r = urix::parse_uri_reference(s, grammar);
  EXPECT_FALSE(r) << show(s) << " parsed";
  return r ? error{} : r.error();
}

// ---- Components (RFC 3986 3, Appendix B) ---------------------------------------------------

// The component-split examples the RFC gives (section 3 and Appendix B), from the shared data.
TEST(Parse, Rfc3986ComponentExamples) {
  const auto data = urix_test::load_json("rfc/rfc3986_examples.json");
  int n = 0;
  for (const auto& c : data["components"]["cases"]) {
    const auto input = c["input"].get<std::string>();
    SCOPED_TRACE(input + " (RFC 3986 " + c["section"].get<std::string>() + ")");
    const auto u = parsed(input);
    auto check = [&](const char* name, const std::optional<std::string_view>& got) {
      if (c[name].is_null()) EXPECT_FALSE(got) << name;
      else EXPECT_EQ(got.value_or("<absent>"), c[name].get<std::string>()) << name;
    };
    check("scheme", u.scheme);
    check("authority", u.authority);
    check("query", u.query);
    check("fragment", u.fragment);
    EXPECT_EQ(u.path, c["path"].get<std::string>());
    ++n;
  }
  EXPECT_EQ(n, 3);
}

// Section 1.1.2's example URIs are all URIs (with a scheme).
TEST(Parse, Rfc3986ExampleUris) {
  const auto data = urix_test::load_json("rfc/rfc3986_examples.json");
  for (const auto& c : data["example_uris"]["cases"]) {
    const auto input = c.get<std::string>();
    auto r = urix::parse_uri(input);
    ASSERT_TRUE(r) << input << ": " << r.error();
    EXPECT_EQ(urix::recompose(*r), input);
  }
}

TEST(Parse, AllComponents) {
  const auto u = parsed("foo://user:pw@example.com:8042/over/there?name=ferret#nose");
  EXPECT_EQ(u.scheme, "foo");
  EXPECT_EQ(u.authority, "user:pw@example.com:8042");
  EXPECT_EQ(u.userinfo, "user:pw");
  EXPECT_EQ(u.host, "example.com");
  EXPECT_EQ(u.host_kind, host_type::reg_name);
  EXPECT_EQ(u.port, "8042");
  EXPECT_EQ(u.path, "/over/there");
  EXPECT_EQ(u.query, "name=ferret");
  EXPECT_EQ(u.fragment, "nose");
}

// Section 5.3 relies on "absent" and "empty" being different components.
// RFC 3986 5.3: each component follows its delimiter, so lengths and presence give every
// offset. uri_layout keeps just those; its view of the text is the parser's, component by
// component and at the same offsets, on every real URL and on references with every part.
TEST(Parse, LayoutGivesBackTheParsersViews) {
  std::size_t checked = 0;
  auto check = [&](std::string_view text, urix::syntax g) {
    const auto u = urix::parse_uri_reference(text, g);
    if (!u) return;
    const urix::uri_layout l = urix::uri_layout::of(*u);
    const urix::uri_view v = l.view(text);
    const auto same = [&](const std::optional<std::string_view>& a, const std::optional<std::string_view>& b) {
      return a.has_value() == b.has_value() && (!a || (a->data() == b->data() && a->size() == b->size()));
    };
    EXPECT_TRUE(same(v.scheme, u->scheme) && same(v.authority, u->authority) && same(v.userinfo, u->userinfo) &&
                same(v.host, u->host) && same(v.port, u->port) && same(v.path, u->path) &&
                same(v.query, u->query) && same(v.fragment, u->fragment))
        << text;
    EXPECT_EQ(v.host_kind, u->host_kind) << text;
    ++checked;
  };
  for (std::string_view t : {"s://u@h:1/p?q#f", "s://@:/?#", "//h", "/p", "", "?q", "#f", "s:", "s:p",
                             "s://[::1]:80", "a/b:c"})
    check(t, urix::syntax::uri);
  for (const std::string& line : urix_test::real_urls()) check(line, urix::syntax::iri);
  EXPECT_GT(checked, 90000U);
  EXPECT_EQ(urix::uri_layout::of(*urix::parse_uri_reference("s://u@h:1/p?q#f")).offset(urix::uri_layout::port), 8U);
}

TEST(Parse, AbsentIsNotEmpty) {
  auto u = parsed("http://a/");
  EXPECT_FALSE(u.query);
  EXPECT_FALSE(u.fragment);
  EXPECT_FALSE(u.userinfo);
  EXPECT_FALSE(u.port);
  u = parsed("http://@a:/?#");
  EXPECT_EQ(u.userinfo, "");
  EXPECT_EQ(u.port, "");
  EXPECT_EQ(u.query, "");
  EXPECT_EQ(u.fragment, "");
  u = parsed("///x");  // an empty authority (3.2: reg-name may be empty)
  EXPECT_EQ(u.authority, "");
  EXPECT_EQ(u.host, "");
  EXPECT_EQ(u.host_kind, host_type::reg_name);
  EXPECT_EQ(u.path, "/x");
  u = parsed("");
  EXPECT_FALSE(u.scheme);
  EXPECT_FALSE(u.authority);
  EXPECT_EQ(u.host_kind, host_type::none);
  EXPECT_EQ(u.path, "");
}

// 3.3: the four path forms, and 4.2 path-noscheme.
TEST(Parse, PathForms) {
  EXPECT_EQ(parsed("http://a").path, "");          // path-abempty, empty
  EXPECT_EQ(parsed("http://a/b/c").path, "/b/c");  // path-abempty
  EXPECT_EQ(parsed("mailto:/x").path, "/x");       // path-absolute
  EXPECT_EQ(parsed("urn:a:b:c").path, "a:b:c");    // path-rootless (':' allowed)
  EXPECT_EQ(parsed("urn:").path, "");              // path-empty
  EXPECT_EQ(parsed("a/b:c").path, "a/b:c");        // path-noscheme: ':' after the first '/'
  EXPECT_EQ(parsed("./a:b").path, "./a:b");        // 4.2's "./this:that"
  EXPECT_FALSE(parsed("//a/b").scheme);            // network-path reference
  EXPECT_EQ(parsed("//a/b").host, "a");
}

// 3.2.2: host = IP-literal / IPv4address / reg-name, first match wins.
TEST(Parse, HostTypes) {
  EXPECT_EQ(parsed("http://192.0.2.1/").host_kind, host_type::ipv4);
  EXPECT_EQ(parsed("http://1.2.3.04/").host_kind, host_type::reg_name);  // not dec-octet: a name
  EXPECT_EQ(parsed("http://1.2.3.256/").host_kind, host_type::reg_name);
  EXPECT_EQ(parsed("http://1.2.3/").host_kind, host_type::reg_name);
  EXPECT_EQ(parsed("http://[::1]/").host_kind, host_type::ipv6);
  EXPECT_EQ(parsed("http://[::1]/").host, "[::1]");  // brackets kept (SPEC 6)
  EXPECT_EQ(parsed("http://[v7.a:b]/").host_kind, host_type::ipvfuture);
  EXPECT_EQ(parsed("http://[V1F.x]/").host_kind, host_type::ipvfuture);
  EXPECT_EQ(parsed("http://ex%41mple/").host_kind, host_type::reg_name);
  EXPECT_EQ(urix::to_string(host_type::reg_name), "reg-name");
  EXPECT_EQ(urix::to_string(host_type::ipv4), "ipv4");
  EXPECT_EQ(urix::to_string(host_type::ipv6), "ipv6");
  EXPECT_EQ(urix::to_string(host_type::ipvfuture), "ipvfuture");
  EXPECT_EQ(urix::to_string(host_type::none), "");
}

// 3.2.2: one example of each of the nine IPv6address alternatives, at its longest and
// shortest, and the ls32 forms.
TEST(Parse, Ipv6AllAbnfForms) {
  // clang-format off
  const char* valid[] = {
      "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4",  //                            6( h16 ":" ) ls32
      "::2:3:4:5:6:7:8", "::2:3:4:5:6:1.2.3.4",  //                       "::" 5( h16 ":" ) ls32
      "1::3:4:5:6:7:8",  "::3:4:5:6:7:8",        // [               h16 ] "::" 4( h16 ":" ) ls32
      "1:2::4:5:6:7:8",  "::4:5:6:1.2.3.4",      // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
      "1:2:3::5:6:7:8",  "::5:6:7:8",            // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
      "1:2:3:4::6:7:8",  "::6:1.2.3.4",          // [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
      "1:2:3:4:5::7:8",  "::1.2.3.4",            // [ *4( h16 ":" ) h16 ] "::"              ls32
      "1:2:3:4:5:6::8",  "::8",                  // [ *5( h16 ":" ) h16 ] "::"              h16
      "1:2:3:4:5:6:7::", "::",  "ABCD:ef01::",   // [ *6( h16 ":" ) h16 ] "::"
  };
  // clang-format on
  for (const char* s : valid) {
    EXPECT_TRUE(urix::check_ipv6address(s)) << s;
    EXPECT_EQ(parsed(std::string("//[") + s + "]").host_kind, host_type::ipv6) << s;
  }
}

// RFC 3986 3.2.2 and SPEC section 6: bad input is an error naming the offending byte.
TEST(Parse, ErrorsWithOffsets) {
  EXPECT_EQ(parse_error("http://a b/"), (error{errc::disallowed_char, 8}));  // space
  EXPECT_EQ(parse_error("a b"), (error{errc::disallowed_char, 1}));
  EXPECT_EQ(parse_error("http://a/[x]"), (error{errc::disallowed_char, 9}));  // '[' in a path
  EXPECT_EQ(parse_error("http://a]/"), (error{errc::disallowed_char, 8}));
  EXPECT_EQ(parse_error("http://[::1::2]/"), (error{errc::bad_ip_literal, 11}));  // second "::"
  EXPECT_EQ(parse_error("http://[::1.2.3.256]/"), (error{errc::bad_ip_literal, 16}));
  EXPECT_EQ(parse_error("http://[::1.2.3.04]/"), (error{errc::bad_ip_literal, 16}));
  EXPECT_EQ(parse_error("http://[1:2:3:4:5:6:7]/"), (error{errc::bad_ip_literal, 21}));  // 7 pieces
  // An IPv4address is the last two pieces: after exactly six, or within seven around "::".
  // The error is at the '.' that makes a piece one, not at the ']'.
  EXPECT_EQ(parse_error("http://[1.2.3.4]/"), (error{errc::bad_ip_literal, 9}));
  EXPECT_EQ(parse_error("http://[0.0..0]/"), (error{errc::bad_ip_literal, 9}));
  EXPECT_EQ(parse_error("http://[1:2:3:4:5:6:7:1.2.3.4]/"), (error{errc::bad_ip_literal, 23}));
  EXPECT_EQ(parse_error("http://[::1:2:3:4:5:6:1.2.3.4]/"), (error{errc::bad_ip_literal, 23}));
  EXPECT_TRUE(urix::parse_uri("http://[1:2:3:4:5:6:1.2.3.4]/"));
  EXPECT_TRUE(urix::parse_uri("http://[::1:2:3:4:5:1.2.3.4]/"));
  EXPECT_EQ(parse_error("http://[12345::]/"),
            (error{errc::bad_ip_literal, 12}));                               // h16 = 1*4HEXDIG
  EXPECT_EQ(parse_error("http://[::1/"), (error{errc::bad_ip_literal, 11}));  // no ']'
  EXPECT_EQ(parse_error("http://[::1]x/"), (error{errc::disallowed_char, 12}));
  EXPECT_EQ(parse_error("http://[v7]/"), (error{errc::bad_ip_literal, 10}));  // IPvFuture needs "."
  EXPECT_EQ(parse_error("http://[fe80::1%25eth0]/"),
            (error{errc::bad_ip_literal, 15}));                         // no zone IDs
  EXPECT_EQ(parse_error("http://a:8o/"), (error{errc::bad_port, 10}));  // port with a letter
  EXPECT_EQ(parse_error("http://a:-1/"), (error{errc::bad_port, 9}));
  EXPECT_EQ(parse_error("http://a/%GG"), (error{errc::bad_escape_hex, 9}));  // at the '%'
  EXPECT_EQ(parse_error("http://a/%4"), (error{errc::incomplete_escape, 9}));
  EXPECT_EQ(parse_error("http://a/?%4#"), (error{errc::bad_escape_hex, 10}));
  EXPECT_EQ(parse_error("1http://a"), (error{errc::bad_scheme, 0}));  // ALPHA first
  EXPECT_EQ(parse_error("ht_tp://a"), (error{errc::bad_scheme, 2}));
  EXPECT_EQ(parse_error(":x"), (error{errc::bad_scheme, 0}));                   // empty scheme
  EXPECT_EQ(parse_error("http://a/#b#c"), (error{errc::disallowed_char, 11}));  // '#' in fragment
  EXPECT_EQ(parse_error("http://a@b@c/"), (error{errc::disallowed_char, 10}));  // '@' in host
  EXPECT_EQ(parse_error("http://a/\xC3\xA9"),
            (error{errc::disallowed_char, 9}));  // non-ASCII in a URI
  EXPECT_EQ(parse_error("x\x7f"), (error{errc::disallowed_char, 1}));
  // parse_uri requires a scheme (RFC 3986 3: URI = scheme ":" hier-part ...).
  EXPECT_EQ(urix::parse_uri("//a/b").error(), (error{errc::missing_scheme, 0}));
  EXPECT_TRUE(urix::parse_uri("a:b"));
}

// RFC 3986 3.2.2 IPv4address / dec-octet, directly.
TEST(Parse, Ipv4address) {
  for (const char* s : {"0.0.0.0", "255.255.255.255", "10.200.250.9", "1.22.199.249"})
    EXPECT_TRUE(urix::is_ipv4address(s)) << s;
  for (const char* s : {"", "1.2.3", "1.2.3.4.", "01.2.3.4", "1.2.3.256", "1.2.3.1000", "1..2.3",
                        "a.b.c.d", "1.2.3.4 "})
    EXPECT_FALSE(urix::is_ipv4address(s)) << s;
}

// RFC 3986 3.2.2 IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
TEST(Parse, IpvFuture) {
  EXPECT_TRUE(urix::check_ipvfuture("v1.a"));
  EXPECT_TRUE(urix::check_ipvfuture("VaF.!$:~"));
  EXPECT_EQ(urix::check_ipvfuture("v.a").error(), (error{errc::bad_ip_literal, 1}));
  EXPECT_EQ(urix::check_ipvfuture("v1.").error(), (error{errc::bad_ip_literal, 3}));
  EXPECT_EQ(urix::check_ipvfuture("v1g.a").error(), (error{errc::bad_ip_literal, 2}));
  EXPECT_EQ(urix::check_ipvfuture("v1.a/").error(), (error{errc::bad_ip_literal, 4}));
}

// ---- IRIs (RFC 3987 2.2) ----------------------------------------------------------------------

TEST(ParseIri, UcscharWhereTheGrammarAllowsIt) {
  const std::string iri =
      "http://\xE4\xBE\x8B\xE3\x81\x88.jp/\xE5\xBC\x95?\xC3\xA9#\xF0\x9F\x98\x80";
  auto r = urix::parse_iri_reference(iri);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->host, "\xE4\xBE\x8B\xE3\x81\x88.jp");
  EXPECT_EQ(r->host_kind, host_type::reg_name);
  EXPECT_EQ(urix::recompose(*r), iri);
  EXPECT_FALSE(urix::parse_uri_reference(iri));  // RFC 3986 is ASCII only
  // iprivate (U+E000) only in iquery.
  EXPECT_TRUE(urix::parse_iri_reference("a?\xEE\x80\x80"));
  EXPECT_EQ(parse_error("a#\xEE\x80\x80", urix::syntax::iri), (error{errc::disallowed_char, 2}));
  // Not ucschar: U+0080 (C1 control), U+FFFE, U+E0000 (plane 14 below E1000).
  EXPECT_EQ(parse_error("a\xC2\x80", urix::syntax::iri), (error{errc::disallowed_char, 1}));
  EXPECT_EQ(parse_error("a\xEF\xBF\xBE", urix::syntax::iri), (error{errc::disallowed_char, 1}));
  EXPECT_EQ(parse_error("a\xF3\xA0\x80\x80", urix::syntax::iri), (error{errc::disallowed_char, 1}));
  // Not UTF-8: a lone continuation byte, an overlong form, a surrogate.
  EXPECT_EQ(parse_error("ab\x80", urix::syntax::iri), (error{errc::invalid_utf8, 2}));
  EXPECT_EQ(parse_error("a\xC0\xAF", urix::syntax::iri), (error{errc::invalid_utf8, 1}));
  EXPECT_EQ(parse_error("a\xED\xA0\x80", urix::syntax::iri), (error{errc::invalid_utf8, 1}));
  // Never in the scheme, the port or an IP literal.
  EXPECT_EQ(parse_error("\xC3\xA9:x", urix::syntax::iri).code, errc::bad_scheme);
  EXPECT_EQ(parse_error("//a:\xD9\xA6", urix::syntax::iri).code, errc::bad_port);
  EXPECT_EQ(parse_error("//[\xC3\xA9]", urix::syntax::iri).code, errc::bad_ip_literal);
}

// The ucschar / iprivate ranges match RFC 3987 2.2 as transcribed in the shared data: each
// range's ends are allowed, and the code points just outside them are not (unless in another).
TEST(ParseIri, RangesMatchRfc3987) {
  const auto ranges = urix_test::load_json("rfc/charsets.json")["rfc3987_ranges"];
  auto utf8 = [](char32_t c) {
    std::string s;
    if (c < 0x800) {
      s += static_cast<char>(0xC0 | (c >> 6));
    } else if (c < 0x10000) {
      s += static_cast<char>(0xE0 | (c >> 12));
      s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    } else {
      s += static_cast<char>(0xF0 | (c >> 18));
      s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    }
    s += static_cast<char>(0x80 | (c & 0x3F));
    return s;
  };
  std::vector<std::pair<char32_t, char32_t>> uc, priv;
  for (const auto& [name, list] : {std::pair{"ucschar", &uc}, std::pair{"iprivate", &priv}}) {
    for (const auto& r : ranges[name]) {
      const auto text = r.get<std::string>();
      const auto dash = text.find('-');
      list->emplace_back(std::stoul(text.substr(0, dash), nullptr, 16),
                         std::stoul(text.substr(dash + 1), nullptr, 16));
    }
  }
  auto in = [](const auto& list, char32_t c) {
    for (auto [lo, hi] : list)
      if (c >= lo && c <= hi) return true;
    return false;
  };
  int checked = 0;
  for (const auto* list : {&uc, &priv}) {
    for (auto [lo, hi] : *list) {
      for (const char32_t c : {char32_t(lo - 1), lo, hi, char32_t(hi + 1)}) {
        if (c < 0x80 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) continue;
        const std::string s = utf8(c);
        EXPECT_EQ(urix::parse_iri_reference("p" + s).has_value(), in(uc, c))
            << std::hex << unsigned(c) << " path";
        EXPECT_EQ(urix::parse_iri_reference("?" + s).has_value(), in(uc, c) || in(priv, c))
            << std::hex << unsigned(c) << " query";
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 60);
}

// ---- Decoded access ----------------------------------------------------------------------------

// Both views are C++20 forward ranges: usable with <ranges> and range-for alike.
static_assert(std::ranges::forward_range<urix::segments_view>);
static_assert(std::ranges::forward_range<urix::params_view>);

std::vector<std::string> segments(std::string_view path) {
  std::vector<std::string> out;
  for (auto s : urix::segments_view(path)) out.push_back(s.decode());
  return out;
}

// Split on '/' first, then decode: "%2F" is data inside a segment (RFC 3986 2.2, 2.4).
TEST(Segments, SplitThenDecode) {
  using v = std::vector<std::string>;
  EXPECT_EQ(segments("/a%2Fb/c"), (v{"a/b", "c"}));
  EXPECT_EQ(segments("a/b"), (v{"a", "b"}));
  EXPECT_EQ(segments("/a/"), (v{"a", ""}));
  EXPECT_EQ(segments("//"), (v{"", ""}));
  EXPECT_EQ(segments("/"), v{});
  EXPECT_EQ(segments(""), v{});
  EXPECT_EQ(segments("/%E4%B8%AD"), (v{"\xE4\xB8\xAD"}));
  EXPECT_EQ(urix::segments_view("/a/b/").size(), 3U);
  EXPECT_EQ(urix::segments_view("/").size(), 0U);
  EXPECT_TRUE(urix::segments_view("").empty());
  // Lazy: the encoded views point into the path itself.
  const std::string_view path = "/x%20y/z";
  const auto first = *urix::segments_view(path).begin();
  EXPECT_EQ(first.encoded, "x%20y");
  EXPECT_EQ(first.encoded.data(), path.data() + 1);
  const auto u = parsed("http://h/a%2Fb/c?x");
  EXPECT_EQ(std::distance(u.segments().begin(), u.segments().end()), 2);
}

std::vector<std::pair<std::string, std::string>> params(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> out;
  for (auto p : urix::params_view(query)) out.emplace_back(p.decode_key(), p.decode_value());
  return out;
}

// Split on '&', then at the first '=', then decode with '+' as space (SPEC section 6).
TEST(Params, SplitThenDecode) {
  using v = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(params("a=1&b=x+y%2Bz"), (v{{"a", "1"}, {"b", "x y+z"}}));
  EXPECT_EQ(params("a=b=c"), (v{{"a", "b=c"}}));
  EXPECT_EQ(params("a%3Db=c%26d"), (v{{"a=b", "c&d"}}));
  EXPECT_EQ(params("&&a&"), (v{{"a", ""}}));
  EXPECT_EQ(params(""), v{});
  const auto first = *urix::params_view("k&x=").begin();
  EXPECT_FALSE(first.value);  // "k": no '=' at all
  EXPECT_EQ((*std::next(urix::params_view("k&x=").begin())).value, "");
  EXPECT_TRUE(parsed("http://a/").params().empty());  // no query
  EXPECT_FALSE(parsed("http://a/?q").params().empty());
}

// The buffer forms decode as the string forms do; a piece with nothing to decode is itself.
TEST(DecodedAccess, BufferFormsDecodeAsTheStringForms) {
  std::string buffer;
  for (std::string_view path : {"/a%2Fb/c", "/x+y/%E4%B8%AD/", "a%zz/b"})
    for (const urix::path_segment s : urix::segments_view(path)) {
      EXPECT_EQ(s.decode(buffer), s.decode()) << path;
      if (s.encoded.find('%') == std::string_view::npos) {
        EXPECT_EQ(s.decode(buffer).data(), s.encoded.data());  // '+' is data in a segment
      }
    }
  for (std::string_view query : {"a=1&b=x+y%2Bz", "k&x=", "a%3Db=c%26d&%zz=+"})
    for (const urix::query_param p : urix::params_view(query)) {
      EXPECT_EQ(p.decode_key(buffer), p.decode_key()) << query;
      EXPECT_EQ(p.decode_value(buffer), p.decode_value()) << query;
    }
  const urix::query_param plain{"key", std::nullopt};
  EXPECT_EQ(plain.decode_key(buffer).data(), plain.key.data());
  EXPECT_EQ(plain.decode_value(buffer), "");
}

// ---- The owning uri
// -------------------------------------------------------------------------------

TEST(Uri, BuildsFromDecodedText) {
  urix::uri u;
  ASSERT_TRUE(u.set_scheme("https"));
  u.set_host("example.com");
  u.push_segment("a/b");
  u.push_segment("c d");
  u.append_param("q", "x & y");
  u.append_param("n", "1+1=2");
  u.set_fragment("sec 1");
  EXPECT_EQ(u.to_string(), "https://example.com/a%2Fb/c%20d?q=x+%26+y&n=1%2B1%3D2#sec%201");
  u.set_userinfo("us:er@");
  EXPECT_EQ(*u.userinfo(), "us:er%40");
  u.set_path("/p q/r");
  EXPECT_EQ(u.path(), "/p%20q/r");
  u.set_query("a b#");
  EXPECT_EQ(*u.query(), "a%20b%23");
  const std::string text = u.to_string();
  EXPECT_TRUE(urix::parse_uri_reference(text));
}

TEST(Uri, ChecksWhatItIsGivenEncoded) {
  urix::uri u;
  EXPECT_EQ(u.set_scheme("1a").error(), (error{errc::bad_scheme, 0}));
  EXPECT_EQ(u.set_port("8o").error(), (error{errc::bad_port, 1}));
  EXPECT_EQ(u.set_encoded_host("[::1::2]").error(), (error{errc::bad_ip_literal, 4}));
  EXPECT_EQ(u.set_encoded_host("[::1").error(), (error{errc::bad_ip_literal, 4}));
  EXPECT_EQ(u.set_encoded_host("a b").error(), (error{errc::disallowed_char, 1}));
  ASSERT_TRUE(u.set_encoded_host("[::1]"));
  EXPECT_EQ(u.host_kind(), host_type::ipv6);
  ASSERT_TRUE(u.set_encoded_host("10.0.0.1"));
  EXPECT_EQ(u.host_kind(), host_type::ipv4);
  u.set_host("a:b");
  EXPECT_EQ(*u.host(), "a%3Ab");
  EXPECT_EQ(u.host_kind(), host_type::reg_name);
}

TEST(Uri, SetEncodedChecksWithTheComponentsSet) {
  urix::uri u;
  EXPECT_EQ(u.set_encoded_userinfo("a@b").error(), (error{errc::disallowed_char, 1}));
  EXPECT_FALSE(u.host());  // nothing changed
  ASSERT_TRUE(u.set_encoded_userinfo("a:b%40"));
  EXPECT_EQ(*u.host(), "");  // userinfo lives in the authority
  EXPECT_EQ(u.set_encoded_path("/a?b").error(), (error{errc::disallowed_char, 2}));
  EXPECT_EQ(u.set_encoded_path("/a%2").error(), (error{errc::incomplete_escape, 2}));
  ASSERT_TRUE(u.set_encoded_path("/a%2Fb:@"));
  EXPECT_EQ(u.set_encoded_query("a#").error(), (error{errc::disallowed_char, 1}));
  ASSERT_TRUE(u.set_encoded_query("a=/?&b"));
  EXPECT_EQ(u.set_encoded_fragment("x y").error(), (error{errc::disallowed_char, 1}));
  EXPECT_EQ(u.set_encoded_fragment("%GG").error(), (error{errc::bad_escape_hex, 0}));
  ASSERT_TRUE(u.set_encoded_fragment("f/?"));
  EXPECT_EQ(u.to_string(), "//a:b%40@/a%2Fb:@?a=/?&b#f/?");
}

TEST(Uri, RemovesParamsByDecodedKey) {
  auto u = urix::uri::parse("?a=1&%61=2&b&&a+b=3&a");
  ASSERT_TRUE(u);
  u->remove_params("a");
  EXPECT_EQ(*u->query(), "b&a+b=3");
  u->remove_params("a b");
  EXPECT_EQ(*u->query(), "b");
  u->remove_params("zz");  // nothing removed: nothing changes
  EXPECT_EQ(*u->query(), "b");
  u->remove_params("b");
  EXPECT_FALSE(u->query());  // no parameter left: no query
  auto empty = urix::uri::parse("p?");
  ASSERT_TRUE(empty);
  empty->remove_params("x");
  EXPECT_EQ(empty->to_string(), "p?");
}

TEST(Uri, SortsParamsStablyByDecodedKey) {
  auto u = urix::uri::parse("?b=1&a=2&%62=0&&A&c");
  ASSERT_TRUE(u);
  u->sort_params();
  // bytewise: 'A' < 'a'; equal keys keep order; the empty piece (an empty key) sorts first
  EXPECT_EQ(*u->query(), "&A&a=2&b=1&%62=0&c");
  auto high = urix::uri::parse("?%C3%A9=1&z=2");
  ASSERT_TRUE(high);
  high->sort_params();
  EXPECT_EQ(*high->query(), "z=2&%C3%A9=1");  // bytes compare unsigned: 0xC3 > 'z'
  auto none = urix::uri::parse("p?");
  ASSERT_TRUE(none);
  none->sort_params();
  EXPECT_EQ(none->to_string(), "p?");
}

// Sorting reorders and never drops: every empty piece stays, so the query keeps its bytes.
TEST(Uri, SortKeepsEmptyPieces) {
  for (std::string_view q : {"a&&b", "&", "&&", "b&", "&b", "b=&&a=", "b&a&"}) {
    auto u = urix::uri::parse("http://h/?" + std::string(q));
    ASSERT_TRUE(u) << q;
    u->sort_params();
    std::string before(q), after(*u->query());
    std::sort(before.begin(), before.end());
    std::sort(after.begin(), after.end());
    EXPECT_EQ(after, before) << q << " -> " << *u->query();
  }
  auto u = urix::uri::parse("http://h/?b&&a");
  ASSERT_TRUE(u);
  u->sort_params();
  EXPECT_EQ(*u->query(), "&a&b");
}

// to_string writes a reference that reads back as the same components (RFC 3986 4.2, 5.3).
TEST(Uri, ToStringKeepsComponentsApart) {
  urix::uri a;  // no scheme, first segment with ':'
  a.set_path("a:b/c");
  EXPECT_EQ(a.to_string(), "./a:b/c");
  urix::uri b;  // no authority, path starting "//"
  ASSERT_TRUE(b.set_scheme("s"));
  b.set_path("//x");
  EXPECT_EQ(b.to_string(), "s:/.//x");
  urix::uri c;  // authority, rootless path
  c.set_host("h");
  c.set_path("p");
  EXPECT_EQ(c.to_string(), "//h/p");
  ASSERT_TRUE(c.set_port("81"));
  c.clear_authority();
  EXPECT_EQ(c.to_string(), "p");
  for (const auto* u : {&a, &b}) {
    const std::string text = u->to_string();  // the view points into it
    auto r = urix::parse_uri_reference(text);
    ASSERT_TRUE(r);
    EXPECT_EQ(urix::uri(*r).to_string(), text);
  }
}

TEST(Uri, ParseCopiesComponents) {
  auto u = urix::uri::parse("HTTP://u@h:1/p?q#f");
  ASSERT_TRUE(u);
  EXPECT_EQ(*u->scheme(), "HTTP");
  EXPECT_EQ(*u->userinfo(), "u");
  EXPECT_EQ(*u->port(), "1");
  EXPECT_EQ(u->to_string(), "HTTP://u@h:1/p?q#f");
  EXPECT_EQ(urix::uri::parse("a b").error(), (error{errc::disallowed_char, 1}));
}

// ---- Properties over generated references
// --------------------------------------------------------

// RFC 3986 5.3: recomposing the parsed components gives the input byte for byte, for every
// generated reference and for every mutation of one that still parses. A mutation that does
// not parse is reported inside the input.
TEST(UriProperties, ParserRoundTrips) {
  urix_test::uri_gen gen(3986);
  int valid = 0, mutated_valid = 0, mutated_invalid = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string s = gen.uri_reference();
    const auto u = urix::parse_uri_reference(s);
    ASSERT_TRUE(u) << show(s) << ": " << u.error();
    ASSERT_EQ(urix::recompose(*u), s);
    ASSERT_EQ(urix::recomposed_size(*u), s.size());
    ++valid;
    const std::string m = gen.mutate(s);
    const auto um = urix::parse_uri_reference(m);
    if (um) {
      ASSERT_EQ(urix::recompose(*um), m) << show(m);
      ++mutated_valid;
    } else {
      ASSERT_LE(um.error().offset, m.size()) << show(m);
      ++mutated_invalid;
    }
  }
  std::cout << "[properties] parse round trip: " << valid << " generated, " << mutated_valid
            << " valid and " << mutated_invalid << " invalid mutations\n";
  EXPECT_GT(mutated_invalid, 100);  // the mutations do reach the error paths
}

}  // namespace
