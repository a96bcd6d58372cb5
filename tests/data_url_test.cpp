// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests of urix/data_url.h: the Fetch Standard's data: URL processor (section "data: URLs"),
// MIME Sniffing's MIME type parser and serializer, Infra's forgiving-base64 decode.
#include "urix/data_url.h"

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <string_view>

#include "../src/data/data_url_paths.h"
#include "test_util.h"

namespace {

using urix::errc;
using urix::error;
using urix_test::heap_bytes;
using urix_test::show;

// The web-platform tests' cases (wpt fetch/data-urls/resources/data-urls.json): input, the
// serialized MIME type ("" for the default text/plain;charset=US-ASCII, null for a failure),
// the body's bytes. Every case runs. Two cases of the shared file disagree with the
// standards' text (and with the upstream file, which agrees with the text): those are checked
// against the text, and the file's value is checked to be what it was.
struct difference {
  std::string_view input, file_mime, mime, body;
};
constexpr difference differences[] = {
    // MIME Sniffing "parse a MIME type" step 11: a quoted value is kept even when empty (only an
    // unquoted empty value is skipped); the serializer writes it back quoted.
    {"data:text/plain;a=\",\",X", "text/plain", "text/plain;a=\"\"", "\",X"},
    // Fetch "data: URL processor" step 11: ';', then zero or more spaces, then "base64".
    {"data:; base64,WA", "text/plain", "text/plain;charset=US-ASCII", "X"},
};

TEST(DataUrl, WebPlatformTests) {
  const auto cases = urix_test::load_json("wpt-fetch/data-urls.json");
  ASSERT_EQ(cases.size(), 59u);
  int checked = 0;
  for (const auto& c : cases) {
    const std::string input = c.at(0).get<std::string>();
    const heap_bytes in(input);
    auto r = urix::parse_data_url(in.view());
    ++checked;
    if (c.at(1).is_null()) {
      EXPECT_FALSE(r) << show(input) << " gave " << (r ? r->mime.serialize() : "");
      continue;
    }
    ASSERT_TRUE(r) << show(input) << ": " << r.error();
    std::string mime = c.at(1).get<std::string>();
    if (mime.empty()) mime = "text/plain;charset=US-ASCII";
    std::string body;
    for (const auto& b : c.at(2)) body += static_cast<char>(b.get<int>());
    for (const auto& d : differences) {
      if (input != d.input) continue;
      EXPECT_EQ(mime, d.file_mime) << "the shared file changed: drop this difference";
      mime = d.mime;
      body = d.body;
    }
    EXPECT_EQ(r->mime.serialize(), mime) << show(input);
    EXPECT_EQ(r->body, body) << show(input);
  }
  EXPECT_EQ(checked, 59);
}

// Fetch "data: URL processor" steps 7 and 11.3: the errors, at the byte that causes them.
TEST(DataUrl, ErrorsAtTheirByte) {
  EXPECT_EQ(urix::parse_data_url("data:text/plain").error(), (error{errc::missing_comma, 15}));
  // The fragment is not read (step 2: the serializer excludes it): the comma is missing there.
  EXPECT_EQ(urix::parse_data_url("data:text/plain#,x").error(), (error{errc::missing_comma, 15}));
  EXPECT_EQ(urix::parse_data_url("data:;base64,ab!c").error(), (error{errc::bad_base64, 15}));
  EXPECT_EQ(urix::parse_data_url("data:;base64,abcde").error(), (error{errc::bad_base64, 17}));
  EXPECT_EQ(urix::parse_data_url("data:;base64,ab=c").error(), (error{errc::bad_base64, 15}));
  EXPECT_EQ(urix::parse_data_url("data:;base64,abc=x").error(), (error{errc::bad_base64, 16}));
  // Through an escape: the error is at its '%' in the input.
  EXPECT_EQ(urix::parse_data_url("data:;base64,ab%21c").error(), (error{errc::bad_base64, 15}));
  // A tab removed by the URL parser still counts in the input's offsets.
  EXPECT_EQ(urix::parse_data_url("data:;\tbase64,ab!c").error(), (error{errc::bad_base64, 16}));
  EXPECT_EQ(urix::parse_data_url("  data:;base64,ab!c").error(), (error{errc::bad_base64, 17}));
  EXPECT_EQ(urix::parse_data_url("http://a/,x").error(), (error{errc::wrong_scheme, 0}));
  EXPECT_EQ(urix::parse_data_url("dat:,x").error(), (error{errc::wrong_scheme, 0}));
  EXPECT_EQ(urix::parse_data_url("data:,\xFF").error(), (error{errc::invalid_utf8, 6}));
  // The authority form: the URL parser's failures (port, host code points, missing host).
  EXPECT_EQ(urix::parse_data_url("data://h:8x/,x").error(), (error{errc::bad_port, 10}));
  EXPECT_EQ(urix::parse_data_url("data://h:65536/,x").error(), (error{errc::bad_port, 9}));
  EXPECT_EQ(urix::parse_data_url("data://a<b/,x").error(), (error{errc::disallowed_char, 8}));
  EXPECT_EQ(urix::parse_data_url("data://u@/,x").error(), (error{errc::bad_path, 9}));
  EXPECT_EQ(urix::parse_data_url("data://[::1]/,x").error(), (error{errc::bad_ip_literal, 7}));
}

// The URL parser's part: what the serialized URL looks like decides the MIME type and body.
TEST(DataUrl, UrlParserForms) {
  // Basic URL parser: leading/trailing C0 controls and spaces go, tabs and newlines anywhere.
  auto r = urix::parse_data_url(" \x01" "da\nta:text/ht\tml,a\rb \x02");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->mime.serialize(), "text/html");
  EXPECT_EQ(r->body, "ab");
  // The query is part of the body, the fragment is not.
  r = urix::parse_data_url("data:,a?b c#d");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, "a?b c");
  // Path form: dot segments are applied before the processor sees the text.
  r = urix::parse_data_url("data:/a/../text/plain,x");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->mime.serialize(), "text/plain;charset=US-ASCII");  // "/text/plain" has an empty type
  r = urix::parse_data_url("data:/x/%2e%2E/,x/./y");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, "x/y");
  EXPECT_EQ(r->body_offset, 16u);  // the 'x' after the ','
  // A ',' in a segment that a ".." removes is not the one that ends the MIME type.
  r = urix::parse_data_url("data:/a,b/../c,d");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, "d");
  EXPECT_EQ(r->body_offset, 15u);
  r = urix::parse_data_url(" data:\t;base64,YQ");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body_offset, 15u);
  // Authority form: the port is written as a number (leading zeros go).
  r = urix::parse_data_url("data://u:p@h:0080/,x");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, "x");
  // Non-ASCII text is UTF-8 percent-encoded, then decoded again in the body.
  r = urix::parse_data_url("data:,\xE2\x80\xA0");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, "\xE2\x80\xA0");
}

