// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests for urix/pct.h: percent-encoding (RFC 3986 2.1), decoding (2.4), checking and escape
// normalization (6.2.2.1-2).
//
// Each expectation goes through every form of the operation at once (check_encode,
// check_decode, check_valid, check_normalize): the size function, the std::string forms, the
// append form, and the caller-buffer form with every buffer size from 0 to one past the
// answer, in place where the API allows it. Inputs live in exact-size heap buffers so that
// AddressSanitizer catches a read past the end.
#include "urix/pct.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "test_util.h"

namespace {

using namespace std::literals;
using urix::charset;
using urix::decode_options;
using urix::encode_options;
using urix::errc;
using urix::error;
namespace sets = urix::sets;
using urix_test::heap_bytes;
using urix_test::show;

/// An expected outcome: the output bytes, or the error (an urix::error converts to it).
using outcome = urix::result<std::string>;
outcome ok(std::string_view s) { return std::string(s); }

bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}
bool escape_at(std::string_view s, std::size_t i) {
  return s[i] == '%' && s.size() - i >= 3 && is_hex(s[i + 1]) && is_hex(s[i + 2]);
}
std::string hex_escape(unsigned char b, bool lower) {
  const char* digits = lower ? "0123456789abcdef" : "0123456789ABCDEF";
  return {'%', digits[b >> 4], digits[b & 15]};
}

/// One step of a reference codec: `in_len` input bytes at `at` become `out`. The reference
/// is the rule text of SPEC sections 3-4 written as plainly as possible; it tells the tests
/// which input offset a short buffer must report, and is itself checked against every
/// explicit expectation.
struct piece {
  std::size_t at;
  std::size_t in_len;
  std::string out;
};

std::vector<piece> reference_encode(std::string_view in, const charset& set, encode_options o) {
  std::vector<piece> pieces;
  for (std::size_t i = 0; i < in.size();) {
    const auto b = static_cast<unsigned char>(in[i]);
    if (o.keep_escapes && escape_at(in, i)) {
      pieces.push_back({i, 3, std::string(in.substr(i, 3))});
      i += 3;
      continue;
    }
    if (o.space_as_plus && b == ' ') {
      pieces.push_back({i, 1, "+"});
    } else if (b < 0x80 && set.contains(b) && !(o.space_as_plus && b == '+') &&
               !(o.keep_escapes && b == '%')) {
      pieces.push_back({i, 1, std::string(1, in[i])});
    } else {
      pieces.push_back({i, 1, hex_escape(b, o.lowercase_hex)});
    }
    ++i;
  }
  return pieces;
}

std::string joined(const std::vector<piece>& pieces) {
  std::string out;
  for (const auto& p : pieces) out += p.out;
  return out;
}

/// Offset a buffer of `n` bytes must report as no_space: the first piece that does not fit.
std::size_t first_unfit(const std::vector<piece>& pieces, std::size_t n) {
  std::size_t used = 0;
  for (const auto& p : pieces) {
    if (used + p.out.size() > n) return p.at;
    used += p.out.size();
  }
  ADD_FAILURE() << "everything fits in " << n << " bytes";
  return 0;
}

// ---- check_encode: one expectation through clean_prefix, encoded_size, encode,
// encode_append and encode_to with every buffer size -------------------------------------------

void check_encode(std::string_view input, const charset& set, encode_options opts,
                  std::string_view expected) {
  SCOPED_TRACE("encode " + show(input) + " -> " + show(expected));
  const heap_bytes in(input);
  const auto pieces = reference_encode(input, set, opts);
  ASSERT_EQ(joined(pieces), expected) << "the test's reference encoder disagrees";

  EXPECT_EQ(urix::encoded_size(in.view(), set, opts), expected.size());
  EXPECT_EQ(urix::encode(in.view(), set, opts), expected);

  std::string appended = "prefix%";
  urix::encode_append(appended, in.view(), set, opts);
  EXPECT_EQ(appended, "prefix%" + std::string(expected));

  // clean_prefix: the bytes before the first one that is not copied as itself.
  std::size_t clean = 0;
  while (clean < pieces.size() && pieces[clean].in_len == 1 && pieces[clean].out.size() == 1 &&
         pieces[clean].out[0] == input[clean])
    ++clean;
  EXPECT_EQ(urix::clean_prefix(in.view(), set, opts), clean);

  for (std::size_t n = 0; n <= expected.size() + 1; ++n) {
    heap_bytes out = heap_bytes::zeroed(n);
    auto r = urix::encode_to(out.span(), in.view(), set, opts);
    if (n >= expected.size()) {
      ASSERT_TRUE(r) << "buffer " << n << ": " << r.error();
      EXPECT_EQ(*r, expected.size());
      EXPECT_EQ(out.view().substr(0, *r), expected) << "buffer " << n;
    } else {
      ASSERT_FALSE(r) << "buffer " << n << ": truncated success " << show(out.view().substr(0, *r));
      EXPECT_EQ(r.error(), (error{errc::no_space, first_unfit(pieces, n)})) << "buffer " << n;
    }
  }
}

