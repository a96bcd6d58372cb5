// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "utf8": validate_utf8, utf8_replace_invalid(_append) and utf8_incomplete_tail
// against a plain model of Unicode 3.9 Table 3-7 (well-formed byte sequences) and of
// "U+FFFD Substitution of Maximal Subparts". Invariants:
//   - validate passes exactly when replacing changes nothing, and fails at the first
//     ill-formed sequence; the replaced output is always valid;
//   - the incomplete tail is the last sequence when it is a proper prefix cut off by the end.
#include "urix/utf8.h"

#include <string>

#include "fuzz.h"

namespace {

// Length of the well-formed sequence starting at in[i] (`valid`), or of the maximal subpart
// of an ill-formed one (at least 1), from Table 3-7.
struct sequence {
  std::size_t length;
  bool valid;
  bool truncated;  ///< ill-formed only because the input ended
};

sequence next_sequence(std::string_view in, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(in[i]);
  std::size_t need = 0;                // continuation bytes required
  unsigned char lo = 0x80, hi = 0xBF;  // range of the second byte
  if (b0 < 0x80) return {1, true, false};
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    if (b0 == 0xE0) lo = 0xA0;  // no overlongs
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    if (b0 == 0xF0) lo = 0x90;  // no overlongs
    if (b0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return {1, false, false};
  }
  for (std::size_t k = 1; k <= need; ++k) {
    if (i + k >= in.size()) return {k, false, true};
    const auto b = static_cast<unsigned char>(in[i + k]);
    const bool in_range = k == 1 ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xBF);
    if (!in_range) return {k, false, false};
  }
  return {need + 1, true, false};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const std::string_view in = input.rest();

  std::string model;
  std::size_t first_bad = in.size();
  std::size_t tail = 0;
  for (std::size_t i = 0; i < in.size();) {
    const sequence s = next_sequence(in, i);
    if (s.valid) {
      model.append(in.substr(i, s.length));
    } else {
      model.append("\xEF\xBF\xBD");
      if (first_bad == in.size()) first_bad = i;
      if (s.truncated) tail = s.length;
    }
    i += s.length;
  }

  const urix::result<void> valid = urix::validate_utf8(in);
  URIX_FUZZ_CHECK(valid.has_value() == (first_bad == in.size()));
  if (!valid) URIX_FUZZ_CHECK(valid.error() == (urix::error{urix::errc::invalid_utf8, first_bad}));

  const std::string replaced = urix::utf8_replace_invalid(in);
  URIX_FUZZ_CHECK(replaced == model);
  URIX_FUZZ_CHECK(valid.has_value() == (replaced == in));
  URIX_FUZZ_CHECK(urix::validate_utf8(replaced).has_value());

  std::string appended = "prefix";
  urix::utf8_replace_invalid_append(appended, in);
  URIX_FUZZ_CHECK(appended == "prefix" + model);

  URIX_FUZZ_CHECK(urix::utf8_incomplete_tail(in) == tail);
  return 0;
}