// Fetch step 11: ";base64" (any case, spaces before it), and Infra's forgiving-base64.
TEST(DataUrl, Base64) {
  auto r = urix::parse_data_url("data:text/plain;charset=utf-8; BaSe64,aGVsbG8g d29y\nbGQ=");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->mime.serialize(), "text/plain;charset=utf-8");
  EXPECT_EQ(r->body, "hello world");
  std::string out = "keep";
  EXPECT_TRUE(urix::forgiving_base64_decode_append(out, " YQ = = "));
  EXPECT_EQ(out, "keepa");
  EXPECT_TRUE(urix::forgiving_base64_decode_append(out, "YWI"));  // no padding
  EXPECT_EQ(out, "keepaab");
  EXPECT_EQ(urix::forgiving_base64_decode_append(out, "YQ===").error(), (error{errc::bad_base64, 2}));
  EXPECT_EQ(urix::forgiving_base64_decode_append(out, "Y").error(), (error{errc::bad_base64, 0}));
  EXPECT_EQ(out, "keepaab");  // unchanged on failure
  // Every length of every byte string round-trips through a plain base64 encoder.
  constexpr std::string_view alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (int len = 0; len < 40; ++len) {
    std::string bytes;
    for (int i = 0; i < len; ++i) bytes += static_cast<char>((i * 97 + len * 31) & 0xFF);
    std::string encoded;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
      auto byte = [&](std::size_t k) { return k < bytes.size() ? unsigned{static_cast<unsigned char>(bytes[k])} : 0u; };
      const unsigned v = byte(i) << 16 | byte(i + 1) << 8 | byte(i + 2);
      encoded += alphabet[(v >> 18) & 63];
      encoded += alphabet[(v >> 12) & 63];
      encoded += i + 1 < bytes.size() ? alphabet[(v >> 6) & 63] : '=';
      encoded += i + 2 < bytes.size() ? alphabet[v & 63] : '=';
    }
    std::string decoded;
    ASSERT_TRUE(urix::forgiving_base64_decode_append(decoded, heap_bytes(encoded).view())) << encoded;
    EXPECT_EQ(decoded, bytes) << encoded;
  }
}

