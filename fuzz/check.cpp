// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "check": check(in, set) (RFC 3986 2.1: every byte allowed or part of "%HH")
// must agree with what decoding and encoding say about the same input:
//   - check passes exactly when encoding with keep_escapes (and '%' never copied as itself)
//     leaves the input unchanged, i.e. the input is already in encoded form; for a set that
//     allows '%', up to the "%25" that such encoding writes for a '%' that starts no escape
//     (which check accepts there, SPEC section 5);
//   - when check passes, strict decoding succeeds (lenient for a set that allows '%');
//   - when it fails at offset k, everything before k passes, and the error describes byte k:
//     a disallowed byte, or a malformed escape reported the way strict decoding reports it.
#include <string>

#include "fuzz.h"
#include "urix/pct.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using urix::charset;
  using urix::errc;
  urix::fuzz::reader input(data, size);
  const charset set = input.set();
  const std::string_view in = input.rest();

  const urix::result<void> ok = urix::check(in, set);
  const bool percent_allowed = set.contains('%');
  const urix::encode_options keep{.keep_escapes = true};
  const std::string encoded = urix::encode(in, set - charset("%"), keep);
  const bool unchanged =
      percent_allowed
          ? encoded == urix::encode(in, charset::range(0x00, 0x7F) - charset("%"), keep) &&
                urix::encoded_size(in, charset::range(0x00, 0x7F)) == in.size()  // ASCII
          : encoded == in;
  URIX_FUZZ_CHECK(ok.has_value() == unchanged);
  if (ok) {
    URIX_FUZZ_CHECK(urix::decode(in, {.lenient = percent_allowed}).has_value());
    return 0;
  }

  const urix::error e = ok.error();
  URIX_FUZZ_CHECK(e.offset < in.size());
  URIX_FUZZ_CHECK(urix::check(in.substr(0, e.offset), set).has_value());
  const auto byte = static_cast<unsigned char>(in[e.offset]);
  if (e.code == errc::disallowed_char) {
    URIX_FUZZ_CHECK(byte != '%' && (byte >= 0x80 || !set.contains(byte)));
  } else {
    // The same malformed escape, seen by strict decoding of the input from that '%' on.
    URIX_FUZZ_CHECK(byte == '%');
    const auto dec = urix::decode(in.substr(e.offset));
    URIX_FUZZ_CHECK(!dec && dec.error() == (urix::error{e.code, 0}));
  }
  return 0;
}
