// SPDX-License-Identifier: Apache-2.0 OR MIT
// tests/idna_test.cpp: UTS #46 ToASCII / ToUnicode and Punycode (RFC 3492).
//
// Conformance runs over Unicode's IdnaTestV2.txt (all checks on, as the file assumes) and the
// web-platform-tests files toascii.json and IdnaTestV2.json (the URL Standard's settings).
// Every failing vector must be listed, with its reason, in tests/data/idna_known_failures.txt,
// and that list is compared exactly: a new failure fails the test, and so does a fixed one
// (then delete its line). The reasons given there (`unassigned-in-icu`, `ignored-after-15.0`) are
// checked here against the data itself, not taken on trust.
#include "urix/idna.h"

#include <gtest/gtest.h>
#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/uversion.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "test_util.h"

namespace {

using urix::errc;
using urix_test::show;

// ---- Helpers -------------------------------------------------------------------------------

void append_utf8(std::string& out, char32_t cp) {
  // Surrogates (which IdnaTestV2.txt uses to build ill-formed strings) are written in the
  // 3-byte form UTF-8 forbids, so they reach the library as the invalid UTF-8 they stand for.
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// The code points of UTF-8 text (ill-formed bytes come out one by one, as themselves).
std::vector<char32_t> code_points(std::string_view s) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    if (n == 1 || i + n > s.size()) {
      out.push_back(b);
      ++i;
      continue;
    }
    char32_t cp = b & (0xFF >> (n + 1));
    for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += n;
  }
  return out;
}

std::string hex_cp(char32_t cp) {
  std::ostringstream s;
  s << "U+" << std::uppercase << std::hex;
  s.width(4);
  s.fill('0');
  s << static_cast<unsigned>(cp);
  return s.str();
}

// IdnaTestV2.txt escapes: \uXXXX and \x{XXXX}; `""` is the empty string.
std::string unescape(std::string_view f) {
  if (f == "\"\"") return "";
  std::string out;
  for (std::size_t i = 0; i < f.size();) {
    if (f[i] == '\\' && i + 1 < f.size() && f[i + 1] == 'u') {
      append_utf8(out, static_cast<char32_t>(std::stoul(std::string(f.substr(i + 2, 4)), nullptr, 16)));
      i += 6;
    } else if (f[i] == '\\' && i + 2 < f.size() && f[i + 1] == 'x' && f[i + 2] == '{') {
      const std::size_t close = f.find('}', i);
      append_utf8(out, static_cast<char32_t>(std::stoul(std::string(f.substr(i + 3, close - i - 3)), nullptr, 16)));
      i = close + 1;
    } else {
      out += f[i++];
    }
  }
  return out;
}

std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return "";
  return std::string(s.substr(b, s.find_last_not_of(" \t") - b + 1));
}

// One test line of IdnaTestV2.txt, with the file's blank-means-earlier-column rules applied.
struct v2_line {
  int line = 0;
  std::string source, to_unicode, to_ascii_n;
  std::string unicode_status, ascii_n_status;  // "" = no error, else e.g. "[B5, B6]"
};

std::vector<v2_line> load_idna_test_v2() {
  const std::string path = std::string(URIX_TESTDATA) + "/unicode/IdnaTestV2.txt";
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot open " + path);
  std::vector<v2_line> lines;
  std::string text;
  for (int n = 1; std::getline(file, text); ++n) {
    const std::string data = text.substr(0, text.find('#'));
    if (trim(data).empty()) continue;
    std::vector<std::string> col;
    std::stringstream ss(data);
    for (std::string c; std::getline(ss, c, ';');) col.push_back(trim(c));
    col.resize(7);
    v2_line l;
    l.line = n;
    l.source = unescape(col[0]);
    l.to_unicode = col[1].empty() ? l.source : unescape(col[1]);
    l.unicode_status = col[2] == "[]" ? "" : col[2];
    l.to_ascii_n = col[3].empty() ? l.to_unicode : unescape(col[3]);
    l.ascii_n_status = col[4].empty() ? l.unicode_status : (col[4] == "[]" ? "" : col[4]);
    lines.push_back(std::move(l));
  }
  return lines;
}

// ---- The known-failures list ---------------------------------------------------------------

struct known_failure {
  std::string reason;  // a reason code, see the file's header
  std::string note;
};

std::map<std::string, known_failure> load_known_failures() {
  std::ifstream file(URIX_IDNA_KNOWN_FAILURES);
  if (!file) throw std::runtime_error("cannot open " URIX_IDNA_KNOWN_FAILURES);
  std::map<std::string, known_failure> out;
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto t1 = line.find('\t');
    const auto t2 = line.find('\t', t1 + 1);
    if (t1 == std::string::npos || t2 == std::string::npos) {
      throw std::runtime_error("malformed known-failure line: " + line);
    }
    out[line.substr(0, t1)] = {line.substr(t1 + 1, t2 - t1 - 1), line.substr(t2 + 1)};
  }
  return out;
}

// The Unicode version of the ICU that urix links, e.g. "15.0".
std::string icu_unicode_version() {
  UVersionInfo v;
  u_getUnicodeVersion(v);
  return std::to_string(v[0]) + "." + std::to_string(v[1]);
}

