// SPDX-License-Identifier: Apache-2.0 OR MIT
// Percent-encoding vectors from the WHATWG URL Standard, web-platform-tests, CPython's
// urllib.parse and uriparser, run through urix's codec.
//
// Each peer is mapped onto urix's options (see the comments at each section). A case that
// needs something urix deliberately does not do (a legacy text encoding, an errors= mode,
// line-break conversion) is counted "n/a" with its reason, printed, and listed in
// docs/differences.md; it is never skipped silently. Each test prints one summary line per
// section and records the counts as test properties.
#include "urix/pct.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>

#include "test_util.h"
#include "urix/sets.h"
#include "urix/utf8.h"

namespace {

using urix::charset;
namespace sets = urix::sets;
using nlohmann::json;
using urix_test::bytes_field;
using urix_test::load_json;
using urix_test::show;
using urix_test::unhex;

/// Pass / fail / not-applicable counts of one section, printed when it goes out of scope.
class tally {
 public:
  explicit tally(std::string name) : name_(std::move(name)) {}
  tally(const tally&) = delete;
  tally& operator=(const tally&) = delete;
  ~tally() {
    std::printf("[ vectors  ] %s: %d cases, %d pass, %d fail, %d n/a\n", name_.c_str(),
                pass_ + fail_ + na_, pass_, fail_, na_);
    ::testing::Test::RecordProperty(name_ + " pass", pass_);
    ::testing::Test::RecordProperty(name_ + " n/a", na_);
  }

  /// Records one comparison of urix's output with the peer's.
  void expect(const std::string& got, const std::string& want, const json& c) {
    if (got == want) {
      ++pass_;
    } else {
      ++fail_;
      ADD_FAILURE() << name_ << ": got " << show(got) << ", want " << show(want) << "\n  case " << c.dump();
    }
  }
  /// Records a case urix deliberately does not cover, with the reason.
  void not_applicable(const json& c, std::string_view why) {
    ++na_;
    std::printf("[ n/a      ] %s: %s (%.*s)\n", name_.c_str(), c.dump().c_str(),
                static_cast<int>(why.size()), why.data());
  }
  [[nodiscard]] int pass() const { return pass_; }
  [[nodiscard]] int na() const { return na_; }

