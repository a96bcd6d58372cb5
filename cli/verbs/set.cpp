// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix set [OPTIONS] [URI...] (SPEC section 9): each URI reference with components changed,
// written back encoded, through the owning urix::uri.
//
//   $ urix set --set 'path=/a b' --append-param 'q=x&y' 'http://ex.com/?k=1'
//   http://ex.com/a%20b?k=1&q=x%26y
//
// Edits apply in a fixed order, whatever the order on the command line: --clear, --set,
// --set-encoded, --remove-param, --append-param, --sort-params. Every value is checked once,
// before any input is read, on an empty reference: a value that cannot be (a port that is
// not digits, a scheme that is not one, an encoded value with a byte its component may not
// hold) is a usage error, so a run never stops half-way for a reason the command line holds.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../diagnostics.h"
#include "../suggest.h"
#include "components.h"
#include "urix/config.h"
#include "urix/uri.h"
#include "whole_input.h"
#if URIX_HAVE_IDNA
#include "whatwg.h"
#endif

namespace urix::cli {
namespace {

struct set_settings {
  std::vector<std::string> set, set_encoded, clear, append_param, remove_param;
  bool sort_params = false;
};

// One --set or --set-encoded: a component and its value.
struct assignment {
  component part;
  std::string value;
};

// The edits of a run, ready to apply.
struct edits {
  std::vector<component> clear;
  std::vector<assignment> set, set_encoded;
  std::vector<std::string> remove_param;
  std::vector<std::pair<std::string, std::string>> append_param;
  bool sort_params = false;
};

component component_option(std::string_view option, std::string_view name) {
  if (auto c = component_named(name)) return *c;
  const std::string hint = did_you_mean(name, component_name_list);
  throw usage_error(std::string(option) + ": unknown component '" + std::string(name) + "'" +
                    (hint.empty() ? ";" : hint) +
                    " components are: " + component_names_text("", "", " "));
}

// "NAME=VALUE" split at its first '='.
std::pair<std::string, std::string> split_pair(std::string_view option, const std::string& arg,
                                               std::string_view what) {
  const std::size_t eq = arg.find('=');
  if (eq == std::string::npos)
    throw usage_error(std::string(option) + " takes " + std::string(what) + ", got '" + arg + "'");
  return {arg.substr(0, eq), arg.substr(eq + 1)};
}

// Sets `a` in `u`: decoded text encoded with its component's set, or (encoded) checked text.
result<void> apply(uri& u, const assignment& a, bool encoded) {
  switch (a.part) {
    case component::scheme: return u.set_scheme(a.value);
    case component::port: return u.set_port(a.value);
    case component::host:
      // An IP literal is written, not text: brackets and ':' are its syntax (RFC 3986 3.2.2).
      if (encoded || a.value.starts_with('[')) return u.set_encoded_host(a.value);
      u.set_host(a.value);
      return {};
    case component::userinfo:
      if (encoded) return u.set_encoded_userinfo(a.value);
      u.set_userinfo(a.value);
      return {};
    case component::path:
      if (encoded) return u.set_encoded_path(a.value);
      u.set_path(a.value);
      return {};
    case component::query:
      if (encoded) return u.set_encoded_query(a.value);
      u.set_query(a.value);
      return {};
    case component::fragment:
      if (encoded) return u.set_encoded_fragment(a.value);
      u.set_fragment(a.value);
      return {};
  }
  return {};
}

void clear(uri& u, component c) {
  switch (c) {
    case component::scheme: u.clear_scheme(); break;
    case component::userinfo: u.clear_userinfo(); break;
    case component::host: u.clear_authority(); break;  // no userinfo or port without a host
    case component::port: u.clear_port(); break;
    case component::path: u.set_path(""); break;
    case component::query: u.clear_query(); break;
    case component::fragment: u.clear_fragment(); break;
  }
}

// Applies every edit to `u`. Each value was checked by check_values, so nothing fails here.
void apply_all(uri& u, const edits& e) {
  for (component c : e.clear) clear(u, c);
  for (const assignment& a : e.set) (void)apply(u, a, false);
  for (const assignment& a : e.set_encoded) (void)apply(u, a, true);
  for (const std::string& key : e.remove_param) u.remove_params(key);
  for (const auto& [key, value] : e.append_param) u.append_param(key, value);
  if (e.sort_params) u.sort_params();
}

// Checks each value on an empty reference; a rejected one is a usage error that says where.
void check_values(const edits& e) {
  for (const auto* list : {&e.set, &e.set_encoded}) {
    for (const assignment& a : *list) {
      uri scratch;
      const auto r = apply(scratch, a, list == &e.set_encoded);
      if (r) continue;
      const error_context ctx = context_of(a.value, r.error().offset);
      throw usage_error((list == &e.set ? "--set " : "--set-encoded ") +
                        std::string(component_names[static_cast<std::size_t>(a.part)].first) + "=" +
                        a.value + ": column " + std::to_string(r.error().offset + 1) +
                        " of the value: " + describe(r.error().code, ctx));
    }
  }
}

edits read_edits(const set_settings& s) {
  edits e;
  for (const std::string& name : s.clear) e.clear.push_back(component_option("--clear", name));
  for (const auto* list : {&s.set, &s.set_encoded}) {
    const std::string_view option = list == &s.set ? "--set" : "--set-encoded";
    for (const std::string& arg : *list) {
      auto [name, value] = split_pair(option, arg, "NAME=VALUE");
      (list == &s.set ? e.set : e.set_encoded)
          .push_back({component_option(option, name), std::move(value)});
    }
  }
  e.remove_param = s.remove_param;
  for (const std::string& arg : s.append_param)
    e.append_param.push_back(split_pair("--append-param", arg, "KEY=VALUE"));
  e.sort_params = s.sort_params;
  check_values(e);
  return e;
}

class setter final : public whole_input_processor {
 public:
  explicit setter(edits e) : edits_(std::move(e)) {}

