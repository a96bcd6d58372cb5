// SPDX-License-Identifier: Apache-2.0 OR MIT
// Normalization and comparison (RFC 3986 6.2.2, 6.2.3; SPEC section 6).
#include "urix/normalize.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>

#include "../src/detail/ascii.h"
#include "../src/detail/swar.h"
#include "../src/uri/normalize.h"

#include "test_util.h"
#include "uri_gen.h"
#include "urix/resolve.h"

namespace {

using urix_test::show;

// 6.2.2.1 lowercases schemes and hosts eight bytes at a time (src/detail/ascii.h): every byte
// value in every lane of a word, and every length and start of a run, against one byte at a
// time. Only 'A'..'Z' change; bytes >= 0x80 (UTF-8 in an IRI host) never do.
TEST(Normalize, AsciiLowercaseWordByWordIsByteByByte) {
  for (unsigned b = 0; b < 256; ++b) {
    for (unsigned lane = 0; lane < 8; ++lane) {
      char bytes[8] = {'Q', 'z', '@', '[', '\xC1', 'a', '`', '{'};
      bytes[lane] = static_cast<char>(b);
      std::uint64_t w;
      std::memcpy(&w, bytes, 8);
      w = urix::detail::ascii_lower_word(w);
      char lowered[8];
      std::memcpy(lowered, &w, 8);
      for (unsigned k = 0; k < 8; ++k)
        ASSERT_EQ(lowered[k], urix::detail::ascii_lower(bytes[k])) << b << " in lane " << lane;
    }
  }
  const std::string text = "HTTP://WwW.Example.COM:80/@[Z]`{a}\xC3\x89\xC3\xA9-09AZaz";
  for (std::size_t n = 0; n <= text.size(); ++n) {
    for (std::size_t begin = 0; begin <= std::min<std::size_t>(n, 9); ++begin) {
      std::string s = text.substr(0, n), expected = s;
      for (std::size_t i = begin; i < n; ++i) expected[i] = urix::detail::ascii_lower(s[i]);
      std::string copy(n - begin, '?');
      urix::detail::copy_ascii_lower(copy.data(), s.data() + begin, n - begin);
      ASSERT_EQ(copy, expected.substr(begin)) << n << " bytes from " << begin << ", copied";
      urix::detail::ascii_lower_in_place(s, begin);
      ASSERT_EQ(s, expected) << n << " bytes from " << begin;
    }
  }
}

// The word-at-a-time search for '%' (and '+' for query pieces) is a byte loop's answer: every
// byte value at every position of strings around the word size.
TEST(Normalize, WordSearchIsByteSearch) {
  for (std::size_t n = 0; n <= 20; ++n) {
    for (std::size_t k = 0; k < std::max<std::size_t>(n, 1); ++k) {
      for (unsigned b = 0; b < 256; ++b) {
        std::string s(n, 'a');
        if (n > 0) s[k] = static_cast<char>(b);
        const bool pct = s.find('%') != std::string::npos;
        const bool either = pct || s.find('+') != std::string::npos;
        ASSERT_EQ(urix::detail::contains_either(s, '%', '%'), pct) << n << " " << k << " " << b;
        ASSERT_EQ(urix::detail::contains_either(s, '%', '+'), either) << n << " " << k << " " << b;
      }
    }
  }
}

// The word-at-a-time search for the last '/' (the merge of RFC 3986 5.2.3 and the ".." of
// 5.2.4) is string_view::rfind: every byte value at every position, with and without a second
// '/' at every position, in strings around the word sizes (the first word overlaps).
TEST(Normalize, LastByteSearchIsRfind) {
  for (std::size_t n = 0; n <= 26; ++n) {
    for (std::size_t k = 0; k < std::max<std::size_t>(n, 1); ++k) {
      for (unsigned b = 0; b < 256; ++b) {
        std::string s(n, 'a');
        if (n > 0) s[k] = static_cast<char>(b);
        ASSERT_EQ(urix::detail::find_last(s, '/'), s.rfind('/')) << n << " " << k << " " << b;
        ASSERT_EQ(urix::detail::find_last(s, static_cast<char>(b)), s.rfind(static_cast<char>(b)))
            << n << " " << k << " " << b;
      }
      for (std::size_t j = 0; j < n; ++j) {
        std::string s(n, 'a');
        s[k] = '/';
        s[j] = '/';
        ASSERT_EQ(urix::detail::find_last(s, '/'), s.rfind('/')) << n << " " << k << " " << j;
      }
    }
  }
}

std::string norm(std::string_view s) {
  auto r = urix::normalize(s);
  EXPECT_TRUE(r) << show(s) << ": " << r.error();
  return r ? *r : std::string("<error>");
}

std::string ascii_lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

bool eq(std::string_view a, std::string_view b) {
  auto r = urix::equal(a, b);
  EXPECT_TRUE(r) << show(a) << " / " << show(b) << ": " << r.error();
  return r && *r;
}

// The equivalences the issue names.
TEST(Equal, IssueExamples) {
  EXPECT_TRUE(eq("http://example.com/~user", "http://example.com/%7Euser"));  // 6.2.2.2
  EXPECT_TRUE(eq("HTTP://Example.COM:80/", "http://example.com/"));           // 6.2.2.1, 6.2.3
  EXPECT_FALSE(eq("http://example.com/path?key=value", "http://example.com/path%3Fkey=value"));
  EXPECT_FALSE(eq("http://example.com/a%2Fb", "http://example.com/a/b"));  // 2.2: %2F is data
  EXPECT_FALSE(eq("/a%2F", "/a/"));
  EXPECT_FALSE(eq("a%2fb", "a/b"));
}

// RFC 3986 6.2.2-6.2.4 equivalence groups from the shared data. Each group's URIs must be
// equal to one another and to its normal form; not_equivalent ones must not be. The mailto
// group needs mailto's own rules (6.2.3), which SPEC section 6 does not apply.
TEST(Equal, Rfc3986EquivalenceExamples) {
  const auto data = urix_test::load_json("rfc/rfc3986_examples.json");
  int groups = 0, documented = 0;
  for (const auto& c : data["equivalence"]["cases"]) {
    const auto kind = c["kind"].get<std::string>();
    SCOPED_TRACE(kind + " (RFC 3986 " + c["section"].get<std::string>() + ")");
    std::vector<std::string> uris;
    for (const auto& u : c["uris"]) uris.push_back(u.get<std::string>());
    ++groups;
    if (c.contains("syntax_equivalent") && !c["syntax_equivalent"].get<bool>()) {
      EXPECT_FALSE(eq(uris[0], uris[1]));  // 6.2.4: only a protocol can tell
      continue;
    }
    if (kind.starts_with("scheme(") && kind != "scheme(http)") {
      EXPECT_FALSE(eq(uris[0], uris[1]));  // documented: no scheme rules beyond SPEC's list
      ++documented;
      continue;
    }
    for (const auto& u : uris) {
      EXPECT_TRUE(eq(uris[0], u)) << u;
      if (c.contains("normal_form")) {
        EXPECT_EQ(norm(u), c["normal_form"].get<std::string>()) << u;
      }
    }
    for (const auto& u : c.value("not_equivalent", nlohmann::json::array()))
      EXPECT_FALSE(eq(uris[0], u.get<std::string>())) << u;
  }
  std::cout << "[vectors] rfc3986 equivalence: " << groups - documented << " pass, " << documented
            << " documented difference (mailto case rules are not applied)\n";
  EXPECT_EQ(groups, 5);
}

// 6.2.2.1: scheme and host are case-insensitive; hex in escapes is uppercase. Letters inside
// escapes of the host stay uppercase; nothing else changes case.
TEST(Normalize, Case) {
  EXPECT_EQ(norm("HTTP://www.EXAMPLE.com/A"), "http://www.example.com/A");
  EXPECT_EQ(norm("FOO://H%c3%a9/%7b?%7b#%7b"), "foo://h%C3%A9/%7B?%7B#%7B");
  EXPECT_EQ(norm("http://[2001:DB8::A]/"), "http://[2001:db8::a]/");
  EXPECT_EQ(norm("http://[VF.AbC]/"), "http://[vf.abc]/");
  EXPECT_EQ(norm("http://User@H/"), "http://User@h/");  // userinfo is case-sensitive
}

// 6.2.2.2: escapes of unreserved characters are decoded everywhere; escapes of reserved
// characters never are.
TEST(Normalize, PercentEncoding) {
  EXPECT_EQ(norm("http://%41%7e@ex%41mple/%7Euser?%61=%2D#%5F"), "http://A~@example/~user?a=-#_");
  EXPECT_EQ(norm("http://a/%2F%3F%23%5B%40%21%25"), "http://a/%2F%3F%23%5B%40%21%25");
  EXPECT_EQ(norm("http://a/?a%3Db%26c"), "http://a/?a%3Db%26c");
  EXPECT_EQ(norm("%c3%a9"), "%C3%A9");
  // A reg-name that decodes to an IPv4address is that address (3.2.2, first match wins).
  EXPECT_EQ(norm("//192.1%2E64.164/"), "//192.1.64.164/");
  EXPECT_EQ(urix::parse_uri_reference(norm("//192.1%2E64.164/"))->host_kind, urix::host_type::ipv4);
}

// 6.2.2.3 after 6.2.2.2: an escaped dot is a dot-segment.
TEST(Normalize, DotSegments) {
  EXPECT_EQ(norm("http://a/b/c/./../../g"), "http://a/g");
  EXPECT_EQ(norm("http://a/b/%2E%2E/c"), "http://a/c");
  EXPECT_EQ(norm("http://a/b/%2e/c"), "http://a/b/c");
  EXPECT_EQ(norm("http://a/.."), "http://a/");
  EXPECT_EQ(norm("foo:/a/./b/.."), "foo:/a/");
  // After a scheme the path goes through 5.2.4 as written, as resolution does: a rootless
  // path keeps its '/' where rule C removed a segment (docs/differences.md).
  EXPECT_EQ(norm("foo:a/../b"), "foo:/b");
  EXPECT_EQ(norm("foo:a/.."), "foo:/");
  EXPECT_EQ(norm("foo:a/./b"), "foo:a/b");          // no ".." : stays rootless
  EXPECT_EQ(norm("foo:../b"), "foo:b");             // 5.2.4 rule A drops a leading ".."
  EXPECT_EQ(norm("foo:a/..//c"), "foo:/.//c");      // "//c" would read as an authority
  EXPECT_EQ(norm("file:/x/..//z"), "file:/.//z");
  EXPECT_EQ(norm("foo:.//"), "foo:/");              // rule A, then "/"
  EXPECT_EQ(norm("mid/content=5/../6"), "mid/6");  // the 5.2.4 example
}

// SPEC section 6: in relative-path references leading ".." segments stay, and the result
// means what the input meant.
TEST(Normalize, RelativePathReferences) {
  EXPECT_EQ(norm("../../a"), "../../a");
  EXPECT_EQ(norm("../a/../../b"), "../../b");
  EXPECT_EQ(norm("./../a"), "../a");
  EXPECT_EQ(norm("a/../.."), "../");  // 5.4.1: ".." and "../" both resolve to "http://a/b/"
  EXPECT_EQ(norm(".."), "../");
  EXPECT_EQ(norm("../.."), "../../");
  EXPECT_TRUE(eq("..", "../"));
  EXPECT_EQ(norm("a/b/.."), "a/");
  EXPECT_EQ(norm("a/.."), "./");  // the base's directory, which "" is not
  EXPECT_EQ(norm("."), "./");
  EXPECT_EQ(norm("./"), "./");
  EXPECT_EQ(norm(""), "");
  EXPECT_EQ(norm("./a:b"), "./a:b");  // 4.2: without "./" this would be scheme "a"
  EXPECT_EQ(norm(".//a"), ".//a");    // without "./" this would be an authority
  EXPECT_EQ(norm(".//"), ".//");      // or an absolute path: "/" is the base's root
  EXPECT_EQ(norm("a/..//"), ".//");
  EXPECT_EQ(norm(".//."), ".//");
  EXPECT_EQ(norm("%2E//?q"), ".//?q");
  EXPECT_EQ(norm("/.//a"), "/.//a");  // an absolute path may not start "//" either
  EXPECT_EQ(norm("/a/../.."), "/");   // absolute: nothing above the root
  EXPECT_EQ(norm("?%7e"), "?~");
}

// 6.2.3 for http, https, ws, wss, ftp: default or empty port dropped, empty path is "/".
TEST(Normalize, SchemeBased) {
  EXPECT_EQ(norm("http://a:80"), "http://a/");
  EXPECT_EQ(norm("http://a:"), "http://a/");
  EXPECT_EQ(norm("http://a:080/x"), "http://a/x");
  EXPECT_EQ(norm("http://a:8080"), "http://a:8080/");
  EXPECT_EQ(norm("https://a:443?q"), "https://a/?q");
  EXPECT_EQ(norm("https://a:80/"), "https://a:80/");
  EXPECT_EQ(norm("ws://a:80"), "ws://a/");
  EXPECT_EQ(norm("WSS://a:443"), "wss://a/");
  EXPECT_EQ(norm("ftp://a:21"), "ftp://a/");
  EXPECT_EQ(norm("http://a:99999999999999999999/"), "http://a:99999999999999999999/");
  // Other schemes: nothing is assumed about their ports or empty paths.
  EXPECT_EQ(norm("foo://a:80"), "foo://a:80");
  EXPECT_EQ(norm("foo://a:"), "foo://a:");
  EXPECT_EQ(norm("http:x"), "http:x");  // no authority: the path is not touched
  // The schemes are compared in any case, and exactly: each one with each default port,
  // against names one letter off, one byte longer or shorter, and with a digit or '+'.
  const std::pair<const char*, const char*> ports[] = {
      {"hTTp", "80"}, {"HTTPS", "443"}, {"Ws", "80"}, {"wsS", "443"}, {"fTp", "21"}};
  for (const auto& [scheme, port] : ports) {
    const std::string lower = ascii_lower(scheme);
    EXPECT_EQ(norm(std::string(scheme) + "://a:" + port), lower + "://a/") << scheme;
    for (const std::string& other : {lower + "s", lower.substr(1), lower.substr(0, lower.size() - 1),
                                    "x" + lower.substr(1), lower.substr(0, 1) + "1" + lower.substr(2),
                                    lower + "+", "h" + lower})
      if (other != "http" && other != "https" && other != "ws" && other != "wss" && other != "ftp") {
        EXPECT_EQ(norm(other + "://a:" + port), other + "://a:" + port) << other;
      }
  }
  // 6.2.3: an empty query is not an absent one.
  EXPECT_NE(norm("http://a/?"), norm("http://a/"));
}

// References longer than the writer's stack buffer (src/uri/write.h), at every length around
// its size, come out as short ones do.
TEST(Normalize, LongReferences) {
  for (std::size_t k = 0; k < 120; ++k) {
    std::string in = "HTTP://Example.COM:80/", want = "http://example.com/";
    for (std::size_t i = 0; i < k; ++i) {
      in += "s%7e/./x/../";
      want += "s~/";
    }
    in += "end?Q=%2f#F";
    want += "end?Q=%2F#F";
    ASSERT_EQ(norm(in), want) << k;
    std::string appended = "x";
    urix::normalize_append(appended, *urix::parse_uri_reference(in));
    ASSERT_EQ(appended, "x" + want) << k;
  }
}

TEST(Normalize, ErrorsCarryOffsets) {
  EXPECT_EQ(urix::normalize("http://a/%G0").error(), (urix::error{urix::errc::bad_escape_hex, 9}));
  EXPECT_EQ(urix::equal("http://a/", "http://[::1::2]/").error(),
            (urix::error{urix::errc::bad_ip_literal, 11}));
  // The same text twice is parsed once: its error is still the answer.
  EXPECT_EQ(urix::equal("http://a/%G0", "http://a/%G0").error(),
            (urix::error{urix::errc::bad_escape_hex, 9}));
  EXPECT_TRUE(*urix::equal("http://a/%41", "http://a/%41"));
  EXPECT_TRUE(urix::normalize("http://\xC3\xA9/", urix::syntax::iri));
  EXPECT_FALSE(urix::normalize("http://\xC3\xA9/"));
}

// An empty view may have no data at all (nullptr): the text forms read nothing from it
// (UBSan in the sanitizer build: memchr(nullptr, '%', 0) is undefined; fuzz_replay.uri found it).
TEST(Normalize, EmptyViewWithoutData) {
  const std::string_view none;
  ASSERT_EQ(none.data(), nullptr);
  EXPECT_EQ(*urix::normalize(none), "");
  std::string out = "x";
  EXPECT_TRUE(urix::normalize_append(out, none));
  EXPECT_EQ(out, "x");
  EXPECT_TRUE(*urix::equal(none, none));
  EXPECT_FALSE(*urix::equal(none, "a"));
}

// Over generated references and their mutations: normalization is idempotent, its output
// parses, and a reference equals its normal form.
TEST(NormalizeProperties, NormalizeIsIdempotent) {
  urix_test::uri_gen gen(6222);
  int checked = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string s = gen.uri_reference();
    if (i % 2 == 1) s = gen.mutate(s);
    const auto u = urix::parse_uri_reference(s);
    if (!u) continue;
    const std::string n = urix::normalize(*u);
    std::string appended = "before:";
    urix::normalize_append(appended, *u);
    ASSERT_EQ(appended, "before:" + n) << show(s);
    const auto un = urix::parse_uri_reference(n);
    ASSERT_TRUE(un) << show(s) << " -> " << show(n) << ": " << un.error();
    ASSERT_EQ(urix::normalize(*un), n) << show(s);
    ASSERT_TRUE(urix::equal(*u, *un)) << show(s);
    ++checked;
  }
  std::cout << "[properties] normalize: " << checked
            << " references idempotent and equal to their normal form\n";
  EXPECT_GT(checked, 2000);
}

