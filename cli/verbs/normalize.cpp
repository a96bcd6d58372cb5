// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix normalize (SPEC section 6): the RFC 3986 6.2.2/6.2.3 normal form of each
// URI-reference (urix/normalize.h says exactly what changes).
#include "urix/normalize.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>

#include "whole_input.h"

namespace urix::cli {
namespace {

class normalizer final : public whole_input_processor {
 public:
  normalizer() : whole_input_processor(true) {}

 private:
  result<void> run(std::string_view in, output& out) override {
    form_.clear();
    if (auto r = normalize_append(form_, in); !r) return r.error();
    out.write(form_);
    return {};
  }

  std::string form_;  // reused: no allocation per line
};

processor_factory declare(CLI::App&) {
  return []() -> std::unique_ptr<processor> { return std::make_unique<normalizer>(); };
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix normalize 'HTTP://Example.COM:80/%7euser/./a/../b'\n"
    "http://example.com/~user/b\n";

}  // namespace

const verb normalize_verb{
    "normalize", "Normalize URI references (RFC 3986 6.2.2, 6.2.3)", {}, declare, {}, examples};

}  // namespace urix::cli
