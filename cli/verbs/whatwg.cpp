// SPDX-License-Identifier: Apache-2.0 OR MIT
// The verbs' URL Standard mode (SPEC 12; cli/verbs/whatwg.h) and `urix explain`, which shows
// how RFC 3986 and the URL Standard each read an input.
//
//   $ urix parse --whatwg 'HTTP://EXAMPLE.com:80/a b'
//   {"href":"http://example.com/a%20b","origin":"http://example.com","protocol":"http:",...,
//    "validation_errors":[{"name":"invalid-URL-unit","offset":22}]}           (one line)
#include "whatwg.h"

#include <CLI/CLI.hpp>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../format.h"
#include "../json_writer.h"
#include "../url_message.h"
#include "scratch.h"  // src/detail/ (urix_bytes): the bound on kept working memory
#include "urix/uri.h"
#include "urix/url.h"
#include "urix/utf8.h"
#include "whole_input.h"

namespace urix::cli {
namespace {

using errors_t = std::vector<url_validation_error>;

// Says which validation error failed `in` (url_message.h): the last of `errors`, or without
// them (nullptr) the one that parsing it again with errors collected finds. Out of line, so
// that parse_or_say, called once per line, is inlined.
[[gnu::noinline]] void say_why_not_a_url(std::string_view in, const url* base, const errors_t* errors) {
  errors_t own;
  if (errors == nullptr) (void)parse_url(in, base, own);
  const errors_t& e = errors != nullptr ? *errors : own;
  url_message = "not a URL by the URL Standard";
  if (!e.empty()) (url_message += ": ") += name(e.back().code);
}

// Parses `in` as a URL; on failure says which validation error failed it. Without `errors`,
// the validation errors are collected only for a URL that fails, so that the parser reads the
// commonest URLs in one pass.
result<url> parse_or_say(std::string_view in, const url* base, errors_t* errors = nullptr) {
  if (errors != nullptr) errors->clear();
  result<url> r = errors != nullptr ? parse_url(in, base, *errors) : parse_url(in, base);
  if (!r) say_why_not_a_url(in, base, errors);
  return r;
}

// A verb that parses every line into one url (parse_url_into) allocates nothing per line: its
// href keeps its capacity. But not a long line's: kept, it would add to the memory the next
// lines take.
void release_if_large(url& u) {
  if (u.href().size() > detail::kept_capacity) u = url();
}

// parse_or_say into `into`, which keeps its href's capacity unless large.
result<void> parse_into_or_say(std::string_view in, const url* base, url& into) {
  release_if_large(into);
  result<void> r = parse_url_into(in, into, base);
  if (!r) say_why_not_a_url(in, base, nullptr);
  return r;
}

// A JSON string of text that may not be UTF-8 (an input's bytes).
void json_text(string_sink& out, std::string_view s) {
  if (validate_utf8(s)) return write_json_string(out, s);
  write_json_string(out, utf8_replace_invalid(s));
}

void json_errors(string_sink& out, const errors_t& errors) {
  out.put('[');
  bool first = true;
  for (const url_validation_error& e : errors) {
    if (!std::exchange(first, false)) out.put(',');
    out.write("{\"name\":");
    write_json_string(out, name(e.code));
    out.write(",\"offset\":");
    out.write(std::to_string(e.offset));
    if (e.fatal) out.write(",\"fatal\":true");
    out.put('}');
  }
  out.put(']');
}

// The JavaScript URL's attributes, in the order of its IDL, as JSON members.
void json_attributes(string_sink& out, const url& u) {
  const std::pair<const char*, std::string_view> attributes[] = {
      {"href", u.href()},         {"protocol", u.protocol()}, {"username", u.username()},
      {"password", u.password()}, {"host", u.host()},         {"hostname", u.hostname()},
      {"port", u.port()},         {"pathname", u.pathname()}, {"search", u.search()},
      {"hash", u.hash()}};
  out.write("\"href\":");
  write_json_string(out, u.href());
  out.write(",\"origin\":");
  write_json_string(out, u.origin());
  for (std::size_t i = 1; i < std::size(attributes); ++i) {
    out.write(",\"");
    out.write(attributes[i].first);
    out.write("\":");
    write_json_string(out, attributes[i].second);
  }
}

class parser final : public whole_input_processor {
 public:
  parser() : whole_input_processor(true) { decides_before_output = true; }

