// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix normalize (SPEC section 6): the RFC 3986 6.2.2/6.2.3 normal form of each
// URI-reference (urix/normalize.h says exactly what changes).
#include "urix/normalize.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <string_view>

#include "urix/config.h"
#include "whole_input.h"
#if URIX_HAVE_IDNA
#include "whatwg.h"
#endif

namespace urix::cli {
namespace {

using normalizer = converting_processor<syntax, normalize_append>;

processor_factory declare([[maybe_unused]] CLI::App& command) {
#if URIX_HAVE_IDNA
  auto url = std::make_shared<bool>(false);
  command.add_flag("--whatwg", *url, "Write each URL's href as the WHATWG URL Standard parses it");
  return [url]() -> std::unique_ptr<processor> {
    if (*url) return whatwg::make_normalizer();
    return std::make_unique<normalizer>(syntax::uri);
  };
#else
  return []() -> std::unique_ptr<processor> { return std::make_unique<normalizer>(syntax::uri); };
#endif
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix normalize 'HTTP://Example.COM:80/%7euser/./a/../b'\n"
    "http://example.com/~user/b\n";

}  // namespace

const verb normalize_verb{
    "normalize", "Normalize URI references (RFC 3986 6.2.2, 6.2.3)", {}, declare, {}, examples};

}  // namespace urix::cli
