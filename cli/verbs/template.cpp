// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix expand and urix match (SPEC section 13): RFC 6570 URI Templates (urix/template.h).
//
//   urix expand TEMPLATE NAME=VALUE...   one expansion of the variables given (a NAME given
//                                        more than once is a list); without NAME=VALUE
//                                        arguments, each line of standard input is one
//   urix expand --vars-json TEMPLATE     each input (line) a JSON object of variables, one
//                                        expansion each: bulk
//   urix match TEMPLATE URI...           one JSON object of the variables per URI; a URI that
//                                        does not match is reported (exit 1)
// A malformed template, or for match one that cannot be matched, is reported with a caret
// under it (exit 1).
#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "../json_writer.h"
#include "urix/template.h"
#include "urix/utf8.h"
#include "whole_input.h"

namespace urix::cli {
namespace {

uri_template parse_template(const std::string& text) {
  auto t = uri_template::parse(text);
  if (!t) throw rejected_input(text, t.error());
  return std::move(*t);
}

// NAME=VALUE arguments (or lines), collected, then expanded once in finish().
class pairs_expander final : public whole_input_processor {
 public:
  explicit pairs_expander(uri_template t) : t_(std::move(t)) {}

  int finish(output& out) override {
    template_variables vars;
    for (auto& [name, values] : values_) {
      if (values.size() == 1) {
        vars.set(name, std::move(values[0]));
      } else {
        vars.set(name, std::move(values));
      }
    }
    out.write(t_.expand(vars));
    out.put('\n');
    return 0;
  }

 private:
  result<void> run(std::string_view in, output&) override {
    const std::size_t eq = in.find('=');
    if (eq == in.npos || eq == 0) return error{errc::bad_varname, eq == 0 ? 0 : in.size()};
    auto [it, added] = values_.try_emplace(std::string(in.substr(0, eq)));
    it->second.emplace_back(in.substr(eq + 1));
    return {};
  }

  uri_template t_;
  std::map<std::string, template_value::list, std::less<>> values_;
};

// --vars-json: each input a JSON object of variables, expanded on its own.
class json_expander final : public processor {
 public:
  explicit json_expander(uri_template t) : t_(std::move(t)) { decides_before_output = true; }

  result<std::size_t> process(std::string_view in, bool last, output& out) override {
    if (!last) return std::size_t{0};
    if (auto r = expand_one(in, out); !r) return r.error();
    out.write(record_terminators);
    return in.size();
  }

  std::optional<std::size_t> process_records(std::string_view records, char separator,
                                             output& out) override {
    return for_each_record(records, separator, [&](std::string_view record) {
      if (!expand_one(record, out)) return false;
      out.put(separator);
      return true;
    });
  }

 private:
  result<void> expand_one(std::string_view in, output& out) {
    auto vars = template_variables::from_json(in);
    if (!vars) return vars.error();
    expanded_.clear();
    t_.expand_append(expanded_, *vars);
    out.write(expanded_);
    return {};
  }

  uri_template t_;
  std::string expanded_;  // reused across inputs
};

struct expand_settings {
  std::string text;
  bool vars_json = false;
};

processor_factory declare_expand(CLI::App& command) {
  auto s = std::make_shared<expand_settings>();
  command.add_option("TEMPLATE", s->text, "The URI Template (RFC 6570)")->required();
  command.add_flag("--vars-json", s->vars_json,
                   "Each input is a JSON object of variables (strings, arrays, objects): one "
                   "expansion per input");
  return [s]() -> std::unique_ptr<processor> {
    uri_template t = parse_template(s->text);
    if (s->vars_json) return std::make_unique<json_expander>(std::move(t));
    return std::make_unique<pairs_expander>(std::move(t));
  };
}

// The variables as one JSON object, names in order. Decoded values need not be UTF-8 ("%FF");
// JSON text must be, so those show U+FFFD (as urix parse does).
class matcher final : public whole_input_processor {
 public:
  explicit matcher(uri_template t) : whole_input_processor(true), t_(std::move(t)) {
    if (auto ok = t_.matchable(); !ok) throw rejected_input(std::string(t_.text()), ok.error());
  }

 private:
  result<void> run(std::string_view in, output& out) override {
    auto m = t_.match(in);
    if (!m) return m.error();
    json_.clear();
    string_sink sink{json_};
    sink.put('{');
    bool first = true;
    for (const auto& [name, value] : *m) {
      if (!first) sink.put(',');
      first = false;
      string(sink, name);
      sink.put(':');
      switch (value.type()) {
        case template_value::kind::undefined: sink.write("null"); break;
        case template_value::kind::string: string(sink, value.string()); break;
        case template_value::kind::list: {
          sink.put('[');
          for (std::size_t i = 0; i < value.items().size(); ++i) {
            if (i != 0) sink.put(',');
            string(sink, value.items()[i]);
          }
          sink.put(']');
          break;
        }
        case template_value::kind::pairs: {
          sink.put('{');
          for (std::size_t i = 0; i < value.entries().size(); ++i) {
            if (i != 0) sink.put(',');
            string(sink, value.entries()[i].first);
            sink.put(':');
            string(sink, value.entries()[i].second);
          }
          sink.put('}');
          break;
        }
      }
    }
    sink.put('}');
    out.write(json_);
    return {};
  }

  void string(string_sink& sink, std::string_view bytes) {
    if (validate_utf8(bytes)) return write_json_string(sink, bytes);
    replaced_.clear();
    utf8_replace_invalid_append(replaced_, bytes);
    write_json_string(sink, replaced_);
  }

  uri_template t_;
  std::string json_, replaced_;  // reused across inputs
};

processor_factory declare_match(CLI::App& command) {
  auto text = std::make_shared<std::string>();
  command.add_option("TEMPLATE", *text, "The URI Template (RFC 6570); see docs/template.md for "
                                        "which templates can be matched")
      ->required();
  return [text]() -> std::unique_ptr<processor> {
    return std::make_unique<matcher>(parse_template(*text));
  };
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view expand_examples =
    "$ urix expand '/search{?q,lang}' 'q=caf\xC3\xA9 cr\xC3\xA8me' lang=fr\n"
    "/search?q=caf%C3%A9%20cr%C3%A8me&lang=fr\n"
    "$ echo '{\"path\": [\"a\", \"b c\"]}' | urix expand --vars-json '{/path*}'\n"
    "/a/b%20c\n";

constexpr std::string_view match_examples =
    "$ urix match '/repos/{owner}/{repo}/issues{?state,labels}' '/repos/a/b/issues?labels=x,y'\n"
    "{\"labels\":[\"x\",\"y\"],\"owner\":\"a\",\"repo\":\"b\"}\n";

}  // namespace

const verb expand_verb{"expand",
                       "Expand a URI Template (RFC 6570) with NAME=VALUE or JSON variables",
                       {.keep_going = false, .writes_output = false},
                       declare_expand,
                       {},
                       expand_examples};

const verb match_verb{"match",
                      "Match URIs against a URI Template (RFC 6570), giving their variables",
                      {.keep_going = true},
                      declare_match,
                      {},
                      match_examples};

}  // namespace urix::cli