// Normalizing a reference keeps its meaning: against any base it resolves (5.2.2) to the
// same target as before, compared in normal form. This checks what idempotence cannot: a
// normal form that reads as another reference (".//" as "/") is idempotent too. Left out, as
// docs/differences.md says: escaped dots, which 5.2 resolution takes as data, while
// normalization decodes "%2E" to a "." first (6.2.2.2, then 6.2.2.3); and, for references
// without a scheme, bases with a rootless path, against which 5.2.4 itself gives "a/../../x"
// (rule C leaves a '/': "foo:/x") and "../x" (rule A does not: "foo:x") different targets.
TEST(NormalizeProperties, NormalizeKeepsTheMeaning) {
  urix_test::uri_gen gen(3986);
  int checked = 0;
  for (int i = 0; i < 12000; ++i) {
    const std::string base = gen.absolute_uri();
    std::string ref = gen.uri_reference();
    if (i % 2 == 1) ref = gen.mutate(ref);
    const auto b = urix::parse_uri(base);
    ASSERT_TRUE(b) << show(base);
    const auto r = urix::parse_uri_reference(ref);
    if (!r || ascii_lower(ref).find("%2e") != std::string::npos) continue;
    if (!r->has_scheme() && !b->has_authority() && !b->path.starts_with('/')) continue;
    const std::string n = urix::normalize(*r);
    const auto rn = urix::parse_uri_reference(n);
    ASSERT_TRUE(rn) << show(ref) << " -> " << show(n);
    const auto normal = [&](std::string_view target) {
      const auto t = urix::parse_uri(target);
      EXPECT_TRUE(t) << show(target);
      return t ? urix::normalize(*t) : std::string();
    };
    const std::string before = normal(urix::resolve(*b, *r));
    const std::string after = normal(urix::resolve(*b, *rn));
    ASSERT_EQ(before, after) << show(base) << " + " << show(ref) << ", normalized " << show(n);
    ++checked;
  }
  std::cout << "[properties] normalize: " << checked
            << " references resolve as their normal form does\n";
  EXPECT_GT(checked, 5000);
}