// A code point ICU's data does not know: not assigned in its Unicode version (age 0.0).
bool unassigned_in_icu(char32_t cp) {
  UVersionInfo age;
  u_charAge(static_cast<UChar32>(cp), age);
  return age[0] == 0 && age[1] == 0 && u_charType(static_cast<UChar32>(cp)) == U_UNASSIGNED &&
         !(cp >= 0xD800 && cp <= 0xDFFF);
}

// The first code point of `texts` that ICU does not know, or 0.
char32_t first_unassigned(const std::vector<std::string>& texts) {
  for (const std::string& t : texts) {
    for (char32_t cp : code_points(t)) {
      if (cp >= 0x80 && unassigned_in_icu(cp)) return cp;
    }
  }
  return 0;
}

// The code points a note names ("U+115F ...").
std::vector<char32_t> named_code_points(const std::string& note) {
  std::vector<char32_t> out;
  for (auto p = note.find("U+"); p != std::string::npos; p = note.find("U+", p + 2)) {
    out.push_back(static_cast<char32_t>(std::stoul(note.substr(p + 2, 6), nullptr, 16)));
  }
  return out;
}

bool holds(const std::vector<std::string>& texts, char32_t wanted) {
  for (const std::string& t : texts) {
    for (char32_t cp : code_points(t)) {
      if (cp == wanted) return true;
    }
  }
  return false;
}

// Checks a known failure's reason against the data instead of taking it on trust.
void check_reason(const std::string& key, const known_failure& k,
                  const std::vector<std::string>& texts) {
  const std::vector<char32_t> named = named_code_points(k.note);
  ASSERT_EQ(named.size(), 1u) << key << ": the note must name exactly one code point";
  const char32_t cp = named[0];
  EXPECT_TRUE(holds(texts, cp)) << key << ": the vector does not hold " << hex_cp(cp);
  if (k.reason == "unassigned-in-icu") {
    EXPECT_TRUE(unassigned_in_icu(cp))
        << key << ": " << hex_cp(cp) << " is assigned in ICU's Unicode " << icu_unicode_version();
  } else if (k.reason == "ignored-after-15.0") {
    // ICU disallows it on its own, between two letters, with every optional check off.
    std::string probe = "a";
    append_utf8(probe, cp);
    probe += "b";
    auto r = urix::domain_to_ascii(probe, urix::idna_options{.check_hyphens = false,
                                                             .check_bidi = false,
                                                             .check_joiners = false,
                                                             .use_std3_rules = false,
                                                             .verify_dns_length = false,
                                                             .ascii_fast_path = false});
    EXPECT_FALSE(r) << key << ": " << hex_cp(cp) << " is not disallowed by ICU";
    if (!r) {
      EXPECT_EQ(r.error(), (urix::error{urix::errc::disallowed_code_point, 1})) << key;
    }
  } else {
    ADD_FAILURE() << key << ": unknown reason code '" << k.reason << "'";
  }
}

// Collects the failures of one suite and compares them with the known list exactly.
class conformance {
 public:
  // The suite owns the known-failure keys that start with `prefix` and end with `suffix`.
  conformance(std::string suite, std::string prefix, std::string suffix = "")
      : suite_(std::move(suite)), prefix_(std::move(prefix)), suffix_(std::move(suffix)) {}

  void record(const std::string& key, bool ok, const std::string& what,
              std::vector<std::string> texts) {
    ++total_;
    if (ok) {
      ++passed_;
      if (known_.count(key)) {
        ADD_FAILURE() << key << " now passes: delete it from idna_known_failures.txt (" << what << ")";
      }
      return;
    }
    failing_.insert(key);
    const auto it = known_.find(key);
    if (it == known_.end()) {
      ADD_FAILURE() << "new failure " << key << ": " << what;
      auto reason = first_unassigned(texts) != 0 ? "unassigned-in-icu\t" + hex_cp(first_unassigned(texts)) : "?\t";
      missing_ << key << '\t' << reason << " " << what << '\n';
    } else {
      check_reason(key, it->second, texts);
    }
  }

  ~conformance() {
    for (const auto& [key, k] : known_) {
      const bool owned = key.starts_with(prefix_) && key.ends_with(suffix_);
      if (owned && !failing_.count(key) && !seen_key(key)) {
        ADD_FAILURE() << key << " is in idna_known_failures.txt but no such vector ran";
      }
    }
    std::cout << "[ conformance ] " << suite_ << ": " << passed_ << "/" << total_
              << " pass, " << (total_ - passed_) << " known failures listed with reasons"
              << " (ICU Unicode " << icu_unicode_version() << ")\n";
    if (!missing_.str().empty()) std::cout << "Lines to add (reason to be checked):\n" << missing_.str();
    ::testing::Test::RecordProperty(suite_ + "_passed", passed_);
    ::testing::Test::RecordProperty(suite_ + "_total", total_);
  }
  conformance(const conformance&) = delete;
  conformance& operator=(const conformance&) = delete;

  void mark_seen(const std::string& key) { seen_.insert(key); }

 private:
  bool seen_key(const std::string& key) const { return seen_.count(key) != 0; }

