// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests of urix/url.h beyond the WPT data (tests/url_wpt_test.cpp): the validation errors by
// the standard's names and their byte offsets (URL Standard, "Validation errors": each case
// is the example input that table gives for the error, unless said otherwise), the result's
// failure code and offset, and the url's own API (offsets, setters' return values).
#include "urix/url.h"
#include "urix/pct.h"
#include "urix/utf8.h"

#include "count_allocations.h"
#include "test_util.h"

#include <gtest/gtest.h>

#include <malloc.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using urix::url_error;
using E = urix::url_validation_error;

struct case_t {
  std::string input;
  std::vector<E> errors;  // in the order the parser meets them
  const char* base = nullptr;
};

std::string show(const std::vector<E>& errors) {
  std::string out;
  for (const E& e : errors) {
    out += std::string(urix::name(e.code)) + "@" + std::to_string(e.offset) + (e.fatal ? "!" : "") + " ";
  }
  return out.empty() ? "(none)" : out;
}

void check(const case_t& c) {
  urix::result<urix::url> base = urix::url{};
  if (c.base != nullptr) base = urix::parse_url(c.base);
  ASSERT_TRUE(base) << c.base;
  std::vector<E> got;
  auto r = urix::parse_url(c.input, c.base != nullptr ? &*base : nullptr, got);
  EXPECT_EQ(show(got), show(c.errors)) << c.input;
  const bool fails = !c.errors.empty() && c.errors.back().fatal;
  EXPECT_EQ(!r, fails) << c.input;
  if (!r && fails) {
    // The result's error: errc::invalid_url at the offset of the error that failed it.
    EXPECT_EQ(r.error().code, urix::errc::invalid_url);
    EXPECT_EQ(r.error().offset, c.errors.back().offset) << c.input;
  }
  // Asking for the errors changes nothing else.
  auto plain = urix::parse_url(c.input, c.base != nullptr ? &*base : nullptr);
  ASSERT_EQ(static_cast<bool>(plain), static_cast<bool>(r));
  if (r) {
    EXPECT_EQ(plain->href(), r->href());
  }
}

// The "Validation errors" table, IDNA and host parsing rows.
TEST(UrlValidation, HostErrors) {
  // domain-to-ASCII: "exa#mple.org" after percent-decoding holds a forbidden domain code point.
  check({"https://exa%23mple.org", {{url_error::domain_percent_encoded, 8}, {url_error::domain_to_ascii, 8, true}}});
  // domain-percent-encoded: a warning; the host is "example.org".
  check({"https://exam%70le.org", {{url_error::domain_percent_encoded, 8}}});
  // host-invalid-code-point: the '[' of an opaque host.
  check({"foo://exa[mple.org", {{url_error::host_invalid_code_point, 9, true}}});
  // A domain that is not valid under the strict flags (CheckHyphens): domain-to-ASCII, not failure.
  check({"https://-x.example/", {{url_error::domain_to_ascii, 8}}});
}

TEST(UrlValidation, Ipv4Errors) {
  // IPv4-empty-part at the trailing '.' (and domain-to-ASCII: strict ToASCII's VerifyDnsLength
  // refuses the empty root label).
  check({"https://127.0.0.1./", {{url_error::domain_to_ascii, 8}, {url_error::ipv4_empty_part, 17}}});
  check({"https://1.2.3/", {{url_error::ipv4_too_few_parts, 8}}});
  check({"https://1.2.3.4.5/", {{url_error::ipv4_too_many_parts, 8, true}}});
  // "test.42" ends in a number: the IPv4 parser counts its parts before it reads them.
  check({"https://test.42", {{url_error::ipv4_too_few_parts, 8}, {url_error::ipv4_non_numeric_part, 8, true}}});
  // IPv4-non-decimal-part at the part "0x0".
  check({"https://127.0.0x0.1", {{url_error::ipv4_non_decimal_part, 14}}});
  // IPv4-out-of-range-part at "4000", which is not the last part: failure.
  check({"https://255.255.4000.1", {{url_error::ipv4_out_of_range_part, 16, true}}});
  // The last part may take the bytes left (two of them here), but no more.
  check({"https://1.2.65535", {{url_error::ipv4_too_few_parts, 8}, {url_error::ipv4_out_of_range_part, 12}}});
  check({"https://1.2.65536", {{url_error::ipv4_too_few_parts, 8}, {url_error::ipv4_out_of_range_part, 12, true}}});
  EXPECT_EQ(urix::parse_url("https://1.2.65535")->hostname(), "1.2.255.255");
  auto r = urix::parse_url("http://0x7f.1/");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->href(), "http://127.0.0.1/");
  EXPECT_EQ(r->host_type(), urix::url_host_type::ipv4);
}

TEST(UrlValidation, Ipv6Errors) {
  check({"https://[::1", {{url_error::ipv6_unclosed, 8, true}}});
  check({"https://[:1]", {{url_error::ipv6_invalid_compression, 9, true}}});
  check({"https://[1:2:3:4:5:6:7:8:9]", {{url_error::ipv6_too_many_pieces, 25, true}}});
  check({"https://[1::1::1]", {{url_error::ipv6_multiple_compression, 14, true}}});
  check({"https://[1:2:3!:4]", {{url_error::ipv6_invalid_code_point, 14, true}}});
  check({"https://[1:2:3:]", {{url_error::ipv6_invalid_code_point, 15, true}}});
  check({"https://[1:2:3]", {{url_error::ipv6_too_few_pieces, 14, true}}});
  check({"https://[::01]", {{url_error::ipv6_piece_leading_zero, 11}}});
  check({"https://[1:1:1:1:1:1:1:127.0.0.1]", {{url_error::ipv4_in_ipv6_too_many_pieces, 23, true}}});
  check({"https://[ffff::.0.0.1]", {{url_error::ipv4_in_ipv6_invalid_code_point, 15, true}}});
  check({"https://[ffff::127.00.0.1]", {{url_error::ipv4_in_ipv6_invalid_code_point, 20, true}}});
  check({"https://[ffff::127.0.0.4000]", {{url_error::ipv4_in_ipv6_out_of_range_part, 25, true}}});
  check({"https://[ffff::127.0.0]", {{url_error::ipv4_in_ipv6_too_few_parts, 22, true}}});
  auto r = urix::parse_url("http://[0:0:0:0:0:ffff:7f00:1]/");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->hostname(), "[::ffff:7f00:1]");  // IPv6 serializer: the longest run of 0s compressed
}