// Infra's forgiving-base64 decode, step by step as written (a copy without white space,
// then the checks in order), against the library's one pass: the same bytes or a failure,
// and the library's failure offset names a byte that step 3 or 4 blames.
std::optional<std::string> forgiving_base64_as_written(std::string_view in) {
  std::string data;
  for (char c : in)
    if (c != '\t' && c != '\n' && c != '\f' && c != '\r' && c != ' ') data += c;  // step 1
  if (data.size() % 4 == 0) {                                                 // step 2
    if (data.ends_with("==")) data.resize(data.size() - 2);
    else if (data.ends_with('=')) data.pop_back();
  }
  if (data.size() % 4 == 1) return std::nullopt;                             // step 3
  constexpr std::string_view alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  unsigned buffer = 0, bits = 0;
  for (char c : data) {
    const std::size_t v = alphabet.find(c);
    if (v == std::string_view::npos) return std::nullopt;                    // step 4
    buffer = (buffer << 6 | static_cast<unsigned>(v)) & 0xFFFFFF;
    bits += 6;
    if (bits >= 8) out += static_cast<char>((buffer >> (bits -= 8)) & 0xFF);
  }
  return out;
}

TEST(DataUrl, ForgivingBase64AgainstTheStepsAsWritten) {
  std::mt19937 rng(2397);
  constexpr std::string_view pieces[] = {"QUJD", "YQ", "Y", "=", "==", " ", "\n", "\t", "\f",
                                         "!", "-", "_", "\x80", "+/", "Zm9v", "\r", "AAAA"};
  int failures = 0;
  for (int i = 0; i < 50000; ++i) {
    std::string in;
    for (unsigned k = rng() % 8; k > 0; --k) in += pieces[rng() % std::size(pieces)];
    const auto expected = forgiving_base64_as_written(in);
    std::string out;
    const auto r = urix::forgiving_base64_decode_append(out, heap_bytes(in).view());
    ASSERT_EQ(r.has_value(), expected.has_value()) << show(in);
    if (r) {
      EXPECT_EQ(out, *expected) << show(in);
    } else {
      ++failures;
      EXPECT_TRUE(out.empty()) << show(in);
      ASSERT_LT(r.error().offset, in.size()) << show(in);
    }
  }
  EXPECT_GT(failures, 1000);
}

// parse_data_url's text answer (url, mime, body) against a record (the general path's, which
// shares none of the text answer's shortcuts): the serialized MIME type and the body, or the
// same error. The strings start dirty and stay the caller's, as a binding keeps them.
void expect_text_answer(std::string_view url, const urix::result<urix::data_url>& record) {
  static std::string mime = "left over", body = "from before";
  const auto r = urix::parse_data_url(url, mime, body);
  ASSERT_EQ(r.has_value(), record.has_value()) << show(url);
  if (!record) {
    EXPECT_EQ(r.error(), record.error()) << show(url);
    return;
  }
  EXPECT_EQ(mime, record->mime.serialize()) << show(url);
  EXPECT_EQ(body, record->body) << show(url);
}

