// urix normalize (SPEC section 6): the RFC 3986 6.2.2/6.2.3 normal form of each
// URI-reference (urix/normalize.h says exactly what changes).
#include "urix/normalize.h"

#include <CLI/CLI.hpp>
#include <memory>

#include "whole_input.h"

namespace urix::cli {
namespace {

class normalizer final : public whole_input_processor {
 public:
  normalizer() : whole_input_processor(true) {}

 private:
  result<void> run(std::string_view in, output& out) override {
    auto n = normalize(in);
    if (!n) return n.error();
    out.write(*n);
    return {};
  }
};

processor_factory declare(CLI::App&) {
  return []() -> std::unique_ptr<processor> { return std::make_unique<normalizer>(); };
}

}  // namespace

const verb normalize_verb{
    "normalize", "Normalize URI references (RFC 3986 6.2.2, 6.2.3)", {}, declare};

}  // namespace urix::cli
