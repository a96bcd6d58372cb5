// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix resolve BASE REF... (SPEC section 6): each reference resolved against BASE by the
// strict algorithm of RFC 3986 section 5.2 (urix/resolve.h), one target URI per line.
//
// BASE must be an absolute URI (5.2.1: it has a scheme); a BASE that is not is rejected like
// any input, with its column and a caret, and exit status 1, before any REF is read.
#include "urix/resolve.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "urix/config.h"
#include "urix/uri.h"
#include "whole_input.h"
#if URIX_HAVE_IDNA
#include "whatwg.h"
#endif

namespace urix::cli {
namespace {

class resolver final : public whole_input_processor {
 public:
  // Throws rejected_input when `base` is not a URI.
  explicit resolver(std::string base) : whole_input_processor(true), base_text_(std::move(base)) {
    auto b = parse_uri(base_text_);
    if (!b) throw rejected_input(base_text_, b.error());
    base_ = *b;  // views into base_text_, which this object owns and never changes
  }

 private:
  result<void> run(std::string_view in, output& out) override {
    auto ref = parse_uri_reference(in);
    if (!ref) return ref.error();
    target_.clear();
    resolve_append(target_, base_, *ref);
    out.write(target_);
    return {};
  }

  std::string base_text_;
  uri_view base_;
  std::string target_;  // reused: no allocation per line
};

processor_factory declare(CLI::App& command) {
  auto base = std::make_shared<std::string>();
  command.add_option("BASE", *base, "The base URI (must have a scheme)")->required();
#if URIX_HAVE_IDNA
  auto url = std::make_shared<bool>(false);
  command.add_flag("--whatwg", *url,
                   "Parse each input against BASE by the WHATWG URL Standard (BASE a URL), "
                   "writing the href");
  return [base, url]() -> std::unique_ptr<processor> {
    if (*url) return whatwg::make_resolver(*base);
    return std::make_unique<resolver>(*base);
  };
#else
  return [base]() -> std::unique_ptr<processor> { return std::make_unique<resolver>(*base); };
#endif
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix resolve 'http://a/b/c/d;p?q' '../g' '?y'\n"
    "http://a/b/g\n"
    "http://a/b/c/d;p?y\n";

}  // namespace

const verb resolve_verb{
    "resolve", "Resolve references against a base URI (RFC 3986 5.2)", {}, declare, {}, examples};

}  // namespace urix::cli