TEST(DataUrl, TextAnswerOfTheWebPlatformTests) {
  for (const auto& c : urix_test::load_json("wpt-fetch/data-urls.json")) {
    const heap_bytes in(c.at(0).get<std::string>());
    expect_text_answer(in.view(), urix::detail::parse_data_url_general(in.view()));
  }
}

// The text answer's shortcut (a MIME type written as the serializer writes it is copied) on
// MIME types of every kind: serialized or not, parsing or not, with a leading ';'.
TEST(DataUrl, TextAnswerOfEveryKindOfMimeType) {
  constexpr std::string_view mimes[] = {
      "", "text/plain", "text/plain;charset=utf-8", "image/svg+xml", ";charset=utf-8", ";",
      ";a=b;a=c", "Text/Plain", "text/plain;Charset=UTF-8", "text/plain;charset=\"utf-8\"",
      "text/plain;a=\"b c\"", "text/plain;a=", "text/plain;;a=b", "text/plain;a=b;a=c",
      "text/plain;a", "text", "text/", "/plain", "te@xt/plain", "text/plain;a=b c",
      "a/b;p1=1;p2=2;p3=3;p4=4;p5=5;p6=6;p7=7;p8=8", "a/b;p1=1;p2=2;p3=3;p4=4;p5=5;p6=6;p7=7;p8=8;p9=9",
      "a/b;p1=1;p2=2;p3=3;p4=4;p5=5;p6=6;p7=7;p8=8;p1=9", "text/plain ;a=b", "text/plain; a=b",
      "text/plain;a=b ", "text/plain;a=%41", "text/plain;base64;a=b", "x/y;a=b;", "text/pl#ain",
      "a/b;c=#d", " a/b ", "a/b ; base64", "a/b;BASE64"};
  for (const std::string_view mime : mimes)
    for (const std::string_view tail : {",a%20b", ";base64,SGVsbG8=", ";base64,S", " ,x", ",x?y#z"}) {
      const std::string url = "data:" + std::string(mime) + std::string(tail);
      const heap_bytes in(url);
      expect_text_answer(in.view(), urix::detail::parse_data_url_general(in.view()));
    }
}

// The plain path (one pass over the body) against the general path (every step of the URL
// parser and the processor), on random URLs: plain ones (printable ASCII bodies, base64 of
// every length with and without padding), and ones with what sends a URL down the general
// path (white space, escapes, '?', '#', non-ASCII, a misplaced '=', a byte outside the
// alphabet, the "data:/" form, a space at either end). Where the plain path reads a URL,
// the general path must give the same record; parse_data_url must give what the general
// path gives, errors too.
TEST(DataUrl, PlainPathAgreesWithTheGeneralPath) {
  constexpr std::string_view alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  constexpr std::string_view heads[] = {
      "data:;base64,", "data:text/plain;base64,", "DATA:application/octet-stream; BASE64,",
      "data:,", "data:text/plain,", "data:text/html;charset=utf-8,", "data: image/png ;base64,",
      "data:;a=\"b;base64\";base64,", "data:x;base64 ,", "data:/;base64,", "data:a?b;base64,",
      "data:a#b;base64,", " data:;base64,", "data:\t;base64,", "data:;base64;base64,"};
  constexpr std::string_view dirt[] = {" ", "\n", "\t", "\f", "\r", "%41", "%", "?", "#", "=",
                                       "==", "\xC3\xA9", "\x7F", "!", "-", "\x01", "%3D"};
  std::mt19937 rng(2397);
  int plain = 0, general_only = 0;
  for (int i = 0; i < 40000; ++i) {
    std::string url(heads[rng() % std::size(heads)]);
    const std::size_t n = rng() % 200;
    std::string body;
    for (std::size_t k = 0; k < n; ++k) body += alphabet[rng() % alphabet.size()];
    if (rng() % 3 == 0 && body.size() % 4 >= 2) body.append(4 - body.size() % 4, '=');  // padded
    for (auto d = rng() % 4 == 0 ? 1 + rng() % 3 : 0; d > 0; --d)
      body.insert(rng() % (body.size() + 1), dirt[rng() % std::size(dirt)]);
    url += body;
    if (rng() % 16 == 0) url += ' ';
    const heap_bytes in(url);
    const auto general = urix::detail::parse_data_url_general(in.view());
    const auto whole = urix::parse_data_url(in.view());
    ASSERT_EQ(whole.has_value(), general.has_value()) << show(url);
    if (!general) {
      EXPECT_EQ(whole.error(), general.error()) << show(url);
    } else {
      EXPECT_EQ(whole->mime, general->mime) << show(url);
      EXPECT_EQ(whole->body, general->body) << show(url);
      EXPECT_EQ(whole->body_offset, general->body_offset) << show(url);
    }
    expect_text_answer(in.view(), general);
    if (const auto fast = urix::detail::parse_plain_data_url(in.view())) {
      ++plain;
      ASSERT_TRUE(general) << show(url) << ": the plain path read what the general path rejects";
      EXPECT_EQ(fast->mime, general->mime) << show(url);
      EXPECT_EQ(fast->body, general->body) << show(url);
      EXPECT_EQ(fast->body_offset, general->body_offset) << show(url);
    } else {
      ++general_only;
    }
  }
  // Both paths ran often: the generator reaches each.
  EXPECT_GT(plain, 15000);
  EXPECT_GT(general_only, 15000);
}

