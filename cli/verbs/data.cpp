// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix data URL... (SPEC section 14): each data: URL read by the Fetch Standard's data: URL
// processor (urix/data_url.h); prints its MIME type, serialized, or with --body its body's
// bytes. A URL the processor rejects is exit 1 with the column.
//
// One input, one record (SPEC 8): a body byte that would end the output record (a "%0A" in
// line mode) is rejected at its escape; -0 or --whole carry it. A base64 body that decodes to
// one is rejected at the body's first byte (its bytes come from groups of four characters).
#include "urix/data_url.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <string_view>

#include "urix/pct.h"
#include "whole_input.h"

namespace urix::cli {
namespace {

class data_processor final : public whole_input_processor {
 public:
  explicit data_processor(bool body) : whole_input_processor(true), body_(body) {}

 private:
  result<void> run(std::string_view in, output& out) override {
    auto d = parse_data_url(in);
    if (!d) return d.error();
    if (!body_) {
      out.write(d->mime.serialize());
      return {};
    }
    if (find_record_terminator(*this, d->body) != std::string_view::npos) {
      // The escape that decodes to it, when the body is percent-encoded text.
      for (std::size_t i = d->body_offset; i < in.size() && in[i] != '#'; ++i)
        if (in[i] == '%' && ends_record(escape_at(in, i))) return error{errc::disallowed_char, i};
      return error{errc::disallowed_char, d->body_offset};
    }
    out.write(d->body);
    return {};
  }

  bool body_;
};

processor_factory declare(CLI::App& command) {
  auto body = std::make_shared<bool>(false);
  command.add_flag("--body", *body,
                   "Write each URL's body (percent-decoded, or base64-decoded) instead of its "
                   "MIME type");
  return [body]() -> std::unique_ptr<processor> { return std::make_unique<data_processor>(*body); };
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix data 'data:,Hello%2C%20World' 'data:Text/HTML;Charset=\"utf-8\";base64,PGI+aGk8L2I+'\n"
    "text/plain;charset=US-ASCII\n"
    "text/html;charset=utf-8\n"
    "$ urix data --body 'data:text/html;base64,PGI+aGk8L2I+'\n"
    "<b>hi</b>\n";

}  // namespace

const verb data_verb{"data",    "Read data: URLs: MIME type, or body with --body (RFC 2397, Fetch)",
                     {},        declare,
                     {},        examples};

}  // namespace urix::cli