// ---- check_decode ---------------------------------------------------------------------------

std::vector<piece> reference_decode(std::string_view in, decode_options o) {
  std::vector<piece> pieces;
  for (std::size_t i = 0; i < in.size();) {
    if (escape_at(in, i)) {
      pieces.push_back({i, 3, std::string(1, static_cast<char>(std::stoi(std::string(in.substr(i + 1, 2)), nullptr, 16)))});
      i += 3;
    } else {
      pieces.push_back({i, 1, std::string(1, o.plus_as_space && in[i] == '+' ? ' ' : in[i])});
      ++i;
    }
  }
  return pieces;
}

void check_decode(std::string_view input, decode_options opts, const outcome& expected) {
  SCOPED_TRACE("decode " + show(input) + (opts.plus_as_space ? " plus_as_space" : "") +
               (opts.lenient ? " lenient" : ""));
  const heap_bytes in(input);

  auto size = urix::decoded_size(in.view(), opts);
  auto decoded = urix::decode(in.view(), opts);
  std::string appended = "prefix%";
  auto append = urix::decode_append(appended, in.view(), opts);
  heap_bytes in_place(input);
  auto in_place_r = urix::decode_to(in_place.span(), in_place.view(), opts);

  if (!expected) {
    const error e = expected.error();
    ASSERT_FALSE(size);
    EXPECT_EQ(size.error(), e);
    ASSERT_FALSE(decoded);
    EXPECT_EQ(decoded.error(), e);
    ASSERT_FALSE(append);
    EXPECT_EQ(append.error(), e);
    EXPECT_EQ(appended, "prefix%") << "decode_append changed its output on error";
    ASSERT_FALSE(in_place_r);
    EXPECT_EQ(in_place_r.error(), e);
    // Every buffer size gets the input's own error, never no_space and never a success.
    for (std::size_t n = 0; n <= input.size() + 1; ++n) {
      heap_bytes out = heap_bytes::zeroed(n);
      auto r = urix::decode_to(out.span(), in.view(), opts);
      ASSERT_FALSE(r) << "buffer " << n;
      EXPECT_EQ(r.error(), e) << "buffer " << n;
    }
    return;
  }

  const std::string& want = *expected;
  const auto pieces = reference_decode(input, opts);
  ASSERT_EQ(joined(pieces), want) << "the test's reference decoder disagrees";
  ASSERT_TRUE(size) << size.error();
  EXPECT_EQ(*size, want.size());
  ASSERT_TRUE(decoded) << decoded.error();
  EXPECT_EQ(*decoded, want);
  ASSERT_TRUE(append) << append.error();
  EXPECT_EQ(appended, "prefix%" + want);
  ASSERT_TRUE(in_place_r) << in_place_r.error();
  EXPECT_EQ(in_place.view().substr(0, *in_place_r), want) << "in place";

  for (std::size_t n = 0; n <= std::max(input.size(), want.size()) + 1; ++n) {
    heap_bytes out = heap_bytes::zeroed(n);
    auto r = urix::decode_to(out.span(), in.view(), opts);
    if (n >= want.size()) {
      ASSERT_TRUE(r) << "buffer " << n << ": " << r.error();
      EXPECT_EQ(out.view().substr(0, *r), want) << "buffer " << n;
    } else {
      ASSERT_FALSE(r) << "buffer " << n << ": truncated success";
      EXPECT_EQ(r.error(), (error{errc::no_space, first_unfit(pieces, n)})) << "buffer " << n;
    }
  }
}

// ---- check_valid and check_normalize ---------------------------------------------------------

void check_valid(std::string_view input, const charset& set, urix::result<void> expected) {
  SCOPED_TRACE("check " + show(input));
  const heap_bytes in(input);
  auto r = urix::check(in.view(), set);
  ASSERT_EQ(r.has_value(), expected.has_value());
  if (!expected) {
    EXPECT_EQ(r.error(), expected.error());
  }
}

std::vector<piece> reference_normalize(std::string_view in) {
  std::vector<piece> pieces;
  for (std::size_t i = 0; i < in.size();) {
    if (escape_at(in, i)) {
      const auto b = static_cast<unsigned char>(std::stoi(std::string(in.substr(i + 1, 2)), nullptr, 16));
      pieces.push_back({i, 3, sets::unreserved.contains(b) ? std::string(1, static_cast<char>(b))
                                                           : hex_escape(b, false)});
      i += 3;
    } else {
      pieces.push_back({i, 1, std::string(1, in[i])});
      ++i;
    }
  }
  return pieces;
}

