// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/insns.cpp: urix_insns OP FILE REPS runs one codec operation REPS times over the
// contents of FILE with the active kernel (URIX_KERNEL), and prints a checksum of the results.
// It needs nothing but urix, so that it builds for any target; tools/insns.sh runs it under
// qemu-aarch64 with an instruction-counting plugin, at REPS 0 and REPS N, to get the
// instructions per input byte of each kernel (docs/performance.md, "ARM64"). Under an
// emulator that is a count of instructions, not a speed.
//   OP: encode (the unreserved set: most bytes of non-Latin text escaped), encode-query
//       (query-param), decode and check (of FILE's unreserved encoding, made before the
//       REPS runs: check passes over all of it), utf8 (validate_utf8)
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "urix/kernel.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/utf8.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: urix_insns encode|encode-query|decode|check|utf8 FILE REPS\n");
    return 2;
  }
  const std::string_view op = argv[1];
  std::ifstream f(argv[2], std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "urix_insns: cannot read %s\n", argv[2]);
    return 2;
  }
  const std::string text{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
  const long reps = std::strtol(argv[3], nullptr, 10);
  // Input and output buffers are made before the runs, so that REPS 0 counts all but the runs.
  const std::string encoded = urix::encode(text, urix::sets::unreserved);
  const std::string& input = op == "decode" || op == "check" ? encoded : text;
  std::vector<char> out(3 * input.size() + 64);
  std::size_t sum = 0;
  for (long r = 0; r < reps; ++r) {
    if (op == "encode") {
      sum += *urix::encode_to(out, input, urix::sets::unreserved);
    } else if (op == "encode-query") {
      sum += *urix::encode_to(out, input, urix::sets::query_param);
    } else if (op == "decode") {
      sum += *urix::decode_to(out, input);
    } else if (op == "check") {
      sum += urix::check(input, urix::sets::unreserved) ? 1U : 2U;
    } else if (op == "utf8") {
      sum += urix::validate_utf8(input) ? 1U : 2U;
    } else {
      std::fprintf(stderr, "urix_insns: unknown operation %s\n", argv[1]);
      return 2;
    }
  }
  const std::string_view kernel = urix::active_kernel_name();
  std::printf("%.*s %s %zu bytes: %zu\n", static_cast<int>(kernel.size()), kernel.data(), argv[1],
              input.size(), sum);
  return 0;
}