// normalize copies a reference that is already in normal form (src/uri/normalize.h)
// instead of writing it: the copy is what the writer gives, for real URLs (nearly all of
// which take the copy), generated and mutated references, and each rule's cases. The forms
// from the text (which may copy) and from the view (which always writes) agree, as do equal's.
TEST(NormalizeProperties, CopiedFormIsTheWrittenForm) {
  std::size_t copied = 0, written = 0;
  const auto check = [&](const std::string& s) {
    for (const urix::syntax g : {urix::syntax::uri, urix::syntax::iri}) {
      urix::detail::text_facts facts;
      const auto u = urix::detail::parse(s, g, false, facts);
      if (!u) return;
      const std::string written_form = urix::normalize(*u);
      if (urix::detail::is_normal(*u, facts)) {
        ++copied;
        ASSERT_EQ(written_form, s) << show(s);
      } else {
        ++written;
      }
      ASSERT_EQ(*urix::normalize(s, g), written_form) << show(s);
      std::string appended = "x";
      ASSERT_TRUE(urix::normalize_append(appended, s, g));
      ASSERT_EQ(appended, "x" + written_form) << show(s);
    }
  };
  const std::vector<std::string> real = urix_test::real_urls();
  for (const std::string& line : real) check(line);
  EXPECT_GT(real.size(), 90000U);
  EXPECT_GT(copied, 2 * 90000U * 95 / 100) << "real URLs are nearly all in normal form";
  // Each rule that can make a form differ, by itself, on a reference that is normal otherwise.
  for (const char* s :
       {"HTTP://a/", "http://A/", "http://[::A]/", "http://a:80/", "http://a:080/", "http://a:/",
        "https://a:443/", "ftp://a:21/", "wss://a:443/", "http://a", "http://a?q", "http://a/%7e",
        "http://a/%2f", "http://a/?%41", "http://a/#%41", "http://u%41@a/", "http://%61/",
        "http://a/./b", "http://a/b/..", "http://a/../b", "http://a/.", "./a", "a/./b", "..",
        "a/..", "/.", "foo:a/../b"}) {
    const std::size_t before = copied;
    check(s);
    check(std::string(s) + "#f");
    EXPECT_EQ(copied, before) << show(s) << " was taken as normal";
  }
  for (const char* s : {"//a/.b", "/.well-known/x", "..a/b", "http://a/%2F"}) check(s);  // either way
  for (const char* s : {"http://a/", "foo://a", "http://a:8080/", "foo:", "a/b.c",
                        "/a..b/c.", "//a", "?q", "#f", "", "http://[::a]/", "mailto:a@B.c"}) {
    const std::size_t before = copied;
    check(s);
    EXPECT_EQ(copied, before + 2) << show(s) << " was written";
  }
  urix_test::uri_gen gen(1112);
  for (int i = 0; i < 20000; ++i) {
    const std::string s = gen.uri_reference();
    check(s);
    check(gen.mutate(s));
    const std::string other = i % 2 ? gen.mutate(s) : gen.uri_reference();
    const auto a = urix::parse_uri_reference(s), b = urix::parse_uri_reference(other);
    if (a && b) {
      ASSERT_EQ(*urix::equal(s, other), urix::equal(*a, *b)) << show(s) << " / " << show(other);
    }
  }
  std::cout << "[properties] normalize: " << copied << " forms copied and " << written
            << " written, each the writer's\n";
  EXPECT_GT(written, 10000U);
}

