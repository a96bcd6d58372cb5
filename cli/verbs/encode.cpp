// urix encode (SPEC section 3): percent-encode every byte outside the allowed set.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>

#include "../verb.h"
#include "set_option.h"
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
};

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
        encode_all(in.substr(0, v.error().offset), allowed_, out);
        return v.error();
      }
    }
    if (!last && opts_.keep_escapes) n = escape_safe_cut(in.substr(0, n));
    encode_all(in.substr(0, n), allowed_, out);
    return n;
  }

  // Every byte is encoded on its own, so a block of records is encoded at once, with the
  // separator let through as itself. (It is never a hex digit, so --keep-escapes sees the
  // same escapes.)
  bool process_records(std::string_view records, char separator, output& out) override {
    if (utf8_ && !validate_utf8(records)) return false;
    encode_all(records, allowed_ | charset(std::string_view(&separator, 1)), out);
    return true;
  }

 private:
  // Encodes all of `in` in pieces, each into room for its worst case (3 bytes out per byte
  // in), so a 100 MB line needs no 300 MB reservation up front.
  void encode_all(std::string_view in, const charset& allowed, output& out) const {
    for (std::size_t i = 0; i < in.size();) {
      std::size_t piece = std::min(in.size() - i, piece_size);
      if (i + piece < in.size() && opts_.keep_escapes) piece = escape_safe_cut(in.substr(i, piece));
      char* dst = out.reserve(3 * piece);
      auto written = encode_to({dst, 3 * piece}, in.substr(i, piece), allowed, opts_);
      out.commit(*written);  // cannot fail: the room is the worst case
      i += piece;
    }
  }

  static constexpr std::size_t piece_size = std::size_t{64} << 10;
  charset allowed_;
  encode_options opts_;
  bool utf8_;
};

processor_factory declare(CLI::App& command) {
  auto s = std::make_shared<encode_settings>();
  add_set_option(command, s->set);
  command.add_flag("--plus", s->plus, "Write space as '+' and '+' as %2B (form encoding)");
  command.add_flag("--lower", s->lower, "Write lowercase hex digits (%2f)");
  command.add_flag("--keep-escapes", s->keep_escapes,
                   "Copy well-formed %HH unchanged (no double encoding)");
  command.add_flag("--utf8", s->utf8, "Reject input that is not valid UTF-8");
  return [s]() -> std::unique_ptr<processor> {
    const sets::named_set named = resolve_set(s->set);
    const bool plus = s->plus || named.space_as_plus;  // whatwg-form implies --plus
    return std::make_unique<encoder>(
        named.set,
        encode_options{
            .space_as_plus = plus, .lowercase_hex = s->lower, .keep_escapes = s->keep_escapes},
        s->utf8);
  };
}

}  // namespace

const verb encode_verb{"encode",
                       "Percent-encode every byte outside a character set",
                       {.keep_going = false, .writes_output = true},
                       declare};

}  // namespace urix::cli