 private:
  result<void> run(std::string_view in, output& out) override {
    auto u = parse_or_say(in, nullptr, &errors_);
    if (!u) return u.error();
    text_.clear();
    string_sink s{text_};
    s.put('{');
    json_attributes(s, *u);
    s.write(",\"validation_errors\":");
    json_errors(s, errors_);
    s.put('}');
    out.write(text_);
    return {};
  }
  errors_t errors_;
  std::string text_;
};

class href_writer final : public whole_input_processor {
 public:
  explicit href_writer(std::optional<url> base) : whole_input_processor(true), base_(std::move(base)) {}

  // The commonest run of the CLI (normalize --whatwg over a file of URLs), without a virtual
  // call per line. Most lines are their own href: then the line is written with the separator
  // that follows it, in one copy. A line that fails sends the block back to run() line by
  // line, which says why.
  std::optional<std::size_t> process_records(std::string_view records, char separator,
                                             output& out) override {
    const url* const base = base_ ? &*base_ : nullptr;
    return for_each_record(records, separator, [&](std::string_view record) {
      release_if_large(url_);
      const result<std::string_view> href = parse_url_href(record, url_, base);
      if (!href) return false;
      char* const w = out.reserve(href->size() + 1);
      if (href->data() == record.data()) {
        std::memcpy(w, record.data(), record.size() + 1);  // the record's own separator
      } else {
        std::memcpy(w, href->data(), href->size());
        w[href->size()] = separator;
      }
      out.commit(href->size() + 1);
      return true;
    });
  }

 private:
  result<void> run(std::string_view in, output& out) override {
    if (auto r = parse_into_or_say(in, base_ ? &*base_ : nullptr, url_); !r) return r.error();
    out.write(url_.href());
    return {};
  }
  std::optional<url> base_;
  url url_;  // reused: no allocation per line
};

class comparer final : public whole_input_processor {
 public:
  explicit comparer(bool verbose) : verbose_(verbose) {}

  int finish(output& out) override {
    if (hrefs_.size() != 2)
      throw usage_error("equal compares exactly two URLs; got " + std::to_string(hrefs_.size()));
    if (verbose_) {
      for (const std::string& h : hrefs_) {
        out.write(h);
        out.put('\n');
      }
    }
    return hrefs_[0] == hrefs_[1] ? 0 : 1;
  }

 private:
  result<void> run(std::string_view in, output&) override {
    if (hrefs_.size() == 2) throw usage_error("equal compares exactly two URLs; got more");
    auto u = parse_or_say(in, nullptr);
    if (!u) return u.error();
    hrefs_.emplace_back(u->href());
    return {};
  }
  bool verbose_;
  std::vector<std::string> hrefs_;
};

class checker final : public whole_input_processor {
 public:
  explicit checker(bool strict) : strict_(strict) {}

 private:
  result<void> run(std::string_view in, output&) override {
    auto u = parse_or_say(in, nullptr, &errors_);
    if (!u) return u.error();
    if (strict_ && !errors_.empty()) {
      const url_validation_error& e = errors_.front();
      url_message = "validation error: " + std::string(name(e.code)) +
                    " (the URL parses; --strict rejects it)";
      return error{errc::invalid_url, e.offset};
    }
    return {};
  }
  bool strict_;
  errors_t errors_;
};

// ---- get and set -----------------------------------------------------------------------

constexpr std::string_view attribute_names[] = {"href",     "origin",   "protocol", "username",
                                                "password", "host",     "hostname", "port",
                                                "pathname", "search",   "hash"};

std::string_view attribute(const url& u, std::string_view name, std::string& storage) {
  if (name == "href") return u.href();
  if (name == "origin") return storage = u.origin();
  if (name == "protocol") return u.protocol();
  if (name == "username") return u.username();
  if (name == "password") return u.password();
  if (name == "host") return u.host();
  if (name == "hostname") return u.hostname();
  if (name == "port") return u.port();
  if (name == "pathname") return u.pathname();
  if (name == "search") return u.search();
  return u.hash();
}

bool is_attribute(std::string_view name) {
  for (std::string_view a : attribute_names)
    if (a == name) return true;
  return false;
}

// One piece of FORMAT: literal text, an attribute, or a search parameter's value(s).
struct piece {
  enum class kind { literal, attribute, first_param, all_params } what;
  std::string text;  // the literal, the attribute's name, or the parameter's name
};

std::vector<piece> compile(std::string_view format) {
  return compile_format<piece>(format, [](const format_placeholder& p) -> piece {
    if (!p.has_colon && is_attribute(p.name)) return {piece::kind::attribute, std::string(p.name)};
    if (p.has_colon && (p.head == "search" || p.head == "search-all"))
      return {p.head == "search" ? piece::kind::first_param : piece::kind::all_params, std::string(p.key)};
    throw usage_error("FORMAT: unknown placeholder '{" + std::string(p.name) +
                      "}' (with --whatwg); known: {href} {origin} {protocol} {username} "
                      "{password} {host} {hostname} {port} {pathname} {search} {hash}, "
                      "{search:KEY}, {search-all:KEY}");
  });
}

class getter final : public whole_input_processor {
 public:
  explicit getter(std::vector<piece> pieces) : pieces_(std::move(pieces)) {}