// The "Validation errors" table, URL parsing rows.
TEST(UrlValidation, UrlParsingErrors) {
  check({"https://example.org/>", {{url_error::invalid_url_unit, 20}}});
  check({" https://example.org ", {{url_error::invalid_url_unit, 0}}});
  check({"https://exa\tmple.org", {{url_error::invalid_url_unit, 11}}});
  check({"https://example.org/%s", {{url_error::invalid_url_unit, 20}}});
  check({"file:c:/my-secret-folder", {{url_error::special_scheme_missing_following_solidus, 5}}});
  check({"https:example.org", {{url_error::special_scheme_missing_following_solidus, 6}}});
  check({"\xF0\x9F\x92\xA9", {{url_error::missing_scheme_non_relative_url, 0, true}}});
  check({"https://example.org\\path\\to\\file",
         {{url_error::invalid_reverse_solidus, 19}, {url_error::invalid_reverse_solidus, 24},
          {url_error::invalid_reverse_solidus, 27}}});
  check({"https://user@example.org", {{url_error::invalid_credentials, 12}}});
  check({"ssh://user@example.org", {{url_error::invalid_credentials, 10}}});
  check({"https://#fragment", {{url_error::host_missing, 8, true}}});
  check({"https://:443", {{url_error::host_missing, 8, true}}});
  check({"https://user:pass@", {{url_error::invalid_credentials, 17}, {url_error::host_missing, 18, true}}});
  check({"https://example.org:70000", {{url_error::port_out_of_range, 20, true}}});
  check({"https://example.org:7z", {{url_error::port_invalid, 21, true}}});
  // file-invalid-Windows-drive-letter: a relative "c|/x" against a file: base (file state);
  // '|' is no URL code point either (path state).
  check({"c|/x", {{url_error::file_invalid_windows_drive_letter, 0}, {url_error::invalid_url_unit, 1}},
         "file:///a/b"});
  const auto file_base = urix::parse_url("file:///a/b");
  EXPECT_EQ(urix::parse_url("c|/x", &*file_base)->href(), "file:///c:/x");
  check({"file://c:", {{url_error::file_invalid_windows_drive_letter_host, 7}}});
}

TEST(UrlValidation, OffsetsAreIntoTheInputAsGiven) {
  // After a removed tab: the '>' is byte 21 of the input, 20 of what the parser reads.
  check({"https://exa\tmple.org/>", {{url_error::invalid_url_unit, 11}, {url_error::invalid_url_unit, 21}}});
  // After trimmed leading C0 controls.
  check({"\x01\x02https://example.org/>", {{url_error::invalid_url_unit, 0}, {url_error::invalid_url_unit, 22}}});
  // After ill-formed UTF-8, which reads as U+FFFD (three bytes where the input has one).
  check({"https://example.org/\xFF>", {{url_error::invalid_url_unit, 21}}});
  auto r = urix::parse_url("https://example.org/\xFF");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->pathname(), "/%EF%BF%BD");
  // A host read through ToASCII ("xn--" forms are longer than the input) or percent-decoding:
  // the IPv4 parser's findings are at the host's start, never past the input.
  check({"http://0.\xE4\xB8\xAD" "2.1192.0./",
         {{url_error::domain_to_ascii, 7}, {url_error::ipv4_empty_part, 7},
          {url_error::ipv4_non_numeric_part, 7, true}}});
  check({"http://%31.%32.%33.%34%2e/",
         {{url_error::domain_percent_encoded, 7}, {url_error::domain_to_ascii, 7}, {url_error::ipv4_empty_part, 7}}});
  // No error at all.
  check({"https://example.org/a?b#c", {}});
}

TEST(Url, ComponentsAreViewsIntoTheHref) {
  auto r = urix::parse_url("HTTPS://us%65r:p@ss@EXAMPLE.com:8443/a/./b/../c?x=1#frag");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->href(), "https://us%65r:p%40ss@example.com:8443/a/c?x=1#frag");
  EXPECT_EQ(r->protocol(), "https:");
  EXPECT_EQ(r->username(), "us%65r");
  EXPECT_EQ(r->password(), "p%40ss");
  EXPECT_EQ(r->host(), "example.com:8443");
  EXPECT_EQ(r->hostname(), "example.com");
  EXPECT_EQ(r->port(), "8443");
  EXPECT_EQ(r->port_number(), 8443);
  EXPECT_EQ(r->pathname(), "/a/c");
  EXPECT_EQ(r->search(), "?x=1");
  EXPECT_EQ(r->hash(), "#frag");
  EXPECT_EQ(r->origin(), "https://example.com:8443");
  const std::string_view h = r->href();
  for (std::string_view part : {r->protocol(), r->username(), r->hostname(), r->pathname(), r->search()}) {
    EXPECT_TRUE(part.data() >= h.data() && part.data() + part.size() <= h.data() + h.size());
  }
  EXPECT_TRUE(r->has_credentials());
  EXPECT_TRUE(r->is_special());
}

TEST(Url, NullAndEmptyComponents) {
  auto r = urix::parse_url("mailto:someone@example.com?");
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->has_opaque_path());
  EXPECT_EQ(r->host_type(), urix::url_host_type::none);
  EXPECT_EQ(r->pathname(), "someone@example.com");
  EXPECT_EQ(r->search(), "");  // an empty query reads as "" ...
  EXPECT_TRUE(r->has_search());  // ... but is not null
  EXPECT_EQ(r->origin(), "null");
  // "/." keeps a path that starts with "//" from reading as a host (URL serializer).
  auto d = urix::parse_url("web+demo:/.//not-a-host/");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->href(), "web+demo:/.//not-a-host/");
  EXPECT_EQ(d->pathname(), "//not-a-host/");
  EXPECT_EQ(d->host(), "");
}

TEST(Url, SettersSayWhetherTheyApplied) {
  auto r = urix::parse_url("https://example.com/a?q#f");
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->set_port("99999"));  // port-out-of-range: unchanged
  EXPECT_FALSE(r->set_port("x"));
  EXPECT_EQ(r->href(), "https://example.com/a?q#f");
  EXPECT_TRUE(r->set_port("8080"));
  EXPECT_EQ(r->href(), "https://example.com:8080/a?q#f");
  EXPECT_FALSE(r->set_protocol("mailto"));  // special to non-special: ignored
  EXPECT_TRUE(r->set_protocol("wss"));
  EXPECT_EQ(r->href(), "wss://example.com:8080/a?q#f");
  EXPECT_TRUE(r->set_protocol("https"));
  EXPECT_FALSE(r->set_hostname("exa mple.com"));  // a forbidden domain code point
  EXPECT_TRUE(r->set_pathname("/x y"));
  EXPECT_TRUE(r->set_search(""));
  EXPECT_TRUE(r->set_hash("#h"));
  EXPECT_EQ(r->href(), "https://example.com:8080/x%20y#h");
  EXPECT_FALSE(r->set_href("not a url"));
  EXPECT_EQ(r->href(), "https://example.com:8080/x%20y#h");
  auto m = urix::parse_url("mailto:x");
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->set_host("example.com"));  // an opaque path has no host to set
  EXPECT_FALSE(m->set_username("u"));        // nor credentials
  EXPECT_EQ(m->href(), "mailto:x");
}

