// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix normalize (SPEC section 6): the RFC 3986 6.2.2/6.2.3 normal form of each
// URI-reference (urix/normalize.h says exactly what changes).
#include "urix/normalize.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <string_view>

#include "whole_input.h"

namespace urix::cli {
namespace {

using normalizer = converting_processor<syntax, normalize_append>;

processor_factory declare(CLI::App&) {
  return []() -> std::unique_ptr<processor> { return std::make_unique<normalizer>(syntax::uri); };
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix normalize 'HTTP://Example.COM:80/%7euser/./a/../b'\n"
    "http://example.com/~user/b\n";

}  // namespace

const verb normalize_verb{
    "normalize", "Normalize URI references (RFC 3986 6.2.2, 6.2.3)", {}, declare, {}, examples};

}  // namespace urix::cli
