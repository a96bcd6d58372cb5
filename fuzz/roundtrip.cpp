// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "roundtrip": percent-encoding (RFC 3986 2.1) for every named set (SPEC section 2)
// and arbitrary sets, with every option combination; the first input bytes choose the set and
// the options. Invariants:
//   - encoded_size, encode_to (exact buffer; errc::no_space one byte short), encode and
//     encode_append agree, and clean_prefix is a prefix the encoder copied unchanged;
//   - the output is always valid for the set (check) and holds only copied bytes, escapes,
//     and '+' for a space;
//   - decoding the output gives the input back (when the set does not let '%' through as
//     itself, as the WHATWG sets other than component and form do);
//   - with keep_escapes: encoding again changes nothing (idempotence), and decoding the output
//     equals a lenient decode of the input.
#include <vector>

#include "fuzz.h"
#include "urix/pct.h"

namespace {

using urix::charset;
using urix::encode_options;
using urix::errc;
using urix::result;

void check_forms(std::string_view in, const charset& set, encode_options opts,
                 const std::string& enc) {
  URIX_FUZZ_CHECK(urix::encoded_size(in, set, opts) == enc.size());

  std::vector<char> exact(enc.size());
  const result<std::size_t> n = urix::encode_to(exact, in, set, opts);
  URIX_FUZZ_CHECK(n && std::string_view(exact.data(), *n) == enc);
  if (!enc.empty()) {
    std::vector<char> short_by_one(enc.size() - 1);
    const result<std::size_t> e = urix::encode_to(short_by_one, in, set, opts);
    URIX_FUZZ_CHECK(!e && e.error().code == errc::no_space && e.error().offset < in.size());
  }

  std::string appended = "prefix";
  urix::encode_append(appended, in, set, opts);
  URIX_FUZZ_CHECK(appended == "prefix" + enc);

  const std::size_t clean = urix::clean_prefix(in, set, opts);
  URIX_FUZZ_CHECK(clean <= in.size() && enc.compare(0, clean, in.substr(0, clean)) == 0);
  if (clean == in.size()) URIX_FUZZ_CHECK(enc == in);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const charset set = input.set();
  const unsigned bits = input.byte();
  const encode_options opts{.space_as_plus = (bits & 1U) != 0,
                            .lowercase_hex = (bits & 2U) != 0,
                            .keep_escapes = (bits & 4U) != 0};
  const std::string_view in = input.rest();

  const std::string enc = urix::encode(in, set, opts);
  check_forms(in, set, opts, enc);

  // A set holding '%' copies it as itself unless keep_escapes: the output is then the
  // output for the set without '%', with each "%25" written as "%".
  if (set.contains('%') && !opts.keep_escapes) {
    std::string expected = urix::encode(in, set - charset("%"), opts);
    for (std::size_t at = 0; (at = expected.find("%25", at)) != std::string::npos; ++at)
      expected.erase(at + 1, 2);
    URIX_FUZZ_CHECK(enc == expected);
    return 0;
  }

  // Every output byte is a copied byte (allowed ASCII), part of an escape, or '+' for space.
  const charset plus = opts.space_as_plus ? charset("+") : charset();
  URIX_FUZZ_CHECK(urix::check(enc, (set & charset::range(0, 0x7F)) | plus));
  for (std::size_t i = 0; i < enc.size(); ++i) {
    if (enc[i] == '%') {
      // Escapes the encoder writes itself use the requested case; kept ones stay as written.
      if (!opts.keep_escapes) {
        const charset hex = charset(opts.lowercase_hex ? "0123456789abcdef" : "0123456789ABCDEF");
        URIX_FUZZ_CHECK(hex.contains(enc[i + 1]) && hex.contains(enc[i + 2]));
      }
      i += 2;
    } else if (!(enc[i] == '+' && opts.space_as_plus)) {
      URIX_FUZZ_CHECK(set.contains(enc[i]) && static_cast<unsigned char>(enc[i]) < 0x80);
    }
  }

  const urix::decode_options back{.plus_as_space = opts.space_as_plus};
  if (opts.keep_escapes) {
    URIX_FUZZ_CHECK(urix::fuzz::same(urix::decode(enc, back),
                                     urix::decode(in, {.plus_as_space = false, .lenient = true})));
    // Idempotent; with space_as_plus only while no space became '+' (a '+' in the input is
    // data and is encoded, so "a b" -> "a+b" -> "a%2Bb").
    if (!opts.space_as_plus || enc.find('+') == std::string::npos)
      URIX_FUZZ_CHECK(urix::encode(enc, set, opts) == enc);
  } else {
    const result<std::string> dec = urix::decode(enc, back);
    URIX_FUZZ_CHECK(dec && *dec == in);
  }
  return 0;
}