 private:
  result<void> run(std::string_view in, output& out) override {
    if (auto r = parse_into_or_say(in, nullptr, url_); !r) return r.error();
    const url* const u = &url_;
    std::optional<url_search_params> params;
    for (const piece& p : pieces_) {
      switch (p.what) {
        case piece::kind::literal: out.write(p.text); break;
        case piece::kind::attribute: out.write(attribute(*u, p.text, storage_)); break;
        case piece::kind::first_param:
        case piece::kind::all_params: {
          if (!params) params.emplace(u->search());
          const char* sep = "";
          for (std::string_view v : params->get_all(p.text)) {
            // Decoded text: a byte that ends the output record would split it in two.
            if (find_record_terminator(*this, v) != std::string_view::npos) {
              url_message = "a search parameter's value holds a record separator (-0 or --whole carry it)";
              const std::size_t q = in.find('?');
              return error{errc::invalid_url, q == std::string_view::npos ? 0 : q};
            }
            out.write(sep);
            out.write(v);
            if (p.what == piece::kind::first_param) break;
            sep = " ";
          }
          break;
        }
      }
    }
    return {};
  }
  std::vector<piece> pieces_;
  std::string storage_;
  url url_;  // reused: no allocation per line
};

using setter_fn = bool (url::*)(std::string_view);

setter_fn setter_named(std::string_view name) {
  if (name == "href") return &url::set_href;
  if (name == "protocol") return &url::set_protocol;
  if (name == "username") return &url::set_username;
  if (name == "password") return &url::set_password;
  if (name == "host") return &url::set_host;
  if (name == "hostname") return &url::set_hostname;
  if (name == "port") return &url::set_port;
  if (name == "pathname") return &url::set_pathname;
  if (name == "search") return &url::set_search;
  if (name == "hash") return &url::set_hash;
  return nullptr;
}

class setter final : public whole_input_processor {
 public:
  explicit setter(whatwg::edits e) : whole_input_processor(true), edits_(std::move(e)) {
    for (const auto& [name, value] : edits_.set) {
      if (setter_named(name) == nullptr)
        throw usage_error("--set " + name + "=...: with --whatwg, NAME is an attribute with a "
                          "setter: href protocol username password host hostname port pathname "
                          "search hash");
    }
  }