// The pathname setter (URL Standard, "pathname" setter: the path start state with a state
// override) writes the new path in place of the old one: the query and fragment stay, and a
// hostless path that starts with "//" gets (or loses) the serializer's "/.".
TEST(Url, PathnameSetterKeepsTheRestOfTheHref) {
  struct setter_case {
    std::string_view url, value, href, pathname;
  };
  for (const setter_case& c : {
           setter_case{"foo:/a?q#h", "//p", "foo:/.//p?q#h", "//p"},
           {"foo:/.//p?q#h", "/x", "foo:/x?q#h", "/x"},
           {"http://h/a?q#f", "b c/../d", "http://h/d?q#f", "/d"},
           {"http://h/a", "/./x/%2e%2E/y\\z", "http://h/y/z", "/y/z"},  // '\\' separates, special
           {"foo://h/a", "y\\z", "foo://h/y\\z", "/y\\z"},          // not a separator
           {"file:///C:/x", "c|/y", "file:///c:/y", "/c:/y"},             // a Windows drive letter
           {"foo://h/a?q", "//z", "foo://h//z?q", "//z"},                  // a host: no "/."
           {"http://u:p@h:81/a#f", "", "http://u:p@h:81/#f", "/"},
       }) {
    auto r = urix::parse_url(c.url);
    ASSERT_TRUE(r) << c.url;
    EXPECT_TRUE(r->set_pathname(c.value));
    EXPECT_EQ(r->href(), c.href) << c.url << " <- " << c.value;
    EXPECT_EQ(r->pathname(), c.pathname) << c.url << " <- " << c.value;
    auto again = urix::parse_url(r->href());
    ASSERT_TRUE(again);
    EXPECT_EQ(again->pathname(), r->pathname());
    EXPECT_EQ(again->search(), r->search());
    EXPECT_EQ(again->hash(), r->hash());
  }
}