void check_normalize(std::string_view input, const outcome& expected) {
  SCOPED_TRACE("normalize_escapes " + show(input));
  const heap_bytes in(input);
  auto r = urix::normalize_escapes(in.view());
  heap_bytes in_place(input);
  auto in_place_r = urix::normalize_escapes_to(in_place.span(), in_place.view());

  if (!expected) {
    const error e = expected.error();
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), e);
    ASSERT_FALSE(in_place_r);
    EXPECT_EQ(in_place_r.error(), e);
    // Normalizing streams: a buffer that runs out before the malformed escape may report
    // no_space first (at an offset before the escape); it never reports a success.
    for (std::size_t n = 0; n <= input.size() + 1; ++n) {
      heap_bytes out = heap_bytes::zeroed(n);
      auto rn = urix::normalize_escapes_to(out.span(), in.view());
      ASSERT_FALSE(rn) << "buffer " << n;
      if (n >= input.size() || rn.error().code != errc::no_space) {
        EXPECT_EQ(rn.error(), e) << "buffer " << n;
      } else {
        EXPECT_LE(rn.error().offset, e.offset) << "buffer " << n;
      }
    }
    return;
  }

  const std::string& want = *expected;
  const auto pieces = reference_normalize(input);
  ASSERT_EQ(joined(pieces), want) << "the test's reference normalizer disagrees";
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(*r, want);
  ASSERT_TRUE(in_place_r) << in_place_r.error();
  EXPECT_EQ(in_place.view().substr(0, *in_place_r), want) << "in place";
  for (std::size_t n = 0; n <= input.size() + 1; ++n) {
    heap_bytes out = heap_bytes::zeroed(n);
    auto rn = urix::normalize_escapes_to(out.span(), in.view());
    if (n >= want.size()) {
      ASSERT_TRUE(rn) << "buffer " << n << ": " << rn.error();
      EXPECT_EQ(out.view().substr(0, *rn), want) << "buffer " << n;
    } else {
      ASSERT_FALSE(rn) << "buffer " << n << ": truncated success";
      EXPECT_EQ(rn.error(), (error{errc::no_space, first_unfit(pieces, n)})) << "buffer " << n;
    }
  }
}

// ---- The results of the buffer calls ----------------------------------------------------------

// result<std::size_t> and result<void> are one error whose code 0 means success: a size of 0,
// a size as large as size_t holds, and an error at offset 0 all keep what they are.
TEST(Result, CompactFormsKeepValueAndError) {
  const urix::result<std::size_t> zero = std::size_t{0};
  ASSERT_TRUE(zero);
  EXPECT_EQ(*zero, 0U);
  const urix::result<std::size_t> big = SIZE_MAX;
  ASSERT_TRUE(big.has_value());
  EXPECT_EQ(*big, SIZE_MAX);
  const urix::result<std::size_t> failed = error{errc::no_space, 0};
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error(), (error{errc::no_space, 0}));
  EXPECT_TRUE(urix::result<void>{});
  const urix::result<void> bad = error{errc::bad_escape_hex, 7};
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error(), (error{errc::bad_escape_hex, 7}));
  char out[2];
  const urix::result<std::size_t> r = urix::decode_to(out, "%4G");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), (error{errc::bad_escape_hex, 0}));
}

// ---- The seed examples -----------------------------------------------------------------------

TEST(Pct, SeedExamples) {
  check_encode(" ", sets::unreserved, {}, "%20");
  check_encode("\xE4\xB8\xAD", sets::unreserved, {}, "%E4%B8%AD");  // U+4E2D, RFC 3986 2.5
  check_encode("/path/file?.txt", sets::path, {}, "/path/file%3F.txt");
  check_encode("Tom&Jerry", sets::query_param, {}, "Tom%26Jerry");
  check_encode("100%", sets::unreserved, {}, "100%25");
  check_encode("100%25", sets::unreserved, {.keep_escapes = true}, "100%25");  // second pass
  check_normalize("%7Euser", ok("~user"));
  check_decode("%e4%b8%ad", {}, ok("\xE4\xB8\xAD"));
  check_decode("%E4%B8%AD", {}, ok("\xE4\xB8\xAD"));
}

