// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests of urix/site.h: the registrable domain by the Public Suffix List, on Debian's copy of
// the list (package publicsuffix), against the list's own tests (test_psl.txt) and libpsl.
#include "urix/site.h"

#include <gtest/gtest.h>
#include <libpsl.h>

#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>

#include "test_util.h"
#include "urix/idna.h"
#include "urix/pct.h"
#include "urix/uri.h"
#include "urix/utf8.h"

namespace {

using urix::errc;
using urix::error;

std::string read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot open " + path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

const urix::public_suffix_list& debian_list() {
  static const urix::public_suffix_list list =
      *urix::public_suffix_list::parse(read_file(std::string(urix::default_public_suffix_list_path)));
  return list;
}

// publicsuffix.org's own test file: checkPublicSuffix(host, registrable domain or null).
// Its "null input" line tests a null pointer, which a string_view cannot be.
TEST(Site, PublicSuffixListTests) {
  const std::string text = read_file(URIX_PSL_TESTS);
  const std::regex check(R"(^checkPublicSuffix\(('([^']*)'|null), ('([^']*)'|null)\);)");
  int checked = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, check) || m[1] == "null") continue;
    const std::string host = m[2], expected = m[3] == "null" ? "" : std::string(m[4]);
    auto r = debian_list().registrable_domain(host);
    ASSERT_TRUE(r) << host << ": " << r.error();
    EXPECT_EQ(*r, expected) << line;
    ++checked;
  }
  EXPECT_EQ(checked, 77);  // 82 lines: 4 commented out, 1 with a null host
}

// The formal algorithm's rules, on a list of our own.
TEST(Site, Rules) {
  auto list = urix::public_suffix_list::parse(
      "// comment\n\ncom\n*.ck\n!www.ck\nco.uk  trailing words\n\xE4\xB8\xAD\xE5\x9B\xBD\nuk\n");
  ASSERT_TRUE(list);
  EXPECT_EQ(list->size(), 6u);
  EXPECT_EQ(*list->registrable_domain("a.b.example.com"), "example.com");
  EXPECT_EQ(*list->registrable_domain("a.b.ck"), "a.b.ck");      // wildcard: b.ck is a suffix
  EXPECT_EQ(*list->registrable_domain("a.www.ck"), "www.ck");    // exception: its suffix is ck
  EXPECT_EQ(*list->registrable_domain("x.co.uk"), "x.co.uk");    // the longest rule
  EXPECT_EQ(*list->registrable_domain("x.example"), "x.example");  // the implicit "*" rule
  EXPECT_EQ(*list->registrable_domain("co.uk"), "");
  EXPECT_EQ(*list->public_suffix("a.b.ck"), "b.ck");
  EXPECT_EQ(*list->registrable_domain("WWW.Example.COM."), "example.com.");  // root dot kept
  // IDN hosts in either form; the answer in the host's form.
  EXPECT_EQ(*list->registrable_domain("www.\xE9\xA3\x9F\xE7\x8B\xAE.\xE4\xB8\xAD\xE5\x9B\xBD"),
            "\xE9\xA3\x9F\xE7\x8B\xAE.\xE4\xB8\xAD\xE5\x9B\xBD");
  EXPECT_EQ(*list->registrable_domain("www.xn--85x722f.xn--fiqs8s"), "xn--85x722f.xn--fiqs8s");
  // No site: IP addresses, leading dots, nothing.
  EXPECT_EQ(*list->registrable_domain("192.0.2.1"), "");
  EXPECT_EQ(*list->registrable_domain("[2001:db8::1]"), "");
  // A site is never an IPv4 address, not even the end of a longer name (fuzz/site.cpp).
  EXPECT_EQ(*urix::public_suffix_list::parse("2.1.4\n")->registrable_domain("x.0.2.1.4"), "");
  EXPECT_EQ(*urix::public_suffix_list::parse("2.1.4\n")->public_suffix("x.0.2.1.4"), "2.1.4");
  // Brackets only delimit an IP-literal: a "label" holding one is no domain's (fuzz/site.cpp).
  EXPECT_EQ(*list->registrable_domain("www.example.[v1.x]"), "");
  EXPECT_EQ(*list->registrable_domain("www.\xE9\xA3\x9F\xE7\x8B\xAE.[v1.x]"), "");
  EXPECT_EQ(*list->registrable_domain("www.\xE9\xA3\x9F.\xEF\xBC\xBBv1.x\xEF\xBC\xBD"), "");  // fullwidth [ ]
  EXPECT_EQ(*list->registrable_domain(".example.com"), "");
  EXPECT_EQ(*list->registrable_domain("a..example.com"), "");  // RFC 1034 3.1: no empty label
  EXPECT_EQ(*list->registrable_domain("example.com.."), "");
  EXPECT_EQ(*list->registrable_domain(""), "");
  // UTS #46 maps U+3002, U+FF0E and U+FF61 to '.': labels, empty labels and the root are
  // found in the ASCII form, and a public suffix is there whenever a site is (fuzz/site.cpp).
  EXPECT_EQ(*list->registrable_domain("a.b.example.com\xE3\x80\x82"), "example.com.");
  EXPECT_EQ(*list->public_suffix("a.b.example.com\xE3\x80\x82"), "com.");
  EXPECT_EQ(*list->registrable_domain("a\xEF\xBC\x8E\xEF\xBC\x8E" "example.com"), "");
  EXPECT_EQ(*list->registrable_domain("\xE3\x80\x82" "example.com"), "");
  EXPECT_EQ(*list->registrable_domain("example.com\xE3\x80\x82\xE3\x80\x82"), "");
  EXPECT_EQ(*list->registrable_domain("\xEF\xBC\x91\xEF\xBC\x92\xEF\xBC\x97.0.0.1"), "");  // fullwidth IPv4
  // Errors at their byte.
  EXPECT_EQ(list->registrable_domain("a.\xC3").error(), (error{errc::invalid_utf8, 2}));
  EXPECT_EQ(urix::public_suffix_list::parse("com\n\xFF\n").error(), (error{errc::invalid_utf8, 4}));
}