  std::string suite_, prefix_, suffix_;
  std::map<std::string, known_failure> known_ = load_known_failures();
  std::set<std::string> failing_, seen_;
  std::ostringstream missing_;
  int passed_ = 0, total_ = 0;
};

// The value of a result, or a description of its error: comparing this with the expected
// text reports a failure as a failure instead of aborting the whole program.
std::string value_of(const urix::result<std::string>& r) {
  if (r) return *r;
  std::ostringstream s;
  s << "<error " << r.error() << ">";
  return s.str();
}

// The error of a result that should have failed; {0, npos} (matching no expectation) if not.
urix::error error_of(const urix::result<std::string>& r) {
  return r ? urix::error{urix::errc{}, std::string::npos} : r.error();
}

std::string describe(const urix::result<std::string>& r) {
  if (r) return show(*r);
  std::ostringstream s;
  s << "error " << r.error();
  return s.str();
}

// ---- Punycode (RFC 3492) -------------------------------------------------------------------

std::string lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

// RFC 3492 section 7.1: the sample strings (A)-(S), both ways. The encoder writes lowercase
// (no mixed-case annotation, section A), so encodings compare case-insensitively.
TEST(Punycode, Rfc3492Samples) {
  const auto data = urix_test::load_json("rfc/rfc3492_punycode_samples.json");
  int n = 0;
  for (const auto& c : data.at("cases")) {
    const auto decoded = c.at("decoded").get<std::string>();
    const auto encoded = c.at("encoded").get<std::string>();
    SCOPED_TRACE(c.at("id").get<std::string>() + " " + c.at("title").get<std::string>());
    auto e = urix::punycode_encode(decoded);
    ASSERT_TRUE(e) << e.error();
    EXPECT_EQ(lower(*e), lower(encoded));
    auto d = urix::punycode_decode(encoded);
    ASSERT_TRUE(d) << d.error();
    EXPECT_EQ(*d, decoded);
    // Digits are case-insensitive (section 5): lowercase everything after the last delimiter.
    const auto dash = encoded.rfind('-');
    const std::size_t from = dash == std::string::npos ? 0 : dash + 1;
    auto d2 = urix::punycode_decode(encoded.substr(0, from) + lower(encoded.substr(from)));
    ASSERT_TRUE(d2);
    EXPECT_EQ(*d2, decoded);
    ++n;
  }
  EXPECT_EQ(n, 19);
  std::cout << "[ conformance ] RFC 3492 7.1 samples: " << n << "/19 pass both ways\n";
}

TEST(Punycode, EdgeCases) {
  EXPECT_EQ(value_of(urix::punycode_encode("")), "");
  EXPECT_EQ(value_of(urix::punycode_encode("abc")), "abc-");    // section 6.3: delimiter after basics
  EXPECT_EQ(value_of(urix::punycode_decode("abc-")), "abc");
  EXPECT_EQ(value_of(urix::punycode_decode("")), "");
  EXPECT_EQ(value_of(urix::punycode_encode("\xC3\x9F")), "zca");  // U+00DF, as in xn--zca
  EXPECT_EQ(value_of(urix::punycode_decode("zca")), "\xC3\x9F");
}

// Section 6.2: every way a decoder must fail, with the offset of the culprit.
TEST(Punycode, DecodeErrors) {
  struct bad {
    const char* in;
    std::size_t offset;
  };
  for (const bad& b : {bad{"a\xC3\xA9-zca", 1},  // basic code points must be ASCII
                       bad{"ab-z!a", 4},          // '!' is no base-36 digit
                       bad{"ab-zz", 3},           // the delta never ends (truncated)
                       bad{"99999999999", 0}}) {  // overflow (section 6.4)
    SCOPED_TRACE(show(b.in));
    auto r = urix::punycode_decode(b.in);
    ASSERT_FALSE(r) << *r;
    EXPECT_EQ(r.error(), (urix::error{errc::bad_punycode, b.offset}));
  }
}

// Section 6.2 "if n is a basic code point then fail", and Unicode D76: no surrogates.
TEST(Punycode, DecodesToScalarValuesOnly) {
  // "a" is delta 0 from n = 128: U+0080, the first non-basic code point, so it is valid.
  EXPECT_EQ(value_of(urix::punycode_decode("a")), "\xC2\x80");
  // U+D800 is 0xD800 - 0x80 = 55168 past the initial n: encode that delta by hand through the
  // encoder's rules by taking a neighbour and checking the decoder rejects the surrogate range.
  auto near = urix::punycode_encode("\xED\x9F\xBF");  // U+D7FF, the last before surrogates
  ASSERT_TRUE(near);
  auto back = urix::punycode_decode(*near);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, "\xED\x9F\xBF");
  // Scan deltas that land on U+D800-U+DFFF: all must fail.
  int rejected = 0;
  for (char32_t cp = 0xD7F0; cp < 0xE010; ++cp) {
    // Build the single-code-point encoding of cp by hand (RFC 3492 6.3 with h = b = 0).
    std::uint32_t q = static_cast<std::uint32_t>(cp) - 0x80;
    std::string enc;
    const std::uint32_t bias = 72;
    for (std::uint32_t k = 36;; k += 36) {
      const std::uint32_t t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (q < t) break;
      const std::uint32_t d = t + (q - t) % (36 - t);
      enc += static_cast<char>(d < 26 ? 'a' + d : '0' + d - 26);
      q = (q - t) / (36 - t);
    }
    enc += static_cast<char>(q < 26 ? 'a' + q : '0' + q - 26);
    auto r = urix::punycode_decode(enc);
    const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
    EXPECT_EQ(static_cast<bool>(r), !surrogate) << hex_cp(cp) << " " << enc;
    if (r) {
      std::string want;
      append_utf8(want, cp);
      EXPECT_EQ(*r, want);
      EXPECT_EQ(value_of(urix::punycode_encode(want)), enc);
    } else {
      ++rejected;
    }
  }
  EXPECT_EQ(rejected, 0x800);
}

