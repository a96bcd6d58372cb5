// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests for urix/utf8.h: well-formedness exactly as Unicode 3.9 Table 3-7 (RFC 3629 section 4)
// defines it, the offset of the first bad byte, U+FFFD substitution of maximal subparts, and
// the incomplete tail a streaming validator carries over.
#include "urix/utf8.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "test_util.h"

namespace {

using namespace std::literals;
using urix_test::heap_bytes;
using urix_test::hex;
using urix_test::show;
using urix_test::unhex;

const std::string fffd = "\xEF\xBF\xBD";

// Unicode 3.9 Table 3-7 "Well-Formed UTF-8 Byte Sequences", one row per line: the lead byte
// range, the range of the second byte, and the length. Bytes after the second are 80..BF.
struct row {
  unsigned lead_lo, lead_hi, second_lo, second_hi, length;
};
constexpr row table_3_7[] = {
    {0x00, 0x7F, 0, 0, 1},          // U+0000..U+007F
    {0xC2, 0xDF, 0x80, 0xBF, 2},    // U+0080..U+07FF
    {0xE0, 0xE0, 0xA0, 0xBF, 3},    // U+0800..U+0FFF
    {0xE1, 0xEC, 0x80, 0xBF, 3},    // U+1000..U+CFFF
    {0xED, 0xED, 0x80, 0x9F, 3},    // U+D000..U+D7FF
    {0xEE, 0xEF, 0x80, 0xBF, 3},    // U+E000..U+FFFF
    {0xF0, 0xF0, 0x90, 0xBF, 4},    // U+10000..U+3FFFF
    {0xF1, 0xF3, 0x80, 0xBF, 4},    // U+40000..U+FFFFF
    {0xF4, 0xF4, 0x80, 0x8F, 4},    // U+100000..U+10FFFF
};

const row* row_of(unsigned lead) {
  for (const row& r : table_3_7)
    if (lead >= r.lead_lo && lead <= r.lead_hi) return &r;
  return nullptr;
}

std::string bytes(std::initializer_list<unsigned> list) {
  std::string s;
  for (unsigned b : list) s += static_cast<char>(b);
  return s;
}

/// The generic UTF-8 bit pattern of `cp` in `length` bytes, well-formed or not (overlong
/// forms, surrogates and values above U+10FFFF come out as the ill-formed bytes they are).
std::string encode_as(unsigned cp, unsigned length) {
  if (length == 1) return bytes({cp});
  static constexpr unsigned lead_bits[] = {0, 0, 0xC0, 0xE0, 0xF0};
  std::string s = bytes({lead_bits[length] | (cp >> (6 * (length - 1)))});
  for (unsigned k = length - 1; k-- > 0;) s += static_cast<char>(0x80 | ((cp >> (6 * k)) & 0x3F));
  return s;
}

unsigned shortest_length(unsigned cp) { return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4; }

bool valid(std::string_view s) {
  const heap_bytes in(s);
  return urix::validate_utf8(in.view()).has_value();
}

// Table 3-7, column 1: which bytes may start a sequence. Each lead byte is followed by the
// smallest second byte of its row and 80s; no other byte starts a well-formed sequence.
TEST(Utf8, Table3_7_EveryLeadByte) {
  for (unsigned lead = 0; lead < 256; ++lead) {
    const row* r = row_of(lead);
    EXPECT_EQ(valid(bytes({lead})), lead < 0x80) << std::hex << lead;
    if (r != nullptr && r->length == 1) continue;
    std::string seq = bytes({lead});
    if (r != nullptr) seq += bytes({r->second_lo}) + std::string(r->length - 2, '\x80');
    else seq += "\x80\x80\x80";  // whatever follows, this byte cannot start a sequence
    EXPECT_EQ(valid(seq), r != nullptr) << show(seq);
  }
}

// Table 3-7, column 2: the second byte's range depends on the lead (E0: A0..BF, no overlongs;
// ED: 80..9F, no surrogates; F0: 90..BF, no overlongs; F4: 80..8F, nothing above U+10FFFF).
TEST(Utf8, Table3_7_SecondByteRangesForEveryLead) {
  for (unsigned lead = 0xC2; lead <= 0xF4; ++lead) {
    const row* r = row_of(lead);
    ASSERT_NE(r, nullptr);
    for (unsigned second = 0; second < 256; ++second) {
      const std::string seq = bytes({lead, second}) + std::string(r->length - 2, '\x80');
      const bool ok = second >= r->second_lo && second <= r->second_hi;
      const heap_bytes in(seq);
      auto result = urix::validate_utf8(in.view());
      ASSERT_EQ(result.has_value(), ok) << show(seq);
      if (!ok) {
        EXPECT_EQ(result.error(), (urix::error{urix::errc::invalid_utf8, 0})) << show(seq);
      }
    }
  }
}

// Table 3-7, columns 3 and 4: 80..BF only.
TEST(Utf8, Table3_7_LaterBytesAreContinuations) {
  for (unsigned b = 0; b < 256; ++b) {
    const bool ok = b >= 0x80 && b <= 0xBF;
    EXPECT_EQ(valid(bytes({0xE1, 0x80, b})), ok) << std::hex << b;
    EXPECT_EQ(valid(bytes({0xF1, 0x80, b, 0x80})), ok) << std::hex << b;
    EXPECT_EQ(valid(bytes({0xF1, 0x80, 0x80, b})), ok) << std::hex << b;
  }
}

// Every Unicode scalar value in its shortest form is well-formed; surrogates (U+D800..DFFF),
// values above U+10FFFF and every overlong (longer than shortest) form are not.
TEST(Utf8, EveryCodePointShortestFormOnly) {
  for (unsigned cp = 0; cp <= 0x1FFFFF; ++cp) {
    const bool scalar = cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
    const unsigned shortest = shortest_length(cp);
    std::string s = encode_as(cp, shortest);
    ASSERT_EQ(urix::validate_utf8(s).has_value(), scalar) << std::hex << cp;
    if (cp >= 0x10000) continue;
    // The same value in more bytes than it needs: overlong, never well-formed.
    for (unsigned longer = std::max(shortest + 1, 2U); longer <= 4; ++longer) {
      ASSERT_FALSE(urix::validate_utf8(encode_as(cp, longer))) << std::hex << cp << " in " << longer;
    }
  }
  // The named boundaries of Table 3-7.
  for (std::string_view ok : {"\x7F"sv, "\xC2\x80"sv, "\xDF\xBF"sv, "\xE0\xA0\x80"sv, "\xED\x9F\xBF"sv,
                              "\xEE\x80\x80"sv, "\xEF\xBF\xBF"sv, "\xF0\x90\x80\x80"sv, "\xF4\x8F\xBF\xBF"sv, "\0"sv})
    EXPECT_TRUE(valid(ok)) << show(ok);
  for (std::string_view bad : {"\xC0\x80"sv, "\xC1\xBF"sv, "\xE0\x9F\xBF"sv, "\xED\xA0\x80"sv, "\xED\xBF\xBF"sv,
                               "\xF0\x8F\xBF\xBF"sv, "\xF4\x90\x80\x80"sv, "\xF5\x80\x80\x80"sv, "\xFF"sv, "\xFE"sv})
    EXPECT_FALSE(valid(bad)) << show(bad);
}

// Truncated sequences: every proper prefix of a multi-byte sequence is ill-formed on its own,
// and reported at its first byte, wherever it sits (inside and after the ASCII fast path).
TEST(Utf8, TruncatedSequencesAndErrorOffsets) {
  for (std::string_view whole : {"\xC3\xA9"sv, "\xE4\xB8\xAD"sv, "\xF0\x9F\x98\x80"sv}) {
    for (std::size_t cut = 1; cut < whole.size(); ++cut) {
      for (std::size_t before = 0; before <= 19; ++before) {
        for (std::string_view after : {""sv, "z"sv, "zzzzzzzzzz"sv}) {
          const std::string s = std::string(before, 'a') + std::string(whole.substr(0, cut)) + std::string(after);
          const heap_bytes in(s);
          auto r = urix::validate_utf8(in.view());
          ASSERT_FALSE(r) << show(s);
          EXPECT_EQ(r.error(), (urix::error{urix::errc::invalid_utf8, before})) << show(s);
        }
      }
    }
  }
  EXPECT_EQ(urix::validate_utf8("ab\xC3(").error().offset, 2U);
  EXPECT_EQ(urix::validate_utf8("\xE4\xB8\xAD\xE4\xB8\xAD\xFF").error().offset, 6U);
  EXPECT_EQ(urix::validate_utf8("0123456789abcdef\x80").error().offset, 16U);
  EXPECT_TRUE(urix::validate_utf8(""));
  EXPECT_TRUE(urix::validate_utf8("plain ASCII, longer than eight bytes \xE4\xB8\xAD and more"));
}

// Unicode 3.9, "U+FFFD Substitution of Maximal Subparts", its own examples (Tables 3-8 .. 3-11).
TEST(Utf8, MaximalSubpartReplacementUnicodeExamples) {
  struct example {
    const char* in_hex;
    std::string out;
  };
  const example examples[] = {
      {"61 F1 80 80 E1 80 C2 62 80 63 80 BF 64", "a" + fffd + fffd + fffd + "b" + fffd + "c" + fffd + fffd + "d"},
      {"C0 AF E0 80 BF F0 81 82 41", fffd + fffd + fffd + fffd + fffd + fffd + fffd + fffd + "A"},
      {"ED A0 80 ED BF BF ED AF 41", fffd + fffd + fffd + fffd + fffd + fffd + fffd + fffd + "A"},
      {"F4 91 92 93 FF 41 80 BF 42", fffd + fffd + fffd + fffd + fffd + "A" + fffd + fffd + "B"},
      {"E1 80 E2 F0 91 92 F1 BF 41", fffd + fffd + fffd + fffd + "A"},
  };
  for (const example& e : examples) {
    const heap_bytes in(unhex(e.in_hex));
    EXPECT_EQ(hex(urix::utf8_replace_invalid(in.view())), hex(e.out)) << e.in_hex;
    std::string appended = "x\xC3\xA9";
    urix::utf8_replace_invalid_append(appended, in.view());
    EXPECT_EQ(appended, "x\xC3\xA9" + e.out) << e.in_hex;
  }
  EXPECT_EQ(urix::utf8_replace_invalid(""), "");
  const std::string text = "na\xC3\xAFve \xE4\xB8\xAD \xF0\x9F\x98\x80";
  EXPECT_EQ(urix::utf8_replace_invalid(text), text);  // well-formed input is copied
}

/// Is `t` a proper prefix of some well-formed sequence? Read straight off Table 3-7: a lead
/// byte of a longer sequence, then a second byte in its row's range, then 80..BF.
bool proper_prefix(std::string_view t) {
  const row* r = row_of(static_cast<unsigned char>(t[0]));
  if (r == nullptr || r->length <= t.size()) return false;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const auto b = static_cast<unsigned char>(t[k]);
    const unsigned lo = k == 1 ? r->second_lo : 0x80;
    const unsigned hi = k == 1 ? r->second_hi : 0xBF;
    if (b < lo || b > hi) return false;
  }
  return true;
}

