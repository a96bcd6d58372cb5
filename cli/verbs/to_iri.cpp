// urix to-iri (SPEC section 7): each URI converted to an IRI (RFC 3987 section 3.2): escapes
// of allowed non-ASCII characters decoded, valid "xn--" host labels shown as Unicode; ASCII
// escapes, invalid UTF-8 and bidi formatting characters stay encoded (urix/iri.h).
#include <CLI/CLI.hpp>
#include <memory>

#include "whole_input.h"
#include "urix/iri.h"

namespace urix::cli {
namespace {

class converter final : public whole_input_processor {
  result<void> run(std::string_view in, output& out) override {
    auto i = uri_to_iri(in);
    if (!i) return i.error();
    out.write(*i);
    return {};
  }
};

processor_factory declare(CLI::App&) {
  return []() -> std::unique_ptr<processor> { return std::make_unique<converter>(); };
}

}  // namespace

const verb to_iri_verb{"to-iri", "Convert URIs to IRIs (RFC 3987 3.2)", {}, declare};

}  // namespace urix::cli