TEST(Punycode, EncodeRejectsInvalidUtf8) {
  EXPECT_EQ(error_of(urix::punycode_encode("ab\xFF")), (urix::error{errc::invalid_utf8, 2}));
}

// ---- ToASCII / ToUnicode: the seed, options and errors -------------------------------------

// "\u4F8B\u3048.jp": the seed example of RFC 3987 section 3.1 / SPEC section 7.
const std::string reibun = "\xE4\xBE\x8B\xE3\x81\x88";

TEST(Idna, SeedExampleBothWays) {
  EXPECT_EQ(value_of(urix::domain_to_ascii(reibun + ".jp")), "xn--r8jz45g.jp");
  EXPECT_EQ(value_of(urix::domain_to_unicode("xn--r8jz45g.jp")), reibun + ".jp");
  EXPECT_EQ(value_of(urix::domain_to_ascii(reibun + ".JP")), "xn--r8jz45g.jp");  // UTS #46 maps case
}

// UTS #46 section 4: Transitional_Processing is false, so U+00DF and ZWJ/ZWNJ survive.
TEST(Idna, Nontransitional) {
  EXPECT_EQ(value_of(urix::domain_to_ascii("fa\xC3\x9F.de")), "xn--fa-hia.de");
  EXPECT_EQ(value_of(urix::domain_to_unicode("xn--fa-hia.de")), "fa\xC3\x9F.de");
}

// UTS #46 section 4 step 1 (mapping): full-width letters, case, and U+3002 as a separator.
TEST(Idna, MappingAndSeparators) {
  EXPECT_EQ(value_of(urix::domain_to_ascii("\xEF\xBC\xA1\xEF\xBC\xA2.com")), "ab.com");  // U+FF21 U+FF22
  EXPECT_EQ(value_of(urix::domain_to_ascii("a\xE3\x80\x82" "b")), "a.b");               // U+3002
  EXPECT_EQ(value_of(urix::domain_to_ascii("a\xEF\xBC\x8E" "b")), "a.b");               // U+FF0E
  EXPECT_EQ(value_of(urix::domain_to_ascii("a\xEF\xBD\xA1" "b")), "a.b");               // U+FF61
  // The root label is empty: an error under VerifyDnsLength (UTS #46 4.2, A4_2), not without.
  EXPECT_EQ(error_of(urix::domain_to_ascii("example.com.")), (urix::error{errc::idna_error, 12}));
  EXPECT_EQ(value_of(urix::domain_to_ascii("example.com.", urix::idna_options::url_standard())),
            "example.com.");
}

// ToUnicode: an empty label other than the root is an error (IdnaTestV2.txt status X4_2),
// at the label; the root label may be empty; lengths are not checked.
TEST(Idna, ToUnicodeEmptyLabels) {
  EXPECT_EQ(error_of(urix::domain_to_unicode("a..b")), (urix::error{errc::idna_error, 2}));
  EXPECT_EQ(value_of(urix::domain_to_unicode("xn--r8jz45g.jp.")), reibun + ".jp.");
  EXPECT_EQ(value_of(urix::domain_to_unicode(std::string(64, 'a'))), std::string(64, 'a'));
}

TEST(Idna, InvalidUtf8HasItsOffset) {
  EXPECT_EQ(error_of(urix::domain_to_ascii("ab\xF0.jp")), (urix::error{errc::invalid_utf8, 2}));
  EXPECT_EQ(error_of(urix::domain_to_unicode("x.\xC0\xAF")), (urix::error{errc::invalid_utf8, 2}));
}

// UTS #46 4.1 V6/V7 (disallowed): the offset is the code point's own first byte.
TEST(Idna, DisallowedCodePointHasItsOffset) {
  // U+0378 is unassigned; U+FFFD is disallowed; both inside the second label.
  EXPECT_EQ(error_of(urix::domain_to_ascii("ok.a\xCD\xB8" "b")),
            (urix::error{errc::disallowed_code_point, 4}));
  EXPECT_EQ(error_of(urix::domain_to_ascii(reibun + ".x\xEF\xBF\xBD")),
            (urix::error{errc::disallowed_code_point, 8}));
  // With UseSTD3ASCIIRules only: '_' is not LDH.
  EXPECT_TRUE(urix::domain_to_ascii("a_b.com"));
  EXPECT_EQ(error_of(urix::domain_to_ascii("a.a_b.com", urix::idna_options::uts46_strict())),
            (urix::error{errc::disallowed_code_point, 3}));
}