// is_ascii, and the ASCII runs validate_utf8 skips, on every length up to 100 with the one
// non-ASCII byte at every position: the kernels read short strings and tails in words and
// overlapping vectors, which must still stop at the exact byte.
TEST(Utf8, AsciiRunsEndAtTheFirstNonAsciiByteOfAnyLength) {
  for (std::size_t n = 0; n <= 100; ++n) {
    EXPECT_TRUE(urix::is_ascii(heap_bytes(std::string(n, 'a')).view())) << n;
    for (std::size_t k = 0; k < n; ++k) {
      std::string s(n, 'a');
      s[k] = '\x80';
      const heap_bytes in(s);
      ASSERT_FALSE(urix::is_ascii(in.view())) << n << " bytes, byte " << k;
      const auto r = urix::validate_utf8(in.view());
      ASSERT_FALSE(r) << n << " bytes, byte " << k;
      ASSERT_EQ(r.error().offset, k) << n << " bytes";
      // A well-formed sequence before it: the run after the sequence ends at the same byte.
      if (k >= 2) {
        s[0] = '\xC3';
        s[1] = '\xA9';
        const auto after = urix::validate_utf8(heap_bytes(s).view());
        ASSERT_FALSE(after) << n << " bytes, byte " << k;
        ASSERT_EQ(after.error().offset, k) << n << " bytes";
      }
    }
  }
}

