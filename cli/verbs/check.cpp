// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix check (SPEC section 5): is each input a valid encoded form for the set? Reports every
// rejected input, not just the first, and writes nothing on stdout.
#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "../verb.h"
#include "offsets.h"
#include "set_option.h"
#include "urix/config.h"
#include "whole_input.h"
#include "urix/pct.h"
#include "urix/template.h"
#include "urix/utf8.h"
#if URIX_HAVE_IDNA
#include "whatwg.h"
#endif

namespace urix::cli {
namespace {

struct check_settings {
  set_option set;
  bool utf8 = false;
  bool templates = false;
};

// --template: each input is an RFC 6570 URI Template (urix/template.h), checked by parsing it.
class template_checker final : public whole_input_processor {
 private:
  result<void> run(std::string_view in, output&) override {
    if (auto t = uri_template::parse(in); !t) return t.error();
    return {};
  }
};

class checker final : public processor {
 public:
  checker(charset allowed, bool utf8) : allowed_(allowed), utf8_(utf8) {}

  result<std::size_t> process(std::string_view in, bool last, output&) override {
    // An escape cut by the chunk boundary is checked with the next chunk.
    const std::size_t n = in.size() - (last ? 0 : incomplete_escape_tail(in));
    return check_part(in.substr(0, n), allowed_, last);
  }

  // The separator is never part of an escape nor of a UTF-8 sequence, so a block of records
  // is checked at once, with the separator allowed.
  std::optional<std::size_t> process_records(std::string_view records, char separator,
                                             output&) override {
    if (!check_part(records, allowed_ | charset(std::string_view(&separator, 1)), true))
      return std::nullopt;
    return count_records(records, separator);
  }

 private:
  // Checks `part` against `allowed` (and as UTF-8 with --utf8); returns how much is done.
  result<std::size_t> check_part(std::string_view part, const charset& allowed, bool last) {
    if (auto r = check(part, allowed); !r) {
      // With --utf8, an ill-formed sequence before this error is the first error.
      if (utf8_) {
        if (auto u = check_utf8(part.substr(0, r.error().offset), false); !u) return u.error();
      }
      return r.error();
    }
    return utf8_ ? check_utf8(part, last) : part.size();
  }

  // --utf8: the bytes the escapes of `in` stand for must be UTF-8 (RFC 3986 2.5, RFC 3987
  // 3.2). Returns how much of `in` is done: a sequence cut at its end waits for more input.
  result<std::size_t> check_utf8(std::string_view in, bool last) {
    decoded_.resize(in.size());
    // Cannot fail: check() accepted every escape, and lenient decoding copies a '%' that the
    // set allows and that starts none.
    auto size = decode_to(decoded_, in, {.lenient = true});
    std::string_view bytes(decoded_.data(), *size);
    const std::size_t n = hold_back_cut_sequence(in, bytes, last);
    if (auto v = check_decoded_utf8(in, bytes); !v) return v.error();
    return n;
  }

  charset allowed_;
  bool utf8_;
  std::string decoded_;  // reused across inputs
};

processor_factory declare(CLI::App& command) {
  auto s = std::make_shared<check_settings>();
  add_set_option(command, s->set);
  command.add_flag("--utf8", s->utf8, "Also require the decoded bytes to be valid UTF-8");
  command.add_flag("--template", s->templates,
                   "Check that each input is a URI Template (RFC 6570) instead");
  const auto plain = [s]() -> std::unique_ptr<processor> {
    if (s->templates) {
      if (s->utf8) throw usage_error("--template checks templates; --utf8 does not apply");
      return std::make_unique<template_checker>();
    }
    // A set that writes space as '+' (whatwg-form; encode implies --plus) makes '+' valid.
    return std::make_unique<checker>(resolve_set(s->set).encoded_chars(), s->utf8);
  };
#if URIX_HAVE_IDNA
  auto url = std::make_shared<bool>(false);
  auto strict = std::make_shared<bool>(false);
  CLI::Option* whatwg_flag = command.add_flag(
      "--whatwg", *url, "Check that each input is a URL by the WHATWG URL Standard (it parses)");
  command.add_flag("--strict", *strict, "With --whatwg: a validation error rejects the URL too")
      ->needs(whatwg_flag);
  whatwg_flag->excludes("--set")->excludes("--allow")->excludes("--utf8")->excludes("--template");
  return [plain, url, strict]() -> std::unique_ptr<processor> {
    if (*url) return whatwg::make_checker(*strict);
    return plain();
  };
#else
  return plain;
#endif
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix check --set path /a/b%20c; echo $?\n"
    "0\n"
    "$ urix check --set path 'a b' 2>/dev/null; echo $?\n"
    "1\n"
    "$ urix check --template '/users/{id}{?fields*}'; echo $?\n"
    "0\n";

}  // namespace

const verb check_verb{"check",
                      "Check that input is validly percent-encoded for a set",
                      {.keep_going = true, .writes_output = false},
                      declare,
                      {},
                      examples};

}  // namespace urix::cli
