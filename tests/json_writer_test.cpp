// SPDX-License-Identifier: Apache-2.0 OR MIT
// The CLI's JSON string writer (cli/json_writer.h): RFC 8259 section 7 escapes, eight bytes
// per step. Against a byte-at-a-time model on every byte value at every position of strings
// around the word size, and read back by a JSON parser (nlohmann::json). Strings that need no
// escape (the parser's components, which parse writes unescaped) copied as they are.
#include "../cli/json_writer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "test_util.h"
#include "urix/uri.h"

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

std::string written_plain(std::string_view s) {
  std::string out(s.size() + 16, '#');
  const char* const end = urix::cli::write_json_plain_chars(out.data() + 8, s);
  EXPECT_EQ(out.substr(0, 8), "########");  // nothing written before or after
  EXPECT_EQ(out.substr(static_cast<std::size_t>(end - out.data())), "########");
  return out.substr(8, static_cast<std::size_t>(end - out.data()) - 8);
}

// The copy of a string that needs no escape: every byte at every position of every length
// around the word size, in its place.
TEST(JsonWriter, PlainCharsAreTheStringItself) {
  for (std::size_t n = 0; n <= 25; ++n) {
    for (std::size_t k = 0; k < n; ++k) {
      for (unsigned b = 0x20; b < 256; ++b) {
        if (b == '"' || b == '\\') continue;
        std::string s(n, 'a');
        for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + i);
        s[k] = static_cast<char>(b);
        ASSERT_EQ(written_plain(s), s) << urix_test::hex(s);
      }
    }
  }
}

// The whole string quoted, short or in pieces: what write_json_string writes for it.
TEST(JsonWriter, PlainStringsAreQuotedAndSplitIntoPieces) {
  for (const std::size_t n : {0u, 1u, 7u, 8u, 9u, 4095u, 4096u, 4097u, 8192u, 8193u, 10000u}) {
    std::string s(n, 'x');
    for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + i % 26);
    std::string text = "[";
    urix::cli::string_sink sink{text};
    urix::cli::write_json_plain_string(sink, s);
    ASSERT_EQ(text, "[\"" + s + "\"") << n;
    std::string escaped = "[";
    urix::cli::string_sink escaping{escaped};
    urix::cli::write_json_string(escaping, s);
    ASSERT_EQ(text, escaped) << n;
  }
}

// A sink that holds a writer to what it reserved: bytes past the reservation stay '#', and
// no commit is larger than its reservation.
struct bounded_sink {
  std::string text;
  std::size_t at = 0, room = 0;
  void put(char c) {
    *reserve(1) = c;
    commit(1);
  }
  char* reserve(std::size_t n) {
    at = text.size();
    room = n;
    text.append(n + 16, '#');
    return text.data() + at;
  }
  void commit(std::size_t n) {
    EXPECT_LE(n, room);
    EXPECT_EQ(text.substr(at + room), std::string(16, '#'));
    text.resize(at + n);
  }
};

// Escapes near the 4096-byte pieces of a long string, and plain strings around them: the
// model's bytes, inside the room reserved.
TEST(JsonWriter, LongStringsStayInsideTheirReservations) {
  for (const std::size_t n : {4095u, 4096u, 4097u, 8191u, 8192u, 8193u}) {
    const std::size_t near[] = {0, n / 2, 4088, 4095, 4096, 4097, n - 1};
    for (const std::size_t k : near) {
      if (k >= n) continue;  // the pieces' edges past a shorter string
      for (const char c : {'"', '\n', '\x01', 'z'}) {
        std::string s(n, 'a');
        s[k] = c;
        bounded_sink escaped, plain;
        urix::cli::write_json_string(escaped, s);
        ASSERT_EQ(escaped.text, "\"" + model(s) + "\"") << n << " " << k;
        if (c != 'z') continue;
        urix::cli::write_json_plain_string(plain, s);
        ASSERT_EQ(plain.text, "\"" + s + "\"") << n << " " << k;
      }
    }
  }
  for (std::size_t n = 0; n <= 40; ++n) {
    const std::string s(n, '~');
    bounded_sink escaped, plain;
    urix::cli::write_json_string(escaped, s);
    urix::cli::write_json_plain_string(plain, s);
    ASSERT_EQ(escaped.text, "\"" + s + "\"");
    ASSERT_EQ(plain.text, escaped.text);
  }
}

// The parser's components are written unescaped: neither grammar admits a byte that JSON
// escapes ('"', '\\', U+0000-U+001F). Every byte at every position of references with
// every component, as URI and as IRI.
TEST(JsonWriter, ParsedComponentsNeedNoEscape) {
  for (const std::string_view base :
       {"http://us:er@host.com:80/p/a/th;x?a=b&c#frag", "//[::1]/x", "//[v1.x]/x?#",
        "a/b?c#d", "//1.2.3.4:5/", "x:/%41/?%42=%43#%44"}) {
    for (std::size_t k = 0; k <= base.size(); ++k) {
      for (unsigned b = 0; b < 256; ++b) {
        for (const std::string& ins : {std::string(1, static_cast<char>(b)),
                                       std::string("\xc3") + static_cast<char>(b)}) {
          const std::string s = std::string(base.substr(0, k)) + ins + std::string(base.substr(k));
          for (const urix::syntax grammar : {urix::syntax::uri, urix::syntax::iri}) {
            const auto u = urix::parse_uri_reference(s, grammar);
            if (!u) continue;
            for (const auto& c : {u->scheme, u->userinfo, u->host, u->port,
                                  std::optional<std::string_view>(u->path), u->query, u->fragment})
              if (c) {
                ASSERT_EQ(model(*c), *c) << urix_test::hex(s);
              }
          }
        }
      }
    }
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