// UTS #46 4.2 step 4 (VerifyDnsLength): labels up to 63 bytes, domains up to 253 bytes.
TEST(Idna, DnsLengths) {
  const std::string l63(63, 'a');
  const std::string l64(64, 'a');
  EXPECT_TRUE(urix::domain_to_ascii(l63 + "." + reibun));
  EXPECT_EQ(error_of(urix::domain_to_ascii("x." + l64 + "." + reibun)),
            (urix::error{errc::label_too_long, 2}));
  // A label is measured in its ASCII form: 60 x "\u00E9" is 120 bytes of UTF-8 but its
  // xn-- form is what counts (here too long as well).
  std::string long_u;
  for (int i = 0; i < 60; ++i) long_u += "\xC3\xA9";
  EXPECT_EQ(error_of(urix::domain_to_ascii("a." + long_u)), (urix::error{errc::label_too_long, 2}));
  // 4 x 63 + 3 dots = 255 > 253, and 253 exactly passes (the root label's dot excluded).
  const std::string d255 = l63 + "." + l63 + "." + l63 + "." + l63;
  EXPECT_EQ(error_of(urix::domain_to_ascii(d255 + "." + reibun)).code, errc::domain_too_long);
  const std::string d253 = l63 + "." + l63 + "." + l63 + "." + std::string(61, 'a');
  EXPECT_TRUE(urix::domain_to_ascii(d253));
  EXPECT_EQ(error_of(urix::domain_to_ascii(d253 + "a")).code, errc::domain_too_long);
  // The URL Standard's settings do not check lengths.
  EXPECT_TRUE(urix::domain_to_ascii("x." + l64 + "." + reibun, urix::idna_options::url_standard()));
}

// UTS #46 4 step 4.1 / 4.1 V4: an xn-- label must decode (RFC 3492) to a valid label.
TEST(Idna, BadPunycodeLabel) {
  EXPECT_EQ(error_of(urix::domain_to_ascii("ok.xn--ab!c.com")), (urix::error{errc::bad_punycode, 3}));
  EXPECT_EQ(error_of(urix::domain_to_ascii("ok.xn--zz.com")), (urix::error{errc::bad_punycode, 3}));
  EXPECT_EQ(error_of(urix::domain_to_unicode("ok.xn--zz.com")), (urix::error{errc::bad_punycode, 3}));
  // "xn--a" decodes to U+0080, a disallowed code point.
  EXPECT_FALSE(urix::domain_to_ascii("xn--a"));
  // ...but the URL Standard's ASCII shortcut lowercases an ASCII domain and stops.
  EXPECT_EQ(value_of(urix::domain_to_ascii("XN--a", urix::idna_options::url_standard())), "xn--a");
}

// RFC 5893 (CheckBidi) and RFC 5892 Appendix A (CheckJoiners), with the labels to blame.
TEST(Idna, BidiAndJoiners) {
  // U+05D0 (Hebrew alef) after 'a' breaks the Bidi rule in label 2.
  EXPECT_EQ(error_of(urix::domain_to_ascii("ok.a\xD7\x90")), (urix::error{errc::idna_error, 3}));
  // U+200D ZWJ with no virama before it.
  EXPECT_EQ(error_of(urix::domain_to_ascii("ok.a\xE2\x80\x8D" "b")), (urix::error{errc::idna_error, 3}));
  urix::idna_options no_checks;
  no_checks.check_bidi = no_checks.check_joiners = false;
  EXPECT_TRUE(urix::domain_to_ascii("ok.a\xD7\x90", no_checks));
  EXPECT_TRUE(urix::domain_to_ascii("ok.a\xE2\x80\x8D" "b", no_checks));
}

// UTS #46 4.1 V2/V3 (CheckHyphens), off by default, on in uts46_strict().
TEST(Idna, Hyphens) {
  EXPECT_EQ(value_of(urix::domain_to_ascii("-x.\xC3\x9F")), "-x.xn--zca");
  EXPECT_EQ(error_of(urix::domain_to_ascii("ok.-x.\xC3\x9F", urix::idna_options::uts46_strict())),
            (urix::error{errc::idna_error, 3}));
}

// ---- Conformance: Unicode IdnaTestV2.txt ---------------------------------------------------

