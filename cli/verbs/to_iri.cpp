// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix to-iri (SPEC section 7): each URI converted to an IRI (RFC 3987 section 3.2): escapes
// of allowed non-ASCII characters decoded, valid "xn--" host labels shown as Unicode when a
// reader cannot take them for another label (--unicode-hosts=all: every valid label); ASCII
// escapes, invalid UTF-8 and bidi formatting characters stay encoded (urix/iri.h).
#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>

#include "urix/iri.h"
#include "whole_input.h"

namespace urix::cli {
namespace {

using converter = converting_processor<uri_to_iri_options, uri_to_iri_append>;

processor_factory declare(CLI::App& command) {
  auto opts = std::make_shared<uri_to_iri_options>();
  command
      .add_option_function<std::string>(
          "--unicode-hosts",
          [opts](const std::string& which) {
            if (which == "safe") {
              opts->unicode_hosts = host_display::safe;
            } else if (which == "all") {
              opts->unicode_hosts = host_display::all;
            } else {
              throw CLI::ValidationError("--unicode-hosts",
                                         "'" + which + "' is not one of: safe, all");
            }
          },
          "Which valid IDNA host labels to show in Unicode: 'safe' (default), those that pass "
          "the UTS #39 spoof checks browsers apply, the others stay xn--; 'all', look-alikes too")
      ->type_name("WHICH");
  return [opts]() -> std::unique_ptr<processor> { return std::make_unique<converter>(*opts); };
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix to-iri 'http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D'\n"
    "http://\xE4\xBE\x8B\xE3\x81\x88.jp/\xE5\xBC\x95\xE3\x81\x8D\n";

}  // namespace

const verb to_iri_verb{"to-iri", "Convert URIs to IRIs (RFC 3987 3.2)", {}, declare, {}, examples};

}  // namespace urix::cli
