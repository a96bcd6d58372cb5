// SPDX-License-Identifier: Apache-2.0 OR MIT
// The URL Standard's mode (urix/url.h) against the web-platform-tests data, every case:
// urltestdata.json (the parser, with and without a base, failures included), setters_tests.json
// (the URL API's setters), toascii.json and IdnaTestV2.json (hosts through domain to ASCII, as
// WPT's toascii.window.js and IdnaTestV2.window.js run them: new URL("https://" + input + "/x")
// and the host and hostname setters), percent-encoding.json (its utf-8 column, as WPT's
// percent-encoding.window.js reads it: the query and the fragment of a URL).
//
// Every case runs. The few that fail only because ICU's Unicode data is older than the tests'
// are listed in tests/data/url_known_failures.txt, with the reason; the list must match the
// failures exactly, so a listed case that starts passing fails the test too.
#include "urix/url.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_util.h"

namespace {

using nlohmann::json;

std::string str(const json& j, const char* key) { return urix_test::restore_lone_surrogates(j.at(key).get<std::string>()); }

// The known failures: KEY<TAB>REASON<TAB>NOTE per line, '#' comments.
std::map<std::string, std::string> known_failures() {
  std::ifstream file(URIX_URL_KNOWN_FAILURES);
  std::map<std::string, std::string> out;
  std::string line;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto tab = line.find('\t');
    out[line.substr(0, tab)] = tab == std::string::npos ? "" : line.substr(tab + 1);
  }
  return out;
}

// One suite's results: passes are counted, failures kept with what went wrong, and compared
// with the known failures of this suite's file.
class suite {
 public:
  suite(std::string file) : file_(std::move(file)) {}
  void record(const std::string& key, bool ok, const std::string& what) {
    ++total_;
    if (ok) {
      ++passed_;
    } else {
      failed_[key] = what;
    }
  }
  void check() {
    std::cout << "[ wpt      ] " << file_ << ": " << passed_ << "/" << total_ << " pass, "
              << failed_.size() << " fail\n";
    const auto known = known_failures();
    for (const auto& [key, what] : failed_) {
      EXPECT_TRUE(known.count(key) != 0) << key << ": " << what;
    }
    for (const auto& [key, reason] : known) {
      if (key.rfind(file_ + ":", 0) != 0) continue;
      EXPECT_TRUE(failed_.count(key) != 0)
          << key << " is listed as a known failure (" << reason << ") but passes: remove its line";
    }
    EXPECT_GT(total_, 0);
  }

 private:
  std::string file_;
  int total_ = 0, passed_ = 0;
  std::map<std::string, std::string> failed_;
};

std::string show(const urix::url& u) { return std::string(u.href()); }

// The attributes a case may give, and the url's.
const char* const attributes[] = {"href", "protocol", "username", "password", "host", "hostname",
                                  "port", "pathname", "search", "hash", "origin"};

std::string attribute(const urix::url& u, std::string_view name) {
  if (name == "href") return std::string(u.href());
  if (name == "protocol") return std::string(u.protocol());
  if (name == "username") return std::string(u.username());
  if (name == "password") return std::string(u.password());
  if (name == "host") return std::string(u.host());
  if (name == "hostname") return std::string(u.hostname());
  if (name == "port") return std::string(u.port());
  if (name == "pathname") return std::string(u.pathname());
  if (name == "search") return std::string(u.search());
  if (name == "hash") return std::string(u.hash());
  if (name == "origin") return u.origin();
  throw std::invalid_argument("no attribute " + std::string(name));
}

// Compares every attribute the case gives; "" when all agree, else what differs.
std::string differences(const urix::url& u, const json& want) {
  std::string out;
  for (const char* name : attributes) {
    if (!want.contains(name)) continue;
    const std::string expected = str(want, name);
    const std::string got = attribute(u, name);
    if (got != expected) out += std::string(name) + "=" + got + " (want " + expected + ") ";
  }
  return out;
}