std::size_t reference_tail(std::string_view s) {
  for (std::size_t k = 1; k <= 3 && k <= s.size(); ++k)
    if (proper_prefix(s.substr(s.size() - k))) return k;
  return 0;
}

TEST(Utf8, IncompleteTail) {
  struct example {
    std::string_view in;
    std::size_t tail;
  };
  for (const example& e : {example{"", 0}, example{"a", 0}, example{"\xE4", 1}, example{"\xE4\xB8", 2},
                           example{"\xE4\xB8\xAD", 0}, example{"\xF0\x9F\x98", 3}, example{"\xF0\x9F", 2},
                           example{"\xF0", 1}, example{"a\xC3", 1}, example{"\xC3\xA9\xE4", 1},
                           example{"\xE4\xB8\xAD\xF0\x9F\x98", 3},
                           // Not prefixes of any well-formed sequence (Table 3-7 second bytes):
                           example{"\xE0\x80", 0}, example{"\xED\xA0", 0}, example{"\xF0\x8F", 0},
                           example{"\xF4\x90", 0}, example{"\x80", 0}, example{"\xC0", 0},
                           example{"\xC1", 0}, example{"\xF5", 0}, example{"\xFF", 0},
                           example{"\xF0\x9F\x98\x80", 0}, example{"\xBF\xBF\xBF", 0}}) {
    const heap_bytes in(e.in);
    EXPECT_EQ(urix::utf8_incomplete_tail(in.view()), e.tail) << show(e.in);
  }
  // Exhaustive over every 1- and 2-byte string, and over every 3- and 4-byte string made of
  // bytes on the boundaries of Table 3-7, against the definition.
  for (unsigned a = 0; a < 256; ++a) {
    const std::string one = bytes({a});
    ASSERT_EQ(urix::utf8_incomplete_tail(one), reference_tail(one)) << show(one);
    for (unsigned b = 0; b < 256; ++b) {
      const std::string two = bytes({a, b});
      ASSERT_EQ(urix::utf8_incomplete_tail(two), reference_tail(two)) << show(two);
    }
  }
  const std::string pool = unhex("00417f808f909fa0bfc0c1c2dfe0e1ecedeeeff0f1f3f4f5ff");
  for (char a : pool)
    for (char b : pool)
      for (char c : pool) {
        const std::string three{a, b, c};
        ASSERT_EQ(urix::utf8_incomplete_tail(three), reference_tail(three)) << show(three);
        for (char d : pool) {
          const std::string four{a, b, c, d};
          ASSERT_EQ(urix::utf8_incomplete_tail(four), reference_tail(four)) << show(four);
        }
      }
}

