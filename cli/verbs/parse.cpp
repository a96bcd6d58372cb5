// urix parse (SPEC section 6): each URI-reference as one line of JSON, its components as
// written plus the decoded path segments and query parameters.
//
//   $ urix parse 'http://[::1]:8080/a%2Fb/c?q=1+2&flag#top'
//   {"scheme":"http","userinfo":null,"host":"[::1]","host_type":"ipv6","port":"8080",
//    "path":"/a%2Fb/c","query":"q=1+2&flag","fragment":"top","segments":["a/b","c"],
//    "params":[["q","1 2"],["flag",""]]}                                   (one line)
#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "whole_input.h"
#include "urix/uri.h"
#include "urix/utf8.h"

namespace urix::cli {
namespace {

// Keys in the order SPEC section 6 lists them.
using json = nlohmann::ordered_json;

// A component as written: null when absent, a string (possibly "") when present. The parser
// accepts only ASCII in a URI-reference (RFC 3986 Appendix A), so this is valid UTF-8.
json component(std::optional<std::string_view> c) {
  return c ? json(std::string(*c)) : json(nullptr);
}

// Decoded bytes need not be UTF-8 ("%FF"); JSON text must be, so show U+FFFD (SPEC 6).
json decoded(const std::string& bytes) { return json(utf8_replace_invalid(bytes)); }

json to_json(const uri_view& u) {
  json j;
  j["scheme"] = component(u.scheme);
  j["userinfo"] = component(u.userinfo);
  j["host"] = component(u.host);
  j["host_type"] =
      u.host_kind == host_type::none ? json(nullptr) : json(std::string(to_string(u.host_kind)));
  j["port"] = component(u.port);
  j["path"] = json(std::string(u.path));
  j["query"] = component(u.query);
  j["fragment"] = component(u.fragment);
  json segments = json::array();
  for (const path_segment s : u.segments()) segments.push_back(decoded(s.decode()));
  j["segments"] = std::move(segments);
  // A parameter without '=' has the value "", as Python's parse_qsl(keep_blank_values=True)
  // and the URL Standard's urlencoded parser give it.
  json params = json::array();
  for (const query_param p : u.params())
    params.push_back(json::array({decoded(p.decode_key()), decoded(p.decode_value())}));
  j["params"] = std::move(params);
  return j;
}

class parser final : public whole_input_processor {
  result<void> run(std::string_view in, output& out) override {
    auto u = parse_uri_reference(in);
    if (!u) return u.error();
    out.write(to_json(*u).dump());
    return {};
  }
};

processor_factory declare(CLI::App&) {
  return []() -> std::unique_ptr<processor> { return std::make_unique<parser>(); };
}

}  // namespace

const verb parse_verb{"parse", "Split URI references into their components, as JSON", {}, declare};

}  // namespace urix::cli