 private:
  result<void> run(std::string_view in, output& out) override {
    if (auto r = parse_into_or_say(in, nullptr, url_); !r) return r.error();
    url* const u = &url_;
    for (const auto& [name, value] : edits_.set) {
      if (!((*u).*setter_named(name))(value)) {
        // The URL API would leave the URL as it is, silently; a filter says so instead.
        url_message = "the URL Standard's " + name + " setter rejects \"" + value + "\" for this URL";
        return error{errc::invalid_url, 0};
      }
    }
    if (!edits_.remove_param.empty() || !edits_.append_param.empty() || edits_.sort_params) {
      url_search_params params(u->search());
      for (const std::string& key : edits_.remove_param) params.remove(key);
      for (const auto& [key, value] : edits_.append_param) params.append(key, value);
      if (edits_.sort_params) params.sort();
      (void)u->set_search(params.to_string());  // the URLSearchParams update steps
    }
    out.write(u->href());  // always ASCII: no record terminator can be in it
    return {};
  }
  whatwg::edits edits_;
  url url_;  // reused: no allocation per line
};

// ---- explain ---------------------------------------------------------------------------

// One component as each standard reads it; nullopt for none (absent or null). When one
// standard rejects the input, it has no components, and nothing is marked as differing.
struct component {
  const char* name;
  std::optional<std::string> rfc;
  std::optional<std::string> url;
  bool both_read = true;
  [[nodiscard]] bool differs() const { return both_read && rfc != url; }
};

std::optional<std::string> opt(std::optional<std::string_view> v) {
  return v ? std::optional<std::string>(*v) : std::nullopt;
}

// The URL's components in RFC 3986's terms: what the URL Standard's serialization holds
// between the delimiters RFC 3986 names.
std::vector<component> components(const result<uri_view>& r, const result<url>& u) {
  auto rfc = [&](auto member) -> std::optional<std::string> {
    return r ? opt((*r).*member) : std::nullopt;
  };
  std::vector<component> out{
      {"scheme", rfc(&uri_view::scheme), std::nullopt},
      {"userinfo", rfc(&uri_view::userinfo), std::nullopt},
      {"host", rfc(&uri_view::host), std::nullopt},
      {"port", rfc(&uri_view::port), std::nullopt},
      {"path", r ? std::optional<std::string>(std::string(r->path)) : std::nullopt, std::nullopt},
      {"query", rfc(&uri_view::query), std::nullopt},
      {"fragment", rfc(&uri_view::fragment), std::nullopt}};
  for (component& c : out) c.both_read = r && u;
  if (u) {
    out[0].url = std::string(u->scheme());
    if (u->has_credentials()) {
      std::string userinfo(u->username());
      if (!u->password().empty()) (userinfo += ':') += u->password();
      out[1].url = userinfo;
    }
    if (u->host_type() != url_host_type::none) out[2].url = std::string(u->hostname());
    if (!u->port().empty()) out[3].url = std::string(u->port());
    out[4].url = std::string(u->pathname());
    if (u->has_search()) out[5].url = std::string(u->search().empty() ? "" : u->search().substr(1));
    if (u->has_hash()) out[6].url = std::string(u->hash().empty() ? "" : u->hash().substr(1));
  }
  return out;
}

// A component for people: quoted, bytes that are not printable ASCII as \xHH; "(none)".
std::string shown(const std::optional<std::string>& v) {
  if (!v) return "(none)";
  std::string s = "\"";
  for (char c : *v) {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x20 && b < 0x7F) {
      s += c;
    } else {
      static constexpr char hex[] = "0123456789ABCDEF";
      ((s += "\\x") += hex[b >> 4]) += hex[b & 15];
    }
  }
  return s + '"';
}

class explainer final : public whole_input_processor {
 public:
  explicit explainer(bool json) : whole_input_processor(true), json_(json) {}

 private:
  result<void> run(std::string_view in, output& out) override {
    const result<uri_view> rfc = parse_uri_reference(in);
    errors_t errors;
    const result<url> u = parse_url(in, nullptr, errors);
    const std::vector<component> parts = components(rfc, u);
    text_.clear();
    if (json_) {
      write_json(in, rfc, u, errors, parts);
    } else {
      write_text(in, rfc, u, errors, parts);
    }
    out.write(text_);
    return {};
  }

  void write_text(std::string_view in, const result<uri_view>& rfc, const result<url>& u,
                  const errors_t& errors, const std::vector<component>& parts) {
    (text_ += "input:        ") += shown(std::string(in)) += '\n';
    text_ += "RFC 3986:     ";
    if (rfc) {
      text_ += rfc->has_scheme() ? "a URI" : "a relative reference";
    } else {
      ((text_ += "rejected at column ") += std::to_string(rfc.error().offset + 1)) += ": ";
      (text_ += message(rfc.error().code)) += " (" + std::string(name(rfc.error().code)) + ")";
    }
    text_ += "\nURL Standard: ";
    if (u) {
      (text_ += "parses to ") += shown(std::string(u->href()));
    } else {
      text_ += "fails";
      if (!errors.empty()) {
        ((text_ += " at column ") += std::to_string(errors.back().offset + 1) += ": ") += name(errors.back().code);
      }
    }
    text_ += "\n  component   RFC 3986                        URL Standard\n";
    for (const component& c : parts) {
      std::string line = c.differs() ? "* " : "  ";
      line += c.name;
      line.resize(14, ' ');
      line += rfc ? shown(c.rfc) : "-";
      if (line.size() < 46) line.resize(46, ' ');
      else line += ' ';
      line += u ? shown(c.url) : "-";
      (text_ += line) += '\n';
    }
    for (const url_validation_error& e : errors) {
      if (e.fatal) continue;
      ((text_ += "validation error at column ") += std::to_string(e.offset + 1) += ": ") += name(e.code);
      text_ += '\n';
    }
    text_ += "(* marks a component the two standards read differently)\n";
  }