TEST(UrlWpt, UrlTestData) {
  const std::string file = "wpt/urltestdata.json";
  suite s(file);
  int index = 0;
  for (const auto& t : urix_test::load_json_with_lone_surrogates(file)) {
    if (!t.is_object()) continue;
    const std::string key = file + ":" + std::to_string(index++);
    const std::string input = str(t, "input");
    const bool want_failure = t.value("failure", false);
    std::string what = input;
    bool ok = false;
    urix::result<urix::url> base = urix::url{};
    if (!t.at("base").is_null()) base = urix::parse_url(str(t, "base"));
    if (!base) {
      // A base that fails makes the case a failure (new URL(input, base) throws).
      ok = want_failure;
      what += ": the base fails";
    } else {
      const urix_test::heap_bytes exact(input);  // nothing readable past its end
      const urix::url* b = t.at("base").is_null() ? nullptr : &*base;
      auto r = urix::parse_url(exact.view(), b);
      if (want_failure) {
        ok = !r && !urix::can_parse_url(input, b);
        if (r) what += " -> " + show(*r) + ", want failure";
      } else if (!r) {
        what += " -> failure at " + std::to_string(r.error().offset);
      } else {
        const std::string diff = differences(*r, t);
        ok = diff.empty() && urix::can_parse_url(input, b);
        what += " -> " + diff;
      }
      // With validation errors collected: the same result; a failure's last error is the
      // fatal one, at the result's offset; a URL that parses has only warnings.
      std::vector<urix::url_validation_error> errors;
      auto with = urix::parse_url(exact.view(), b, errors);
      bool same = static_cast<bool>(with) == static_cast<bool>(r);
      if (same && with) same = with->href() == r->href();
      if (same && !with) {
        same = !errors.empty() && errors.back().fatal && errors.back().offset == with.error().offset &&
               with.error() == r.error();
      }
      for (std::size_t i = 0; same && i < errors.size(); ++i) {
        same = (errors[i].fatal == (!with && i + 1 == errors.size())) && errors[i].offset <= input.size();
      }
      if (!same) {
        ok = false;
        what += " (the validation errors disagree with the result)";
      }
      // parse_url_href: the same href (or the same error), the input itself or the scratch's.
      urix::url scratch;
      auto href = urix::parse_url_href(exact.view(), scratch, b);
      const bool href_agrees = r ? href && *href == r->href() &&
                                       (href->data() == exact.view().data() || href->data() == scratch.href().data())
                                 : !href && href.error() == r.error();
      if (!href_agrees) {
        ok = false;
        what += " (parse_url_href disagrees with parse_url)";
      }
    }
    s.record(key, ok, what);
  }
  s.check();
}

// toascii.json and IdnaTestV2.json: through the URL parser and the host/hostname setters.
void run_host_file(const std::string& file, bool setters) {
  suite s(file);
  int index = 0;
  for (const auto& t : urix_test::load_json_with_lone_surrogates(file)) {
    if (!t.is_object()) continue;
    const std::string key = file + ":" + std::to_string(index++);
    const std::string input = str(t, "input");
    if (input.empty()) {
      // IdnaTestV2.window.js skips it ("cannot test empty string input through new URL()").
      // Through the URL API, an empty host in a special URL is host-missing: the hostname
      // setter rejects it and the URL keeps its host.
      auto u = urix::parse_url("https://x/x");
      const bool rejected = !u->set_hostname(input) && u->hostname() == "x";
      s.record(key, rejected, "the empty host: set_hostname(\"\") -> " + std::string(u->hostname()));
      continue;
    }
    const bool want_failure = t.at("output").is_null();
    const std::string output = want_failure ? "" : str(t, "output");
    std::string what = input;
    bool ok = true;
    auto r = urix::parse_url("https://" + input + "/x");
    if (want_failure) {
      if (r) {
        ok = false;
        what += " -> " + show(*r) + ", want failure";
      }
    } else if (!r) {
      ok = false;
      what += " -> failure, want " + output;
    } else if (r->host() != output || r->hostname() != output || r->pathname() != "/x" ||
               r->href() != "https://" + output + "/x") {
      ok = false;
      what += " -> " + show(*r) + ", want host " + output;
    }
    if (setters) {
      for (int which = 0; which < 2; ++which) {
        auto u = urix::parse_url("https://x/x");
        const bool applied = which == 0 ? u->set_host(input) : u->set_hostname(input);
        const std::string got(which == 0 ? u->host() : u->hostname());
        const std::string want = want_failure ? "x" : output;
        if (got != want) {
          ok = false;
          what += std::string(which == 0 ? " set_host" : " set_hostname") + " -> " + got + ", want " + want;
        }
        if (want_failure && applied) {
          ok = false;
          what += " (the setter says it applied a rejected value)";
        }
      }
    }
    s.record(key, ok, what);
  }
  s.check();
}

