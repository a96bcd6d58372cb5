// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix encode (SPEC section 3): percent-encode every byte outside the allowed set; with
// --charset (SPEC 10), of the input converted to a legacy charset first.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "../legacy_charset.h"
#include "../verb.h"
#include "set_option.h"
#include "urix/config.h"
#include "urix/pct.h"
#include "urix/utf8.h"

namespace urix::cli {
namespace {

struct encode_settings {
  set_option set;
  bool plus = false;
  bool lower = false;
  bool keep_escapes = false;
  bool utf8 = false;
  std::optional<std::string> charset_name;
  bool ncr = false;
};

// Encodes all of `in` in pieces, each into room for its worst case (3 bytes out per byte in),
// so a 100 MB line needs no 300 MB reservation up front.
void encode_all(std::string_view in, const charset& allowed, const encode_options& opts,
                output& out) {
  constexpr std::size_t piece_size = std::size_t{64} << 10;
  for (std::size_t i = 0; i < in.size();) {
    std::size_t piece = std::min(in.size() - i, piece_size);
    if (i + piece < in.size() && opts.keep_escapes)
      piece -= incomplete_escape_tail(in.substr(i, piece));
    char* dst = out.reserve(3 * piece);
    auto written = encode_to({dst, 3 * piece}, in.substr(i, piece), allowed, opts);
    out.commit(*written);  // cannot fail: the room is the worst case
    i += piece;
  }
}

class encoder final : public processor {
 public:
  encoder(charset allowed, encode_options opts, bool utf8)
      : allowed_(allowed), opts_(opts), utf8_(utf8) {}

  result<std::size_t> process(std::string_view in, bool last, output& out) override {
    std::size_t n = in.size();
    if (utf8_) {
      // RFC 3629: a sequence cut by the chunk boundary is checked with the next chunk.
      if (!last) n -= utf8_incomplete_tail(in);
      if (auto v = validate_utf8(in.substr(0, n)); !v) {
        // Write what comes before the bad byte: with --whole, that output is final.
        encode_all(in.substr(0, v.error().offset), allowed_, opts_, out);
        return v.error();
      }
    }
    if (!last && opts_.keep_escapes) n -= incomplete_escape_tail(in.substr(0, n));
    encode_all(in.substr(0, n), allowed_, opts_, out);
    return n;
  }

  // Every byte is encoded on its own, so a block of records is encoded at once, with the
  // separator let through as itself. (It is never a hex digit, so --keep-escapes sees the
  // same escapes.)
  std::optional<std::size_t> process_records(std::string_view records, char separator,
                                             output& out) override {
    if (utf8_ && !validate_utf8(records)) return std::nullopt;
    encode_all(records, allowed_ | charset(std::string_view(&separator, 1)), opts_, out);
    return count_records(records, separator);
  }

 private:
  charset allowed_;
  encode_options opts_;
  bool utf8_;
};

#if URIX_HAVE_IDNA  // --charset converts through ICU, which a build without IDNA lacks
// encode --charset NAME (SPEC 10): the UTF-8 input converted to the charset, then encoded.
// Line by line (no process_records): a block's separators would pass through the converter.
class charset_encoder final : public processor {
 public:
  charset_encoder(const std::string& name, charset allowed, encode_options opts, bool ncr)
      : charset_(name), allowed_(allowed), opts_(opts), ncr_(ncr) {}

  result<std::size_t> process(std::string_view in, bool last, output& out) override {
    if (starting_) charset_.reset();
    starting_ = last;
    std::size_t n = in.size();
    if (!last) {
      n -= utf8_incomplete_tail(in);  // a cut character is converted with the next chunk
      if (opts_.keep_escapes) n -= incomplete_escape_tail(in.substr(0, n));
    }
    // Text is what a charset converts: input that is not UTF-8 is an error at its first
    // ill-formed byte, after the text before it.
    const auto valid = validate_utf8(in.substr(0, n));
    const std::size_t text = valid ? n : valid.error().offset;
    bytes_.clear();
    const auto converted = charset_.from_utf8(in.substr(0, text), last && valid, ncr_, bytes_);
    encode_all(bytes_, allowed_, opts_, out);
    if (!converted || !valid) {
      starting_ = true;
      return converted ? valid.error() : converted.error();
    }
    return n;
  }

 private:
  legacy_charset charset_;
  charset allowed_;
  encode_options opts_;
  bool ncr_;
  bool starting_ = true;
  std::string bytes_;  // the input in the charset, reused
};
#endif

processor_factory declare(CLI::App& command) {
  auto s = std::make_shared<encode_settings>();
  add_set_option(command, s->set);
  command.add_flag("--plus", s->plus, "Write space as '+' and '+' as %2B (form encoding)");
  command.add_flag("--lower", s->lower, "Write lowercase hex digits (%2f)");
  command.add_flag("--keep-escapes", s->keep_escapes,
                   "Copy well-formed %HH unchanged (no double encoding)");
  command.add_flag("--utf8", s->utf8, "Reject input that is not valid UTF-8");
#if URIX_HAVE_IDNA
  command
      .add_option("--charset", s->charset_name,
                  "Convert the (UTF-8) input to this charset before encoding: shift_jis, "
                  "euc-jp, gb18030, windows-1252, ... (any name ICU knows)")
      ->type_name("NAME");
  command.add_flag("--ncr", s->ncr,
                   "With --charset: write a character the charset lacks as &#N; (as browsers "
                   "submit forms), not an error");
#endif
  return [s]() -> std::unique_ptr<processor> {
    const sets::named_set named = resolve_set(s->set);
    const encode_options opts = encode_options_for(
        named, {.space_as_plus = s->plus, .lowercase_hex = s->lower, .keep_escapes = s->keep_escapes});
#if URIX_HAVE_IDNA
    if (s->ncr && !s->charset_name) throw usage_error("--ncr is for --charset NAME");
    if (s->charset_name)
      return std::make_unique<charset_encoder>(*s->charset_name, named.set, opts, s->ncr);
#endif
    return std::make_unique<encoder>(named.set, opts, s->utf8);
  };
}

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix encode --set query 'a b&c'\n"
    "a%20b&c\n"
    "$ urix encode --set query-param 'Tom&Jerry'\n"
    "Tom%26Jerry\n"
    "$ printf 'a b\\n/c\\n' | urix encode\n"
    "a%20b\n"
    "%2Fc\n";

}  // namespace

const verb encode_verb{"encode",
                       "Percent-encode every byte outside a character set",
                       {.keep_going = false, .writes_output = true},
                       declare,
                       {},
                       examples};

}  // namespace urix::cli