// RFC 3986 2.4: "the components must be separated before the percent-encoded octets within
// those components can be safely decoded". "%2F" inside a segment is data, not a delimiter.
TEST(Pct, Rfc3986_2_4_DecodeEachComponentAfterSplitting) {
  auto split = [](std::string_view s) {
    std::vector<std::string> parts;
    for (std::size_t start = 0;;) {
      const std::size_t slash = s.find('/', start);
      parts.emplace_back(s.substr(start, slash - start));
      if (slash == std::string_view::npos) return parts;
      start = slash + 1;
    }
  };
  const std::string_view path = "/path%2Fto%2Ffile";
  std::vector<std::string> segments;
  for (const auto& raw : split(path)) segments.push_back(*urix::decode(raw));
  EXPECT_EQ(segments, (std::vector<std::string>{"", "path/to/file"}));
  // Decoding first would be wrong: it invents two segment boundaries.
  EXPECT_EQ(split(*urix::decode(path)).size(), 4U);
}

// ---- Encoding --------------------------------------------------------------------------------

// RFC 3986 2.1: "For consistency, URI producers ... should use uppercase hexadecimal digits".
TEST(Pct, Rfc3986_2_1_EncodesWithUppercaseHex) {
  check_encode("a/b?c", sets::unreserved, {}, "a%2Fb%3Fc");
  check_encode("\xFF\xFE\xAB\xCD", sets::unreserved, {}, "%FF%FE%AB%CD");
  check_encode("\x7F", sets::whatwg::c0_control, {}, "%7F");  // DEL: outside printable ASCII
  check_encode("a/b?c", sets::unreserved, {.lowercase_hex = true}, "a%2fb%3fc");
  check_encode("\xE4\xB8\xAD", sets::unreserved, {.lowercase_hex = true}, "%e4%b8%ad");
}

// RFC 3986 2.3: unreserved characters are never encoded, whatever the component set.
TEST(Pct, Rfc3986_2_3_UnreservedIsNeverEncoded) {
  std::string unreserved;
  for (unsigned c = 0; c < 128; ++c)
    if (sets::unreserved.contains(static_cast<unsigned char>(c))) unreserved += static_cast<char>(c);
  ASSERT_EQ(unreserved.size(), 66U);
  for (const charset* set : {&sets::unreserved, &sets::pchar, &sets::segment_nc, &sets::path,
                             &sets::query, &sets::query_param, &sets::userinfo, &sets::host})
    check_encode(unreserved, *set, {}, unreserved);
  check_encode(unreserved, sets::unreserved, {.space_as_plus = true, .lowercase_hex = true, .keep_escapes = true},
               unreserved);
}

// RFC 3986 2.5: non-ASCII data is encoded as its UTF-8 bytes, each one percent-encoded, even
// when the set (wrongly) holds bytes >= 0x80.
TEST(Pct, Rfc3986_2_5_NonAsciiBytesAreAlwaysEncoded) {
  check_encode("caf\xC3\xA9", sets::unreserved, {}, "caf%C3%A9");
  check_encode("\x80\xFF", ~charset(), {}, "%80%FF");
  check_encode("\xF0\x9F\x98\x80!", sets::whatwg::c0_control, {}, "%F0%9F%98%80!");
}

TEST(Pct, EncodesOnlyWhatTheSetDoesNotAllow) {
  check_encode("", sets::unreserved, {}, "");
  check_encode("a b&c", sets::query_param, {}, "a%20b%26c");
  check_encode("a=b&c=d", sets::query, {}, "a=b&c=d");
  check_encode("key=v+w", sets::query_param, {}, "key%3Dv%2Bw");
  check_encode("user:pass@host", sets::userinfo, {}, "user:pass%40host");
  check_encode("a:b", sets::segment_nc, {}, "a%3Ab");
  check_encode("#frag ment", sets::fragment, {}, "%23frag%20ment");
  check_encode("Say what\xE2\x80\xBD", sets::whatwg::userinfo, {}, "Say%20what%E2%80%BD");
  check_encode("<\"'>", sets::whatwg::special_query, {}, "%3C%22%27%3E");
  check_encode("<\"'>", sets::whatwg::query, {}, "%3C%22'%3E");
  check_encode("*-._~!'()", sets::rfc2396::unreserved, {}, "*-._~!'()");
  check_encode("\t\n\r", sets::whatwg::c0_control, {}, "%09%0A%0D");
  // The WHATWG sets other than component and form allow '%': it is copied as it is.
  check_encode("100%", sets::whatwg::path, {}, "100%");
  check_encode("100%", sets::whatwg::component, {}, "100%25");
}