// UTS #46 section 8 (conformance testing): ToASCII with Transitional_Processing=false, every
// other flag true. A line with a status must fail; a line without must give exactly toAsciiN.
// One run of ICU's own UTS #46 (nontransitional, CheckBidi, CheckJoiners), the reference the
// tests below hold urix's splitting of the work to. Its findings are those urix's options keep
// with check_hyphens and verify_dns_length off.
class icu_reference {
 public:
  icu_reference() {
    UErrorCode st = U_ZERO_ERROR;
    icu_ = uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE |
                               UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ, &st);
    EXPECT_TRUE(U_SUCCESS(st));
  }
  ~icu_reference() { uidna_close(icu_); }
  icu_reference(const icu_reference&) = delete;
  icu_reference& operator=(const icu_reference&) = delete;

  std::string run(bool to_ascii, const std::string& in, std::uint32_t& errors) const {
    const std::uint32_t ignored = UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN |
                                  UIDNA_ERROR_HYPHEN_3_4 | UIDNA_ERROR_LABEL_TOO_LONG |
                                  UIDNA_ERROR_DOMAIN_NAME_TOO_LONG;
    std::string out(in.size() * 4 + 64, '\0');
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    UErrorCode status = U_ZERO_ERROR;
    const auto call = to_ascii ? &uidna_nameToASCII_UTF8 : &uidna_nameToUnicodeUTF8;
    const int32_t n = call(icu_, in.data(), static_cast<int32_t>(in.size()), out.data(),
                           static_cast<int32_t>(out.size()), &info, &status);
    EXPECT_TRUE(U_SUCCESS(status));
    errors = info.errors & ~ignored;
    if (to_ascii) errors &= ~std::uint32_t{UIDNA_ERROR_EMPTY_LABEL};
    out.resize(static_cast<std::size_t>(std::max(n, 0)));
    return out;
  }

 private:
  UIDNA* icu_ = nullptr;
};

// urix hands ICU a domain over 2 KB in pieces of whole labels (linear time, docs/iri.md) and
// puts the domain length and the Bidi rule together itself. Here random long domains, with
// right-to-left labels, labels that break the Bidi rule, bad Punycode and empty labels spread
// over the pieces, must succeed or fail exactly as one ICU run says, with the same output.
TEST(IdnaLongDomains, PiecesAgreeWithOneIcuRun) {
  const icu_reference icu;
  const auto one_run = [&](bool to_ascii, const std::string& in, std::uint32_t& errors) {
    return icu.run(to_ascii, in, errors);
  };
  const std::vector<std::string> pool = {
      "a", "abc", "\u00FC", "xn--tda", "\u05D0", "\u05D0\u05D1", "\u0627\u0644", "1a", "a1",
      "\u0661", "a\u05D0", "xn--a", "", "a-", "\u4F8B\u3048", "a\u200Db", "x"};
  std::mt19937 random(28);
  const urix::idna_options no_lengths{.verify_dns_length = false};
  int failing = 0;
  int total = 0;
  for (int round = 0; round < 300; ++round) {
    // Mostly right-to-left-free domains, some with one right-to-left label somewhere.
    const bool rtl_allowed = round % 3 == 0;
    const std::size_t rare = 5 + random() % 400;  // how rare the odd labels are
    std::string domain;
    for (std::size_t k = 0; domain.size() < 2100 + random() % 3000; ++k) {
      if (k > 0) domain += '.';
      std::string label = pool[random() % 4];
      if (random() % rare == 0) label = pool[random() % pool.size()];
      // Hebrew and Arabic letters and digits are D7, D8 and D9 bytes in UTF-8.
      if (!rtl_allowed && label.find_first_of("\xD7\xD8\xD9") != std::string::npos) label = "a";
      domain += label;
    }
    if (random() % 4 == 0) domain += '.';
    for (const bool to_ascii : {true, false}) {
      SCOPED_TRACE(std::string(to_ascii ? "to_ascii " : "to_unicode ") + std::to_string(round));
      std::uint32_t errors = 0;
      const std::string expected = one_run(to_ascii, domain, errors);
      const auto got = to_ascii ? urix::domain_to_ascii(domain, no_lengths)
                                : urix::domain_to_unicode(domain, no_lengths);
      EXPECT_EQ(got.has_value(), errors == 0) << std::hex << errors;
      if (got && errors == 0) {
        EXPECT_EQ(*got, expected);
      }
      failing += errors != 0 ? 1 : 0;
      ++total;
    }
  }
  std::cout << "[ pieces ] " << total << " long domains agree with one ICU run (" << failing
            << " of them failing)\n";
  EXPECT_GT(failing, total / 10);
  EXPECT_LT(failing, total * 9 / 10);
}

// urix's Punycode encoder takes the insertions in order and counts with a Fenwick tree, where
// RFC 3492 section 6.3 scans the label once per code point value: long labels of repeated and
// distinct code points, basic ones among them, must come out as ICU's encoder (inside its
// ToASCII, which takes labels of up to 1,000 UTF-16 units) writes them.
TEST(Punycode, LongLabelsAgreeWithIcu) {
  const icu_reference icu;
  std::mt19937 random(3492);
  const std::vector<char32_t> pool = {'a', 'z', '0', 0x00FC, 0x4E00, 0x4E01, 0x9FA5, 0xAC00,
                                      0xD7A3, 0x0430, 0x1F600, 0x2A700};
  for (int round = 0; round < 300; ++round) {
    std::string label;
    const std::size_t length = 1 + random() % 499;  // under 1,000 UTF-16 units
    const bool distinct = round % 3 == 0;
    for (std::size_t i = 0; i < length; ++i) {
      append_utf8(label, distinct ? static_cast<char32_t>(0x4E00 + random() % 20000)
                                  : pool[random() % pool.size()]);
    }
    std::uint32_t errors = 0;
    const std::string expected = icu.run(true, label, errors);
    ASSERT_EQ(errors, 0u) << round << " length " << length << std::hex << " errors " << errors;
    const auto got = urix::punycode_encode(label);
    ASSERT_TRUE(got) << round;
    EXPECT_EQ(expected.starts_with("xn--") ? "xn--" + *got : *got, expected) << round;
  }
}

