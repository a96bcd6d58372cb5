// Reference resolution (RFC 3986 5.2, strict) and remove_dot_segments (5.2.4).
#include "urix/resolve.h"

#include <gtest/gtest.h>

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
  // Strict, as 5.3 recomposes: the RFC's algorithm can yield a path that starts with "//"
  // without an authority (documented in docs/differences.md).
  EXPECT_EQ(*urix::resolve("f:/a", ".//g"), "f://g");
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
  int checked = 0, reparse_hazard = 0;
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
    // 5.2.2: the target takes the reference's authority when the reference has a scheme or
    // an authority, the base's otherwise. Without one, a path that 5.2.4 turned into "//..."
    // reads back as an authority (the documented 5.3 hazard): its path is not checked.
    const bool target_authority =
        (r->has_scheme() || r->has_authority()) ? r->has_authority() : b->has_authority();
    const auto tu = urix::parse_uri(t);
    if (!target_authority && (!tu || tu->has_authority())) {
      ++reparse_hazard;
      continue;
    }
    ASSERT_TRUE(tu) << show(base) << " + " << show(ref) << " = " << show(t) << ": " << tu.error();
    const std::string_view path = tu->path;
    ASSERT_FALSE(has_dot_segment(path)) << show(base) << " + " << show(ref) << " = " << show(t);
  }
  std::cout << "[properties] resolve: " << checked << " targets free of dot-segments ("
            << reparse_hazard << " with the documented 5.3 '//' path hazard)\n";
  EXPECT_GT(checked, 1500);
}

}  // namespace