// Every host of the shared corpora (about 97,600 real URLs) against libpsl loaded from the
// same file. Where they differ by design (docs/chores.md), the difference is counted:
// libpsl gives IPv4 addresses a "site" ("1.1" for 192.168.1.1), keeps the host's case, and
// reads a root dot as a label.
TEST(Site, CorporaAgainstLibpsl) {
  std::unique_ptr<psl_ctx_t, void (*)(psl_ctx_t*)> psl(
      psl_load_file(std::string(urix::default_public_suffix_list_path).c_str()), psl_free);
  ASSERT_TRUE(psl);
  std::size_t hosts = 0, ipv4 = 0, root_dot = 0, idna_rejects = 0;
  for (const std::string& line : urix_test::real_urls()) {
    auto u = urix::parse_uri_reference(line);
    if (!u || !u->host || u->host->empty() || u->host_kind == urix::host_type::ipv6 ||
        u->host_kind == urix::host_type::ipvfuture)
      continue;
    auto decoded = urix::decode(*u->host);
    if (!decoded) continue;
    const std::string host = *decoded;
    if (host.find('\0') != std::string::npos) continue;
    ++hosts;
    auto ours = debian_list().registrable_domain(host);
    std::string lower = host;
    for (char& c : lower)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    const char* theirs = psl_registrable_domain(psl.get(), lower.c_str());
    if (u->host_kind == urix::host_type::ipv4) {
      EXPECT_EQ(*ours, "") << host;
      ++ipv4;
      continue;
    }
    if (!ours) {  // a non-ASCII host UTS #46 rejects; libpsl takes it as it is
      ++idna_rejects;
      continue;
    }
    if (lower.ends_with('.')) {
      ++root_dot;
      continue;
    }
    EXPECT_EQ(*ours, theirs ? theirs : "") << host;
  }
  EXPECT_GT(hosts, 90000u);
  EXPECT_LT(ipv4 + root_dot + idna_rejects, hosts / 100) << ipv4 << " " << root_dot << " " << idna_rejects;
}

// The corpora's hosts are ASCII; the IDN hosts of the list's own rules, in both forms.
TEST(Site, IdnRulesAgainstLibpsl) {
  std::unique_ptr<psl_ctx_t, void (*)(psl_ctx_t*)> psl(
      psl_load_file(std::string(urix::default_public_suffix_list_path).c_str()), psl_free);
  ASSERT_TRUE(psl);
  std::istringstream lines(read_file(std::string(urix::default_public_suffix_list_path)));
  int checked = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line.starts_with("//") || urix::is_ascii(line)) continue;
    std::string rule = line.substr(0, line.find_first_of(" \t"));
    if (rule.starts_with('!')) rule.erase(0, 1);
    if (rule.starts_with("*.")) rule.replace(0, 1, "x");
    const std::string host = "www.example." + rule;
    auto ours = debian_list().registrable_domain(host);
    ASSERT_TRUE(ours) << host;
    const char* theirs = psl_registrable_domain(psl.get(), host.c_str());
    EXPECT_EQ(*ours, theirs ? theirs : "") << host;
    auto ascii = urix::domain_to_ascii(host);
    ASSERT_TRUE(ascii) << host;
    const char* theirs_ascii = psl_registrable_domain(psl.get(), ascii->c_str());
    EXPECT_EQ(*debian_list().registrable_domain(*ascii), theirs_ascii ? theirs_ascii : "") << *ascii;
    ++checked;
  }
  EXPECT_GT(checked, 400);
}

}  // namespace
