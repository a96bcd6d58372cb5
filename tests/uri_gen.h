// SPDX-License-Identifier: Apache-2.0 OR MIT
// tests/uri_gen.h: seeded random URI references for the URI layer's property tests.
//
// gen_uri_reference() follows the grammar of RFC 3986 4.1, choosing each component from
// pieces that exercise the rules (mixed case, escapes of unreserved and reserved characters,
// dot-segments, every host form, ports with leading zeros), so every string it makes must
// parse. mutate() then inserts, deletes or replaces a byte: the result may or may not parse,
// and the properties must hold whenever it does.
#pragma once

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace urix_test {

class uri_gen {
 public:
  explicit uri_gen(unsigned seed) : rng_(seed) {}

  /// A random URI-reference; always valid RFC 3986 syntax.
  std::string uri_reference() {
    std::string s;
    const bool scheme = coin(0.7);
    const bool authority = coin(0.6);
    if (scheme)
      s += pick({"http", "HTTP", "https", "hTTpS", "ftp", "ws", "wss", "foo", "a+b.c-d", "urn"}) +
           ":";
    if (authority) {
      s += "//";
      if (coin(0.2)) s += text({"user", "%7Euser", "a:b", "%41", "%3a", "", "x;y"}) + "@";
      s += host();
      // (s += ':') += x, not s += ":" + x: the same string, without GCC 12's -O3 -Wrestrict
      // false positive in operator+(const char*, std::string&&).
      if (coin(0.3)) (s += ':') += pick({"", "80", "080", "443", "21", "8080", "0"});
    }
    s += path(scheme, authority);
    if (coin(0.3)) (s += '?') += text({"a=1", "b=%2B+c", "%7e", "&", "x/y?z", "%3D", "", "A=%41"});
    if (coin(0.2)) (s += '#') += text({"top", "%7E", "a/./b", "?", "", "%2f"});
    return s;
  }

  /// An absolute URI (with a scheme), for resolution bases.
  std::string absolute_uri() {
    std::string s;
    do s = uri_reference();
    while (!has_scheme(s));
    return s;
  }

  /// One random edit of `s`: insert, delete or replace a byte.
  std::string mutate(std::string s) {
    static constexpr std::string_view bytes = "%:/?#[]@!$&'()*+,;=.-_~ aZ09\x7f\x80\xc3\xa9";
    const std::size_t pos = s.empty() ? 0 : below(s.size());
    const char b = bytes[below(bytes.size())];
    switch (below(3)) {
      case 0: s.insert(s.begin() + static_cast<std::ptrdiff_t>(pos), b); break;
      case 1:
        if (!s.empty()) s.erase(pos, 1);
        break;
      default:
        if (!s.empty()) s[pos] = b;
        break;
    }
    return s;
  }

 private:
  static bool has_scheme(std::string_view s) {
    const auto colon = s.find(':');
    return colon != std::string_view::npos && s.find_first_of("/?#") > colon;
  }
  bool coin(double p) { return std::bernoulli_distribution(p)(rng_); }
  std::size_t below(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
  }
  std::string pick(std::initializer_list<const char*> options) {
    return *(options.begin() + static_cast<std::ptrdiff_t>(below(options.size())));
  }
  // One to three pieces joined: components built from valid fragments stay valid.
  std::string text(std::initializer_list<const char*> pieces) {
    std::string s;
    for (std::size_t n = 1 + below(3); n > 0; --n) s += pick(pieces);
    return s;
  }
  std::string host() {
    switch (below(5)) {
      case 0: return pick({"192.0.2.1", "0.0.0.0", "255.255.255.255", "1.2.3.04"});
      case 1:
        return pick(
            {"[::1]", "[2001:DB8::A]", "[::ffff:192.0.2.1]", "[1:2:3:4:5:6:7:8]", "[fe80::]"});
      case 2: return pick({"[v7.abc]", "[VF.A:b]"});
      default: return text({"Example", "COM", ".", "%7E", "%2e", "%C3%A9", "a-b", "", "%2F", "x!"});
    }
  }
  // path-abempty after an authority; otherwise path-absolute / -rootless / -noscheme / -empty.
  std::string path(bool scheme, bool authority) {
    static const std::initializer_list<const char*> segments = {
        ".", "..", "%2E", "%2e%2E", "a", "B", "%7e", "%2F", "", "x:y", "c%3Ad", "@", "~"};
    std::vector<std::string> segs;
    for (std::size_t n = below(6); n > 0; --n) segs.push_back(pick(segments));
    const bool rooted = authority || coin(0.5);
    std::string s;
    for (std::size_t i = 0; i < segs.size(); ++i) {
      if (i > 0 || rooted) s += '/';
      s += segs[i];
    }
    if (!authority && s.starts_with("//")) s.insert(0, "/.");  // not an authority
    if (!scheme && !authority && !rooted) {
      // path-noscheme: no ':' before the first '/'.
      const auto first = s.substr(0, s.find('/'));
      if (first.find(':') != std::string::npos || (s.starts_with('/'))) s.insert(0, "./");
    }
    return s;
  }

  std::mt19937 rng_;
};

}  // namespace urix_test
