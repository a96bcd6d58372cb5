// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix's URI-reference parser against a recognizer written straight from RFC 3986 Appendix A
// (tests/rfc3986_abnf.h): they must agree on accept/reject and on every component, over the
// URI test vectors of tests/uri_vectors_test.cpp and uri_test.cpp and over seeded random
// strings of URI-significant characters. fuzz/abnf.cpp runs the same comparison.
#include <gtest/gtest.h>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "rfc3986_abnf.h"
#include "test_util.h"
#include "urix/uri.h"

namespace {

using urix_test::show;

// Every string value in a JSON document: inputs, expectations, bases and references alike
// (comments and origins too, which are just more strings to compare on).
void collect_strings(const nlohmann::json& j, std::vector<std::string>& out) {
  if (j.is_string()) {
    out.push_back(j.get<std::string>());
  } else if (j.is_structured()) {
    for (const auto& v : j) collect_strings(v, out);
  }
}

// The recognizer's own rules, on the RFC's examples and its corners.
TEST(Rfc3986Abnf, RecognizerRules) {
  EXPECT_TRUE(rfc3986::matches_ipv4address("192.0.2.255"));
  EXPECT_FALSE(rfc3986::matches_ipv4address("192.0.2.256"));
  EXPECT_FALSE(rfc3986::matches_ipv4address("01.2.3.4"));
  for (const char* ok : {"::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "::1.2.3.4",
                         "1:2:3:4:5::1.2.3.4", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "ABCD:ef01::"})
    EXPECT_TRUE(rfc3986::matches_ipv6address(ok)) << ok;
  for (const char* bad : {"", ":", ":::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1::2::3",
                          "1:2:3:4:5:6::1.2.3.4", "12345::", "1:2:3:4:5:6:7:1.2.3.4", "::1.2.3"})
    EXPECT_FALSE(rfc3986::matches_ipv6address(bad)) << bad;
  const auto p = rfc3986::parse_uri_reference("foo://u@[v1.x]:8/a?q#f");
  ASSERT_EQ(p.size(), 1U);
  EXPECT_EQ(p[0].host_kind, "ipvfuture");
  EXPECT_EQ(*p[0].port, "8");
  EXPECT_EQ(p[0].path, "/a");
  EXPECT_TRUE(rfc3986::parse_uri_reference("a:b:c").size() == 1);  // scheme "a", path "b:c"
  EXPECT_TRUE(rfc3986::parse_uri_reference("1a:b").empty());       // 4.2: no such first segment
  EXPECT_TRUE(rfc3986::parse_uri_reference("%zz").empty());
}

TEST(Rfc3986Abnf, AgreesWithUrixOnTheVectors) {
  std::vector<std::string> inputs;
  for (const char* file : {"peers/uriparser_vectors.json", "peers/python_urllib_vectors.json",
                           "rfc/rfc3986_examples.json", "rfc/rfc3986_5.4_resolution.json"})
    collect_strings(urix_test::load_json(file), inputs);
  int checked = 0, accepted = 0;
  for (const std::string& s : inputs) {
    if (s.size() > 200) continue;  // the recognizer's cost grows with the cube of the length
    const std::string diff = rfc3986::compare_with_urix(s);
    EXPECT_EQ(diff, "") << show(s);
    ++checked;
    accepted += urix::parse_uri_reference(s).has_value() ? 1 : 0;
  }
  std::cout << "[abnf] " << checked << " vector strings (" << accepted
            << " URI references), urix and the ABNF agree\n";
  EXPECT_GT(checked, 1000);
}

TEST(Rfc3986Abnf, AgreesWithUrixOnRandomStrings) {
  static constexpr std::string_view alphabet = ":/?#[]@%!$&'()*+,;=-._~ aAvVfF019.:/";
  std::mt19937 rng(3986);
  int accepted = 0;
  const int n = 4000;
  for (int i = 0; i < n; ++i) {
    std::string s;
    const std::size_t len = std::uniform_int_distribution<std::size_t>(0, 16)(rng);
    for (std::size_t k = 0; k < len; ++k)
      s += alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
    // Half of them start like a URI with an authority, so hosts and ports get exercised.
    if (i % 2 == 1) s = (i % 4 == 1 ? "s://" : "//") + s;
    const std::string diff = rfc3986::compare_with_urix(s);
    ASSERT_EQ(diff, "") << show(s);
    accepted += urix::parse_uri_reference(s).has_value() ? 1 : 0;
  }
  std::cout << "[abnf] " << n << " random strings (" << accepted
            << " URI references), urix and the ABNF agree\n";
  EXPECT_GT(accepted, 400);
}

}  // namespace
