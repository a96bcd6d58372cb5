// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests of urix/result.h: the names and messages of the error codes.
#include "urix/result.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace {

using urix::errc;

// The last code; a code added after it has a name, which the last check below catches.
constexpr errc last_code = errc::unknown_set;

TEST(Errc, EveryCodeHasAUniqueSnakeCaseName) {
  std::set<std::string_view> seen;
  for (unsigned v = 1; v <= static_cast<unsigned>(last_code); ++v) {
    const auto code = static_cast<errc>(v);
    const std::string_view name = urix::name(code);
    EXPECT_NE(name, "unknown") << "code " << v;
    EXPECT_TRUE(seen.insert(name).second) << "two codes are called " << name;
    EXPECT_EQ(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz_0123456789"), name.npos) << name;
    EXPECT_NE(urix::message(code), "unknown error") << name;
  }
  EXPECT_EQ(urix::name(static_cast<errc>(static_cast<unsigned>(last_code) + 1)), "unknown")
      << "a new code: move last_code to it";
}

// The names are an interface (JSON output, bindings): these spellings never change.
TEST(Errc, NamesAreTheEnumeratorsSpelling) {
  EXPECT_EQ(urix::name(errc::incomplete_escape), "incomplete_escape");
  EXPECT_EQ(urix::name(errc::bad_escape_hex), "bad_escape_hex");
  EXPECT_EQ(urix::name(errc::invalid_utf8), "invalid_utf8");
  EXPECT_EQ(urix::name(errc::no_space), "no_space");
  EXPECT_EQ(urix::name(errc::disallowed_code_point), "disallowed_code_point");
  EXPECT_EQ(urix::name(errc::unmappable_char), "unmappable_char");
  EXPECT_EQ(urix::name(errc::invalid_in_charset), "invalid_in_charset");
  EXPECT_EQ(urix::name(errc::invalid_url), "invalid_url");
  EXPECT_EQ(urix::name(errc::unclosed_expression), "unclosed_expression");
  EXPECT_EQ(urix::name(errc::not_matchable), "not_matchable");
  EXPECT_EQ(urix::name(errc::ambiguous_match), "ambiguous_match");
}

}  // namespace