// NUL is a byte like any other: encoded as %00, never a terminator.
TEST(Pct, NulBytesAreData) {
  check_encode("\0"sv, sets::unreserved, {}, "%00");
  check_encode("a\0b\0"sv, sets::unreserved, {}, "a%00b%00");
  check_encode("a\0b"sv, ~charset(), {}, "a\0b"sv);  // a set may hold NUL
  check_decode("%00", {}, ok("\0"sv));
  check_decode("a%00b\0"sv, {}, ok("a\0b\0"sv));
  check_valid("a\0"sv, sets::unreserved, error{errc::disallowed_char, 1});
  check_normalize("%00\0"sv, ok("%00\0"sv));
}

// SPEC section 3 --plus / WHATWG application/x-www-form-urlencoded: ' ' -> '+', and '+' is
// always encoded so that it cannot be read back as a space.
TEST(Pct, SpaceAsPlus) {
  const encode_options plus{.space_as_plus = true};
  check_encode("a b", sets::unreserved, plus, "a+b");
  check_encode("a+b c", sets::unreserved, plus, "a%2Bb+c");
  check_encode("a+b c", sets::pchar, plus, "a%2Bb+c");  // even though pchar allows '+'
  check_encode("a+b c", sets::pchar, {}, "a+b%20c");
  check_encode("  ++", sets::whatwg::c0_control, plus, "++%2B%2B");  // and although it allows ' '
  check_encode("+", sets::unreserved, {.space_as_plus = true, .lowercase_hex = true}, "%2b");
  check_encode("1+1 = 2%20", sets::whatwg::form, plus, "1%2B1+%3D+2%2520");
}

// SPEC section 3 --keep-escapes: well-formed escapes are copied as written (lowercase too),
// every other '%' becomes "%25"; encoding twice changes nothing.
TEST(Pct, KeepEscapes) {
  const encode_options keep{.keep_escapes = true};
  check_encode("100%", sets::unreserved, keep, "100%25");
  check_encode("%7e%41%2f", sets::unreserved, keep, "%7e%41%2f");
  check_encode("%2F ", sets::unreserved, {.lowercase_hex = true, .keep_escapes = true}, "%2F%20");
  check_encode("%G1", sets::unreserved, keep, "%25G1");
  check_encode("%%41", sets::unreserved, keep, "%25%41");
  check_encode("a%2", sets::unreserved, keep, "a%252");
  check_encode("%", sets::unreserved, keep, "%25");
  // A set that allows '%' (WHATWG query) still gets a lone '%' encoded under keep_escapes.
  check_encode("50% off %41", sets::whatwg::query, keep, "50%25%20off%20%41");
  check_encode("a b%20+", sets::unreserved, {.space_as_plus = true, .keep_escapes = true}, "a+b%20%2B");
  for (std::string_view once : {"100%25", "%25G1", "%2525", "a%252", "%e4%B8%ad"})
    check_encode(once, sets::unreserved, keep, once);
  for (std::string_view raw : {"100%", "%%", "%4", "a b%zz%41", "%%%"}) {
    const std::string first = urix::encode(raw, sets::unreserved, keep);
    check_encode(first, sets::unreserved, keep, first);  // idempotent
  }
}

// ---- Decoding --------------------------------------------------------------------------------

// RFC 3986 2.1: the hex digits are case-insensitive; 2.3: an escaped unreserved character
// decodes to the character itself.
TEST(Pct, Rfc3986_2_1_And_2_3_DecodesEitherHexCase) {
  for (unsigned c = 0; c < 256; ++c) {
    const auto b = static_cast<unsigned char>(c);
    const std::string raw(1, static_cast<char>(b));
    check_decode(hex_escape(b, false), {}, ok(raw));
    check_decode(hex_escape(b, true), {}, ok(raw));
  }
  check_decode("%e4%B8%aD", {}, ok("\xE4\xB8\xAD"));
  check_decode("%7E%7e%41%61", {}, ok("~~Aa"));
}

// RFC 3986 2.5 and RFC 3987 3.2: text decoded for display must be UTF-8, and an ill-formed
// sequence is reported at the escape (or byte) of the input where it starts.
TEST(Pct, Rfc3986_2_5_DecodeUtf8ReportsTheEscape) {
  EXPECT_EQ(*urix::decode_utf8("caf%C3%A9"), "caf\xC3\xA9");
  EXPECT_EQ(urix::decode_utf8("a%FFb").error(), (error{errc::invalid_utf8, 1}));
  EXPECT_EQ(urix::decode_utf8("ab%C3%A9%C3x").error(), (error{errc::invalid_utf8, 8}));
  EXPECT_EQ(urix::decode_utf8("a\xC3" "b").error(), (error{errc::invalid_utf8, 1}));  // a raw byte
  EXPECT_EQ(urix::decode_utf8("100%+%FF", {.plus_as_space = true, .lenient = true}).error(),
            (error{errc::invalid_utf8, 5}));
  EXPECT_EQ(urix::decode_utf8("%4").error(), (error{errc::incomplete_escape, 0}));  // decode's own
  std::string out = "kept";
  EXPECT_EQ(urix::decode_utf8_append(out, "x%E4%B8").error(), (error{errc::invalid_utf8, 1}));
  EXPECT_EQ(out, "kept");
  ASSERT_TRUE(urix::decode_utf8_append(out, "%E4%B8%AD"));
  EXPECT_EQ(out, "kept\xE4\xB8\xAD");
  EXPECT_TRUE(urix::check_decoded_utf8("%41", "A"));
}