 private:
  result<void> run(std::string_view in, output& out) override {
    auto u = uri::parse(in);
    if (!u) return u.error();
    apply_all(*u, edits_);
    out.write(u->to_string());  // always ASCII: no record terminator can be in it
    return {};
  }

  edits edits_;
};

processor_factory declare(CLI::App& command) {
  auto s = std::make_shared<set_settings>();
  auto many = [](CLI::Option* o) {
    o->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->expected(1)->allow_extra_args(false);
  };
  many(command
           .add_option("--set", s->set,
                       "Set a component from decoded text, encoded with its set: " +
                           component_names_text("", "", ", "))
           ->type_name("NAME=VALUE"));
  many(command
           .add_option("--set-encoded", s->set_encoded,
                       "Set a component as written (already encoded; checked)")
           ->type_name("NAME=VALUE"));
  many(command.add_option("--clear", s->clear, "Remove a component (host: the whole authority)")
           ->type_name("NAME"));
  many(command
           .add_option("--append-param", s->append_param,
                       "Append KEY=VALUE to the query, form-encoded (space as '+')")
           ->type_name("KEY=VALUE"));
  many(command
           .add_option("--remove-param", s->remove_param,
                       "Remove every query parameter whose decoded key is KEY")
           ->type_name("KEY"));
  command.add_flag("--sort-params", s->sort_params,
                   "Order the query parameters by decoded key (stable)");
#if URIX_HAVE_IDNA
  auto url = std::make_shared<bool>(false);
  command.add_flag("--whatwg", *url,
                   "Read URLs by the WHATWG URL Standard: --set NAME=VALUE runs the JavaScript "
                   "URL's setter NAME (href protocol username password host hostname port "
                   "pathname search hash); a value it rejects rejects the input");
  return [s, url]() -> std::unique_ptr<processor> {
    if (!*url) return std::make_unique<setter>(read_edits(*s));
    if (!s->set_encoded.empty() || !s->clear.empty())
      throw usage_error("--set-encoded and --clear are RFC 3986's; with --whatwg, --set NAME=VALUE "
                        "runs the URL's setter (--set search= clears the query)");
    whatwg::edits e;
    for (const std::string& arg : s->set) e.set.push_back(split_pair("--set", arg, "NAME=VALUE"));
    e.remove_param = s->remove_param;
    for (const std::string& arg : s->append_param)
      e.append_param.push_back(split_pair("--append-param", arg, "KEY=VALUE"));
    e.sort_params = s->sort_params;
    return whatwg::make_setter(std::move(e));
  };
#else
  return [s]() -> std::unique_ptr<processor> { return std::make_unique<setter>(read_edits(*s)); };
#endif
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix set --set 'path=/a b' --append-param 'q=x&y' 'http://ex.com/?k=1'\n"
    "http://ex.com/a%20b?k=1&q=x%26y\n"
    "$ urix set --set host=example.org --clear port --sort-params 'http://ex.com:81/?b=1&a=2'\n"
    "http://example.org/?a=2&b=1\n";

}  // namespace

const verb set_verb{"set", "Change components of URI references, encoding what is given",
                    {},    declare,
                    {},    examples};

}  // namespace urix::cli
