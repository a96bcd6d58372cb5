// SPDX-License-Identifier: Apache-2.0 OR MIT
// Properties of the percent codec (urix/pct.h) that hold for every input, checked for every
// named set and every combination of encode options over all 256 one-byte and all 65,536
// two-byte strings, plus seeded random longer strings.
//
// The properties, and where they stop holding (by design):
//  P1 encoded_size(x) == encode(x).size().
//  P2 decode(encode(x)) == x, decoding '+' as space exactly when encoding wrote space as '+'.
//     Exceptions: a set that allows '%' (the WHATWG sets other than component and form) copies
//     '%', so without keep_escapes the round trip holds only for x without '%' (for the others,
//     lenient decoding of both sides agrees); and with keep_escapes a well-formed "%HH" in x is
//     kept, so decode(encode(x)) == lenient decode(x).
//  P3 encode(x) passes check() for the set (plus '+' when space_as_plus writes it).
//  P4 keep_escapes makes encoding idempotent, unless space_as_plus: then the '+' written for a
//     space is itself encoded by a second pass.
//  P5 normalize_escapes is idempotent, and decode(normalize_escapes(x)) == decode(x).
#include "urix/pct.h"

#include <gtest/gtest.h>

#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "test_util.h"

namespace urix::sets {
// GoogleTest shows a parameter by its name instead of its 48 bytes.
void PrintTo(const named_set& s, std::ostream* os) { *os << s.name; }
}  // namespace urix::sets

namespace {

using namespace std::literals;
using urix::charset;
using urix::decode_options;
using urix::encode_options;
using urix_test::show;
namespace sets = urix::sets;

/// Every combination of the three encode options.
std::vector<encode_options> all_options() {
  std::vector<encode_options> all;
  for (bool plus : {false, true})
    for (bool lower : {false, true})
      for (bool keep : {false, true}) all.push_back({.space_as_plus = plus, .lowercase_hex = lower, .keep_escapes = keep});
  return all;
}

std::string describe(std::string_view set_name, encode_options o) {
  return std::string(set_name) + (o.space_as_plus ? " +space_as_plus" : "") + (o.lowercase_hex ? " +lowercase_hex" : "") +
         (o.keep_escapes ? " +keep_escapes" : "");
}

/// Counts the inputs checked and reports the first few failures (not every one: an
/// exhaustive loop that fails would otherwise print millions of lines).
class checker {
 public:
  void expect(bool ok, std::string_view property, std::string_view context, std::string_view x) {
    ++checks_;
    if (ok) return;
    if (++failures_ <= 10) ADD_FAILURE() << property << " fails for " << context << " on " << show(x);
  }
  [[nodiscard]] long checks() const { return checks_; }
  [[nodiscard]] long failures() const { return failures_; }

