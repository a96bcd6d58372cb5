// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix relativize BASE URI... (SPEC section 14): for each URI, the shortest reference that
// resolves against BASE to it (urix/resolve.h: the inverse of resolve, in normal form), one
// per line.
//
// BASE must be an absolute URI; a BASE that is not is rejected like any input, with its column
// and a caret, and exit status 1, before any URI is read. So must each URI.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "urix/resolve.h"
#include "urix/uri.h"
#include "whole_input.h"

namespace urix::cli {
namespace {

class relativizer final : public whole_input_processor {
 public:
  // Throws rejected_input when `base` is not a URI.
  explicit relativizer(std::string base) : whole_input_processor(true), base_text_(std::move(base)) {
    auto b = parse_uri(base_text_);
    if (!b) throw rejected_input(base_text_, b.error());
    base_ = *b;  // views into base_text_, which this object owns and never changes
  }

 private:
  result<void> run(std::string_view in, output& out) override {
    auto target = parse_uri(in);
    if (!target) return target.error();
    out.write(relativize(base_, *target));
    return {};
  }

  std::string base_text_;
  uri_view base_;
};

processor_factory declare(CLI::App& command) {
  auto base = std::make_shared<std::string>();
  command.add_option("BASE", *base, "The base URI (must have a scheme)")->required();
  return [base]() -> std::unique_ptr<processor> { return std::make_unique<relativizer>(*base); };
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix relativize 'http://a/b/c/d;p?q' 'http://a/b/g' 'http://a/b/c/d;p?y' 'https://a/'\n"
    "../g\n"
    "?y\n"
    "https://a/\n";

}  // namespace

const verb relativize_verb{"relativize",
                           "The shortest reference from a base URI to each URI (inverse of resolve)",
                           {},
                           declare,
                           {},
                           examples};

}  // namespace urix::cli