  void write_json(std::string_view in, const result<uri_view>& rfc, const result<url>& u,
                  const errors_t& errors, const std::vector<component>& parts) {
    string_sink s{text_};
    s.write("{\"input\":");
    json_text(s, in);
    s.write(",\"rfc3986\":{\"valid\":");
    s.write(rfc ? "true" : "false");
    if (!rfc) {
      s.write(",\"error\":{\"code\":");
      write_json_string(s, name(rfc.error().code));
      s.write(",\"message\":");
      write_json_string(s, message(rfc.error().code));
      s.write(",\"offset\":");
      s.write(std::to_string(rfc.error().offset));
      s.write(",\"column\":");
      s.write(std::to_string(rfc.error().offset + 1));
      s.put('}');
    }
    s.write("},\"whatwg\":{\"valid\":");
    s.write(u ? "true" : "false");
    if (u) {
      s.put(',');
      json_attributes(s, *u);
    }
    s.write(",\"validation_errors\":");
    json_errors(s, errors);
    s.write("},\"components\":{");
    bool first = true;
    for (const component& c : parts) {
      if (!std::exchange(first, false)) s.put(',');
      s.put('"');
      s.write(c.name);
      s.write("\":{\"rfc3986\":");
      if (c.rfc) {
        json_text(s, *c.rfc);
      } else {
        s.write("null");
      }
      s.write(",\"whatwg\":");
      if (c.url) {
        json_text(s, *c.url);
      } else {
        s.write("null");
      }
      s.write(c.differs() ? ",\"differs\":true}" : ",\"differs\":false}");
    }
    s.write("}}");
  }

  bool json_;
  std::string text_;
};

processor_factory declare_explain(CLI::App& command) {
  auto json = std::make_shared<bool>(false);
  command.add_flag("--json", *json, "One JSON object per input instead of the text for people");
  return [json]() -> std::unique_ptr<processor> { return std::make_unique<explainer>(*json); };
}

constexpr std::string_view explain_examples =
    "$ urix explain --json 'http://EX.com:80/a'\n"
    "{\"input\":\"http://EX.com:80/a\",\"rfc3986\":{\"valid\":true},\"whatwg\":{\"valid\":true,"
    "\"href\":\"http://ex.com/a\",\"origin\":\"http://ex.com\",\"protocol\":\"http:\","
    "\"username\":\"\",\"password\":\"\",\"host\":\"ex.com\",\"hostname\":\"ex.com\","
    "\"port\":\"\",\"pathname\":\"/a\",\"search\":\"\",\"hash\":\"\",\"validation_errors\":[]},"
    "\"components\":{\"scheme\":{\"rfc3986\":\"http\",\"whatwg\":\"http\",\"differs\":false},"
    "\"userinfo\":{\"rfc3986\":null,\"whatwg\":null,\"differs\":false},"
    "\"host\":{\"rfc3986\":\"EX.com\",\"whatwg\":\"ex.com\",\"differs\":true},"
    "\"port\":{\"rfc3986\":\"80\",\"whatwg\":null,\"differs\":true},"
    "\"path\":{\"rfc3986\":\"/a\",\"whatwg\":\"/a\",\"differs\":false},"
    "\"query\":{\"rfc3986\":null,\"whatwg\":null,\"differs\":false},"
    "\"fragment\":{\"rfc3986\":null,\"whatwg\":null,\"differs\":false}}}\n";

}  // namespace

namespace whatwg {
std::unique_ptr<processor> make_parser() { return std::make_unique<parser>(); }
std::unique_ptr<processor> make_normalizer() { return std::make_unique<href_writer>(std::nullopt); }
std::unique_ptr<processor> make_resolver(const std::string& base) {
  auto b = parse_or_say(base, nullptr);
  if (!b) throw rejected_input(base, b.error());
  return std::make_unique<href_writer>(std::move(*b));
}
std::unique_ptr<processor> make_comparer(bool verbose) { return std::make_unique<comparer>(verbose); }
std::unique_ptr<processor> make_checker(bool strict) { return std::make_unique<checker>(strict); }
std::unique_ptr<processor> make_getter(const std::string& format) {
  return std::make_unique<getter>(compile(format));
}
std::unique_ptr<processor> make_setter(edits e) { return std::make_unique<setter>(std::move(e)); }
}  // namespace whatwg

const verb explain_verb{"explain",
                        "Show how RFC 3986 and the URL Standard each read URLs, and where they differ",
                        {},
                        declare_explain,
                        {},
                        explain_examples};

}  // namespace urix::cli