// The plain path reads what it can read in one pass, and nothing else.
TEST(DataUrl, PlainPathTakesPlainUrlsOnly) {
  using urix::detail::parse_plain_data_url;
  EXPECT_TRUE(parse_plain_data_url("data:text/plain;base64,SGVsbG8="));
  EXPECT_TRUE(parse_plain_data_url("data:text/plain;charset=utf-8,Hello%2C%20World"));
  EXPECT_TRUE(parse_plain_data_url("DaTa:,a b"));
  EXPECT_FALSE(parse_plain_data_url("data:;base64,SGVs bG8="));    // white space in base64
  EXPECT_FALSE(parse_plain_data_url("data:;base64,SGVsbG8%3D"));   // an escape in base64
  EXPECT_FALSE(parse_plain_data_url("data:;base64,S"));            // an error: the general path says
  EXPECT_FALSE(parse_plain_data_url("data:,a "));                  // the URL parser trims it
  EXPECT_FALSE(parse_plain_data_url("data:,a?b"));                 // a query
  EXPECT_FALSE(parse_plain_data_url("data:,a#b"));                 // a fragment
  EXPECT_FALSE(parse_plain_data_url("data:,\xC3\xA9"));            // escaped by the URL parser
  EXPECT_FALSE(parse_plain_data_url("data:/,a"));                  // a path with dot segments
  EXPECT_FALSE(parse_plain_data_url("data:text/plain"));           // no comma
  EXPECT_FALSE(parse_plain_data_url("http:,a"));
}

