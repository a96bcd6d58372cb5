// Reference resolution (RFC 3986 5.2, strict) and remove_dot_segments (5.2.4).
#include "urix/resolve.h"

#include <gtest/gtest.h>
#include <optional>
#include <string>

#include "test_util.h"
#include "uri_gen.h"

namespace {

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
    ++n;
  }
  EXPECT_EQ(n, 42);
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

// Issue 28 item 4: 5.2 can build a path that starts with "//" for a target without an
// authority; written as it is (5.3), it would read back with the authority "g". The target
// is written as normalize writes such a path, with "/." in front (docs/differences.md).
TEST(Resolve, PathStartingWithTwoSlashesIsNotAnAuthority) {
  EXPECT_EQ(*urix::resolve("f:/a", ".//g"), "f:/.//g");
  EXPECT_EQ(*urix::resolve("file:/x/y", "..//z"), "file:/.//z");
  EXPECT_EQ(*urix::resolve("foo:a/b", "./..//c"), "foo:/.//c");
  EXPECT_EQ(*urix::resolve("f:/a", "g:/.//h"), "g:/.//h");  // the reference's own path
  EXPECT_EQ(*urix::resolve("f:/a", "/..//g"), "f:/.//g");
  EXPECT_EQ(*urix::resolve("f://h/a", ".//g"), "f://h//g");  // with an authority: no guard
  const auto t = urix::parse_uri(*urix::resolve("f:/a", ".//g"));
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
    // "/." in front of "//" is the guard append_path writes, not a dot-segment of the target.
    const std::string_view unguarded = path.starts_with("/.//") ? path.substr(2) : path;
    ASSERT_FALSE(has_dot_segment(unguarded))
        << show(base) << " + " << show(ref) << " = " << show(t);
  }
  std::cout << "[properties] resolve: " << checked << " targets free of dot-segments\n";
  EXPECT_GT(checked, 1500);
}

}  // namespace