// RFC 3986 2.4: decode exactly once: "%2541" is "%41", not "A".
TEST(Pct, Rfc3986_2_4_DecodesOnce) {
  check_decode("%2541", {}, ok("%41"));
  check_decode("%252541", {}, ok("%2541"));
  check_decode("", {}, ok(""));
  check_decode("plain", {}, ok("plain"));
  check_decode("a+b", {}, ok("a+b"));
  check_decode("%2B+", {.plus_as_space = true}, ok("+ "));
  check_decode("a+b%20c++", {.plus_as_space = true}, ok("a b c  "));
}

// RFC 3986 2.1: '%' only introduces "%" HEXDIG HEXDIG. Strict decoding reports a malformed
// escape at its '%': incomplete_escape when the input ends first, bad_escape_hex otherwise.
TEST(Pct, Rfc3986_2_1_MalformedEscapesAreErrorsAtTheirPercent) {
  struct bad {
    std::string_view in;
    errc code;
    std::size_t offset;
  };
  for (const bad& b : {bad{"%", errc::incomplete_escape, 0}, bad{"%4", errc::incomplete_escape, 0},
                       bad{"%a", errc::incomplete_escape, 0}, bad{"a%", errc::incomplete_escape, 1},
                       bad{"100%", errc::incomplete_escape, 3}, bad{"%41%4", errc::incomplete_escape, 3},
                       bad{"%G1", errc::bad_escape_hex, 0}, bad{"%4G", errc::bad_escape_hex, 0},
                       bad{"%%", errc::bad_escape_hex, 0}, bad{"%G", errc::bad_escape_hex, 0},
                       bad{"%%41", errc::bad_escape_hex, 0}, bad{"ab%zz", errc::bad_escape_hex, 2},
                       bad{"%41%\xC3\xA9", errc::bad_escape_hex, 3}, bad{"%20a%2", errc::incomplete_escape, 4},
                       bad{"%\0\0"sv, errc::bad_escape_hex, 0}, bad{"x%+1", errc::bad_escape_hex, 1}}) {
    const error e{b.code, b.offset};
    check_decode(b.in, {}, e);
    check_decode(b.in, {.plus_as_space = true}, e);
    check_valid(b.in, sets::unreserved, e);
    check_valid(b.in, ~charset() - charset("%"), e);  // every other ASCII byte allowed
    check_normalize(b.in, e);
  }
}

// decode_options::lenient (Python, curl, WHATWG): a '%' that starts no escape is copied.
TEST(Pct, LenientCopiesMalformedPercent) {
  const decode_options lenient{.lenient = true};
  check_decode("%", lenient, ok("%"));
  check_decode("100%", lenient, ok("100%"));
  check_decode("%4", lenient, ok("%4"));
  check_decode("%G1", lenient, ok("%G1"));
  check_decode("%%41", lenient, ok("%A"));
  check_decode("%4%41", lenient, ok("%4A"));
  check_decode("%25%s%1G", lenient, ok("%%s%1G"));  // URL Standard "percent-decode" example
  check_decode("%+%20+", {.plus_as_space = true, .lenient = true}, ok("%   "));
}

// ---- Checking --------------------------------------------------------------------------------

TEST(Pct, CheckAcceptsAllowedBytesAndWellFormedEscapes) {
  check_valid("", sets::unreserved, {});
  check_valid("abc%20%e4", sets::unreserved, {});
  check_valid("a b", sets::unreserved, error{errc::disallowed_char, 1});
  check_valid("/a/b", sets::path, {});
  check_valid("/a?b", sets::path, error{errc::disallowed_char, 2});
  check_valid("a&b", sets::query_param, error{errc::disallowed_char, 1});
  check_valid("caf\xC3\xA9", ~charset(), error{errc::disallowed_char, 3});  // 2.5: never raw
  check_valid("%41", sets::whatwg::query, {});
}