// ICU's encoder stops at 1,000 UTF-16 units (U_INPUT_TOO_LONG_ERROR), a limit of its own: the
// URL Standard runs ToASCII without VerifyDnsLength, so a longer label is encoded (ada does so).
TEST(Punycode, NoLimitOnALabelsLength) {
  std::string label;
  for (char32_t c = 0x4E00; c < 0x4E00 + 5000; ++c) append_utf8(label, c);
  const auto ascii = urix::domain_to_ascii(label + ".example", urix::idna_options::url_standard());
  ASSERT_TRUE(ascii);
  ASSERT_TRUE(ascii->starts_with("xn--"));
  const auto decoded = urix::punycode_decode(ascii->substr(4, ascii->find('.') - 4));
  ASSERT_TRUE(decoded);
  EXPECT_EQ(*decoded, label);
}

// A domain without two code points that map to '-' cannot hold an "xn--" label, and urix
// converts it label by label: as it is when the backend says UTS #46 processing leaves it so,
// else through the backend's ToUnicode, then with urix's own Punycode. One ICU ToASCII run is
// the reference. First: which code points can make a '-' at all.
TEST(IdnaShortDomains, OnlyThreeCodePointsMapToAHyphen) {
  const icu_reference icu;
  std::vector<char32_t> found;
  for (char32_t c = 0x80; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    std::string in = "a";
    append_utf8(in, c);
    in += "b";
    std::uint32_t errors = 0;
    if (icu.run(false, in, errors).find('-') != std::string::npos) found.push_back(c);
  }
  EXPECT_EQ(found, (std::vector<char32_t>{0xFE63, 0xFF0D}));
}

// The code points urix maps itself before ICU sees them (idna.cpp's overlay of UTS #46 15.1):
// ICU alone is not the reference for them.
bool overlaid(char32_t c) {
  return c == 0x04C0 || (c >= 0x10A0 && c <= 0x10C5) || c == 0x10C7 || c == 0x10CD ||
         c == 0x1E9E || c == 0x2132 || c == 0x2183 || c == 0x2F868 || c == 0x2F874 ||
         c == 0x2F91F || c == 0x2F95F || c == 0x2F9BF;
}

// Success, the output and the error's code as one ICU ToASCII run gives them.
void expect_as_one_icu_run(const icu_reference& icu, const std::string& domain) {
  std::uint32_t errors = 0;
  const std::string expected = icu.run(true, domain, errors);
  const auto got = urix::domain_to_ascii(domain, {.verify_dns_length = false});
  EXPECT_EQ(got.has_value(), errors == 0) << domain << std::hex << " ICU errors " << errors;
  if (got && errors == 0) {
    EXPECT_EQ(*got, expected) << domain;
  }
  if (!got && errors != 0) {
    const urix::errc code = (errors & UIDNA_ERROR_DISALLOWED) != 0 ? urix::errc::disallowed_code_point
                            : (errors & (UIDNA_ERROR_PUNYCODE | UIDNA_ERROR_INVALID_ACE_LABEL)) != 0
                                ? urix::errc::bad_punycode
                                : urix::errc::idna_error;
    EXPECT_EQ(got.error().code, code) << domain << std::hex << " ICU errors " << errors;
  }
}

// Every code point, first in a label (where a combining mark fails) and after a letter.
TEST(IdnaShortDomains, EveryCodePointAgreesWithOneIcuRun) {
  const icu_reference icu;
  for (char32_t c = 0x80; c <= 0x10FFFF; ++c) {
    if ((c >= 0xD800 && c <= 0xDFFF) || overlaid(c)) continue;
    std::string alone;
    append_utf8(alone, c);
    expect_as_one_icu_run(icu, alone + "a.b");
    expect_as_one_icu_run(icu, "x.A" + alone);
    if (HasFailure()) break;  // one code point's report is enough
  }
}

