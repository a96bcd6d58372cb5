// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix decode (SPEC section 4): "%HH" becomes the byte 0xHH, optionally checked as UTF-8;
// with --charset (SPEC 10), the bytes are read in a legacy charset and written as UTF-8.
#include <string.h>

#include <CLI/CLI.hpp>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "../legacy_charset.h"
#include "../verb.h"
#include "offsets.h"
#include "urix/config.h"
#include "urix/pct.h"
#include "urix/utf8.h"

namespace urix::cli {
namespace {

enum class utf8_mode { bytes, strict, replace };

struct decode_settings {
  bool plus = false;
  bool lenient = false;
  bool utf8 = false;
  bool utf8_replace = false;  // set by --utf8=replace (decode_optional_values)
  std::optional<std::string> charset_name;
};

class decoder final : public processor {
 public:
  decoder(decode_options opts, utf8_mode mode) : opts_(opts), mode_(mode) {}

  result<std::size_t> process(std::string_view in, bool last, output& out) override {
    // An escape cut by the chunk boundary is decoded with the next chunk.
    const std::size_t n = in.size() - (last ? 0 : incomplete_escape_tail(in));
    char* dst = out.reserve(n);  // decoding never grows
    auto decoded = decode_to({dst, n}, in.substr(0, n), opts_);
    if (!decoded) {
      // Finish what comes before the bad escape (with --whole, that output is final), unless
      // it holds an earlier error of its own.
      const error e = decoded.error();
      const std::string_view before = in.substr(0, e.offset);
      auto size = decode_to({dst, before.size()}, before, opts_);  // cannot fail
      if (auto r = commit_decoded(before, {dst, *size}, false, out); !r) return r.error();
      return e;
    }
    return commit_decoded(in.substr(0, n), {dst, *decoded}, last, out);
  }

  // The separator is never part of an escape and is copied as itself, and a UTF-8 sequence
  // cannot run across it, so a block of records decodes (and is checked) at once, unless an
  // escape in it decodes to a separator (run record by record, that one is rejected).
  std::optional<std::size_t> process_records(std::string_view records, char separator,
                                             output& out) override {
    const std::string_view ends = record_terminators;
    record_terminators = {};
    auto r = process(records, true, out);
    record_terminators = ends;
    if (!r || holds_escaped_terminator(records)) return std::nullopt;
    return count_records(records, separator);
  }

 private:
  // Commits `bytes`, the decoding of `in` (reserved in `out`), after the UTF-8 check or repair,
  // and returns how much of `in` is done.
  result<std::size_t> commit_decoded(std::string_view in, std::string_view bytes, bool last,
                                     output& out) {
    if (const std::size_t at = find_record_terminator(*this, bytes); at != std::string_view::npos)
      return error{errc::disallowed_char, encoded_offset(in, at)};
    if (mode_ == utf8_mode::bytes) {
      out.commit(bytes.size());
      return in.size();
    }
    const std::size_t n = hold_back_cut_sequence(in, bytes, last);
    auto valid = validate_utf8(bytes);
    if (valid) {
      out.commit(bytes.size());
    } else if (mode_ == utf8_mode::strict) {
      // The well-formed bytes before the first ill-formed one are written; the error is at
      // the input byte (or escape) that produced it.
      out.commit(valid.error().offset);
      return check_decoded_utf8(in, bytes).error();
    } else {
      // U+FFFD per maximal subpart; the repaired text may be longer, so build it aside.
      repaired_.clear();
      utf8_replace_invalid_append(repaired_, bytes);
      out.write(repaired_);
    }
    return n;
  }

  // Does an escape in `in` decode to a record terminator? Every terminator (NUL, '\n', '\r')
  // is below 0x10, so only escapes "%0H" can: memmem for those, not a look at every '%',
  // keeps escape-heavy blocks near the codec's speed.
  bool holds_escaped_terminator(std::string_view in) const noexcept {
    static_assert('\0' < 0x10 && '\n' < 0x10 && '\r' < 0x10);
    const char* end = in.data() + in.size();
    for (const char* p = in.data();; ++p) {
      p = static_cast<const char*>(::memmem(p, static_cast<std::size_t>(end - p), "%0", 2));
      if (p == nullptr) return false;
      if (ends_record(escape_at(in, static_cast<std::size_t>(p - in.data())))) return true;
    }
  }