// RFC 3986 2.2: a '/' and its escape "%2F" are different data. Replacing a '/' of a
// generated path (after its first byte) with "%2F" never gives an equal reference, unless a
// ".." removes the segment that holds it ("/a/b/.." equals "/a%2Fb/..": both are "/").
bool has_dot_segment(std::string_view encoded_path) {
  const std::string path = *urix::normalize_escapes(encoded_path);  // "%2E" is "."
  for (auto seg : urix::segments_view(path))
    if (seg.encoded == "." || seg.encoded == "..") return true;
  return false;
}

TEST(NormalizeProperties, EscapedSlashIsNeverASlash) {
  urix_test::uri_gen gen(2022);
  int checked = 0;
  for (int i = 0; i < 2000; ++i) {
    const std::string s = gen.uri_reference();
    const auto u = urix::parse_uri_reference(s);
    ASSERT_TRUE(u) << show(s);
    const std::size_t path_at = static_cast<std::size_t>(u->path.data() - s.data());
    const std::size_t slash = u->path.find('/', 1);
    if (slash == std::string_view::npos || has_dot_segment(u->path)) continue;
    const std::string t = s.substr(0, path_at + slash) + "%2F" + s.substr(path_at + slash + 1);
    const auto v = urix::parse_uri_reference(t);
    if (!v) continue;  // "./a:b" -> ".%2Fa:b": a ':' in the first segment is not a reference
    ASSERT_FALSE(urix::equal(*u, *v)) << show(s) << " vs " << show(t);
    ++checked;
  }
  EXPECT_GT(checked, 300);
}

}  // namespace