TEST(UrlWpt, ToAscii) { run_host_file("wpt/toascii.json", true); }
TEST(UrlWpt, IdnaTestV2) { run_host_file("wpt/IdnaTestV2.json", false); }

// percent-encoding.json, its utf-8 column: "https://doesnotmatter.invalid/?" input "#" input.
TEST(UrlWpt, PercentEncoding) {
  const std::string file = "wpt/percent-encoding.json";
  suite s(file);
  int index = 0;
  for (const auto& t : urix_test::load_json_with_lone_surrogates(file)) {
    if (!t.is_object()) continue;
    const std::string key = file + ":" + std::to_string(index++);
    const std::string input = str(t, "input");
    const std::string want = urix_test::restore_lone_surrogates(t.at("output").at("utf-8").get<std::string>());
    auto r = urix::parse_url("https://doesnotmatter.invalid/?" + input + "#" + input);
    const bool ok = r && r->search() == "?" + want && r->hash() == "#" + want;
    s.record(key, ok, input + " -> " + (r ? show(*r) : std::string("failure")));
  }
  s.check();
}

// setters_tests.json: each setter on each href, then every expected attribute.
TEST(UrlWpt, Setters) {
  const std::string file = "wpt/setters_tests.json";
  suite s(file);
  const json data = urix_test::load_json_with_lone_surrogates(file);
  int index = 0;
  for (const auto& [setter, cases] : data.items()) {
    if (setter == "comment") continue;
    for (const auto& t : cases) {
      const std::string key = file + ":" + std::to_string(index++);
      const std::string href = str(t, "href");
      const std::string value = str(t, "new_value");
      auto u = urix::parse_url(href);
      std::string what = setter + "(" + value + ") on " + href;
      if (!u) {
        s.record(key, false, what + ": the href fails");
        continue;
      }
      const std::string before(u->href());
      bool applied = false;
      if (setter == "protocol") applied = u->set_protocol(value);
      else if (setter == "username") applied = u->set_username(value);
      else if (setter == "password") applied = u->set_password(value);
      else if (setter == "host") applied = u->set_host(value);
      else if (setter == "hostname") applied = u->set_hostname(value);
      else if (setter == "port") applied = u->set_port(value);
      else if (setter == "pathname") applied = u->set_pathname(value);
      else if (setter == "search") applied = u->set_search(value);
      else if (setter == "hash") applied = u->set_hash(value);
      else if (setter == "href") applied = u->set_href(value);
      const std::string diff = differences(*u, t.at("expected"));
      bool ok = diff.empty();
      what += " -> " + diff;
      // A setter that says it did nothing left the URL as it was.
      if (!applied && u->href() != before) {
        ok = false;
        what += " (returned false but changed the URL)";
      }
      s.record(key, ok, what);
    }
  }
  s.check();
}

}  // namespace