 private:
  long checks_ = 0;
  long failures_ = 0;
};

/// P1-P4 for one input, one set and one option combination.
void encode_properties(checker& c, std::string_view x, const charset& set,
                       encode_options o, const std::string& context) {
  const std::string enc = urix::encode(x, set, o);
  const decode_options matched{.plus_as_space = o.space_as_plus};
  const bool raw_percent = set.contains('%') && !o.keep_escapes && x.find('%') != std::string_view::npos;

  c.expect(urix::encoded_size(x, set, o) == enc.size(), "P1 encoded_size == encode().size()", context, x);

  auto back = urix::decode(enc, matched);
  if (o.keep_escapes) {
    // Kept escapes are decoded; '+' must be read literally on the right-hand side, because
    // encoding wrote every literal '+' as %2B.
    auto lenient = urix::decode(x, {.lenient = true});
    c.expect(back && lenient && *back == *lenient, "P2 decode(encode(x)) == lenient decode(x)", context, x);
  } else if (!raw_percent) {
    c.expect(back && *back == x, "P2 decode(encode(x)) == x", context, x);
  } else {
    // The documented exception: a copied '%' is read as an escape again. It starts the same
    // escape (or the same malformed '%') as it did in x, because these sets copy every hex
    // digit, so a lenient decode of both sides agrees. A 1- or 2-byte x holds no well-formed
    // escape, so there strict decoding must fail and lenient decoding gives x back.
    auto lenient_back = urix::decode(enc, {.plus_as_space = o.space_as_plus, .lenient = true});
    auto lenient = urix::decode(x, {.lenient = true});
    c.expect(lenient_back && lenient && *lenient_back == *lenient,
             "P2 exception: lenient decode(encode(x)) == lenient decode(x)", context, x);
    if (x.size() <= 2) c.expect(!back && *lenient == x, "P2 exception on short x: only lenient decoding works", context, x);
  }

  const charset written = o.space_as_plus ? set | charset("+") : set;
  c.expect(urix::check(enc, written).has_value(), "P3 check(encode(x)) succeeds", context, x);

  if (o.keep_escapes) {
    const bool idempotent = urix::encode(enc, set, o) == enc;
    const bool wrote_plus = o.space_as_plus && x.find(' ') != std::string_view::npos;
    c.expect(idempotent != wrote_plus, "P4 keep_escapes is idempotent (unless a space became '+')", context, x);
  }
}

/// P5 for one input.
void normalize_properties(checker& c, std::string_view x) {
  auto norm = urix::normalize_escapes(x);
  auto dec = urix::decode(x);
  c.expect(norm.has_value() == dec.has_value(), "P5 normalize and decode fail alike", "normalize_escapes", x);
  if (!norm || !dec) return;
  auto twice = urix::normalize_escapes(*norm);
  c.expect(twice && *twice == *norm, "P5 normalize_escapes is idempotent", "normalize_escapes", x);
  auto dec_norm = urix::decode(*norm);
  c.expect(dec_norm && *dec_norm == *dec, "P5 decode(normalize(x)) == decode(x)", "normalize_escapes", x);
}

class EveryNamedSet : public ::testing::TestWithParam<urix::sets::named_set> {};

// P1-P4 over every 1- and 2-byte string, for each option combination.
TEST_P(EveryNamedSet, ExhaustiveShortStrings) {
  const auto& named = GetParam();
  checker c;
  for (const encode_options& o : all_options()) {
    const std::string context = describe(named.name, o);
    char buf[2];
    for (unsigned a = 0; a < 256; ++a) {
      buf[0] = static_cast<char>(a);
      encode_properties(c, std::string_view(buf, 1), named.set, o, context);
      for (unsigned b = 0; b < 256; ++b) {
        buf[1] = static_cast<char>(b);
        encode_properties(c, std::string_view(buf, 2), named.set, o, context);
      }
    }
  }
  EXPECT_EQ(c.failures(), 0);
  RecordProperty("checks", static_cast<int>(c.checks()));
}

/// Seeded random strings up to 400 bytes, drawn mostly from the bytes that matter to the
/// codec ('%', hex digits, '+', space, non-ASCII) so that escapes of every kind occur, some
/// with long runs of one plain byte so that the SIMD kernels see whole blocks.
std::vector<std::string> random_strings(unsigned seed, std::size_t count) {
  static constexpr std::string_view interesting = "%%%%%0123456789aAfFgG+ ~/?#&=\x7F\xC3\xA9\xE4\xB8\xAD\x00"sv;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::size_t> length(0, 100);
  std::uniform_int_distribution<unsigned> byte(0, 255);
  std::uniform_int_distribution<std::size_t> pick(0, interesting.size() - 1);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < count; ++i) {
    std::string s(length(rng), '\0');
    for (char& ch : s) ch = byte(rng) % 4 == 0 ? static_cast<char>(byte(rng)) : interesting[pick(rng)];
    if (byte(rng) % 2 == 0) s.insert(length(rng) % (s.size() + 1), 3 * length(rng), interesting[pick(rng)]);
    out.push_back(std::move(s));
  }
  return out;
}

// P1-P4 on longer strings, where escapes can be well-formed inside the input.
TEST_P(EveryNamedSet, SeededRandomStrings) {
  const auto& named = GetParam();
  checker c;
  const auto inputs = random_strings(20261122U, 150);
  for (const encode_options& o : all_options()) {
    const std::string context = describe(named.name, o);
    for (const std::string& x : inputs) encode_properties(c, x, named.set, o, context);
  }
  EXPECT_EQ(c.failures(), 0);
}

std::string set_test_name(const ::testing::TestParamInfo<urix::sets::named_set>& info) {
  std::string name(info.param.name);
  for (char& ch : name)
    if (ch == '-') ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Properties, EveryNamedSet, ::testing::ValuesIn(sets::named_sets), set_test_name);

// P5 over every 1- and 2-byte string, every '%' followed by two bytes, and random strings.
TEST(Properties, NormalizeEscapes) {
  checker c;
  char buf[3] = {'%', 0, 0};
  for (unsigned a = 0; a < 256; ++a) {
    normalize_properties(c, std::string_view(buf + 1, 1));
    buf[1] = static_cast<char>(a);
    for (unsigned b = 0; b < 256; ++b) {
      buf[2] = static_cast<char>(b);
      normalize_properties(c, std::string_view(buf, 3));      // "%" a b
      normalize_properties(c, std::string_view(buf + 1, 2));  // a b
    }
  }
  for (const std::string& x : random_strings(7U, 5000)) normalize_properties(c, x);
  EXPECT_EQ(c.failures(), 0);
  RecordProperty("checks", static_cast<int>(c.checks()));
}

// The P2 exception shown on its smallest example: a set that allows '%' copies "%41" as it
// is, and decoding reads it as 'A'. keep_escapes or a set without '%' avoid it.
TEST(Properties, PercentAllowedBySetBreaksTheRoundTrip) {
  EXPECT_EQ(urix::encode("%41", sets::whatwg::query), "%41");
  EXPECT_EQ(*urix::decode(urix::encode("%41", sets::whatwg::query)), "A");
  EXPECT_EQ(*urix::decode(urix::encode("%41", sets::whatwg::component)), "%41");
  EXPECT_EQ(*urix::decode(urix::encode("%", sets::whatwg::query, {.keep_escapes = true})), "%");
}

}  // namespace