// SPEC section 5: a '%' that the set allows (the WHATWG sets other than component and form)
// is valid as itself, as encode copies it; a '%' the set does not allow must start "%HH".
TEST(Pct, CheckAllowsPercentWhereTheSetHoldsIt) {
  check_valid("%41%", sets::whatwg::query, {});
  check_valid("100%", sets::whatwg::query, {});
  check_valid("%zz%G1%", sets::whatwg::path, {});
  check_valid("100%", sets::whatwg::component, error{errc::incomplete_escape, 3});
  check_valid("100%", sets::unreserved | charset("%"), {});
  check_valid("%41%", charset("%"), {});  // "%41" is an escape, whatever the set holds
  check_valid("%4", charset("%4"), {});
  check_valid("%4", charset("%"), error{errc::disallowed_char, 1});
  check_valid("100%\x80", sets::whatwg::query, error{errc::disallowed_char, 4});
  const std::string encoded = urix::encode("100% a\xC3\xA9", sets::whatwg::query);
  EXPECT_EQ(encoded, "100%%20a%C3%A9");
  check_valid(encoded, sets::whatwg::query, {});
}

// ---- Normalizing -----------------------------------------------------------------------------

// RFC 3986 6.2.2.1: hex digits of escapes are uppercased; 6.2.2.2: escapes of unreserved
// characters are decoded; every other escape stays one.
TEST(Pct, Rfc3986_6_2_2_NormalizesEscapes) {
  check_normalize("", ok(""));
  check_normalize("%7euser", ok("~user"));
  check_normalize("%41%2f%e4%B8%aD", ok("A%2F%E4%B8%AD"));
  check_normalize("%25", ok("%25"));
  check_normalize("%2541", ok("%2541"));
  check_normalize("a b", ok("a b"));  // not an encoder: other bytes are copied
  check_normalize("%2D%2E%5F%7E%30%5A%7A", ok("-._~0Zz"));
  check_normalize("%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D",
                  ok("%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D"));
  for (unsigned c = 0; c < 256; ++c) {
    const auto b = static_cast<unsigned char>(c);
    const std::string want = sets::unreserved.contains(b) ? std::string(1, static_cast<char>(b)) : hex_escape(b, false);
    check_normalize(hex_escape(b, true), ok(want));
  }
}

// ---- Long input ------------------------------------------------------------------------------

// The same rules at every length: short inputs may take a different path (a stack buffer)
// than long ones, and SIMD kernels work in 16-64 byte blocks, so errors and escapes sit on
// both sides of those sizes here.
TEST(Pct, LongInputsFollowTheSameRules) {
  for (std::size_t n : {15U, 16U, 31U, 32U, 63U, 64U, 255U, 256U, 257U, 1000U}) {
    const std::string run(n, 'a');
    check_encode(run + " /" + run, sets::unreserved, {}, run + "%20%2F" + run);
    check_encode(run + "%41 ", sets::unreserved, {.space_as_plus = true, .keep_escapes = true}, run + "%41+");
    check_decode(run + "%41+" + run, {.plus_as_space = true}, ok(run + "A " + run));
    check_decode(run + "%4", {}, error{urix::errc::incomplete_escape, n});
    check_decode(run + "%G1" + run, {}, error{urix::errc::bad_escape_hex, n});
    check_decode(run + "%G1" + run, {.lenient = true}, ok(run + "%G1" + run));
    check_valid(run + "%41" + run + "%", sets::unreserved, error{urix::errc::incomplete_escape, 2 * n + 3});
    check_valid(run + "/", sets::unreserved, error{urix::errc::disallowed_char, n});
    check_normalize(run + "%7e%2f" + run, ok(run + "~%2F" + run));
    check_normalize(run + "%2", error{urix::errc::incomplete_escape, n});
  }
}

// ---- Large input -----------------------------------------------------------------------------

// 100 MB through the size functions and check: no quadratic behaviour, no overflow; kept to
// about a second under AddressSanitizer.
TEST(Pct, HundredMegabyteInput) {
  const std::size_t n = 100U << 20;
  std::string big(n, 'a');
  big[n / 2] = ' ';
  big.replace(n - 3, 3, "%41");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(urix::encoded_size(big, sets::unreserved), n + 2 + 2);  // ' ' and '%' -> 3 bytes
  EXPECT_EQ(urix::encoded_size(big, sets::unreserved, {.keep_escapes = true}), n + 2);
  auto size = urix::decoded_size(big);
  ASSERT_TRUE(size);
  EXPECT_EQ(*size, n - 2);
  EXPECT_EQ(urix::check(big, sets::unreserved).error(), (error{errc::disallowed_char, n / 2}));
  big[n / 2] = 'a';
  EXPECT_TRUE(urix::check(big, sets::unreserved));
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  RecordProperty("milliseconds", static_cast<int>(ms.count()));
}

