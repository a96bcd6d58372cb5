// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests of relativize (urix/resolve.h): the inverse of reference resolution (RFC 3986 5.2).
// The property: resolve(normalize(B), relativize(B, U)) == normalize(U), and no longer than
// normalize(U); against uriparser's cases; over real URLs and generated references.
#include "urix/resolve.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "test_util.h"
#include "uri_gen.h"
#include "urix/normalize.h"

namespace {

using urix::errc;
using urix::error;

// Checks the property for one pair; returns the reference (or "" with a failure recorded).
std::string check_inverse(std::string_view base, std::string_view target) {
  auto r = urix::relativize(base, target);
  if (!r) {
    ADD_FAILURE() << base << " -> " << target << ": " << r.error();
    return {};
  }
  const std::string nb = *urix::normalize(base), nt = *urix::normalize(target);
  auto back = urix::resolve(nb, *r);
  EXPECT_TRUE(back && *back == nt) << base << " -> " << target << " gave " << *r << ", which resolves to "
                                   << (back ? *back : "an error");
  // Against the base as written, the target's normal form comes back too (5.2 merges with
  // the base's path as written; normalizing afterwards gives the same).
  auto raw = urix::resolve(base, *r);
  EXPECT_TRUE(raw && *urix::normalize(*raw) == nt) << base << " -> " << target << " gave " << *r;
  EXPECT_LE(r->size(), nt.size()) << base << " -> " << target;
  return *r;
}

// RFC 3986 5.2 read backwards: each form of reference, where it is the shortest.
TEST(Relativize, EachForm) {
  EXPECT_EQ(*urix::relativize("http://a/b/c/d", "http://a/b/e/f"), "../e/f");
  EXPECT_EQ(*urix::relativize("http://a/b/c", "http://a/b/c?q#f"), "?q#f");
  EXPECT_EQ(*urix::relativize("http://a/b/c?q", "http://a/b/c?q#f"), "#f");
  EXPECT_EQ(*urix::relativize("http://a/b/c?q#x", "http://a/b/c?q"), "");  // 5.2.2: base fragment ignored
  EXPECT_EQ(*urix::relativize("http://a/b/c?q", "http://a/b/c"), "c");     // "" would keep "?q"
  EXPECT_EQ(*urix::relativize("http://a/b/c", "https://a/b/c"), "https://a/b/c");
  EXPECT_EQ(*urix::relativize("http://a/b/c", "http://x/b/c"), "//x/b/c");
  EXPECT_EQ(*urix::relativize("http://a/b/c/d/e", "http://a/x"), "/x");    // shorter than ../../../x
  EXPECT_EQ(*urix::relativize("http://a/b/c", "http://a/b/"), "./");
  EXPECT_EQ(*urix::relativize("http://a/b/c", "http://a/b/x:y"), "./x:y");  // 4.2: not a scheme
  EXPECT_EQ(*urix::relativize("http://a/b/", "http://a/b//x"), ".//x");     // not an authority
  EXPECT_EQ(*urix::relativize("foo:/a/b", "foo://h"), "//h");
  EXPECT_EQ(*urix::relativize("foo://h/a", "foo:/a"), "foo:/a");  // no reference drops an authority
  EXPECT_EQ(*urix::relativize("http://a", "http://a/b"), "b");     // 5.2.3: "/" + "b"
  // Both in normal form first (6.2.2, 6.2.3).
  EXPECT_EQ(*urix::relativize("HTTP://A:80/b/./c", "http://a/b/%7Ed"), "~d");
}

TEST(Relativize, Errors) {
  EXPECT_EQ(urix::relativize("/a/b", "http://a/").error(), (error{errc::missing_scheme, 0}));
  EXPECT_EQ(urix::relativize("http://a/", "b").error(), (error{errc::missing_scheme, 0}));
  EXPECT_EQ(urix::relativize("http://a/ b", "http://a/").error(), (error{errc::disallowed_char, 9}));
  EXPECT_EQ(urix::relativize("http://a/", "http://a:x/").error(), (error{errc::bad_port, 9}));
}

// uriparser's relativize cases (test/test.cpp). uriparser does not look for the shortest
// form: without its "domain root" mode it never writes an absolute path, in it only when
// base and target share no first segment. Each of its answers must resolve to the target,
// and ours must too, never longer; where ours is shorter it is the absolute path.
TEST(Relativize, UriparserCases) {
  const auto data = urix_test::load_json("peers/uriparser_vectors.json");
  const auto& cases = data.at("relativize").at("cases");
  ASSERT_EQ(cases.size(), 26u);
  int same = 0, shorter = 0;
  for (const auto& c : cases) {
    const std::string base = c.at("base"), target = c.at("target"), expected = c.at("expected");
    auto theirs = urix::resolve(base, expected);
    ASSERT_TRUE(theirs);
    EXPECT_EQ(*theirs, *urix::normalize(target)) << "uriparser's " << expected;
    const std::string ours = check_inverse(base, target);
    if (ours == expected) {
      ++same;
    } else {
      EXPECT_LT(ours.size(), expected.size()) << base << " -> " << target << ": " << ours;
      EXPECT_TRUE(ours.starts_with('/') && !ours.starts_with("//")) << ours;
      ++shorter;
    }
  }
  EXPECT_EQ(same, 22);
  // "/a/b/c/d" for "../../b/c/d", "/a/b/" for "../../b/", "/a/b" for "../../b", "/a/" for "../../"
  EXPECT_EQ(shorter, 4);
}

// The property over every real URL of the shared corpora that is a URI, against bases drawn
// from the corpus (the line before) and from the URL itself (its path cut short, another
// query, another host).
TEST(Relativize, InverseOfResolveOverRealUrls) {
  std::string previous;
  std::size_t checked = 0;
  for (const std::string& line : urix_test::real_urls()) {
    auto u = urix::parse_uri(line);
    if (!u) continue;
    if (!previous.empty()) check_inverse(previous, line);
    const std::string_view path = u->path;
    std::string prefix(line.substr(0, static_cast<std::size_t>(path.data() - line.data())));
    check_inverse(prefix + std::string(path.substr(0, path.rfind('/') + 1)) + "x?y", line);
    check_inverse(prefix + "/" + "q/r/s", line);
    check_inverse(line, line);
    previous = line;
    ++checked;
  }
  EXPECT_GT(checked, 90000u);
}

// Generated references (tests/uri_gen.h): every pair of absolute URIs from the generator,
// and references resolved against a base then relativized back.
TEST(Relativize, InverseOfResolveOverGeneratedReferences) {
  urix_test::uri_gen gen(51);
  std::size_t checked = 0;
  for (int i = 0; i < 20000; ++i) {
    const std::string a = gen.uri_reference(), b = gen.uri_reference();
    auto base = urix::parse_uri(a);
    if (!base) continue;
    if (urix::parse_uri(b)) check_inverse(a, b);
    if (auto target = urix::resolve(a, b)) check_inverse(a, *target);
    ++checked;
  }
  EXPECT_GT(checked, 10000u);
}

// Linear work: a deep base against a deep target.
TEST(Relativize, LongPaths) {
  std::string base = "http://a", target = "http://a";
  for (int i = 0; i < 100000; ++i) base += "/b", target += "/c";
  const std::string r = check_inverse(base, target);
  EXPECT_EQ(r.size(), target.size() - 8);  // "/c/c/..." beats "../../..."
}

}  // namespace
