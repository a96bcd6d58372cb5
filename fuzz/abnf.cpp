// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "abnf": urix's URI-reference parser (strict, syntax::uri) against a recognizer
// written straight from the ABNF of RFC 3986 Appendix A (tests/rfc3986_abnf.h). They must
// agree on accept/reject and on every component, with urix's documented deviations (none for
// parsing, docs/differences.md) encoded in rfc3986::compare_with_urix. The recognizer is
// slow (cubic in the length), hence the small max_len in abnf.options.
#include <cstdio>
#include <string>

#include "fuzz.h"
#include "rfc3986_abnf.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const std::string_view in = input.rest();
  if (in.size() > 256) return 0;  // the recognizer's cost; max_len keeps inputs below this
  const std::string diff = rfc3986::compare_with_urix(in);
  if (!diff.empty()) std::fprintf(stderr, "urix fuzz abnf: %s\n", diff.c_str());
  URIX_FUZZ_CHECK(diff.empty());
  return 0;
}