// Random short domains of labels that mix what each route must get right: upper case, one
// hyphen, joiners in and out of context, marks, right-to-left letters and digits, ignored and
// mapped code points, separators other than '.', Punycode labels, disallowed code points.
TEST(IdnaShortDomains, RandomDomainsAgreeWithOneIcuRun) {
  const icu_reference icu;
  const std::vector<std::string> pool = {
      "a", "Ab", "\u00FC", "\u4F8B\u3048", "\u0440\u0444", "\uD55C\uAD6D", "\u0939\u093F",
      "\u093F", "e\u0301", "\u00E9", "\u00C9", "\u00DF", "\u03C2", "a\u200Db", "\u094D\u200C",
      "\u0915\u094D\u200C", "\u05D0", "1\u05D0", "\u0627\u0644", "\u0661", "\U0001F4A9", "-",
      "a-", "-a", "\u00AD", "x\u00ADn", "\uFF21", "\u3002", "\uFF0E", "\uFF0D", "\uFE63",
      "xn--tda", "xn--a", "\uFFFD", "\u2028", "\uF900", "\u2160", "_", "1", "\u0663\u06F3",
      // For the Bidi rule: R and NSM, AL and AN, EN (U+06F1), AN first, R then ES, L then R.
      "\u05D0\u05B4", "\u0627\u0661", "\u05D0\u06F1", "\u0661\u0627", "\u05D0-", "a\u05D0",
      "1a", "a1", "\u05D1\u05D2"};
  std::mt19937 random(46);
  for (int round = 0; round < 40000; ++round) {
    std::string domain;
    const std::size_t labels = 1 + random() % 3;
    for (std::size_t k = 0; k < labels; ++k) {
      if (k > 0) domain += '.';
      for (std::size_t n = 1 + random() % 3; n > 0; --n) domain += pool[random() % pool.size()];
    }
    if (random() % 8 == 0) domain += '.';
    expect_as_one_icu_run(icu, domain);
    if (HasFailure()) break;
  }
}

TEST(IdnaConformance, IdnaTestV2ToAsciiNontransitional) {
  const auto lines = load_idna_test_v2();
  ASSERT_GT(lines.size(), 6000u);
  conformance c("IdnaTestV2.txt toAsciiN", "IdnaTestV2.txt:", ":toAsciiN");
  for (const v2_line& l : lines) {
    const std::string key = "IdnaTestV2.txt:" + std::to_string(l.line) + ":toAsciiN";
    c.mark_seen(key);
    const auto r = urix::domain_to_ascii(l.source, urix::idna_options::uts46_strict());
    const bool want_error = !l.ascii_n_status.empty();
    const bool ok = want_error ? !r : (r && *r == l.to_ascii_n);
    c.record(key, ok,
             show(l.source) + " -> " + describe(r) + ", want " +
                 (want_error ? "error " + l.ascii_n_status : show(l.to_ascii_n)),
             {l.source, l.to_unicode});
  }
}

// The same file's toUnicode column: errors as for ToASCII, minus the length checks that only
// ToASCII makes (A4_1, A4_2; X4_2 is ToUnicode's empty label).
TEST(IdnaConformance, IdnaTestV2ToUnicode) {
  const auto lines = load_idna_test_v2();
  conformance c("IdnaTestV2.txt toUnicode", "IdnaTestV2.txt:", ":toUnicode");
  for (const v2_line& l : lines) {
    const std::string key = "IdnaTestV2.txt:" + std::to_string(l.line) + ":toUnicode";
    c.mark_seen(key);
    // Our ToUnicode reports success or failure only; compare the value when the file
    // expects none of the errors that apply.
    std::string status = l.unicode_status;
    for (const char* ignore : {"A4_1", "A4_2"}) {
      for (auto p = status.find(ignore); p != std::string::npos; p = status.find(ignore)) {
        status.erase(p, 4);
      }
    }
    bool want_error = false;
    for (char ch : status) want_error = want_error || (ch >= 'A' && ch <= 'Z');
    const auto r = urix::domain_to_unicode(l.source, urix::idna_options::uts46_strict());
    const bool ok = want_error ? !r : (r && *r == l.to_unicode);
    c.record(key, ok,
             show(l.source) + " -> " + describe(r) + ", want " +
                 (want_error ? "error " + l.unicode_status : show(l.to_unicode)),
             {l.source, l.to_unicode});
  }
}

// ---- Conformance: WPT (the URL Standard's domain to ASCII) ---------------------------------

// The URL Standard's host parser around domain to ASCII (host parsing steps 5-8): after
// IDNA, a forbidden domain code point fails the host.
bool forbidden_domain_code_point(char c) {
  const auto b = static_cast<unsigned char>(c);
  return b <= 0x20 || b == 0x7F || std::string_view("#%/:<>?@[\\]^|").find(c) != std::string_view::npos;
}

void run_wpt(const std::string& file, const std::string& suite) {
  const auto data = urix_test::load_json_with_lone_surrogates(file);
  conformance c(suite, file + ":");
  int index = 0;
  for (const auto& t : data) {
    if (!t.is_object()) continue;  // comment strings
    const std::string key = file + ":" + std::to_string(index++);
    c.mark_seen(key);
    const auto input = urix_test::restore_lone_surrogates(t.at("input").get<std::string>());
    auto r = urix::domain_to_ascii(input, urix::idna_options::url_standard());
    bool failed = !r;
    if (r) {
      for (char ch : *r) failed = failed || forbidden_domain_code_point(ch);
    }
    const bool want_error = t.at("output").is_null();
    const bool ok = want_error ? failed : (!failed && *r == t.at("output").get<std::string>());
    c.record(key, ok,
             show(input) + " -> " + describe(r) + ", want " +
                 (want_error ? std::string("failure") : show(t.at("output").get<std::string>())),
             {input});
  }
}

TEST(IdnaConformance, WptToAscii) { run_wpt("wpt/toascii.json", "wpt toascii.json"); }
TEST(IdnaConformance, WptIdnaTestV2) { run_wpt("wpt/IdnaTestV2.json", "wpt IdnaTestV2.json"); }

}  // namespace
