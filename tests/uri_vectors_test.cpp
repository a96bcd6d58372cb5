// SPDX-License-Identifier: Apache-2.0 OR MIT
// Peer vectors for the URI layer: uriparser's (4Suite's) and CPython's urllib.parse test
// data from ../shared/testdata/peers. A vector passes when urix gives the peer's answer. Where
// the peer is not strict RFC 3986, urix must give the strict answer instead, and the case is
// counted as a documented difference (docs/differences.md, "URIs") under the rule that
// explains it. Each test prints its counts; any other disagreement fails.
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <string>

#include "test_util.h"
#include "urix/normalize.h"
#include "urix/resolve.h"
#include "urix/uri.h"
#include "urix/utf8.h"

namespace {

using nlohmann::json;
using urix_test::load_json;
using urix_test::show;

/// Counts of one vector file section: passes and documented differences by reason.
class tally {
 public:
  explicit tally(std::string name) : name_(std::move(name)) {}
  tally(const tally&) = delete;
  tally& operator=(const tally&) = delete;
  ~tally() {
    std::cout << "[vectors] " << name_ << ": " << pass_ << " pass";
    int documented = 0;
    for (const auto& [reason, n] : documented_) documented += n;
    std::cout << ", " << documented << " documented difference" << (documented == 1 ? "" : "s");
    if (failed_ != 0) std::cout << ", " << failed_ << " FAILED";
    std::cout << "\n";
    for (const auto& [reason, n] : documented_) std::cout << "    " << n << " x " << reason << "\n";
  }
  void pass() { ++pass_; }
  void documented(const std::string& reason) { ++documented_[reason]; }
  void fail() { ++failed_; }
  [[nodiscard]] int total() const {
    int n = pass_ + failed_;
    for (const auto& [reason, k] : documented_) n += k;
    return n;
  }