 private:
  std::string name_;
  int pass_ = 0;
  int fail_ = 0;
  int na_ = 0;
};

// ---- web-platform-tests url/resources/percent-encoding.json -----------------------------------
// WPT's percent-encoding test builds new URL("https://doesnotmatter.invalid/?" + input) in a
// document of the given encoding and compares url.search with "?" + output. For https (a
// special scheme) the URL parser encodes the query with the special-query percent-encode set,
// after encoding the text as UTF-8 for the `utf-8` column: so urix's whatwg-special-query set
// on the UTF-8 bytes must give that column exactly. The other columns are legacy encodings.

TEST(Vectors, WptPercentEncoding) {
  const json data = load_json("wpt/percent-encoding.json");
  tally t("wpt/percent-encoding.json utf-8");
  int comments = 0;
  for (const json& c : data) {
    if (c.is_string()) {
      ++comments;
      continue;
    }
    const std::string in = c.at("input").get<std::string>();
    t.expect(urix::encode(in, sets::whatwg::special_query), c.at("output").at("utf-8").get<std::string>(), c);
  }
  EXPECT_EQ(t.pass(), 7);
  EXPECT_EQ(comments, 2);
}

// ---- whatwg/percent_encode_sets.json: the URL Standard's own summary table ------------------

TEST(Vectors, WhatwgStandardExamples) {
  const json data = load_json("whatwg/percent_encode_sets.json");
  tally t("whatwg/percent_encode_sets.json examples");
  for (const json& c : data.at("examples")) {
    const std::string op = c.at("operation").get<std::string>();
    const std::string in = bytes_field(c, "input");
    const std::string want = bytes_field(c, "output");
    if (c.contains("encoding") && c.at("encoding") != "UTF-8") {
      t.not_applicable(c, "legacy text encoding: urix encodes UTF-8 only (RFC 3986 2.5)");
    } else if (op == "percent-encode byte") {
      t.expect(urix::encode(in, charset()), want, c);
    } else if (op.starts_with("percent-decode")) {  // the standard's decoder is lenient
      t.expect(urix::decode(in, {.lenient = true}).value(), want, c);
    } else if (op.starts_with("UTF-8 percent-encode")) {
      const std::string set = c.at("set").get<std::string>();
      const charset* allowed = urix::find_set("whatwg-" + set);
      ASSERT_NE(allowed, nullptr) << set;
      t.expect(urix::encode(in, *allowed), want, c);
    } else {
      ADD_FAILURE() << "unknown operation " << op;
    }
  }
  EXPECT_EQ(t.pass(), 7);
}

// ---- CPython urllib.parse (peers/python_urllib_vectors.json) ---------------------------------
// quote(s, safe): RFC 3986 unreserved (Python always keeps ALPHA DIGIT "_.-~") plus `safe`.
// quote_plus: the same with space -> '+', '+' encoded. unquote: lenient, then U+FFFD for each
// maximal invalid UTF-8 subpart (errors='replace', Python's default). Only UTF-8 applies.

std::string python_unquote(const std::string& in, bool plus) {
  std::string decoded = urix::decode(in, {.plus_as_space = plus, .lenient = true}).value();
  return urix::utf8_replace_invalid(decoded);
}

TEST(Vectors, PythonUrllib) {
  const json data = load_json("peers/python_urllib_vectors.json");
  int total_pass = 0;
  int total_na = 0;
  {
    tally t("python quote/quote_plus");
    for (const json& c : data.at("quote").at("cases")) {
      const bool plus = c.at("plus").get<bool>();
      const std::string safe = c.at("safe").get<std::string>();
      if (!c.at("encoding").is_null()) {
        t.not_applicable(c, "encoding= other than UTF-8: urix encodes UTF-8 only");
      } else if (!c.at("errors").is_null()) {
        t.not_applicable(c, "errors= modes: urix input is bytes, there is nothing to fail");
      } else if (plus && safe.find('+') != std::string::npos) {
        t.not_applicable(c, "quote_plus with '+' in safe keeps '+'; urix space_as_plus always encodes '+'");
      } else {
        t.expect(urix::encode(c.at("input").get<std::string>(), sets::unreserved | charset(safe),
                              {.space_as_plus = plus}),
                 c.at("expected").get<std::string>(), c);
      }
    }
    total_pass += t.pass();
    total_na += t.na();
  }
  for (const bool plus : {false, true}) {
    tally t(plus ? "python always_quoted_by_default (quote_plus)" : "python always_quoted_by_default (quote)");
    const charset default_safe = sets::unreserved | charset("/");
    for (const json& c : data.at("always_quoted_by_default").at("cases")) {
      const std::string ch = c.get<std::string>();
      ASSERT_EQ(ch.size(), 1U);
      char want[4];
      std::snprintf(want, sizeof want, "%%%02X", static_cast<unsigned char>(ch[0]));
      t.expect(urix::encode(ch, default_safe, {.space_as_plus = plus}), want, c);
    }
    total_pass += t.pass();
  }
  {
    tally t("python quote_from_bytes");
    for (const json& c : data.at("quote_from_bytes").at("cases"))
      t.expect(urix::encode(unhex(c.at("input_hex").get<std::string>()), sets::unreserved | charset("/")),
               c.at("expected").get<std::string>(), c);
    total_pass += t.pass();
  }
  {
    tally t("python unquote/unquote_plus");
    for (const json& c : data.at("unquote").at("cases")) {
      if (!c.at("encoding").is_null()) {
        t.not_applicable(c, "encoding= other than UTF-8: urix decodes to bytes, text is UTF-8 only");
      } else if (!c.at("errors").is_null() && c.at("errors") != "replace") {
        t.not_applicable(c, "errors='" + c.at("errors").get<std::string>() +
                                "': urix repairs invalid UTF-8 only with U+FFFD (errors='replace')");
      } else {
        t.expect(python_unquote(c.at("input").get<std::string>(), c.at("plus").get<bool>()),
                 c.at("expected").get<std::string>(), c);
      }
    }
    total_pass += t.pass();
    total_na += t.na();
  }
  {
    tally t("python unquote_to_bytes");
    for (const json& c : data.at("unquote_to_bytes").at("cases"))
      t.expect(urix::decode(c.at("input").get<std::string>(), {.lenient = true}).value(),
               unhex(c.at("expected_hex").get<std::string>()), c);
    total_pass += t.pass();
  }
  std::printf("[ vectors  ] peers/python_urllib_vectors.json: %d pass, %d n/a\n", total_pass, total_na);
  EXPECT_GT(total_pass, 100);
}

// ---- uriparser (peers/uriparser_vectors.json) --------------------------------------------------
// uriEscape encodes everything but unreserved (uppercase hex); space_to_plus is space_as_plus.
// uriUnescape is lenient; plus_to_space is plus_as_space. uriparser can also convert line breaks
// (normalize_breaks, break_conversion), which urix does not do: those cases are n/a.

TEST(Vectors, Uriparser) {
  const json data = load_json("peers/uriparser_vectors.json");
  int total_pass = 0;
  int total_na = 0;
  {
    tally t("uriparser escape");
    for (const json& c : data.at("escape").at("cases")) {
      const std::string in = c.at("input").get<std::string>();
      const bool has_break = in.find_first_of("\r\n") != std::string::npos;
      const bool non_ascii = std::any_of(in.begin(), in.end(), [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; });
      if (c.at("normalize_breaks").get<bool>() && has_break) {
        t.not_applicable(c, "normalize_breaks: urix does not convert line breaks");
      } else if (non_ascii) {
        t.not_applicable(c, "uriparser's wide-char API escapes a code unit's low octet; urix escapes UTF-8 bytes");
      } else {
        t.expect(urix::encode(in, sets::unreserved, {.space_as_plus = c.at("space_to_plus").get<bool>()}),
                 c.at("expected").get<std::string>(), c);
      }
    }
    total_pass += t.pass();
    total_na += t.na();
  }
  {
    tally t("uriparser unescape");
    for (const json& c : data.at("unescape").at("cases")) {
      if (c.at("break_conversion") != "none") {
        t.not_applicable(c, "break_conversion: urix does not convert line breaks");
        continue;
      }
      t.expect(urix::decode(c.at("input").get<std::string>(),
                            {.plus_as_space = c.at("plus_to_space").get<bool>(), .lenient = true})
                   .value(),
               c.at("expected").get<std::string>(), c);
    }
    total_pass += t.pass();
    total_na += t.na();
  }
  std::printf("[ vectors  ] peers/uriparser_vectors.json: %d pass, %d n/a\n", total_pass, total_na);
  EXPECT_GT(total_pass, 20);
}

}  // namespace