// One escape: the codec's reader and writer of "%HH", for callers that report positions.
TEST(Escape, ReadAndWriteOne) {
  EXPECT_EQ(urix::escape_at("a%2fb", 1), 0x2F);
  EXPECT_EQ(urix::escape_at("a%2Fb", 1), 0x2F);
  EXPECT_EQ(urix::escape_at("a%2Fb", 0), -1);  // not a '%'
  EXPECT_EQ(urix::escape_at("%2", 0), -1);     // the input ends first
  EXPECT_EQ(urix::escape_at("%g0", 0), -1);
  EXPECT_EQ(urix::escape_at("%41", 3), -1);    // at the end
  char out[3];
  urix::write_escape(out, 0xAB);
  EXPECT_EQ(std::string_view(out, 3), "%AB");
  urix::write_escape(out, 0x0F, true);
  EXPECT_EQ(std::string_view(out, 3), "%0f");
}

// Each decoded byte maps back to the escape or the byte it came from, whatever the options.
TEST(Escape, EncodedOffsets) {
  const std::string_view in = "a%C3%A9+%zz";  // decodes (leniently) to a, C3, A9, '+', '%', z, z
  const std::size_t expected[] = {0, 1, 4, 7, 8, 9, 10, 11};
  for (std::size_t d = 0; d < std::size(expected); ++d)
    EXPECT_EQ(urix::encoded_offset(in, d), expected[d]) << d;
  EXPECT_EQ(urix::encoded_offset_from_end(in, 0), in.size());
  EXPECT_EQ(urix::encoded_offset_from_end(in, 4), 7u);
  EXPECT_EQ(urix::encoded_offset_from_end(in, 5), 4u);
  EXPECT_EQ(urix::encoded_offset_from_end(in, 7), 0u);
}

// Where a stream may cut its input: RFC 3986 2.1 makes an escape '%' and two hex digits, so
// only a last '%', or a '%' and one hex digit, can be an escape that the next chunk finishes.
TEST(Escape, IncompleteTailIsAnEscapeTheEndMayHaveCut) {
  struct tail {
    std::string_view in;
    std::size_t expected;
  };
  for (const tail& t : {tail{"", 0}, tail{"a", 0}, tail{"ab", 0}, tail{"%", 1}, tail{"a%", 1},
                        tail{"%4", 2}, tail{"a%4", 2}, tail{"a%f", 2}, tail{"%41", 0},
                        tail{"a%41", 0}, tail{"%%", 1}, tail{"%%4", 2}, tail{"%41%", 1},
                        tail{"%G", 0}, tail{"a%G", 0}, tail{"%4G", 0}, tail{"100%", 1}})
    EXPECT_EQ(urix::incomplete_escape_tail(t.in), t.expected) << show(t.in);
}

// Cut before its incomplete tail, a chunk reads every escape as the whole input would,
// whatever follows it: no escape is ever split.
TEST(Escape, CuttingBeforeTheIncompleteTailSplitsNoEscape) {
  const std::string_view alphabet = "%4Gz";
  const std::string_view nexts[] = {"", "1", "41", "G", "%", "1%41"};
  std::vector<std::string> inputs{""};  // every string of up to 5 bytes over the alphabet
  for (std::size_t k = 0; k < inputs.size(); ++k)
    if (inputs[k].size() < 5)
      for (char c : alphabet) inputs.push_back(inputs[k] + c);
  for (const std::string& chunk : inputs) {
    const std::size_t cut = chunk.size() - urix::incomplete_escape_tail(chunk);
    const std::string_view kept = std::string_view(chunk).substr(0, cut);
    for (std::string_view next : nexts) {
      const std::string whole = chunk + std::string(next);
      for (std::size_t i = 0; i < cut; ++i)
        ASSERT_EQ(urix::escape_at(kept, i), urix::escape_at(whole, i)) << show(whole) << " " << i;
    }
  }
}


}  // namespace

// clean_prefix(in, scan_set) and the function active_scan_function() hands out (what the URL
// parser fetches once per parse) agree, at every length and with a stop at every place.
TEST(Pct, ActiveScanFunctionIsCleanPrefix) {
  static constexpr urix::scan_set set{urix::sets::unreserved};
  const urix::scan_function scan = urix::active_scan_function();
  ASSERT_NE(scan, nullptr);
  for (std::size_t n = 0; n <= 80; ++n) {
    for (std::size_t stop = 0; stop <= n; ++stop) {
      std::string in(n, 'a');
      if (stop < n) in[stop] = stop % 2 == 0 ? '/' : '\xC3';
      EXPECT_EQ(scan(in.data(), in.size(), set), urix::clean_prefix(in, set)) << n << " " << stop;
      EXPECT_EQ(scan(in.data(), in.size(), set), stop);
    }
  }
}
