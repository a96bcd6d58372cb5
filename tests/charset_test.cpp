// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests for urix/charset.h: the 256-bit set algebra the named sets are built with.
#include "urix/charset.h"

#include <gtest/gtest.h>

#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using urix::charset;

// ---- Compile time: every operation is usable in constant expressions -------------------------

constexpr charset lower = charset::range('a', 'z');
constexpr charset vowels("aeiou");
static_assert(charset().size() == 0);
static_assert(lower.size() == 26 && vowels.size() == 5);
static_assert(lower.contains('q') && !lower.contains('Q') && !lower.contains('{'));
static_assert((lower | charset("_")).size() == 27);
static_assert((lower & vowels) == vowels);
static_assert((lower - vowels).size() == 21 && !(lower - vowels).contains('e'));
static_assert((~charset()).size() == 256 && (~lower).size() == 230);
static_assert(charset("aab") == charset("ba"), "duplicates and order do not matter");
static_assert(charset::range(0x00, 0xFF).size() == 256, "the full range includes 0xFF");
static_assert(charset::range('x', 'x') == charset("x"));
static_assert(charset(std::string_view("\0", 1)).contains('\0'), "NUL is a byte like any other");

// A reference model: std::bitset<256> indexed by byte value.
std::bitset<256> model(const charset& s) {
  std::bitset<256> b;
  for (unsigned c = 0; c < 256; ++c) b[c] = s.contains(static_cast<unsigned char>(c));
  return b;
}

// A few sets that exercise every one of the four 64-bit words, including the high bytes.
std::vector<charset> samples() {
  return {charset(),
          ~charset(),
          charset::range(0x00, 0x3F),
          charset::range(0x40, 0x7F),
          charset::range(0x30, 0x90),
          charset::range(0xC0, 0xFF),
          charset("\x01\x3F\x40\x7F\x80\xBF\xC0\xFF"),
          charset::range('A', 'Z') | charset::range(0xF0, 0xF7)};
}

TEST(Charset, ContainsEveryByteOfItsString) {
  std::string all;
  for (unsigned c = 0; c < 256; c += 3) all += static_cast<char>(c);
  const charset s(all);
  for (unsigned c = 0; c < 256; ++c) {
    EXPECT_EQ(s.contains(static_cast<unsigned char>(c)), c % 3 == 0) << c;
    // The char overload reads a (possibly negative) char as its unsigned byte.
    EXPECT_EQ(s.contains(static_cast<char>(c)), s.contains(static_cast<unsigned char>(c))) << c;
  }
  EXPECT_EQ(s.size(), 86U);
}

TEST(Charset, RangeIsInclusiveOnBothEnds) {
  for (unsigned lo : {0U, 1U, 63U, 64U, 127U, 128U, 200U, 255U}) {
    for (unsigned hi : {lo, lo + 1, 191U, 255U}) {
      if (hi < lo || hi > 255) continue;
      const charset r = charset::range(static_cast<unsigned char>(lo), static_cast<unsigned char>(hi));
      EXPECT_EQ(r.size(), hi - lo + 1) << lo << ".." << hi;
      for (unsigned c = 0; c < 256; ++c)
        ASSERT_EQ(r.contains(static_cast<unsigned char>(c)), c >= lo && c <= hi) << lo << ".." << hi << " " << c;
    }
  }
}

TEST(Charset, AlgebraAgreesWithBitsetModel) {
  for (const charset& a : samples()) {
    EXPECT_EQ(a.size(), model(a).count());
    EXPECT_EQ(model(~a), ~model(a));
    EXPECT_EQ(~~a, a);
    for (const charset& b : samples()) {
      EXPECT_EQ(model(a | b), model(a) | model(b));
      EXPECT_EQ(model(a & b), model(a) & model(b));
      EXPECT_EQ(model(a - b), model(a) & ~model(b));
      EXPECT_EQ(a == b, model(a) == model(b));
      // De Morgan, and difference as intersection with the complement.
      EXPECT_EQ(~(a | b), ~a & ~b);
      EXPECT_EQ(a - b, a & ~b);
      EXPECT_EQ((a | b).size() + (a & b).size(), a.size() + b.size());
    }
  }
}

TEST(Charset, WordsAreLittleEndianBitsOfEachByte) {
  const charset s(std::string_view("\x00\x3F\x40\xFF", 4));
  EXPECT_EQ(s.words()[0], (std::uint64_t{1} << 0) | (std::uint64_t{1} << 63));
  EXPECT_EQ(s.words()[1], std::uint64_t{1});
  EXPECT_EQ(s.words()[2], std::uint64_t{0});
  EXPECT_EQ(s.words()[3], std::uint64_t{1} << 63);
}

}  // namespace
