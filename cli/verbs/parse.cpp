// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix parse (SPEC section 6): each URI-reference as one line of JSON, its components as
// written plus the decoded path segments and query parameters.
//
//   $ urix parse 'http://[::1]:8080/a%2Fb/c?q=1+2&flag#top'
//   {"scheme":"http","userinfo":null,"host":"[::1]","host_type":"ipv6","port":"8080",
//    "path":"/a%2Fb/c","query":"q=1+2&flag","fragment":"top","segments":["a/b","c"],
//    "params":[["q","1 2"],["flag",""]]}                                   (one line)
//
// --iri parses IRI references instead (RFC 3987 2.2): UTF-8 where the grammar allows it.
#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "../json_writer.h"
#include "../output.h"
#include "swar.h"  // urix_bytes
#include "urix/config.h"
#include "urix/uri.h"
#include "urix/utf8.h"
#include "whole_input.h"
#if URIX_HAVE_IDNA
#include "whatwg.h"
#endif

namespace urix::cli {
namespace {

// The JSON is written as it is produced, keys in the order SPEC section 6 lists them, so the
// memory a line takes is the line and its output (docs/cli.md states the bound).
class parser final : public whole_input_processor {
 public:
  explicit parser(syntax grammar) : whole_input_processor(true), grammar_(grammar) {
    decides_before_output = true;  // the JSON is written only for a reference parsed whole
  }

 private:
  result<void> run(std::string_view in, output& stream) override {
    auto u = parse_uri_reference(in, grammar_);
    if (!u) return u.error();
    output_cursor out(stream);  // commits the record when run returns
    // The keys and punctuation are literals, and the components need no escape (see field).
    field(out, "{\"scheme\":", u->scheme);
    field(out, ",\"userinfo\":", u->userinfo);
    field(out, ",\"host\":", u->host);
    field(out, ",\"host_type\":",
          u->host_kind == host_type::none
              ? std::nullopt
              : std::optional<std::string_view>(to_string(u->host_kind)));
    field(out, ",\"port\":", u->port);
    field(out, ",\"path\":", u->path);
    field(out, ",\"query\":", u->query);
    field(out, ",\"fragment\":", u->fragment);
    // A segment or parameter with nothing to decode is its text as parsed, which needs no
    // escape: one search of the path (the query) for escapes ('+' too in a parameter) saves a
    // decode call and an escape test per piece.
    out.write_literal(",\"segments\":[");
    const bool path_escaped = u->path.find('%') != std::string_view::npos;  // a memchr
    bool first = true;
    for (const path_segment s : u->segments()) {
      if (!std::exchange(first, false)) out.put(',');
      if (path_escaped) {
        write_decoded(out, s.encoded, s.decode(bytes_));
      } else {
        write_json_plain_string(out, s.encoded);
      }
    }
    // A parameter without '=' has the value "", as Python's parse_qsl(keep_blank_values=True)
    // and the URL Standard's urlencoded parser give it.
    out.write_literal("],\"params\":[");
    const bool query_escaped = detail::contains_either(u->query.value_or(""), '%', '+');
    first = true;
    for (const query_param p : u->params()) {
      if (!std::exchange(first, false)) out.put(',');
      out.put('[');
      if (query_escaped) {
        write_decoded(out, p.key, p.decode_key(bytes_));
        out.put(',');
        write_decoded(out, p.value.value_or(""), p.decode_value(bytes_));
      } else {
        write_json_plain_string(out, p.key);
        out.put(',');
        write_json_plain_string(out, p.value.value_or(""));
      }
      out.put(']');
    }
    out.write_literal("]}");
    return {};
  }

  // `key` (a literal: its opening punctuation, the quoted name and ':') and a component as
  // written: null when absent, a string (possibly "") when present. The URI grammar accepts
  // only ASCII (RFC 3986 Appendix A), the IRI grammar only well-formed UTF-8 (RFC 3987 2.2),
  // so this is valid UTF-8, and neither admits a byte that JSON escapes.
  template <std::size_t N>
  [[gnu::always_inline]] static void field(output_cursor& out, const char (&key)[N],
                                           std::optional<std::string_view> c) {
    out.write_literal(key);
    if (c) {
      write_json_plain_string(out, *c);
    } else {
      out.write_literal("null");
    }
  }

  // A decoded segment or parameter as a JSON string. Decoded bytes need not be UTF-8
  // ("%FF"); JSON text must be, so those show U+FFFD (SPEC 6). A piece with nothing to decode
  // comes back as the parsed text itself (`encoded`), which is UTF-8 (see field).
  void write_decoded(output_cursor& out, std::string_view encoded, std::string_view bytes) {
    if (bytes.data() == encoded.data() || validate_utf8(bytes))
      return write_json_string(out, bytes);
    replaced_.clear();
    utf8_replace_invalid_append(replaced_, bytes);
    write_json_string(out, replaced_);
  }

  syntax grammar_;
  std::string bytes_, replaced_;  // reused across segments and parameters
};

processor_factory declare(CLI::App& command) {
  auto iri = std::make_shared<bool>(false);
  command.add_flag("--iri", *iri,
                   "Parse IRI references (RFC 3987 2.2): UTF-8 text where the grammar allows it");
#if URIX_HAVE_IDNA
  auto url = std::make_shared<bool>(false);
  command.add_flag("--whatwg", *url,
                   "Parse URLs by the WHATWG URL Standard: the JavaScript URL's attributes and "
                   "\"validation_errors\"");
  command.get_option("--whatwg")->excludes("--iri");
  return [iri, url]() -> std::unique_ptr<processor> {
    if (*url) return whatwg::make_parser();
    return std::make_unique<parser>(*iri ? syntax::iri : syntax::uri);
  };
#else
  return [iri]() -> std::unique_ptr<processor> {
    return std::make_unique<parser>(*iri ? syntax::iri : syntax::uri);
  };
#endif
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix parse 'http://ex.com:8080/a%2Fb?q=1+2#top'\n"
    "{\"scheme\":\"http\",\"userinfo\":null,\"host\":\"ex.com\",\"host_type\":\"reg-name\","
    "\"port\":\"8080\",\"path\":\"/a%2Fb\",\"query\":\"q=1+2\",\"fragment\":\"top\","
    "\"segments\":[\"a/b\"],\"params\":[[\"q\",\"1 2\"]]}\n";

}  // namespace

const verb parse_verb{
    "parse", "Split URI references into their components, as JSON", {}, declare, {}, examples};

}  // namespace urix::cli