  decode_options opts_;
  utf8_mode mode_;
  std::string repaired_;  // reused across chunks
};

#if URIX_HAVE_IDNA  // --charset converts through ICU, which a build without IDNA lacks
// decode --charset NAME (SPEC 10): the decoded bytes read in the charset, written as UTF-8.
// Line by line (no process_records): a block's separators would pass through the converter.
class charset_decoder final : public processor {
 public:
  charset_decoder(const std::string& name, decode_options opts, bool replace)
      : charset_(name), opts_(opts), replace_(replace) {
    escapes_read_as_ascii = false;
  }

  result<std::size_t> process(std::string_view in, bool last, output& out) override {
    if (starting_) charset_.reset();
    starting_ = last;
    // An escape cut by the chunk boundary is decoded with the next chunk.
    std::string_view part = in.substr(0, in.size() - (last ? 0 : incomplete_escape_tail(in)));
    bytes_.resize(part.size());  // decoding never grows
    auto decoded = decode_to(bytes_, part, opts_);
    const result<std::size_t> escapes =
        decoded ? result<std::size_t>(part.size()) : decoded.error();
    if (!decoded) {
      // Convert what comes before the bad escape (with --whole, that output is final).
      part = part.substr(0, decoded.error().offset);
      decoded = decode_to(bytes_, part, opts_);  // cannot fail
    }
    const std::string_view bytes(bytes_.data(), *decoded);
    text_.clear();
    auto done = charset_.to_utf8(bytes, last && escapes, replace_, record_terminators, text_);
    out.write(text_);
    if (!done) {
      starting_ = true;
      return error{done.error().code, encoded_offset(part, done.error().offset)};
    }
    if (!escapes) starting_ = true;
    if (!escapes || last) return escapes;
    return encoded_offset(part, *done);  // a cut sequence's escapes come back next time
  }

 private:
  legacy_charset charset_;
  decode_options opts_;
  bool replace_;
  bool starting_ = true;
  std::string bytes_, text_;  // reused
};
#endif

processor_factory declare(CLI::App& command) {
  auto s = std::make_shared<decode_settings>();
  command.add_flag("--plus", s->plus, "Decode '+' as space (form decoding)");
  command.add_flag("--lenient", s->lenient, "Copy a '%' not followed by two hex digits");
  command.add_flag("--utf8", s->utf8,
                   "Reject output that is not valid UTF-8; --utf8=replace writes U+FFFD instead");
  command.add_flag("--utf8-replace", s->utf8_replace)->group("");  // spelled --utf8=replace
#if URIX_HAVE_IDNA
  command
      .add_option("--charset", s->charset_name,
                  "Read the decoded bytes in this charset and write UTF-8: shift_jis, "
                  "euc-jp, gb18030, windows-1252, ... (any name ICU knows); with "
                  "--utf8=replace, U+FFFD for bytes not valid in it")
      ->type_name("NAME");
#endif
  return [s]() -> std::unique_ptr<processor> {
    const utf8_mode mode = s->utf8_replace ? utf8_mode::replace
                           : s->utf8       ? utf8_mode::strict
                                           : utf8_mode::bytes;
    const decode_options opts{.plus_as_space = s->plus, .lenient = s->lenient};
#if URIX_HAVE_IDNA
    if (s->charset_name)
      return std::make_unique<charset_decoder>(*s->charset_name, opts, mode == utf8_mode::replace);
#endif
    return std::make_unique<decoder>(opts, mode);
  };
}

constexpr std::array decode_optional_values{optional_value{"--utf8=replace", "--utf8-replace"}};

// Shown under "Examples:" in --help; tests/cli/doc_examples.py runs them.
constexpr std::string_view examples =
    "$ urix decode 'caf%C3%A9%20au%20lait'\n"
    "caf\xC3\xA9 au lait\n"
    "$ urix decode --plus 'a+b%2B'\n"
    "a b+\n"
    "$ urix decode --utf8=replace 'caf%E9'\n"
    "caf\xEF\xBF\xBD\n";

}  // namespace

const verb decode_verb{"decode",
                       "Decode %HH escapes to the bytes they name",
                       {.keep_going = false, .writes_output = true},
                       declare,
                       decode_optional_values,
                       examples};

}  // namespace urix::cli
