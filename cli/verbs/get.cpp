// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix get FORMAT URI... (SPEC section 9): for each URI reference, FORMAT with its
// placeholders filled in from the reference's components.
//
//   $ urix get '{host} {query:q}' 'http://ex.com/s?q=a+b'
//   ex.com a b
//
//   {scheme} {userinfo} {host} {port} {path} {query} {fragment}   decoded (U+FFFD for bytes
//                                                                  that are not UTF-8)
//   {:NAME}            the component NAME as written (still encoded)
//   {query:KEY}        the first value of parameter KEY, decoded with '+' as space
//   {query-all:KEY}    every value of KEY, separated by spaces
//   {{ and }}          a literal brace
//   {site}             the host's registrable domain by the Public Suffix List (SPEC 14;
//                      --psl FILE, Debian's list by default), "" when it has none
// An absent component gives "". FORMAT is read once, before any input: an unknown
// placeholder is a usage error.
#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../format.h"
#include "../suggest.h"
#include "components.h"
#include "urix/config.h"
#include "urix/pct.h"
#include "urix/uri.h"
#include "urix/utf8.h"
#include "whole_input.h"
#if URIX_HAVE_IDNA
#include <fstream>
#include <sstream>

#include "urix/site.h"
#include "whatwg.h"
#endif

namespace urix::cli {
namespace {

// One piece of FORMAT: literal text, or a placeholder.
struct piece {
  enum class kind { literal, decoded, as_written, first_param, all_params, site } what;
  std::string text;  // the literal, or the parameter's key
  component part = component::path;
};

// Reads FORMAT into pieces; throws usage_error naming what is wrong.
std::vector<piece> compile(std::string_view format) {
  return compile_format<piece>(format, [](const format_placeholder& p) -> piece {
    if (p.name == "site") return {piece::kind::site, {}};
    if (!p.has_colon && component_named(p.name)) return {piece::kind::decoded, {}, *component_named(p.name)};
    if (p.head.empty() && component_named(p.key)) return {piece::kind::as_written, {}, *component_named(p.key)};
    if (p.has_colon && (p.head == "query" || p.head == "query-all"))
      return {p.head == "query" ? piece::kind::first_param : piece::kind::all_params, std::string(p.key)};
    const std::string hint = did_you_mean(p.head.empty() ? p.key : p.head, component_name_list);
    throw usage_error("FORMAT: unknown placeholder '{" + std::string(p.name) + "}'" +
                      (hint.empty() ? ";" : hint) + " known: " + component_names_text("{", "}", " ") +
                      ", {:NAME} as written, {query:KEY}, {query-all:KEY}, {site}");
  });
}

#if URIX_HAVE_IDNA
// The Public Suffix List at `path`, for {site}; throws usage_error (exit 2) when it cannot be
// read or is not a list.
std::shared_ptr<const public_suffix_list> load_list(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  if (file) text << file.rdbuf();
  if (!file) throw usage_error("cannot read the Public Suffix List " + path);
  auto list = public_suffix_list::parse(text.str());
  if (!list)
    throw usage_error(path + ": byte " + std::to_string(list.error().offset) + ": " +
                      std::string(message(list.error().code)));
  return std::make_shared<const public_suffix_list>(std::move(*list));
}
#endif

class getter final : public whole_input_processor {
 public:
  explicit getter(std::vector<piece> pieces, const std::string& psl_path) : pieces_(std::move(pieces)) {
    for (const piece& p : pieces_) {
      if (p.what != piece::kind::site) continue;
#if URIX_HAVE_IDNA
      list_ = load_list(psl_path);
#else
      (void)psl_path;
      throw usage_error("FORMAT: {site} needs IDNA, which this build lacks (URIX_IDNA=OFF)");
#endif
      break;
    }
  }

 private:
  result<void> run(std::string_view in, output& out) override {
    auto u = parse_uri_reference(in);
    if (!u) return u.error();
    for (const piece& p : pieces_) {
      switch (p.what) {
        case piece::kind::literal: out.write(p.text); break;
        case piece::kind::site: {
#if URIX_HAVE_IDNA
          const std::string_view written = u->host.value_or("");
          const auto host = decode(written);
          auto site = list_->registrable_domain(host ? *host : std::string());
          if (!site)
            return error{site.error().code, static_cast<std::size_t>(written.data() - in.data()) +
                                                encoded_offset(written, site.error().offset)};
          out.write(*site);
#endif
          break;
        }
        case piece::kind::as_written: out.write(component_of(*u, p.part).value_or("")); break;
        case piece::kind::decoded: {
          // The parser accepted every escape, so decoding cannot fail.
          const std::string_view written = component_of(*u, p.part).value_or("");
          const auto text = decode(written);
          if (auto r = write_text(out, in, written, text ? *text : std::string()); !r) return r;
          break;
        }
        case piece::kind::first_param:
        case piece::kind::all_params: {
          const char* sep = "";
          for (const query_param q : u->params()) {
            if (q.decode_key() != p.text) continue;
            out.write(sep);
            if (auto r = write_text(out, in, q.value.value_or(""), q.decode_value()); !r)
              return r;
            if (p.what == piece::kind::first_param) break;
            sep = " ";
          }
          break;
        }
      }
    }
    return {};
  }

  // Writes `bytes`, the decoding of `written` (a view into `in`), as text: U+FFFD for what is
  // not UTF-8 (SPEC 9). A byte that would end the output record is an error at its escape.
  result<void> write_text(output& out, std::string_view in, std::string_view written,
                          const std::string& bytes) {
    if (const std::size_t at = find_record_terminator(*this, bytes); at != std::string_view::npos)
      return error{errc::disallowed_char,
                   static_cast<std::size_t>(written.data() - in.data()) +
                       encoded_offset(written, at)};
    if (validate_utf8(bytes)) {
      out.write(bytes);
      return {};
    }
    scratch_.clear();
    utf8_replace_invalid_append(scratch_, bytes);
    out.write(scratch_);
    return {};
  }

  std::vector<piece> pieces_;
#if URIX_HAVE_IDNA
  std::shared_ptr<const public_suffix_list> list_;  // for {site}
#endif
  std::string scratch_;
};

processor_factory declare(CLI::App& command) {
  auto format = std::make_shared<std::string>();
  command.add_option("FORMAT", *format, "What to print, with {component} placeholders")
      ->required();
  auto psl = std::make_shared<std::string>();
#if URIX_HAVE_IDNA
  *psl = default_public_suffix_list_path;
  command.add_option("--psl", *psl, "The Public Suffix List for {site} (default: Debian's)");
  auto url = std::make_shared<bool>(false);
  command.add_flag("--whatwg", *url,
                   "Read URLs by the WHATWG URL Standard: placeholders are the JavaScript URL's "
                   "attributes ({href} {hostname} {pathname} ...), {search:KEY}, {search-all:KEY}");
  return [format, psl, url]() -> std::unique_ptr<processor> {
    if (*url) return whatwg::make_getter(*format);
    return std::make_unique<getter>(compile(*format), *psl);
  };
#else
  return [format, psl]() -> std::unique_ptr<processor> {
    return std::make_unique<getter>(compile(*format), *psl);
  };
#endif
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix get '{host} {query:q}' 'http://ex.com/s?q=a+b'\n"
    "ex.com a b\n"
    "$ urix get '{:path} {path}' 'http://ex.com/a%2Fb%20c'\n"
    "/a%2Fb%20c /a/b c\n";

}  // namespace

const verb get_verb{
    "get", "Print components of URI references through a format", {}, declare, {}, examples};

}  // namespace urix::cli