// The pathname setter (URL Standard, "pathname" setter; path start state, path state) writes
// a value of "/" and plain segments (no byte to percent-encode, no dot segment, no '\') as
// it is, without running the path state: a tab, which the basic URL parser removes first,
// makes it take the path state, which must write the same path. Every path of the real URLs
// and WPT's pathname setter values, on a URL of each kind the path state tells apart (special
// or not, with a host or not, file); and each special one again with '\' for '/', which the
// path state reads as a separator.
TEST(Url, PathnameSetterPlainValueWritesWhatThePathStateWould) {
  std::vector<std::string> values{"/",     "//",       "//x",     "/c|",   "/c|/x",
                                  "/c:/x", "/a/.b/c.", "/a%2/b%", "/.x/%x"};
  for (const std::string& input : urix_test::real_urls()) {
    auto u = urix::parse_url(input);
    if (u && !u->has_opaque_path()) values.emplace_back(u->pathname());
  }
  const auto setters = urix_test::load_json_with_lone_surrogates("wpt/setters_tests.json");
  for (const auto& c : setters.at("pathname")) {
    values.push_back(urix_test::restore_lone_surrogates(c.at("new_value").get<std::string>()));
  }
  std::size_t compared = 0;
  for (const char* href :
       {"http://h/p?q#f", "foo://h/p?q#f", "foo:/p?q#f", "file:///C:/p?q#f", "file://h/p"}) {
    const auto base = urix::parse_url(href);
    ASSERT_TRUE(base) << href;
    for (const std::string& value : values) {
      std::vector<std::string> ways{value + "\t"};
      if (base->is_special()) {
        std::string backslashed = value;
        std::replace(backslashed.begin(), backslashed.end(), '/', '\\');
        ways.push_back(backslashed);
      }
      urix::url plain = *base;
      ASSERT_TRUE(plain.set_pathname(value));
      for (const std::string& way : ways) {
        urix::url general = *base;
        ASSERT_TRUE(general.set_pathname(way));
        ASSERT_EQ(plain.href(), general.href()) << href << " <- " << value;
        ASSERT_EQ(plain.pathname(), general.pathname()) << href << " <- " << value;
        ASSERT_EQ(plain.search(), general.search()) << href << " <- " << value;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 500000u);
}

TEST(Url, ErrorNames) {
  EXPECT_EQ(urix::name(url_error::invalid_url_unit), "invalid-URL-unit");
  EXPECT_EQ(urix::name(url_error::special_scheme_missing_following_solidus),
            "special-scheme-missing-following-solidus");
  EXPECT_EQ(urix::name(url_error::ipv4_non_decimal_part), "IPv4-non-decimal-part");
  EXPECT_EQ(urix::name(url_error::file_invalid_windows_drive_letter_host),
            "file-invalid-Windows-drive-letter-host");
  EXPECT_EQ(urix::name(url_error::domain_to_ascii), "domain-to-ASCII");
  for (unsigned v = 1; v <= static_cast<unsigned>(url_error::file_invalid_windows_drive_letter_host); ++v) {
    EXPECT_NE(urix::name(static_cast<url_error>(v)), "unknown") << v;
  }
}

// parse_url reads the commonest URLs in one pass (src/url/fast.cpp) and everything else with
// the full parser; with validation errors asked for, always the full parser. Both agree.
TEST(Url, OnePassReadingAgreesWithTheFullParser) {
  const std::pair<const char*, const char*> cases[] = {
      {"HTTP://EXAMPLE.COM:0080/a/b?q=1#f", "http://example.com/a/b?q=1#f"},
      {"http://h:/", "http://h/"},
      {"http://h:00", "http://h:0/"},
      {"https://h:08443", "https://h:8443/"},
      {"wss://x:443/", "wss://x/"},
      {"ftp://F:21", "ftp://f/"},
      {"https://a.b.c./.well-known/x", "https://a.b.c./.well-known/x"},
      {"https://a/b/./c/%2E%2e/d", "https://a/b/d"},
      {"http://1.2.3.4/", "http://1.2.3.4/"},
      {"http://h.0x10/", nullptr},  // ends in a number: the IPv4 parser fails on "h"
      {"http://../", "http://../"},   // an empty last label is no number
      {"http://a..:8080/x", "http://a..:8080/x"},
      {"http://1.2..", "http://1.2../"},
      {"http://h/a|b^c%zz", "http://h/a|b%5Ec%zz"},
      {"http://h?a'b", "http://h/?a%27b"},
      {"http://h#a`b", "http://h/#a%60b"},
      {"http://h:65536/", nullptr},
      {"http://ab/c d", "http://ab/c%20d"},
      {"https://exa_mple-1.com/", "https://exa_mple-1.com/"},
      {"abcdef://h/", "abcdef://h/"},
      {"file://h/x", "file://h/x"},
      {"FILE:///Users/a/b.mjs?x#y", "file:///Users/a/b.mjs?x#y"},
      {"file://Node.gypi", "file://node.gypi/"},
      {"file://localhost/x", "file:///x"},
      {"file:///C:/x", "file:///C:/x"},
      {"file:///c|/x", "file:///c:/x"},
      {"file://h:1/", nullptr},
      {"node:url", "node:url"},
      {"Mailto:a@b?subject=x y#f", "mailto:a@b?subject=x%20y#f"},
      {"data:text/plain,a b", "data:text/plain,a b"},
      {"web+x:/a/../b", "web+x:/b"},
      {"urn:a\\b", "urn:a\\b"},  // a backslash is no delimiter in an opaque path
      {"HTTPS://example.com/A", "https://example.com/A"},  // the href is the input but for case
      {"https://Example.COM/A?B#C", "https://example.com/A?B#C"},
      {"https://EXAMPLE.com:8080", "https://example.com:8080/"},
      {"hTtP://h", "http://h/"},
      {"wS://h/x", "ws://h/x"},
      {"HTTPX://h/x", "httpx://h/x"},  // not special, however close
      {"fil://h/x", "fil://h/x"},
      // IPv4 hosts as the IPv4 serializer writes them, and others the IPv4 parser rewrites.
      {"http://127.0.0.1:10100/x", "http://127.0.0.1:10100/x"},
      {"HTTP://1.2.3.4:80", "http://1.2.3.4/"},
      {"http://0.0.0.0", "http://0.0.0.0/"},
      {"http://255.255.255.255/", "http://255.255.255.255/"},
      {"http://1.2.3.04/", "http://1.2.3.4/"},
      {"http://1.2.3/", "http://1.2.0.3/"},
      {"http://255.255.255.255./", "http://255.255.255.255/"},
      {"http://1.2.3.4.5/", nullptr},
      {"http://1.2.3.256/", nullptr},
      {"http://1.2.3.1000/", nullptr},
      {"file://10.0.0.1/x", "file://10.0.0.1/x"},
      // Not special, with a host: an opaque host, kept as written; no "/" for an empty path.
      {"sc://Host.X:0/a?b'#c", "sc://Host.X:0/a?b'#c"},
      {"git+ssh://h:0022/x", "git+ssh://h:22/x"},
      {"sc://h", "sc://h"},
      {"sc://h:", "sc://h"},
      {"sc://", "sc://"},
      {"sc://?x", "sc://?x"},
      {"sc:///x", "sc:///x"},
      {"sc://1.2.3.4/", "sc://1.2.3.4/"},
      {"sc://1.2.3.04/", "sc://1.2.3.04/"},
      {"sc://h/a/../b", "sc://h/b"},
      {"sc://h/ x", "sc://h/%20x"},
      {"sc://h/a\\b", "sc://h/a\\b"},
      {"sc://:1/", nullptr},
      {"sc://h\\x/", nullptr},
      {"sc://h:65536/", nullptr},
      {"sc://h:1x/", nullptr},
      // Bytes the path, query and fragment sets escape.
      {"http://h/a b?c d#e f", "http://h/a%20b?c%20d#e%20f"},
      {"http://h/a b ", "http://h/a%20b"},  // the trailing space is trimmed, not escaped
      {"http://h:80/a\"b{c}", "http://h/a%22b%7Bc%7D"},
      {"http://h?a'b c", "http://h/?a%27b%20c"},
      {"sc://h/a b?c'd", "sc://h/a%20b?c'd"},
      {"http://h/\x01x#\x7f", "http://h/%01x#%7F"},
      {"http://h/\xC3\xA9?\xC3\xA9#\xC3\xA9", "http://h/%C3%A9?%C3%A9#%C3%A9"},
      {"http://h/\xFFx", "http://h/%EF%BF%BDx"},  // ill-formed UTF-8 reads as U+FFFD
      {"http://h/a\tb c", "http://h/ab%20c"},
      {"http://h/ /../x", "http://h/x"},
      {"file:///a b", "file:///a%20b"},
      {"HTTP://H/%zz <", "http://h/%zz%20%3C"},
  };
  for (const auto& [input, want] : cases) {
    auto fast = urix::parse_url(input);
    std::vector<E> errors;
    auto full = urix::parse_url(input, nullptr, errors);
    ASSERT_EQ(static_cast<bool>(fast), static_cast<bool>(full)) << input;
    ASSERT_EQ(static_cast<bool>(fast), want != nullptr) << input;
    if (!fast) continue;
    EXPECT_EQ(fast->href(), want) << input;
    EXPECT_EQ(fast->href(), full->href()) << input;
    for (auto get : {&urix::url::protocol, &urix::url::host, &urix::url::hostname, &urix::url::pathname}) {
      EXPECT_EQ((*fast.*get)(), (*full.*get)()) << input;
    }
    EXPECT_EQ(fast->port(), full->port()) << input;
    EXPECT_EQ(fast->search(), full->search()) << input;
    EXPECT_EQ(fast->hash(), full->hash()) << input;
    EXPECT_EQ(fast->host_type(), full->host_type()) << input;
  }
}

// parse_url (the one-pass reading, where it applies) against the parser's states (which it
// takes when validation errors are asked for): the same outcome and components. `parsed` is
// set to the URL when both parse.
void expect_readings_agree(const std::string& input, std::optional<urix::url>& parsed) {
  parsed.reset();
  auto fast = urix::parse_url(input);
  std::vector<E> errors;
  auto full = urix::parse_url(input, nullptr, errors);
  ASSERT_EQ(static_cast<bool>(fast), static_cast<bool>(full)) << input;
  if (!fast) return;
  ASSERT_EQ(fast->href(), full->href()) << input;
  ASSERT_EQ(fast->pathname(), full->pathname()) << input;
  ASSERT_EQ(fast->search(), full->search()) << input;
  ASSERT_EQ(fast->hash(), full->hash()) << input;
  ASSERT_EQ(fast->host(), full->host()) << input;
  ASSERT_EQ(fast->host_type(), full->host_type()) << input;
  urix::url scratch;
  auto href = urix::parse_url_href(input, scratch);
  ASSERT_TRUE(href) << input;
  ASSERT_EQ(*href, full->href()) << input;
  parsed = std::move(*fast);
}

// Every byte, and UTF-8 sequences well-formed and not, at each place of the path, query and
// fragment that the one-pass reading escapes: it writes what the parser's states write.
TEST(Url, OnePassReadingEscapesAsTheStatesDo) {
  std::vector<std::string> pieces;
  for (int b = 0; b < 256; ++b) pieces.emplace_back(1, static_cast<char>(b));
  for (const char* seq : {"\xC3\xA9", "\xF0\x9F\x98\x80", "\xEF\xBF\xBF", "\xC3", "\xED\xA0\x80",
                          "\xF4\x90\x80\x80", "\xC3\xA9\xC3", "\x80\x80", " \xC3\xA9 "}) {
    pieces.emplace_back(seq);
  }
  std::size_t compared = 0, escaped = 0;
  for (const std::string& piece : pieces) {
    for (const char* shape : {"http://h/x@y", "http://h/x?y@z", "http://h/x#y@z", "https://h/@", "http://h:81/@/.",
                              "sc://h/x@y?@#@", "sc://h?@", "file:///@@", "http://h/@", "ws://h/a@?b#c@"}) {
      std::string input;
      for (const char* c = shape; *c != '\0'; ++c) {
        if (*c == '@') input += piece; else input += *c;
      }
      std::optional<urix::url> parsed;
      ASSERT_NO_FATAL_FAILURE(expect_readings_agree(input, parsed));
      if (!parsed) continue;
      escaped += parsed->href().find('%') != std::string_view::npos;
      ++compared;
    }
  }
  EXPECT_GT(compared, 2500u);
  EXPECT_GT(escaped, 1000u);
}

// The host and hostname setters write "host[:port]" in place of the old one (a URL with a
// host), or through the whole record (one without: "//" appears, "/." goes).
TEST(Url, HostSetterKeepsTheRestOfTheHref) {
  struct setter_case {
    std::string_view url, value;
    bool host;  // set_host, else set_hostname
    std::string_view href;
  };
  for (const setter_case& c : {
           setter_case{"http://u:p@h:81/a?q#f", "Example.ORG:8080", true, "http://u:p@example.org:8080/a?q#f"},
           {"http://h:81/a?q#f", "x", true, "http://x:81/a?q#f"},         // no port given: kept
           {"http://h:81/a", "x:80", true, "http://x/a"},                 // the default port
           {"http://h/a", "x:99999", true, "http://x/a"},                  // host set, port fails
           {"http://h:81/a", "x:1", false, "http://h:81/a"},               // hostname: ':' fails
           {"http://h/a", "[::1]/zz", true, "http://[::1]/a"},             // ends at '/'
           {"file://h/a", "localhost", true, "file:///a"},                 // file: localhost is empty
           {"https://h/a", "\xC3\xA9.com", false, "https://xn--9ca.com/a"},
           {"foo:/.//p?q", "h", true, "foo://h//p?q"},                     // no host before
           {"http://h/a", "", true, "http://h/a"},                         // special: empty fails
       }) {
    auto r = urix::parse_url(c.url);
    ASSERT_TRUE(r) << c.url;
    (void)(c.host ? r->set_host(c.value) : r->set_hostname(c.value));
    EXPECT_EQ(r->href(), c.href) << c.url << " <- " << c.value;
    auto again = urix::parse_url(r->href());
    ASSERT_TRUE(again) << r->href();
    EXPECT_EQ(again->host(), r->host()) << r->href();
    EXPECT_EQ(again->hostname(), r->hostname()) << r->href();
    EXPECT_EQ(again->port(), r->port()) << r->href();
    EXPECT_EQ(again->pathname(), r->pathname()) << r->href();
    EXPECT_EQ(again->search(), r->search()) << r->href();
    EXPECT_EQ(again->hash(), r->hash()) << r->href();
  }
}

// A setter given a view into the URL's own href reads it before the href changes.
TEST(Url, SettersTakeViewsOfTheirOwnHref) {
  const std::string long_url = "https://example.com/" + std::string(100, 'p') + "?" + std::string(100, 'q') + "#" + std::string(100, 'f');
  auto u = urix::parse_url(long_url);
  ASSERT_TRUE(u);
  const std::string before(u->href());
  EXPECT_TRUE(u->set_search(u->search()));
  EXPECT_EQ(u->href(), before);
  EXPECT_TRUE(u->set_hash(u->hash()));
  EXPECT_EQ(u->href(), before);
  EXPECT_TRUE(u->set_pathname(u->pathname()));
  EXPECT_EQ(u->href(), before);
  EXPECT_TRUE(u->set_host(u->host()));
  EXPECT_EQ(u->href(), before);
  // A value longer than what it replaces, escaped: the href grows while the value is read.
  EXPECT_TRUE(u->set_search(u->href()));
  EXPECT_EQ(u->search(), "?" + before.substr(0, before.find('#')) + "%23" + before.substr(before.find('#') + 1));
  EXPECT_TRUE(u->set_hash(u->href()));
  EXPECT_EQ(u->hash().substr(0, 9), "#https://");
}

// The one-pass reading (src/url/fast.cpp) against the parser's states, which it takes when
// validation errors are asked for, over every real URL: run once per kernel, whose span of
// each component it uses.
TEST(Url, OnePassReadingAgreesOverRealUrls) {
  std::size_t compared = 0;
  for (const std::string& input : urix_test::real_urls()) {
    std::optional<urix::url> parsed;
    ASSERT_NO_FATAL_FAILURE(expect_readings_agree(input, parsed));
    if (!parsed) continue;
    ASSERT_EQ(urix::can_parse_url(input), true) << input;
    ++compared;
  }
  EXPECT_GT(compared, 97000u);
}

// parse_url_href gives parse_url's href without a copy when the input is its own href, and
// otherwise parses into the scratch url; a failure leaves the scratch as it was.
TEST(Url, ParseUrlHrefIsTheInputWhenItIsItsOwnHref) {
  const urix::url kept = *urix::parse_url("https://kept.example/");
  for (const std::string input : {"https://example.com/a/b?c=d#e", "http://h/%7Ex", "mailto:x@y.example",
                                  "sc://h/p?q", "file:///tmp/x", "https://1.2.3.4/", "sc://H/X"}) {
    urix::url scratch = kept;
    auto href = urix::parse_url_href(input, scratch);
    ASSERT_TRUE(href) << input;
    EXPECT_EQ(urix::parse_url(input)->href(), input);
    EXPECT_EQ(href->data(), input.data()) << input;  // the input itself
    EXPECT_EQ(href->size(), input.size()) << input;
    EXPECT_EQ(scratch.href(), kept.href()) << input;
  }
  const std::pair<const char*, const char*> changed[] = {
      {"HTTPS://Example.COM/a", "https://example.com/a"}, {"https://EXAMPLE.com/a?B#C", "https://example.com/a?B#C"},
      {"Https://example.com/", "https://example.com/"}, {"http://h", "http://h/"},
      {"http://h:80/x", "http://h/x"}, {"http://h:0081/", "http://h:81/"}, {"http://h:/", "http://h/"},
      {"sc://h:00/", "sc://h:0/"}, {"http://h:8080", "http://h:8080/"}, {"http://h/a b", "http://h/a%20b"},
      {"http://h/a/../b", "http://h/b"}, {"MAILTO:x", "mailto:x"}, {"http://[::1]/", "http://[::1]/"},
      {"  http://h/\t", "http://h/"}};
  for (const auto& [input, want] : changed) {
    urix::url scratch = kept;
    auto href = urix::parse_url_href(input, scratch);
    ASSERT_TRUE(href) << input;
    EXPECT_EQ(*href, want) << input;
    EXPECT_EQ(href->data(), scratch.href().data()) << input;
    EXPECT_EQ(scratch.href(), want) << input;
  }
  // A port: the href is right, wherever it is.
  for (const std::string input : {"ws://h:81/", "sc://h:1/p?q", "http://h:8080/x", "sc://h:0/"}) {
    urix::url scratch = kept;
    auto href = urix::parse_url_href(input, scratch);
    ASSERT_TRUE(href) << input;
    EXPECT_EQ(*href, input);
    EXPECT_TRUE(href->data() == input.data() || href->data() == scratch.href().data()) << input;
  }
  // Against a base; a view into the scratch's own href.
  const urix::url base = *urix::parse_url("http://b.example/dir/file");
  urix::url scratch = kept;
  EXPECT_EQ(urix::parse_url_href("../x?y", scratch, &base).value(), "http://b.example/x?y");
  scratch = *urix::parse_url("http://a/#HTTP://B/c");
  EXPECT_EQ(urix::parse_url_href(scratch.hash().substr(1), scratch).value(), "http://b/c");
  scratch = *urix::parse_url("http://a/#http://b/c");
  const std::string_view inner = scratch.hash().substr(1);
  EXPECT_EQ(urix::parse_url_href(inner, scratch).value(), "http://b/c");
  // A failure: parse_url's error, and the scratch untouched.
  for (const std::string input : {"http://[::1", "", "https://", "http://h:99999/", "x"}) {
    scratch = kept;
    auto href = urix::parse_url_href(input, scratch);
    auto r = urix::parse_url(input);
    ASSERT_FALSE(href) << input;
    EXPECT_EQ(href.error(), r.error()) << input;
    EXPECT_EQ(scratch.href(), kept.href()) << input;
  }
}

// can_parse_url answers without reading what cannot fail (URL Standard, "URL parsing": the
// path start, path, opaque path, query and fragment states never return failure), so it
// stops early: after an opaque path's scheme, after a special URL's host and port. Inputs
// where a tab or newline, removed before parsing, changes what those places hold, or where
// what follows decides: the answer is parse_url's.
TEST(Url, CanParseAnswersAsParseDoes) {
  const std::vector<std::string> inputs = {
      "sc:\t//[", "sc:\n//[", "sc:\r/x", "sc:", "sc: //[", "sc:x\t//[", "sc://[", "sc:/\t/[",
      "http://h\t:1/", "http://h:65536/", "http://h:6553\t6/", "http://h:1/\t[", "http://h\\[",
      "http://h?[", "http://h#[", "http://h@[", "http://h x/", "http://h:1x/", "http://h: /",
      "http://h:", "http://h\t", "http://h/\t", "http://h ", "file://h:1/", "file://localhost\t/",
      "file://h\\x", "file://h/C:\t/", "file://\t[", "https://0x7f.1/", "http://1.2.3.256/",
      "ws://[::1/", "HTTP://H.\tX/p", "http://h.0x", "http://a.1?", "wss://x.y:443\\", "ftp://:21/",
      "http://1.2.3.4\t5/", "http://1.2.3.4:1\t/", "http://1.2.3.4\\", "sc://h\\x", "sc://h x/",
      "sc://:1", "sc://h\t:1/", "sc://h:1\t/", "sc://h:1/\t[", "sc://h?[", "sc://\t[", "sc://h:x"};
  auto base = urix::parse_url("http://b.example/dir/file");
  ASSERT_TRUE(base);
  for (const std::string& input : inputs) {
    EXPECT_EQ(urix::can_parse_url(input), static_cast<bool>(urix::parse_url(input))) << input;
    EXPECT_EQ(urix::can_parse_url(input, &*base), static_cast<bool>(urix::parse_url(input, &*base))) << input;
  }
}

// The parser's per-thread working strings do not keep the size of a huge URL: once its
// result is gone, the heap holds about what it held before (glibc's count of bytes in use).
TEST(Url, HugeUrlDoesNotPinItsSizeOnTheThread) {
#if defined(__GLIBC__)
  const auto held = [] {
    const struct mallinfo2 m = mallinfo2();
    return static_cast<long long>(m.uordblks + m.hblkhd);
  };
  // The record path ('\\', "./", "%zz"), 5 MiB of path and query.
  const std::string huge = "http://h/" + std::string(4 << 20, 'a') + "/%zz\\./?" + std::string(1 << 20, 'q');
  (void)urix::parse_url("http://h/x\\y");  // the thread's working strings exist
  const long long before = held();
  if (before == 0) GTEST_SKIP() << "the allocator in use (a sanitizer's) does not count for mallinfo2";
  {
    auto u = urix::parse_url(huge);
    ASSERT_TRUE(u);
    EXPECT_GT(held() - before, 5LL << 20);  // the href, at least
  }
  EXPECT_LT(held() - before, 256LL << 10);
  EXPECT_TRUE(urix::can_parse_url(huge));
  EXPECT_LT(held() - before, 256LL << 10);
  // can_parse_url reads no path, but a huge authority goes through its working strings.
  EXPECT_TRUE(urix::can_parse_url("http://" + std::string(4 << 20, 'u') + "@h/"));
  EXPECT_LT(held() - before, 256LL << 10);
#else
  GTEST_SKIP() << "counts glibc's heap";
#endif
}

// Dot segments, and segments that only look like them, at every place in an eight-byte word
// (the one-pass reading looks for them a word at a time).
TEST(Url, OnePassReadingFindsDotSegmentsAnywhere) {
  std::size_t checked = 0;
  for (std::size_t pad = 0; pad <= 19; ++pad) {
    for (const char* seg : {".", "..", "%2e", ".%2E", "%2e.", "%2E%2e", "..x", ".x", "x.", "...", "%2f", "%2e%2e%2e", "%"}) {
      for (const char* after : {"", "/", "/z", "?q", "#f"}) {
        // The first segment (pad 19), or after a segment of `pad` bytes.
        const std::string input =
            "http://h/" + (pad == 19 ? "" : std::string(pad, 'a') + "/") + seg + after;
        auto fast = urix::parse_url(input);
        std::vector<E> errors;
        auto full = urix::parse_url(input, nullptr, errors);
        ASSERT_TRUE(fast && full) << input;
        ASSERT_EQ(fast->href(), full->href()) << input;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 20u * 13u * 5u);
}

// A parsed URL costs one allocation, its href (none when it is short enough for the
// string's own buffer): the parser's working strings keep their capacity from one parse to
// the next. Counted on a second parse of the same input, after the first has grown them. A
// host with non-ASCII labels adds its ASCII form (domain_to_ascii's result), input that
// needs cleaning (tab, newline, ill-formed UTF-8) the map of its changes' offsets.
TEST(Url, OneAllocationPerParsedUrl) {
  const auto allocations_of = [](const std::string& input) {
    (void)urix::parse_url(input);
    const std::size_t before = urix_test::allocations();
    { auto u = urix::parse_url(input); }
    return urix_test::allocations() - before;
  };
  std::size_t checked = 0;
  for (const std::string& input : urix_test::real_urls()) {
    if (!urix::validate_utf8(input)) continue;
    ASSERT_LE(allocations_of(input), 1u) << input;
    ++checked;
  }
  for (const auto& c : urix_test::load_json_with_lone_surrogates("wpt/urltestdata.json")) {
    if (!c.is_object() || !c.at("base").is_null()) continue;
    const std::string input = c.at("input").get<std::string>();
    // Non-ASCII, escaped or not, may be a host's, which IDNA converts.
    const auto decoded = urix::decode(input, {.lenient = true});
    const bool clean = decoded && urix::is_ascii(*decoded) && input.find_first_of("\t\n\r") == std::string::npos;
    ASSERT_LE(allocations_of(input), clean ? 1u : 3u) << input;
    ++checked;
  }
  EXPECT_LE(allocations_of("https://b\xC3\xBC" "cher.example/a"), 2u);
  // With a base: its record is read into reused strings too.
  auto base = urix::parse_url("https://example.com/" + std::string(200, 'a') + "/b?" + std::string(100, 'q'));
  ASSERT_TRUE(base);
  (void)urix::parse_url("../c/./d", &*base);
  const std::size_t before = urix_test::allocations();
  { auto u = urix::parse_url("../c/./d", &*base); }
  EXPECT_LE(urix_test::allocations() - before, 1u);
  EXPECT_GT(checked, 98000u);
}

// Everything a url says of itself, for comparing two that should be the same.
std::string state_of(const urix::url& u) {
  std::string s;
  for (std::string_view piece : {u.href(), u.protocol(), u.username(), u.password(), u.host(),
                                 u.hostname(), u.port(), u.pathname(), u.search(), u.hash()}) {
    (s += piece) += '|';
  }
  s += std::to_string(static_cast<int>(u.host_type())) + "|" + std::to_string(u.port_number()) +
       "|" + std::to_string(u.is_special()) + std::to_string(u.has_opaque_path()) +
       std::to_string(u.has_search()) + std::to_string(u.has_hash()) +
       std::to_string(u.has_credentials());
  return s;
}

// The inputs of urltestdata.json with their bases (null: none).
std::vector<std::pair<std::string, std::optional<std::string>>> wpt_inputs() {
  std::vector<std::pair<std::string, std::optional<std::string>>> out;
  for (const auto& c : urix_test::load_json_with_lone_surrogates("wpt/urltestdata.json")) {
    if (!c.is_object()) continue;
    std::optional<std::string> base;
    if (!c.at("base").is_null())
      base = urix_test::restore_lone_surrogates(c.at("base").get<std::string>());
    out.emplace_back(urix_test::restore_lone_surrogates(c.at("input").get<std::string>()), base);
  }
  return out;
}

// parse_url_into gives what parse_url gives, into a url that held the previous input's
// result (every field written anew), and leaves it as it was when the input fails.
TEST(Url, ParseIntoAgreesWithParseUrl) {
  urix::url into;
  std::size_t compared = 0, failed = 0;
  const auto compare = [&](const std::string& input, const urix::url* base) {
    const urix::result<urix::url> want = urix::parse_url(input, base);
    const std::string before = state_of(into);
    const urix::result<void> got = urix::parse_url_into(input, into, base);
    ASSERT_EQ(static_cast<bool>(got), static_cast<bool>(want)) << input;
    if (want) {
      ASSERT_EQ(state_of(into), state_of(*want)) << input;
      ++compared;
    } else {
      EXPECT_EQ(got.error(), want.error()) << input;
      ASSERT_EQ(state_of(into), before) << input;
      ++failed;
    }
  };
  for (const std::string& input : urix_test::real_urls()) compare(input, nullptr);
  for (const auto& [input, base_text] : wpt_inputs()) {
    urix::result<urix::url> base = urix::url{};
    if (base_text) base = urix::parse_url(*base_text);
    if (!base) continue;  // the case is the base's failure
    compare(input, base_text ? &*base : nullptr);
  }
  EXPECT_GT(compared, 98000u);
  EXPECT_GT(failed, 200u);
}

// The input and the base may be views into the url parsed into.
TEST(Url, ParseIntoReadsItsOwnHref) {
  const std::string text = "HTTPS://Example.COM:443/a/./b/../c?q=1#f";
  urix::url u;
  ASSERT_TRUE(urix::parse_url_into(text, u));
  const std::string href(u.href());
  EXPECT_EQ(href, "https://example.com/a/c?q=1#f");
  ASSERT_TRUE(urix::parse_url_into(u.href(), u));
  EXPECT_EQ(u.href(), href);
  // A piece of the href, against the url itself: "?q=1" against it.
  const urix::url copy = u;
  const auto want = urix::parse_url(std::string(copy.search()), &copy);
  ASSERT_TRUE(urix::parse_url_into(u.search(), u, &u));
  EXPECT_EQ(u.href(), want->href());
  EXPECT_EQ(u.href(), "https://example.com/a/c?q=1");
  // The one-pass shapes, each from a view of its own href and from a shorter piece of it.
  for (const char* input : {"HTTP://A.example:8080", "Mailto:Someone@Example.com?subject=x#y",
                            "file://Host/p/q", "wss://x.example:443/"}) {
    ASSERT_TRUE(urix::parse_url_into(input, u));
    const std::string own(u.href());
    ASSERT_TRUE(urix::parse_url_into(u.href(), u));
    EXPECT_EQ(state_of(u), state_of(*urix::parse_url(own))) << input;
    ASSERT_TRUE(urix::parse_url_into(u.href().substr(0, u.href().size() - 1), u));
    EXPECT_EQ(state_of(u), state_of(*urix::parse_url(own.substr(0, own.size() - 1)))) << input;
  }
  // A failure leaves it as it was, base or not.
  const std::string kept = state_of(u);
  EXPECT_FALSE(urix::parse_url_into("http://[::1", u));
  EXPECT_FALSE(urix::parse_url_into("http://a b/", u, &u));
  EXPECT_EQ(state_of(u), kept);
}

// Once its href has held the longest of them, one url takes every parse of a list without an
// allocation: the href is written in place (the one-pass reading and the serializer of the
// full parser's record alike), and the parser's working strings are kept per thread.
TEST(Url, ParseIntoAllocatesNothingOnceWarm) {
  // Non-ASCII, escaped or not, may be a host's, which IDNA converts; a tab or newline
  // removed has its offset kept, for the errors' offsets.
  const auto allocates_nothing = [](const std::string& input) {
    const auto decoded = urix::decode(input, {.lenient = true});
    return decoded && urix::is_ascii(*decoded) &&
           input.find_first_of("\t\n\r") == std::string::npos;
  };
  std::vector<std::string> inputs;
  for (const std::string& input : urix_test::real_urls()) {
    if (allocates_nothing(input)) inputs.push_back(input);
  }
  for (const auto& [input, base] : wpt_inputs()) {
    if (!base && allocates_nothing(input)) inputs.push_back(input);
  }
  urix::url u;
  std::size_t parsed = 0;
  for (const std::string& input : inputs) parsed += urix::parse_url_into(input, u) ? 1U : 0U;
  const std::size_t before = urix_test::allocations();
  for (const std::string& input : inputs) (void)urix::parse_url_into(input, u);
  EXPECT_EQ(urix_test::allocations() - before, 0u);
  EXPECT_GT(parsed, 97000u);
  // With a base: its record is read into reused strings too.
  auto base = urix::parse_url("https://example.com/" + std::string(200, 'a') + "/b?" +
                              std::string(100, 'q'));
  ASSERT_TRUE(base);
  ASSERT_TRUE(urix::parse_url_into("../c/./d", u, &*base));
  const std::size_t with_base = urix_test::allocations();
  ASSERT_TRUE(urix::parse_url_into("../e/./f?g", u, &*base));
  EXPECT_EQ(urix_test::allocations() - with_base, 0u);
  EXPECT_EQ(u.href(), "https://example.com/e/f?g");
}

// application/x-www-form-urlencoded parsing (URL Standard 5.1).
TEST(UrlSearchParams, Parse) {
  urix::url_search_params p("?a=b&&c&=d&e=f=g&+x+=%20y%2B&h=%zz&i=%FF");
  ASSERT_EQ(p.size(), 7u);
  std::vector<std::pair<std::string, std::string>> want{
      {"a", "b"}, {"c", ""}, {"", "d"}, {"e", "f=g"}, {" x ", " y+"}, {"h", "%zz"}, {"i", "\xEF\xBF\xBD"}};
  std::size_t i = 0;
  for (const auto& [name, value] : p) {
    EXPECT_EQ(name, want[i].first) << i;
    EXPECT_EQ(value, want[i].second) << i;
    ++i;
  }
  EXPECT_EQ(urix::url_search_params("").size(), 0u);
  EXPECT_EQ(urix::url_search_params("?").size(), 0u);
  // Only one leading '?' is the URLSearchParams constructor's.
  EXPECT_EQ(*urix::url_search_params("??a=1").get("?a"), "1");
}

// application/x-www-form-urlencoded serializing (URL Standard 5.2): the form set, space as '+'.
TEST(UrlSearchParams, Serialize) {
  urix::url_search_params p;
  p.append("a b", "c+d&e=f");
  p.append("*-._", "~!'()");
  p.append("\xC3\xA9", "");
  EXPECT_EQ(p.to_string(), "a+b=c%2Bd%26e%3Df&*-._=%7E%21%27%28%29&%C3%A9=");
  // What it writes parses back to the same list.
  EXPECT_EQ(urix::url_search_params(p.to_string()), p);
}

TEST(UrlSearchParams, Methods) {
  urix::url_search_params p("a=1&b=2&a=3");
  EXPECT_EQ(*p.get("a"), "1");
  EXPECT_FALSE(p.get("z").has_value());
  EXPECT_EQ(p.get_all("a"), (std::vector<std::string_view>{"1", "3"}));
  EXPECT_TRUE(p.has("b"));
  EXPECT_TRUE(p.has("a", "3"));
  EXPECT_FALSE(p.has("a", "2"));
  p.set("a", "x");  // the first "a" takes the value, the others go
  EXPECT_EQ(p.to_string(), "a=x&b=2");
  p.set("c", "y");  // no "c": appended
  EXPECT_EQ(p.to_string(), "a=x&b=2&c=y");
  p.append("b", "4");
  p.remove("b", "2");
  EXPECT_EQ(p.to_string(), "a=x&c=y&b=4");
  p.remove("a");
  EXPECT_EQ(p.to_string(), "c=y&b=4");
  EXPECT_EQ(p.size(), 2u);
}

TEST(UrlSearchParams, SortIsStableByUtf16CodeUnits) {
  urix::url_search_params p("z=b&a=b&z=a&a=a");
  p.sort();
  EXPECT_EQ(p.to_string(), "a=b&a=a&z=b&z=a");
  // The standard's example.
  urix::url_search_params q("q=\xF0\x9F\x8F\xB3\xEF\xB8\x8F\xE2\x80\x8D\xF0\x9F\x8C\x88&key=e1f7bc78");
  q.sort();
  EXPECT_EQ(q.to_string(), "key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88");
  // U+1F600 is the surrogate pair D83D DE00, which sorts before U+FFFD in UTF-16, though it
  // comes after it in code point (and UTF-8 byte) order.
  urix::url_search_params r("%EF%BF%BD=1&%F0%9F%98%80=2&%EE%80%80=3&a=4");
  r.sort();
  EXPECT_EQ(r.to_string(), "a=4&%F0%9F%98%80=2&%EE%80%80=3&%EF%BF%BD=1");
}

TEST(UrlSearchParams, WithAUrl) {
  auto u = urix::parse_url("https://example.com/?b=2&a=1");
  ASSERT_TRUE(u);
  urix::url_search_params p(u->search());
  p.sort();
  p.append("c", "x y");
  EXPECT_TRUE(u->set_search(p.to_string()));
  EXPECT_EQ(u->href(), "https://example.com/?a=1&b=2&c=x+y");
}

}  // namespace
