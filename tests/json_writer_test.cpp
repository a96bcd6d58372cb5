// SPDX-License-Identifier: Apache-2.0 OR MIT
// The CLI's JSON string writer (cli/json_writer.h): RFC 8259 section 7 escapes, eight bytes
// per step. Against a byte-at-a-time model on every byte value at every position of strings
// around the word size, and read back by a JSON parser (nlohmann::json).
#include "../cli/json_writer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

#include "test_util.h"

namespace {

// RFC 8259 section 7, one byte at a time: '"', '\\' and U+0000-U+001F escaped (the short
// forms where the RFC has them), every other byte as it is.
std::string model(std::string_view s) {
  std::string out;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char u[7];
          std::snprintf(u, sizeof u, "\\u%04x", c);
          out += u;
        } else {
          out += ch;
        }
    }
  }
  return out;
}

std::string written(std::string_view s) {
  std::string out(6 * s.size(), '#');
  out.resize(static_cast<std::size_t>(urix::cli::write_json_chars(out.data(), s) - out.data()));
  return out;
}

TEST(JsonWriter, EveryByteAtEveryPositionIsTheModel) {
  for (std::size_t n = 1; n <= 25; ++n) {
    for (std::size_t k = 0; k < n; ++k) {
      for (unsigned b = 0; b < 256; ++b) {
        std::string s(n, 'a');
        s[k] = static_cast<char>(b);
        ASSERT_EQ(written(s), model(s)) << urix_test::hex(s);
      }
    }
  }
  EXPECT_EQ(written(""), "");
}

// Two bytes to escape at every pair of positions: the last word of a string overlaps the
// one before, where an escape may already have moved the output.
TEST(JsonWriter, TwoEscapesAtEveryPairOfPositionsAreTheModel) {
  for (std::size_t n = 2; n <= 25; ++n) {
    for (std::size_t k = 0; k < n; ++k) {
      for (std::size_t j = k + 1; j < n; ++j) {
        for (const char first : {'"', '\x01'}) {
          std::string s(n, 'b');
          s[k] = first;
          s[j] = '\n';
          ASSERT_EQ(written(s), model(s)) << urix_test::hex(s);
        }
      }
    }
  }
}

TEST(JsonWriter, EscapesAnywhereInLongerText) {
  std::string s;
  for (int i = 0; i < 2000; ++i) s += static_cast<char>((i * 37 + i / 7) % 128);
  for (std::size_t start = 0; start < 16; ++start) {
    const std::string_view part = std::string_view(s).substr(start);
    ASSERT_EQ(written(part), model(part)) << start;
  }
}

TEST(JsonWriter, AJsonParserReadsTheStringBack) {
  for (const std::string_view s : {std::string_view("plain/path?q=1&r=2#f"),
                                   std::string_view("quote\" back\\slash \x01\x1f\x7f tab\t"),
                                   std::string_view("caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 0123456789"),
                                   std::string_view("\"\"\"\"\"\"\"\"\\\\\\\\\\\\\\\\\n\n\n\n\n\n\n\n")}) {
    const auto parsed = nlohmann::json::parse("\"" + written(s) + "\"");
    EXPECT_EQ(parsed.get<std::string>(), s);
  }
}

}  // namespace
