// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "decode": percent-decoding (RFC 3986 2.1, 2.4) in all four modes (strict or
// lenient, '+' as itself or as space) against a deliberately plain model of the rules, and
// the three forms of the API against each other: decoded_size, decode_to (in place and into
// a separate exact-size buffer), decode and decode_append. Also escape normalization
// (6.2.2.1-2), which must fail exactly where strict decoding fails and decode to the same bytes.
#include <string>
#include <vector>

#include "fuzz.h"
#include "urix/pct.h"

namespace {

using urix::decode_options;
using urix::errc;
using urix::error;
using urix::result;

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// The model: one byte at a time, no kernels, no buffers.
result<std::string> model_decode(std::string_view in, decode_options opts) {
  std::string out;
  for (std::size_t i = 0; i < in.size(); ++i) {
    char c = in[i];
    if (opts.plus_as_space && c == '+') {
      out += ' ';
    } else if (c != '%') {
      out += c;
    } else if (i + 2 < in.size() && hex_digit(in[i + 1]) >= 0 && hex_digit(in[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(in[i + 1]) * 16 + hex_digit(in[i + 2]));
      i += 2;
    } else if (opts.lenient) {
      out += '%';
    } else {
      // Reported at the '%': bad hex if a byte that is there is not a digit, else the input ended.
      bool bad = (i + 1 < in.size() && hex_digit(in[i + 1]) < 0) ||
                 (i + 2 < in.size() && hex_digit(in[i + 2]) < 0);
      return error{bad ? errc::bad_escape_hex : errc::incomplete_escape, i};
    }
  }
  return out;
}

void check_mode(std::string_view in, decode_options opts) {
  const result<std::string> model = model_decode(in, opts);
  const result<std::string> got = urix::decode(in, opts);
  URIX_FUZZ_CHECK(urix::fuzz::same(got, model));
  if (opts.lenient) URIX_FUZZ_CHECK(got.has_value());

  const result<std::size_t> size = urix::decoded_size(in, opts);
  URIX_FUZZ_CHECK(size.has_value() == got.has_value());
  if (got) {
    URIX_FUZZ_CHECK(*size == got->size());
  } else {
    URIX_FUZZ_CHECK(size.error() == got.error());
  }

  // In place: the output overwrites the input's own storage.
  std::vector<char> buf(in.begin(), in.end());
  const result<std::size_t> inplace =
      urix::decode_to(buf, std::string_view(buf.data(), buf.size()), opts);
  URIX_FUZZ_CHECK(inplace.has_value() == got.has_value());
  if (got) {
    URIX_FUZZ_CHECK(std::string_view(buf.data(), *inplace) == *got);
  } else {
    URIX_FUZZ_CHECK(inplace.error() == got.error());
  }

  // A separate buffer of exactly the decoded size fits; one byte less is errc::no_space.
  if (got) {
    std::vector<char> exact(got->size());
    const result<std::size_t> n = urix::decode_to(exact, in, opts);
    URIX_FUZZ_CHECK(n && std::string_view(exact.data(), *n) == *got);
    if (!got->empty()) {
      std::vector<char> short_by_one(got->size() - 1);
      const result<std::size_t> e = urix::decode_to(short_by_one, in, opts);
      URIX_FUZZ_CHECK(!e && e.error().code == errc::no_space && e.error().offset < in.size());
    }
  }

  // decode_append appends on success and leaves the string as it was on failure.
  std::string appended = "prefix";
  const result<void> r = urix::decode_append(appended, in, opts);
  URIX_FUZZ_CHECK(r.has_value() == got.has_value());
  URIX_FUZZ_CHECK(appended == (got ? "prefix" + *got : std::string("prefix")));
}

void check_normalize(std::string_view in) {
  const result<std::string> norm = urix::normalize_escapes(in);
  const result<std::string> strict = urix::decode(in);
  URIX_FUZZ_CHECK(norm.has_value() == strict.has_value());
  if (!norm) {
    URIX_FUZZ_CHECK(norm.error() == strict.error());
    return;
  }
  // Normalizing changes how bytes are written, never which bytes they are, and is idempotent.
  URIX_FUZZ_CHECK(norm->size() <= in.size());
  URIX_FUZZ_CHECK(urix::fuzz::same(urix::decode(*norm), strict));
  const result<std::string> again = urix::normalize_escapes(*norm);
  URIX_FUZZ_CHECK(again && *again == *norm);
  std::vector<char> buf(in.begin(), in.end());
  const result<std::size_t> inplace =
      urix::normalize_escapes_to(buf, std::string_view(buf.data(), buf.size()));
  URIX_FUZZ_CHECK(inplace && std::string_view(buf.data(), *inplace) == *norm);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const std::string_view in = input.rest();
  for (bool plus : {false, true})
    for (bool lenient : {false, true}) check_mode(in, {.plus_as_space = plus, .lenient = lenient});
  check_normalize(in);
  return 0;
}
