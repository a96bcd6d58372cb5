// SPDX-License-Identifier: Apache-2.0 OR MIT
// Reference resolution (RFC 3986 5.2, strict) and remove_dot_segments (5.2.4).
#include "urix/resolve.h"

#include <gtest/gtest.h>
#include <optional>
#include <string>

#include "resolve_model.h"
#include "test_util.h"
#include "uri_gen.h"
#include "urix/normalize.h"

namespace {

using urix_test::components;
using urix_test::model_resolve;
using urix_test::own;
using urix_test::show;

// All 42 examples of RFC 3986 5.4 (23 normal, 19 abnormal), strict: "http:g" is "http:g".
TEST(Resolve, Rfc3986Section54Examples) {
  const auto data = urix_test::load_json("rfc/rfc3986_5.4_resolution.json");
  int n = 0;
  for (const auto& c : data["cases"]) {
    const auto base = c["base"].get<std::string>();
    const auto ref = c["reference"].get<std::string>();
    SCOPED_TRACE(ref + " (RFC 3986 " + c["section"].get<std::string>() + ")");
    const auto r = urix::resolve(base, ref);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(*r, c["expected"].get<std::string>());
    std::string appended = "x";
    urix::resolve_append(appended, *urix::parse_uri(base), *urix::parse_uri_reference(ref));
    EXPECT_EQ(appended, "x" + c["expected"].get<std::string>());
    ++n;
  }
  EXPECT_EQ(n, 42);
}

// A base whose scheme and authority are not one piece of text "scheme://authority" (a view
// built by hand, or over text that differs between them) resolves as its parsed text does:
// resolve copies that piece whole only where the base's text holds it (write_target).
TEST(Resolve, BaseComponentsFromSeparateText) {
  const auto data = urix_test::load_json("rfc/rfc3986_5.4_resolution.json");
  const std::string scheme = "http", authority = "a", between = "http:/Xa";
  for (const auto& c : data["cases"]) {
    const auto ref_text = c["reference"].get<std::string>();
    const auto ref = urix::parse_uri_reference(ref_text);
    ASSERT_TRUE(ref) << ref_text;
    const auto base_text = c["base"].get<std::string>();
    urix::uri_view base = *urix::parse_uri(base_text);
    ASSERT_EQ(*base.scheme, scheme);
    ASSERT_EQ(*base.authority, authority);
    base.scheme = scheme;  // separate strings
    base.authority = authority;
    EXPECT_EQ(urix::resolve(base, *ref), c["expected"].get<std::string>()) << ref_text;
    // Adjacent as in "http://a", but "http:/X" between them.
    base.scheme = std::string_view(between).substr(0, 4);
    base.authority = std::string_view(between).substr(7, 1);
    EXPECT_EQ(urix::resolve(base, *ref), c["expected"].get<std::string>()) << ref_text;
  }
}

// Targets longer than resolve's stack buffer (src/uri/resolve.cpp, with_target), at every
// length around its size: a long base path merged with a long relative path, dot-segments
// removed; resolve and resolve_append.
TEST(Resolve, LongTargets) {
  for (std::size_t k = 0; k < 60; ++k) {
    std::string base = "http://example.com/", ref, want = "http://example.com/";
    for (std::size_t i = 0; i < k; ++i) base += "base/";
    want = base;
    base += "last?q";
    for (std::size_t i = 0; i < k; ++i) {
      ref += "r/./x/../";
      want += "r/";
    }
    ref += "end#f";
    want += "end#f";
    const auto r = urix::resolve(base, ref);
    ASSERT_TRUE(r) << r.error();
    ASSERT_EQ(*r, want) << k;
    std::string appended = "before ";
    urix::resolve_append(appended, *urix::parse_uri(base), *urix::parse_uri_reference(ref));
    ASSERT_EQ(appended, "before " + want) << k;
  }
}

// The two worked examples of 5.2.4, from the shared data.
TEST(RemoveDotSegments, Rfc3986Section524Examples) {
  const auto data = urix_test::load_json("rfc/rfc3986_examples.json");
  int n = 0;
  for (const auto& c : data["remove_dot_segments"]["cases"]) {
    EXPECT_EQ(urix::remove_dot_segments(c["input"].get<std::string>()),
              c["expected"].get<std::string>());
    ++n;
  }
  EXPECT_EQ(n, 2);
}

// 5.2.4, rule by rule.
TEST(RemoveDotSegments, EachRule) {
  EXPECT_EQ(urix::remove_dot_segments("../a"), "a");                 // A
  EXPECT_EQ(urix::remove_dot_segments("./a"), "a");                  // A
  EXPECT_EQ(urix::remove_dot_segments("/./a"), "/a");                // B
  EXPECT_EQ(urix::remove_dot_segments("/a/."), "/a/");               // B, "/." at the end
  EXPECT_EQ(urix::remove_dot_segments("/a/b/../c"), "/a/c");         // C
  EXPECT_EQ(urix::remove_dot_segments("/a/b/.."), "/a/");            // C, "/.." at the end
  EXPECT_EQ(urix::remove_dot_segments("/.."), "/");                  // C above the root
  EXPECT_EQ(urix::remove_dot_segments(".."), "");                    // D
  EXPECT_EQ(urix::remove_dot_segments("."), "");                     // D
  EXPECT_EQ(urix::remove_dot_segments("/a/.b/..c/"), "/a/.b/..c/");  // E: not dot-segments
  EXPECT_EQ(urix::remove_dot_segments("/a//../b"), "/a/b");
  EXPECT_EQ(urix::remove_dot_segments(""), "");
  std::string out = "x:";
  urix::remove_dot_segments_append(out, "/../../a");
  EXPECT_EQ(out, "x:/a");  // never pops into what `out` held
}

// 5.2.1: the base must be an absolute URI; 5.2.2 ignores its fragment.
TEST(Resolve, BaseRules) {
  EXPECT_EQ(urix::resolve("//a/b", "c").error(), (urix::error{urix::errc::missing_scheme, 0}));
  EXPECT_EQ(urix::resolve("/b", "c").error(), (urix::error{urix::errc::missing_scheme, 0}));
  EXPECT_EQ(urix::resolve("http://a b/", "c").error(),
            (urix::error{urix::errc::disallowed_char, 8}));
  EXPECT_EQ(urix::resolve("http://a/", "c d").error(),
            (urix::error{urix::errc::disallowed_char, 1}));
  EXPECT_EQ(*urix::resolve("http://a/b#f", ""), "http://a/b");
  EXPECT_EQ(*urix::resolve("http://a/b#f", "#g"), "http://a/b#g");
  EXPECT_EQ(*urix::resolve("http://a", "b"), "http://a/b");       // 5.2.3: authority, empty path
  EXPECT_EQ(*urix::resolve("foo:bar", "baz"), "foo:baz");         // 5.2.3: no '/' in the base path
  EXPECT_EQ(*urix::resolve("http://a/b?q", "?"), "http://a/b?");  // an empty query is defined
  EXPECT_EQ(*urix::resolve("HTTP://A/b", "c"), "HTTP://A/c");     // nothing is normalized
}

// RFC 3986 5.2 can build a path that starts with "//" for a target without an
// authority; written as it is (5.3), it would read back with the authority "g". The target
// is written as normalize writes such a path, with "/." in front (docs/differences.md).
TEST(Resolve, PathStartingWithTwoSlashesIsNotAnAuthority) {
  EXPECT_EQ(*urix::resolve("f:/a", ".//g"), "f:/.//g");
  EXPECT_EQ(*urix::resolve("file:/x/y", "..//z"), "file:/.//z");
  EXPECT_EQ(*urix::resolve("foo:a/b", "./..//c"), "foo:/.//c");
  EXPECT_EQ(*urix::resolve("f:/a", "g:/.//h"), "g:/.//h");  // the reference's own path
  EXPECT_EQ(*urix::resolve("f:/a", "/..//g"), "f:/.//g");
  EXPECT_EQ(*urix::resolve("f://h/a", ".//g"), "f://h//g");  // with an authority: no guard
  const std::string target = *urix::resolve("f:/a", ".//g");
  const auto t = urix::parse_uri(target);  // views into `target`
  ASSERT_TRUE(t);
  EXPECT_FALSE(t->has_authority());
  EXPECT_EQ(urix::remove_dot_segments(t->path), "//g");
}

// 5.2.3 and 5.2.4 as written for a rootless base path: the merged "a/../c" loses "a" and rule
// C leaves the '/'. normalize agrees (normalize_test.cpp, Normalize.DotSegments).
TEST(Resolve, RootlessBasePath) {
  EXPECT_EQ(*urix::resolve("foo:a/b", "../c"), "foo:/c");
  EXPECT_EQ(*urix::resolve("zz:abc", "foo/../bar"), "zz:/bar");
  EXPECT_EQ(*urix::resolve("foo:a/b", "c"), "foo:a/c");  // no ".." : stays rootless
  EXPECT_EQ(*urix::resolve("foo:a/b", "../../c"), "foo:/c");
}

bool has_dot_segment(std::string_view path) {
  for (auto seg : urix::segments_view(path))
    if (seg.encoded == "." || seg.encoded == "..") return true;
  return false;
}

// Over generated bases and references (and mutated references): the target's path has no
// "." or ".." segments. 5.2.2 applies remove_dot_segments to every path it builds; only for an
// empty reference path does it copy the base's path as is, so bases are drawn dot-free.
TEST(ResolveProperties, ResolveOutputHasNoDotSegments) {
  urix_test::uri_gen gen(5224);
  int checked = 0;
  for (int i = 0; i < 2000; ++i) {
    std::string base;
    do base = gen.absolute_uri();
    while (has_dot_segment(urix::parse_uri(base)->path));
    std::string ref = gen.uri_reference();
    if (i % 3 == 2) ref = gen.mutate(ref);
    const auto b = urix::parse_uri(base);
    ASSERT_TRUE(b) << show(base);
    const auto r = urix::parse_uri_reference(ref);
    if (!r) continue;
    const std::string t = urix::resolve(*b, *r);
    ++checked;
    const auto tu = urix::parse_uri(t);
    ASSERT_TRUE(tu) << show(base) << " + " << show(ref) << " = " << show(t) << ": " << tu.error();
    const std::string_view path = tu->path;
    // "/." in front of "//" is the writer's guard (path_guard::slash_dot), not a dot-segment.
    const std::string_view unguarded = path.starts_with("/.//") ? path.substr(2) : path;
    ASSERT_FALSE(has_dot_segment(unguarded))
        << show(base) << " + " << show(ref) << " = " << show(t);
  }
  std::cout << "[properties] resolve: " << checked << " targets free of dot-segments\n";
  EXPECT_GT(checked, 1500);
}

// ---- The target reads back as 5.2.2 computed it ---------------------------

::testing::AssertionResult parses_as(std::string_view text, const components& t) {
  const std::string diff = urix_test::reads_back_diff(text, t);
  if (diff.empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << show(text) << ": " << diff;
}

// Every (base, reference) pair: parsing the target gives the scheme, authority (presence and
// value), path, query and fragment that 5.2.2 computed. Bases and references come from the
// generator (and its mutations) and, exhaustively, from paths of dot-segments, empty segments
// and ':' segments against bases with and without an authority and with a rootless path,
// which is where a target's path can start "//" ("f:/a" + ".//g" was "f://g").
TEST(ResolveProperties, TargetReadsBackAsComputed) {
  int checked = 0;
  auto check = [&](std::string_view base, std::string_view ref) {
    const auto b = urix::parse_uri(base);
    const auto r = urix::parse_uri_reference(ref);
    if (!b || !r) return;
    const std::string t = urix::resolve(*b, *r);
    ASSERT_TRUE(parses_as(t, model_resolve(*b, *r))) << show(base) << " + " << show(ref);
    ++checked;
  };
  urix_test::uri_gen gen(28);
  for (int i = 0; i < 4000; ++i) {
    std::string ref = gen.uri_reference();
    if (i % 3 == 2) ref = gen.mutate(ref);
    check(gen.absolute_uri(), ref);
  }
  const char* bases[] = {
      "f:/a",          "file:/x/y",   "foo:a/b",       "foo:a",       "f:",
      "f://h",         "f://h/a/b",   "f:/.//a/b",     "f:a:b/c",     "f://h/a/b/c/d",
      "f://h/.w/b/c",  "f://h/a.b/c", "f://h/a/../b/c", "f:/a/./b/c", "f://h/a//b/c"};
  const char* segments[] = {".", "..", "", "g", "a:b", "%2E"};
  for (const char* base : bases) {
    for (int n = 1; n <= 4; ++n) {
      int combos = 1;
      for (int k = 0; k < n; ++k) combos *= 6;
      for (int c = 0; c < combos; ++c) {
        std::string path;
        for (int k = 0, rest = c; k < n; ++k, rest /= 6) {
          if (k > 0) path += '/';
          path += segments[rest % 6];
        }
        check(base, path);
        check(base, "/" + path);
        check(base, "x:" + path);
      }
    }
  }
  std::cout << "[properties] resolve: " << checked << " targets read back as computed\n";
  EXPECT_GT(checked, 30000);
}

// Every generated reference (and mutation) with a scheme or an absolute path: normalize's output
// reads back with the lowercase scheme, an authority exactly when the input had one, the path
// that 6.2.2.2 then 5.2.4 compute (the same rule resolve applies), and the query and fragment
// with normalized escapes. And resolve and normalize agree: a reference with a scheme
// normalizes to what its target normalizes to (5.2.2 takes such a reference's path through
// 5.2.4 too), unless it holds an escaped dot, which resolution takes as data.
TEST(ReparseProperties, NormalFormReadsBackAsComputed) {
  int checked = 0, agreed = 0;
  auto check = [&](std::string_view in) {
    const auto u = urix::parse_uri_reference(in);
    if (!u) return;
    const std::string n = urix::normalize(*u);
    ASSERT_EQ(urix_test::normal_form_diff(*u, n), "") << show(in) << " -> " << show(n);
    ++checked;
    if (u->scheme && urix_test::ascii_lower(in).find("%2e") == std::string::npos) {
      const std::string target = urix::resolve(*urix::parse_uri("b:/x/y"), *u);
      ASSERT_EQ(*urix::normalize(target), n) << show(in) << " resolves to " << show(target);
      ++agreed;
    }
  };
  urix_test::uri_gen gen(6223);
  for (int i = 0; i < 6000; ++i) {
    std::string s = gen.uri_reference();
    if (i % 2 == 1) s = gen.mutate(s);
    check(s);
  }
  const char* prefixes[] = {"foo:", "FILE:/", "//h", "//h/", "/", "http://h", "http://h:80/", ""};
  const char* segments[] = {".", "..", "", "a", "b:c", "%2e"};
  for (const char* prefix : prefixes) {
    for (int n = 1; n <= 4; ++n) {
      int combos = 1;
      for (int k = 0; k < n; ++k) combos *= 6;
      for (int c = 0; c < combos; ++c) {
        std::string s = prefix;
        for (int k = 0, rest = c; k < n; ++k, rest /= 6) {
          if (k > 0) s += '/';
          s += segments[rest % 6];
        }
        check(s);
        check(s + "?q#f");
      }
    }
  }
  std::cout << "[properties] normalize: " << checked << " normal forms read back as computed, "
            << agreed << " agree with resolution\n";
  EXPECT_GT(checked, 15000);
  EXPECT_GT(agreed, 3000);
}

}  // namespace