// The shortcut's test: true only for what parses and serializes back to itself, and for each
// of the forms it promises (lowercase tokens, up to 8 distinct names, token values); on
// random strings of the bytes that matter to the parser.
TEST(MimeType, SerializedFormIsRecognised) {
  using urix::detail::is_serialized_mime_type;
  EXPECT_TRUE(is_serialized_mime_type("text/plain"));
  EXPECT_TRUE(is_serialized_mime_type("text/plain;charset=UTF-8"));  // values keep their case
  EXPECT_TRUE(is_serialized_mime_type("image/svg+xml;a=1;b=2"));
  EXPECT_FALSE(is_serialized_mime_type("Text/plain"));
  EXPECT_FALSE(is_serialized_mime_type("text/plain;Charset=utf-8"));
  EXPECT_FALSE(is_serialized_mime_type("text/plain;a=1;a=2"));  // the second is dropped
  EXPECT_FALSE(is_serialized_mime_type("text/plain;a=\"b c\""));  // serialized, but quoted: not a promised form
  EXPECT_FALSE(is_serialized_mime_type(""));
  EXPECT_FALSE(is_serialized_mime_type("text/plain;"));
  EXPECT_FALSE(is_serialized_mime_type(" text/plain"));
  // Random MIME types near the promised forms: a token or not, a separator or another byte,
  // few names (so that they repeat), values quoted or not, mostly 0-2 parameters, up to 10.
  constexpr std::string_view tokens[] = {"text", "plain", "a", "x+y.z", "1", "Text", "", "t@", "b c", "\xE9"};
  constexpr std::string_view names[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "A", "", "a b"};
  constexpr std::string_view values[] = {"v", "UTF-8", "%41", "w", "x", "y", "\"q\"", "\"b c\"", "\"\"", "", "v ", "\xE9"};
  constexpr std::string_view slashes[] = {"/", "/", "/", "/", " /", ""};
  constexpr std::string_view semicolons[] = {";", ";", ";", ";", ";", ";", ";", ";", "; ", " ;", ";;"};
  constexpr std::string_view equals[] = {"=", "=", "=", "=", ""};
  std::mt19937 rng(6838);
  const auto pick = [&](const auto& list) { return std::string(list[rng() % std::size(list)]); };
  int recognised = 0, with_parameters = 0;
  for (int i = 0; i < 100000; ++i) {
    std::string s = pick(tokens) + pick(slashes) + pick(tokens);
    for (auto n = rng() % 2 == 0 ? rng() % 3 : rng() % 11; n > 0; --n) s += pick(semicolons) + pick(names) + pick(equals) + pick(values);
    const auto parsed = urix::parse_mime_type(s);
    const bool round_trips = parsed && parsed->serialize() == s;
    if (is_serialized_mime_type(s)) {
      ++recognised;
      with_parameters += s.find(';') != std::string::npos;
      EXPECT_TRUE(round_trips) << show(s);
    } else if (round_trips && s.find('"') == std::string::npos && parsed->parameters.size() <= 8) {
      ADD_FAILURE() << show(s) << " is in a promised form but was not recognised";
    }
  }
  EXPECT_GT(recognised, 3000);
  EXPECT_GT(with_parameters, 600);
}

// MIME Sniffing "parse a MIME type" and "serialize a MIME type".
TEST(MimeType, ParseAndSerialize) {
  auto m = urix::parse_mime_type(" Text/HTML ; Charset=\"sh\\\"ift\" ;charset=x; q=\"\"; e= ;");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->essence(), "text/html");
  ASSERT_NE(m->parameter("charset"), nullptr);
  EXPECT_EQ(*m->parameter("charset"), "sh\"ift");  // the first charset wins
  EXPECT_EQ(m->serialize(), "text/html;charset=\"sh\\\"ift\";q=\"\"");
  // The standard's example: text after the closing quote is dropped.
  m = urix::parse_mime_type("text/html;charset=\"shift_jis\"iso-2022-jp");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->serialize(), "text/html;charset=shift_jis");
  EXPECT_EQ(urix::parse_mime_type("text").error(), (error{errc::bad_mime_type, 4}));
  EXPECT_EQ(urix::parse_mime_type("te xt/plain").error(), (error{errc::bad_mime_type, 2}));
  EXPECT_EQ(urix::parse_mime_type("text/").error(), (error{errc::bad_mime_type, 5}));
  EXPECT_EQ(urix::parse_mime_type("/plain").error(), (error{errc::bad_mime_type, 0}));
  EXPECT_EQ(urix::parse_mime_type("text/pl@in").error(), (error{errc::bad_mime_type, 7}));
}

// Long inputs: linear work (many parameters, many dot segments, a long base64 body).
TEST(DataUrl, LongInputs) {
  std::string url = "data:text/plain";
  for (int i = 0; i < 50000; ++i) url += ";p" + std::to_string(i) + "=v";
  url += ",x";
  auto r = urix::parse_data_url(url);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->mime.parameters.size(), 50000u);
  std::string dots = "data:";
  for (int i = 0; i < 50000; ++i) dots += "/a/..";
  dots += "/,y";
  r = urix::parse_data_url(dots);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, "y");
  std::string b64 = "data:;base64,";
  for (int i = 0; i < 100000; ++i) b64 += "QUJD";
  r = urix::parse_data_url(b64);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body.size(), 300000u);
}

}  // namespace
