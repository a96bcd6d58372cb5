// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix to-uri (SPEC section 7): each IRI converted to a URI (RFC 3987 section 3.1): the host
// through IDNA ToASCII, every other non-ASCII character percent-encoded as UTF-8.
// --lenient also encodes characters an IRI may not hold (space, '<', ...) instead of failing.
#include <CLI/CLI.hpp>
#include <memory>
#include <string_view>

#include "urix/iri.h"
#include "whole_input.h"

namespace urix::cli {
namespace {

using converter = converting_processor<iri_to_uri_options, iri_to_uri_append>;

processor_factory declare(CLI::App& command) {
  auto opts = std::make_shared<iri_to_uri_options>();
  command.add_flag("--lenient", opts->lenient,
                   "Percent-encode characters an IRI may not hold (space, '<', ...) instead of "
                   "rejecting the input");
  return [opts]() -> std::unique_ptr<processor> { return std::make_unique<converter>(*opts); };
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix to-uri "
    "'http://\xE4\xBE\x8B\xE3\x81\x88.jp/\xE5\xBC\x95\xE3\x81\x8D\xE5\x87\xBA\xE3\x81\x97'\n"
    "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97\n";

}  // namespace

const verb to_uri_verb{"to-uri", "Convert IRIs to URIs (RFC 3987 3.1)", {}, declare, {}, examples};

}  // namespace urix::cli
