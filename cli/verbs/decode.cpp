// urix decode (SPEC section 4): "%HH" becomes the byte 0xHH, optionally checked as UTF-8.
#include <string.h>

#include <CLI/CLI.hpp>
#include <array>
#include <memory>
#include <string>

#include "../verb.h"
#include "offsets.h"
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
};

class decoder final : public processor {
 public:
  decoder(decode_options opts, utf8_mode mode) : opts_(opts), mode_(mode) {}

  result<std::size_t> process(std::string_view in, bool last, output& out) override {
    // An escape cut by the chunk boundary is decoded with the next chunk.
    const std::size_t n = last ? in.size() : escape_safe_cut(in);
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
  bool process_records(std::string_view records, char, output& out) override {
    const std::string_view ends = record_terminators;
    record_terminators = {};
    auto r = process(records, true, out);
    record_terminators = ends;
    return r && !holds_escaped_terminator(records);
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
      // Report the input byte (or escape) that produced the first ill-formed byte, after
      // writing the well-formed bytes before it.
      out.commit(valid.error().offset);
      return error{errc::invalid_utf8, encoded_offset(in, valid.error().offset)};
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

processor_factory declare(CLI::App& command) {
  auto s = std::make_shared<decode_settings>();
  command.add_flag("--plus", s->plus, "Decode '+' as space (form decoding)");
  command.add_flag("--lenient", s->lenient, "Copy a '%' not followed by two hex digits");
  command.add_flag("--utf8", s->utf8,
                   "Reject output that is not valid UTF-8; --utf8=replace writes U+FFFD instead");
  command.add_flag("--utf8-replace", s->utf8_replace)->group("");  // spelled --utf8=replace
  return [s]() -> std::unique_ptr<processor> {
    const utf8_mode mode = s->utf8_replace ? utf8_mode::replace
                           : s->utf8       ? utf8_mode::strict
                                           : utf8_mode::bytes;
    return std::make_unique<decoder>(
        decode_options{.plus_as_space = s->plus, .lenient = s->lenient}, mode);
  };
}

constexpr std::array decode_optional_values{optional_value{"--utf8=replace", "--utf8-replace"}};

}  // namespace

const verb decode_verb{"decode",
                       "Decode %HH escapes to the bytes they name",
                       {.keep_going = false, .writes_output = true},
                       declare,
                       decode_optional_values};

}  // namespace urix::cli