// Differential test against CPython's UTF-8 codec, which implements the same maximal-subpart
// substitution: every 1- and 2-byte string, every 3-byte string over 25 bytes that sit on the
// boundaries of Table 3-7, and 40,000 seeded random 4-byte strings over the same 25 bytes. Python writes one line per string: input hex, 1/0 for
// "decodes strictly", and the hex of decode('utf-8', 'replace').
TEST(Utf8, AgreesWithPython) {
  const char* script =
      "import itertools,random,sys\n"
      "pool=bytes.fromhex('00417f808f909fa0bfc0c1c2dfe0e1ecedeeeff0f1f3f4f5ff')\n"
      "rng=random.Random(20261122)\n"
      "def cases():\n"
      "  for n in (1,2):\n"
      "    yield from itertools.product(range(256),repeat=n)\n"
      "  yield from itertools.product(pool,repeat=3)\n"
      "  for _ in range(40000):\n"
      "    yield [rng.choice(pool) for _ in range(4)]\n"
      "out=[]\n"
      "for t in cases():\n"
      "  b=bytes(t)\n"
      "  try:\n"
      "    b.decode('utf-8'); ok='1'\n"
      "  except UnicodeDecodeError:\n"
      "    ok='0'\n"
      "  out.append(b.hex()+' '+ok+' '+b.decode('utf-8','replace').encode().hex())\n"
      "sys.stdout.write('\\n'.join(out)+'\\n')\n";
  const std::string command = "python3 -c \"" + [&] {
    std::string quoted;
    for (const char* p = script; *p != '\0'; ++p) {
      if (*p == '"' || *p == '\\' || *p == '$' || *p == '`') quoted += '\\';
      quoted += *p;
    }
    return quoted;
  }() + "\"";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  ASSERT_NE(pipe, nullptr) << "cannot run python3";
  std::size_t cases = 0;
  std::size_t mismatches = 0;
  char buffer[128];
  while (std::fgets(buffer, sizeof buffer, pipe.get()) != nullptr) {
    const std::string_view line(buffer, std::strcspn(buffer, "\n"));
    const std::size_t sp1 = line.find(' ');
    const std::size_t sp2 = line.find(' ', sp1 + 1);
    ASSERT_NE(sp2, std::string_view::npos) << "bad line from python3: " << line;
    const heap_bytes in(unhex(line.substr(0, sp1)));
    const bool strict_ok = line[sp1 + 1] == '1';
    const std::string_view replaced = line.substr(sp2 + 1);
    if (urix::validate_utf8(in.view()).has_value() != strict_ok ||
        hex(urix::utf8_replace_invalid(in.view())) != replaced) {
      if (++mismatches <= 10) ADD_FAILURE() << "differs from Python on " << show(in.view());
    }
    ++cases;
  }
  EXPECT_EQ(cases, 256U + 65536U + 25U * 25U * 25U + 40000U) << "python3 output was cut short";
  EXPECT_EQ(mismatches, 0U);
  RecordProperty("cases", static_cast<int>(cases));
}

}  // namespace
