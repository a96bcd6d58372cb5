// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix equal (SPEC section 6): are two URI-references equivalent, i.e. are their normal forms
// (RFC 3986 6.2.1; urix/normalize.h) identical? Exit 0 when they are, 1 when not, and 2 when
// an input is not a URI reference or the call is wrong (SPEC 6), as cmp and diff do.
//
// The two inputs are A and B as arguments, or the first two lines (records) of standard
// input; any other number of inputs is a usage error. -v prints both normal forms, one per
// line, A first.
#include <CLI/CLI.hpp>
#include <string_view>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "whole_input.h"
#include "urix/config.h"
#include "urix/normalize.h"
#if URIX_HAVE_IDNA
#include "whatwg.h"
#endif

namespace urix::cli {
namespace {

class comparer final : public whole_input_processor {
 public:
  explicit comparer(bool verbose) : verbose_(verbose) {}

  int finish(output& out) override {
    if (forms_.size() != 2)
      throw usage_error("equal compares exactly two URI references; got " +
                        std::to_string(forms_.size()));
    if (verbose_) {
      for (const std::string& f : forms_) {
        out.write(f);
        out.put('\n');
      }
    }
    return forms_[0] == forms_[1] ? 0 : 1;
  }

 private:
  result<void> run(std::string_view in, output&) override {
    if (forms_.size() == 2)
      throw usage_error("equal compares exactly two URI references; got more");
    auto n = normalize(in);
    if (!n) return n.error();
    forms_.push_back(std::move(*n));
    return {};
  }

  bool verbose_;
  std::vector<std::string> forms_;  // the normal forms of the inputs so far
};

processor_factory declare(CLI::App& command) {
  auto verbose = std::make_shared<bool>(false);
  command.add_flag("-v,--verbose", *verbose, "Print both normalized forms, one per line");
#if URIX_HAVE_IDNA
  auto url = std::make_shared<bool>(false);
  command.add_flag("--whatwg", *url,
                   "Compare the hrefs of two URLs as the WHATWG URL Standard parses them");
  return [verbose, url]() -> std::unique_ptr<processor> {
    if (*url) return whatwg::make_comparer(*verbose);
    return std::make_unique<comparer>(*verbose);
  };
#else
  return [verbose]() -> std::unique_ptr<processor> {
    return std::make_unique<comparer>(*verbose);
  };
#endif
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix equal 'http://ex.com/~a' 'HTTP://EX.com:80/%7Ea'; echo $?\n"
    "0\n";

}  // namespace

// Writes nothing per input: the result is the exit status (and -v's lines, from finish()).
const verb equal_verb{"equal",
                      "Test whether two URI references are equivalent (exit 0), not (1), or "
                      "malformed (2)",
                      {.keep_going = false,
                       .writes_output = false,
                       .rejected_status = 2,
                       .takes_two_inputs = true},
                      declare,
                      {},
                      examples};

}  // namespace urix::cli
