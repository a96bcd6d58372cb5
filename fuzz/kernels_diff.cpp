// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "kernels_diff": every kernel this CPU runs (urix/kernel.h: scalar, AVX2,
// AVX-512) must give byte-identical results and identical error offsets. The same input goes
// through each public operation that scans with a kernel, once per kernel, and everything is
// compared with the scalar kernel, the reference. The first input bytes choose a set and the
// options; the rest is scanned from several start offsets, since the SIMD kernels read in 32-
// and 64-byte blocks and the tail and alignment paths are where they differ from scalar code.
#include "urix/kernel.h"

#include <string>
#include <vector>

#include "fuzz.h"
#include "urix/pct.h"
#include "urix/utf8.h"

namespace {

// Everything one kernel says about the input, flattened to text for comparison.
std::string observe(std::string_view in, const urix::charset& set, urix::encode_options eopts,
                    urix::decode_options dopts) {
  std::string seen;
  auto put_error = [&](const urix::error& e) {
    seen += "err " + std::to_string(static_cast<int>(e.code)) + " " + std::to_string(e.offset);
  };
  seen += std::to_string(urix::clean_prefix(in, set, eopts)) + "|";
  seen += std::to_string(urix::encoded_size(in, set, eopts)) + "|";
  seen += urix::encode(in, set, eopts) + "|";
  if (auto d = urix::decode(in, dopts)) seen += *d;
  else put_error(d.error());
  seen += "|";
  if (auto n = urix::decoded_size(in, dopts)) seen += std::to_string(*n);
  else put_error(n.error());
  seen += "|";
  if (auto c = urix::check(in, set)) seen += "ok";
  else put_error(c.error());
  seen += "|";
  if (auto z = urix::normalize_escapes(in)) seen += *z;
  else put_error(z.error());
  seen += "|";
  if (auto v = urix::validate_utf8(in)) seen += "ok";
  else put_error(v.error());
  seen += "|";
  seen += std::to_string(urix::utf8_incomplete_tail(in));
  seen += "|";
  seen += urix::utf8_replace_invalid(in);
  return seen;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const urix::charset set = input.set();
  const unsigned bits = input.byte();
  const urix::encode_options eopts{.space_as_plus = (bits & 1U) != 0,
                                   .lowercase_hex = (bits & 2U) != 0,
                                   .keep_escapes = (bits & 4U) != 0};
  const urix::decode_options dopts{.plus_as_space = (bits & 8U) != 0, .lenient = (bits & 16U) != 0};
  const std::string_view in = input.rest();
  // An exact-size heap copy per start offset, so a kernel reading past the end is caught by
  // AddressSanitizer whatever the alignment.
  for (std::size_t start : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{31}}) {
    if (start > in.size()) break;
    const std::vector<char> copy(in.begin() + static_cast<std::ptrdiff_t>(start), in.end());
    const std::string_view view(copy.data(), copy.size());
    const std::span<const std::string_view> kernels = urix::available_kernels();
    URIX_FUZZ_CHECK(!kernels.empty() && kernels.front() == "scalar");
    URIX_FUZZ_CHECK(urix::force_kernel("scalar"));
    const std::string reference = observe(view, set, eopts, dopts);
    for (std::string_view k : kernels.subspan(1)) {
      URIX_FUZZ_CHECK(urix::force_kernel(k) && urix::active_kernel_name() == k);
      URIX_FUZZ_CHECK(observe(view, set, eopts, dopts) == reference);
    }
  }
  URIX_FUZZ_CHECK(urix::force_kernel("auto"));
  return 0;
}
