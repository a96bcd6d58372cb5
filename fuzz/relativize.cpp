// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "relativize": the inverse of resolution (urix/resolve.h). The input is
// "BASE\nTARGET". When both are URIs, the reference relativize gives
//   - resolves against the base's normal form to the target's normal form;
//   - resolves against the base as written to a URI whose normal form is the target's;
//   - is never longer than the target's normal form.
#include <string>

#include "fuzz.h"
#include "urix/normalize.h"
#include "urix/resolve.h"
#include "urix/uri.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const std::string_view in = input.rest();
  const std::size_t nl = in.find('\n');
  if (nl == std::string_view::npos) return 0;
  const std::string_view base = in.substr(0, nl), target = in.substr(nl + 1);
  auto r = urix::relativize(base, target);
  if (!r) {
    URIX_FUZZ_CHECK(!urix::parse_uri(base) || !urix::parse_uri(target));
    return 0;
  }
  const std::string nt = *urix::normalize(target);
  auto back = urix::resolve(*urix::normalize(base), *r);
  URIX_FUZZ_CHECK(back && *back == nt);
  auto raw = urix::resolve(base, *r);
  URIX_FUZZ_CHECK(raw && *urix::normalize(*raw) == nt);
  URIX_FUZZ_CHECK(r->size() <= nt.size());
  return 0;
}
