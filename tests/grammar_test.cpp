// SPDX-License-Identifier: Apache-2.0 OR MIT
// The private RFC 3986 grammar (src/uri/grammar.h): the Appendix B split, the scheme, port,
// host and IP-literal rules, and the `uri` setters accepting exactly what the parser accepts;
// the path guards of the one reference writer (src/uri/write.h).
#include "../src/uri/grammar.h"
#include "../src/uri/write.h"

#include <gtest/gtest.h>
#include <string>

#include "test_util.h"
#include "uri_gen.h"
#include "urix/uri.h"

namespace {

using urix::errc;
using urix::error;
using urix::host_type;
using urix::detail::npos;
using urix_test::show;

std::string_view span(std::string_view s, std::size_t b, std::size_t e) {
  return b == npos ? std::string_view("(absent)") : s.substr(b, e - b);
}

// ---- Appendix B ------------------------------------------------------------------------------

TEST(Grammar, SplitReferenceAsAppendixB) {
  // The example of Appendix B.
  const std::string_view s = "http://www.ics.uci.edu/pub/ietf/uri/#Related";
  const auto r = urix::detail::split_reference(s);
  EXPECT_EQ(s.substr(0, r.scheme_end), "http");
  EXPECT_EQ(span(s, r.authority_begin, r.authority_end), "www.ics.uci.edu");
  EXPECT_EQ(span(s, r.path_begin, r.path_end), "/pub/ietf/uri/");
  EXPECT_EQ(r.query_begin, npos);
  EXPECT_EQ(s.substr(r.fragment_begin), "Related");
}

TEST(Grammar, SplitReferenceEdges) {
  struct row {
    std::string_view in, scheme, authority, path, query, fragment;
  };
  for (const row& c : {
           row{"", "(absent)", "(absent)", "", "(absent)", "(absent)"},
           row{"a/b:c", "(absent)", "(absent)", "a/b:c", "(absent)", "(absent)"},
           row{":a", "", "(absent)", "a", "(absent)", "(absent)"},  // an empty scheme
           row{"//", "(absent)", "", "", "(absent)", "(absent)"},
           row{"s:", "s", "(absent)", "", "(absent)", "(absent)"},
           row{"?#", "(absent)", "(absent)", "", "", ""},
           row{"s://a?b/c#d?e#f", "s", "a", "", "b/c", "d?e#f"},
           row{"///x", "(absent)", "", "/x", "(absent)", "(absent)"},
           row{"#a:b", "(absent)", "(absent)", "", "(absent)", "a:b"},
       }) {
    SCOPED_TRACE(show(c.in));
    const auto r = urix::detail::split_reference(c.in);
    EXPECT_EQ(r.has_scheme() ? c.in.substr(0, r.scheme_end) : "(absent)", c.scheme);
    EXPECT_EQ(span(c.in, r.authority_begin, r.authority_end), c.authority);
    EXPECT_EQ(span(c.in, r.path_begin, r.path_end), c.path);
    EXPECT_EQ(span(c.in, r.query_begin, r.query_end), c.query);
    EXPECT_EQ(span(c.in, r.fragment_begin, c.in.size()), c.fragment);
  }
}

TEST(Grammar, SplitAuthority) {
  struct row {
    std::string_view in, userinfo, host, port;
  };
  for (const row& c : {
           row{"", "(absent)", "", "(absent)"},
           row{"u@h:80", "u", "h", "80"},
           row{"a@b@c", "a", "b@c", "(absent)"},  // userinfo holds no '@'
           row{"a:b@h:", "a:b", "h", ""},
           row{"[::1]:8", "(absent)", "[::1]", "8"},
           row{"[::1", "(absent)", "[::1", "(absent)"},  // no ']': the host runs to the end
           row{"[::1]x:9", "(absent)", "[::1]", "9"},    // "x" matches nothing
           row{"h:1:2", "(absent)", "h", "1:2"},         // the port rule rejects it
       }) {
    SCOPED_TRACE(show(c.in));
    const auto r = urix::detail::split_authority(c.in);
    EXPECT_EQ(span(c.in, r.userinfo_end == npos ? npos : 0, r.userinfo_end), c.userinfo);
    EXPECT_EQ(span(c.in, r.host_begin, r.host_end), c.host);
    EXPECT_EQ(span(c.in, r.port_begin, c.in.size()), c.port);
  }
}

// ---- Rules -----------------------------------------------------------------------------------

TEST(Grammar, SchemeAndPort) {
  using urix::detail::port_mismatch;
  using urix::detail::scheme_mismatch;
  EXPECT_EQ(scheme_mismatch("http"), npos);
  EXPECT_EQ(scheme_mismatch("a+b.c-d9"), npos);
  EXPECT_EQ(scheme_mismatch(""), 0u);
  EXPECT_EQ(scheme_mismatch("1a"), 0u);
  EXPECT_EQ(scheme_mismatch("ab_c"), 2u);
  EXPECT_EQ(port_mismatch(""), npos);
  EXPECT_EQ(port_mismatch("08080"), npos);
  EXPECT_EQ(port_mismatch("80a"), 2u);
  static_assert(scheme_mismatch("urn") == npos && port_mismatch("x") == 0);  // constexpr rules
}

TEST(Grammar, IpAddresses) {
  using urix::detail::ipv4_mismatch;
  using urix::detail::ipv6_mismatch;
  using urix::detail::ipvfuture_mismatch;
  EXPECT_EQ(ipv4_mismatch("255.0.10.1"), npos);
  EXPECT_EQ(ipv4_mismatch("1.2.3.04"), 6u);
  EXPECT_EQ(ipv4_mismatch("1.2.3.256"), 6u);
  EXPECT_EQ(ipv4_mismatch("1.2.3"), 5u);
  EXPECT_EQ(ipv4_mismatch("1.2.3.4."), 7u);
  EXPECT_EQ(ipv6_mismatch("::"), npos);
  EXPECT_EQ(ipv6_mismatch("1:2:3:4:5:6:7:8"), npos);
  EXPECT_EQ(ipv6_mismatch("::ffff:192.0.2.1"), npos);
  EXPECT_EQ(ipv6_mismatch(":1::"), 0u);
  EXPECT_EQ(ipv6_mismatch("1::2::3"), 4u);
  EXPECT_EQ(ipv6_mismatch("12345::"), 4u);
  EXPECT_EQ(ipv6_mismatch("1:2:3:4:5:6:7"), 13u);
  EXPECT_EQ(ipvfuture_mismatch("v7.abc:"), npos);
  EXPECT_EQ(ipvfuture_mismatch("v.a"), 1u);
  EXPECT_EQ(ipvfuture_mismatch("v1."), 3u);
  static_assert(ipv6_mismatch("fe80::1") == npos && ipv4_mismatch("0.0.0.0") == npos);
}

TEST(Grammar, Host) {
  const auto reg_name = [](std::string_view s) { return urix::check(s, urix::sets::host); };
  const auto kind = [&](std::string_view s) { return *urix::detail::match_host(s, reg_name); };
  const auto fails = [&](std::string_view s) {
    return urix::detail::match_host(s, reg_name).error();
  };
  EXPECT_EQ(kind("[::1]"), host_type::ipv6);
  EXPECT_EQ(kind("[V7.x]"), host_type::ipvfuture);
  EXPECT_EQ(kind("192.0.2.1"), host_type::ipv4);
  EXPECT_EQ(kind("192.0.2.01"), host_type::reg_name);
  EXPECT_EQ(kind(""), host_type::reg_name);
  EXPECT_EQ(fails("[::1"), (error{errc::bad_ip_literal, 4}));
  EXPECT_EQ(fails("[::1::]"), (error{errc::bad_ip_literal, 4}));
  EXPECT_EQ(fails("[::1]x"), (error{errc::disallowed_char, 5}));
  EXPECT_EQ(fails("a b"), (error{errc::disallowed_char, 1}));
}

TEST(Grammar, PathForms) {
  using urix::detail::fit_path;
  using urix::detail::path_fit;
  EXPECT_EQ(fit_path("/a", true, true), path_fit::fits);
  EXPECT_EQ(fit_path("a", false, true), path_fit::rootless_after_authority);
  EXPECT_EQ(fit_path("//a", true, false), path_fit::authority_like);
  EXPECT_EQ(fit_path("a:b", true, false), path_fit::fits);  // path-rootless
  EXPECT_EQ(fit_path("a:b", false, false), path_fit::colon_in_first_segment);
  EXPECT_EQ(fit_path("./a:b", false, false), path_fit::fits);
  static_assert(fit_path("", false, false) == path_fit::fits);
}

// ---- The setters accept what the parser accepts ------------------------------------------------

// Each component of generated references, and random edits of it, goes through the setter and
// through the parser inside a reference that holds only it (where the parser reads it as that
// component): both accept it or both reject it, with the same error.
TEST(Grammar, SettersAcceptWhatTheParserAccepts) {
  urix_test::uri_gen gen(29);
  int scheme_cases = 0, host_cases = 0, port_cases = 0;
  for (int n = 0; n < 20000; ++n) {
    const std::string ref = gen.uri_reference();
    const auto u = urix::parse_uri_reference(ref);
    ASSERT_TRUE(u) << show(ref);
    std::string scheme(u->scheme.value_or("http"));
    std::string host(u->host.value_or("h"));
    std::string port(u->port.value_or("80"));
    for (int k = n % 3; k > 0; --k) {
      scheme = gen.mutate(scheme);
      host = gen.mutate(host);
      port = gen.mutate(port);
    }
    const auto same = [](const urix::result<void>& set, const auto& parsed, std::size_t shift) {
      ASSERT_EQ(set.has_value(), parsed.has_value());
      if (!set) {
        EXPECT_EQ(set.error(), (error{parsed.error().code, parsed.error().offset - shift}));
      }
    };
    urix::uri target;
    if (scheme.find_first_of(":/?#") == std::string::npos) {
      SCOPED_TRACE("scheme " + show(scheme));
      same(target.set_scheme(scheme), urix::parse_uri_reference(scheme + ":"), 0);
      ++scheme_cases;
    }
    if (port.find_first_of("/?#@") == std::string::npos) {  // an '@' would end a userinfo
      SCOPED_TRACE("port " + show(port));
      same(target.set_port(port), urix::parse_uri_reference("//h:" + port), 4);
      ++port_cases;
    }
    // The parser reads a ':' after the host, or after an IP-literal's ']', as the port.
    const std::size_t close = host.starts_with('[') ? host.find(']') : 0;
    if (host.find_first_of("/?#@") == std::string::npos &&
        (close == npos || host.find(':', close) == npos)) {
      SCOPED_TRACE("host " + show(host));
      const auto parsed = urix::parse_uri_reference("//" + host);
      same(target.set_encoded_host(host), parsed, 2);
      if (parsed) {
        EXPECT_EQ(target.host_kind(), parsed->host_kind);
      }
      ++host_cases;
    }
  }
  // Enough of each kind, with valid and invalid text among them.
  EXPECT_GT(scheme_cases, 5000);
  EXPECT_GT(host_cases, 5000);
  EXPECT_GT(port_cases, 5000);
}

// ---- The writer's path guards (RFC 3986 4.2, 5.2.4) ---------------------------------------------

TEST(Writer, PathGuards) {
  using urix::detail::guard_for;
  using urix::detail::path_guard;
  EXPECT_EQ(guard_for("a", true, true), path_guard::root);
  EXPECT_EQ(guard_for("", true, true), path_guard::none);
  EXPECT_EQ(guard_for("//g", true, true), path_guard::none);
  EXPECT_EQ(guard_for("//g", true, false), path_guard::slash_dot);
  EXPECT_EQ(guard_for("//g", false, false), path_guard::slash_dot);
  EXPECT_EQ(guard_for("a:b/c", false, false), path_guard::dot_slash);
  EXPECT_EQ(guard_for("a/b:c", false, false), path_guard::none);
  EXPECT_EQ(guard_for("a:b", true, false), path_guard::none);
  EXPECT_EQ(urix::detail::prefix(path_guard::slash_dot), "/.");
  EXPECT_EQ(urix::detail::prefix(path_guard::dot_slash), "./");
}

// The split of a parsed reference always gives a path that fits, so it never needs a guard:
// recompose and the IRI conversions, which write parsed paths, add nothing.
TEST(Writer, ParsedPathsNeedNoGuard) {
  urix_test::uri_gen gen(5);
  for (int n = 0; n < 20000; ++n) {
    const std::string ref = n % 2 ? gen.uri_reference() : gen.mutate(gen.uri_reference());
    const auto u = urix::parse_uri_reference(ref);
    if (!u) continue;
    EXPECT_EQ(urix::detail::fit_path(u->path, u->has_scheme(), u->has_authority()),
              urix::detail::path_fit::fits)
        << show(ref);
  }
}

}  // namespace