 private:
  std::string name_;
  int pass_ = 0;
  int failed_ = 0;
  std::map<std::string, int> documented_;
};

const json& uriparser() {
  static const json data = load_json("peers/uriparser_vectors.json");
  return data;
}
const json& python() {
  static const json data = load_json("peers/python_urllib_vectors.json");
  return data;
}

std::string opt(const std::optional<std::string_view>& v) {
  return v ? std::string(*v) : "<absent>";
}

// ---- uriparser -------------------------------------------------------------------------------

// RFC 3986 4.1 URI-reference syntax. Validity must always agree; the error offset too, except
// where urix's documented error-position rules differ from uriparser's.
TEST(UriparserVectors, Parse) {
  tally t("uriparser parse");
  for (const auto& c : uriparser()["parse"]["cases"]) {
    const auto input = c["input"].get<std::string>();
    const bool valid = c["valid"].get<bool>();
    const auto r = urix::parse_uri_reference(input);
    SCOPED_TRACE(show(input));
    if (r.has_value() != valid) {
      ADD_FAILURE() << "validity: peer says " << valid;
      t.fail();
      continue;
    }
    if (valid || !c.contains("error_offset")) {
      if (valid) {
        EXPECT_EQ(urix::recompose(*r), input);  // 5.3 gives the input back
      }
      t.pass();
      continue;
    }
    const auto peer = c["error_offset"].get<std::size_t>();
    const urix::error e = r.error();
    if (e.offset == peer) {
      t.pass();
    } else if ((e.code == urix::errc::incomplete_escape || e.code == urix::errc::bad_escape_hex) &&
               input[e.offset] == '%') {
      t.documented("malformed escape reported at its '%' (uriparser: at the bad or missing digit)");
    } else if (e.code == urix::errc::bad_port && peer > e.offset) {
      t.documented(
          "bad port reported at its first non-digit (uriparser: at the end of the authority)");
    } else {
      ADD_FAILURE() << "error " << e << ", peer offset " << peer;
      t.fail();
    }
  }
  EXPECT_EQ(t.total(), 119);
}

// RFC 3986 3.2.2 IPv4address and IPv6address, alone and inside a URI.
TEST(UriparserVectors, IpLiterals) {
  tally t("uriparser ip_literals");
  for (const auto& c : uriparser()["ip_literals"]["cases"]) {
    const auto input = c["input"].get<std::string>();
    const bool valid = c["valid"].get<bool>();
    SCOPED_TRACE(show(input));
    bool ok = true;
    if (c["kind"] == "IPv4address") {
      ok &= urix::is_ipv4address(input) == valid;
      const std::string text = "//" + input + "/";
      const auto u = urix::parse_uri_reference(text);
      ok &= u.has_value() && (u->host_kind == urix::host_type::ipv4) == valid;
    } else {
      ok &= urix::check_ipv6address(input).has_value() == valid;
      const std::string text = "http://[" + input + "]:80/";
      const auto u = urix::parse_uri_reference(text);
      ok &= u.has_value() == valid;
      if (u) ok &= u->host_kind == urix::host_type::ipv6;
      if (!u) ok &= u.error().code == urix::errc::bad_ip_literal && u.error().offset >= 8;
    }
    EXPECT_TRUE(ok) << "peer says valid=" << valid;
    ok ? t.pass() : t.fail();
  }
  EXPECT_EQ(t.total(), 99);
}

// RFC 3986 5.3: parsing then recomposing gives the input byte for byte.
TEST(UriparserVectors, ToStringRoundtrip) {
  tally t("uriparser to_string_roundtrip");
  for (const auto& c : uriparser()["to_string_roundtrip"]["cases"]) {
    const auto input = c.get<std::string>();
    const auto u = urix::parse_uri_reference(input);
    const bool ok = u && urix::recompose(*u) == input;
    EXPECT_TRUE(ok) << show(input);
    ok ? t.pass() : t.fail();
  }
  EXPECT_EQ(t.total(), 44);
}

// RFC 3986 5.2 strict resolution.
TEST(UriparserVectors, Resolve) {
  tally t("uriparser resolve");
  for (const auto& c : uriparser()["resolve"]["cases"]) {
    const auto base = c["base"].get<std::string>();
    const auto ref = c["reference"].get<std::string>();
    const auto expected = c["expected"].get<std::string>();
    SCOPED_TRACE(show(base) + " + " + show(ref));
    const auto r = urix::resolve(base, ref);
    ASSERT_TRUE(r) << r.error();
    if (*r == expected) {
      t.pass();
    } else if (!c["agrees_with_rfc3986_strict"].get<bool>() && *r == c["rfc3986_strict"]) {
      t.documented("peer is not strict RFC 3986 5.2 (rootless base paths)");
    } else if (c.value("backward_compat_same_scheme", false) &&
               urix::parse_uri_reference(ref)->has_scheme() && *r == ref) {
      t.documented(
          "peer's backward-compatible mode (5.2.2 'if R.scheme == Base.scheme'); urix is strict");
    } else {
      ADD_FAILURE() << "got " << show(*r) << ", peer " << show(expected);
      t.fail();
    }
  }
  EXPECT_EQ(t.total(), 242);
}

// RFC 3986 6.2.2 / 6.2.3 normalization. uriparser's masks ("components": "host", ...)
// normalize one component only: the test compares that component of both results.
TEST(UriparserVectors, Normalize) {
  tally t("uriparser normalize");
  for (const auto& c : uriparser()["normalize"]["cases"]) {
    const auto input = c["input"].get<std::string>();
    const auto expected = c["expected"].get<std::string>();
    const auto which = c["components"].get<std::string>();
    SCOPED_TRACE(show(input) + " (" + which + ")");
    const auto n = urix::normalize(input);
    ASSERT_TRUE(n) << n.error();
    const auto ours = urix::parse_uri_reference(*n);
    const auto peer = urix::parse_uri_reference(expected);
    ASSERT_TRUE(ours && peer);
    const std::map<std::string, std::pair<std::string, std::string>> parts = {
        {"scheme", {opt(ours->scheme), opt(peer->scheme)}},
        {"userinfo", {opt(ours->userinfo), opt(peer->userinfo)}},
        {"host", {opt(ours->host), opt(peer->host)}},
        {"port", {opt(ours->port), opt(peer->port)}},
        {"path", {std::string(ours->path), std::string(peer->path)}},
        {"query", {opt(ours->query), opt(peer->query)}},
        {"fragment", {opt(ours->fragment), opt(peer->fragment)}},
    };
    const bool http_family = ours->scheme && (*ours->scheme == "http" || *ours->scheme == "https");
    bool all_same = true;
    std::string differing;
    for (const auto& [name, values] : parts) {
      if ((which == "all" || which == name) && values.first != values.second) {
        all_same = false;
        differing = name;
      }
    }
    if (all_same) {
      t.pass();
    } else if (differing == "path" && parts.at("path").first == "./" &&
               parts.at("path").second.empty()) {
      t.documented(
          "relative path emptied by dot-segments is './' (uriparser: '', which means the base "
          "document)");
    } else if (differing == "path" && http_family && peer->path.empty() && ours->path == "/" &&
               ours->has_authority()) {
      t.documented(
          "6.2.3 scheme-based: empty http(s) path written '/' (uriparser: syntax-based only)");
    } else if (differing == "port" && (!ours->port || ours->port->starts_with('0'))) {
      t.documented(
          "port: default dropped for http-family, leading zeros kept (uriparser strips them)");
    } else {
      ADD_FAILURE() << differing << ": got " << show(*n) << ", peer " << show(expected);
      t.fail();
    }
  }
  EXPECT_EQ(t.total(), 56);
}

// ---- CPython urllib.parse ----------------------------------------------------------------------

TEST(PythonVectors, Urljoin) {
  tally t("python urljoin");
  for (const auto& c : python()["urljoin"]["cases"]) {
    const auto base = c["base"].get<std::string>();
    const auto ref = c["reference"].get<std::string>();
    const auto expected = c["expected"].get<std::string>();
    SCOPED_TRACE(show(base) + " + " + show(ref));
    const auto r = urix::resolve(base, ref);
    if (!r) {
      // RFC 3986 5.2.1 requires an absolute base URI; Python accepts any string.
      EXPECT_EQ(r.error(), (urix::error{urix::errc::missing_scheme, 0}));
      r.error().code == urix::errc::missing_scheme
          ? t.documented("base without a scheme is an error (5.2.1)")
          : t.fail();
      continue;
    }
    if (*r == expected) {
      t.pass();
    } else if (!c["agrees_with_rfc3986_strict"].get<bool>() && *r == c["rfc3986_strict"]) {
      const bool same_scheme =
          urix::parse_uri_reference(ref)->scheme == urix::parse_uri_reference(base)->scheme;
      t.documented(same_scheme
                       ? "Python is non-strict: 'http:g' against an http base is relative"
                       : "Python keeps the base fragment for an empty reference (RFC 1808)");
    } else {
      ADD_FAILURE() << "got " << show(*r) << ", Python " << show(expected);
      t.fail();
    }
  }
  EXPECT_EQ(t.total(), 151);
}

// urlsplit's five parts, with Python's "" for an absent component, and urlunsplit.
TEST(PythonVectors, Urlsplit) {
  tally parts("python urlsplit (components)");
  tally unsplit("python urlsplit (urlunsplit round trip)");
  for (const auto& c : python()["urlsplit"]["cases"]) {
    const auto input = c["input"].get<std::string>();
    SCOPED_TRACE(show(input));
    const auto u = urix::parse_uri_reference(input);
    if (!u) {
      // Python reads a first segment with ':' after a non-scheme as a path; RFC 3986 4.2
      // forbids that (path-noscheme), so urix rejects it with bad_scheme.
      if (u.error().code == urix::errc::bad_scheme) {
        parts.documented("invalid scheme before ':' rejected (Python: whole input is a path)");
        unsplit.documented("invalid scheme before ':' rejected (Python: whole input is a path)");
      } else {
        ADD_FAILURE() << u.error();
        parts.fail();
        unsplit.fail();
      }
      continue;
    }
    const auto& py = c["urlsplit"];
    const bool same = py[0] == std::string(u->scheme.value_or("")) &&
                      py[1] == std::string(u->authority.value_or("")) &&
                      py[2] == std::string(u->path) &&
                      py[3] == std::string(u->query.value_or("")) &&
                      py[4] == std::string(u->fragment.value_or(""));
    EXPECT_TRUE(same) << py.dump();
    same ? parts.pass() : parts.fail();
    const std::string ours = urix::recompose(*u);
    EXPECT_EQ(ours, input);  // RFC 3986 5.3: byte for byte
    if (ours == c["unsplit"]) {
      unsplit.pass();
    } else if (ours == input) {
      unsplit.documented(
          "recompose keeps the input (Python drops an empty '//' or adds one for http/file)");
    } else {
      unsplit.fail();
    }
  }
  EXPECT_EQ(parts.total(), 37);
}

TEST(PythonVectors, Fragments) {
  tally t("python fragments");
  for (const auto& c : python()["fragments"]["cases"]) {
    const auto input = c["input"].get<std::string>();  // the views point into it
    const auto u = urix::parse_uri_reference(input);
    const bool ok = u && u->fragment && *u->fragment == c["fragment"].get<std::string>();
    EXPECT_TRUE(ok) << c.dump();
    ok ? t.pass() : t.fail();
  }
}

TEST(PythonVectors, UnsplitIdentity) {
  tally t("python unsplit_identity");
  for (const auto& c : python()["unsplit_identity"]["cases"]) {
    const auto input = c.get<std::string>();
    const auto u = urix::parse_uri_reference(input);
    const bool ok = u && urix::recompose(*u) == input;
    EXPECT_TRUE(ok) << show(input);
    ok ? t.pass() : t.fail();
  }
}

// RFC 2732 / RFC 3986 3.2.2: host and port of IP literals (Python lowercases the hostname and
// strips the brackets; an empty port is None).
TEST(PythonVectors, HostPort) {
  tally t("python host_port");
  for (const auto& c : python()["host_port"]["cases"]) {
    const auto input = c["input"].get<std::string>();  // the views point into it
    const auto u = urix::parse_uri_reference(input);
    ASSERT_TRUE(u) << c.dump();
    std::string host(*u->host);
    if (host.starts_with('[')) host = host.substr(1, host.size() - 2);
    for (char& ch : host) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const json port =
        (u->port && !u->port->empty()) ? json(std::stoi(std::string(*u->port))) : json();
    const bool ok = host == c["hostname"] && port == c["port"];
    EXPECT_TRUE(ok) << c.dump();
    ok ? t.pass() : t.fail();
  }
}

// Malformed IP-literal brackets: rejected by Python and by RFC 3986 3.2.2 alike.
TEST(PythonVectors, InvalidUrls) {
  tally t("python invalid_urls");
  for (const auto& c : python()["invalid_urls"]["cases"]) {
    const auto input = c.get<std::string>();
    const auto u = urix::parse_uri_reference(input);
    EXPECT_FALSE(u) << c.dump();
    u ? t.fail() : t.pass();
  }
}

// Bracketed hosts Python accepts: an IPvFuture (valid RFC 3986 3.2.2) and IPv6 zone IDs
// ("%test", an RFC 6874-like form without its "%25"), which RFC 3986 has no syntax for.
TEST(PythonVectors, BracketedHostsOk) {
  tally t("python bracketed_hosts_ok");
  for (const auto& c : python()["bracketed_hosts_ok"]["cases"]) {
    const auto input = c["input"].get<std::string>();
    const auto u = urix::parse_uri_reference(input);
    const auto host = c["hostname"].get<std::string>();
    if (u) {
      const bool user_ok =
          c["username"].is_null() ? !u->userinfo : u->userinfo == c["username"].get<std::string>();
      const bool ok = user_ok && u->host == "[" + host + "]";
      EXPECT_TRUE(ok) << c.dump();
      ok ? t.pass() : t.fail();
    } else if (u.error().code == urix::errc::bad_ip_literal &&
               u.error().offset == input.find('%')) {
      t.documented("IPv6 zone ID rejected (not in RFC 3986 3.2.2), reported at its '%'");
    } else {
      ADD_FAILURE() << c.dump() << ": " << u.error();
      t.fail();
    }
  }
  EXPECT_EQ(t.total(), 4);
}

// params_view against parse_qsl(keep_blank_values=True): split on '&', then the first '=',
// then decode with '+' as space. Text that is not UTF-8 is compared after U+FFFD repair,
// as Python decodes it; bytes mode compares the bytes.
TEST(PythonVectors, ParseQsl) {
  tally t("python parse_qsl");
  auto bytes = [](const json& j) {
    return j.is_object() ? urix_test::unhex(j["bytes_hex"].get<std::string>())
                         : j.get<std::string>();
  };
  for (const auto& c : python()["parse_qsl"]["cases"]) {
    if (c.contains("separator")) {
      t.documented("custom separator (';') not offered: SPEC section 6 splits on '&' only");
      continue;
    }
    const std::string query = bytes(c["query"]);
    const bool bytes_mode = c.value("bytes_mode", false);
    json got = json::array();
    for (const auto& p : urix::params_view(query)) {
      std::string k = p.decode_key(), v = p.decode_value();
      if (!bytes_mode) {
        k = urix::utf8_replace_invalid(k);
        v = urix::utf8_replace_invalid(v);
      }
      got.push_back({k, v});
    }
    json want = json::array();
    for (const auto& kv : c["expected"]) want.push_back({bytes(kv[0]), bytes(kv[1])});
    const bool ok = got == want;
    EXPECT_TRUE(ok) << c.dump() << " got " << got.dump();
    ok ? t.pass() : t.fail();
  }
}

}  // namespace
