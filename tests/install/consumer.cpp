// SPDX-License-Identifier: Apache-2.0 OR MIT
// A program that uses urix the way an outside project does: through the installed headers and
// library only. The install tests build it with find_package(urix) and with pkg-config, run it
// and expect exit status 0.
//
// Usage: consumer EXPECTED-VERSION
#include <urix.h>

#include <cstdio>
#include <string>
#include <string_view>

namespace {

int failures = 0;

void expect(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "consumer: FAILED: %s\n", what);
    ++failures;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: consumer EXPECTED-VERSION\n");
    return 2;
  }
  // The headers and the library come from the same install (urix/version.h is generated).
  expect(std::string_view(URIX_VERSION_STRING) == argv[1],
         "URIX_VERSION_STRING is the expected version");

  // RFC 3986 2.1/2.2: '&' is a sub-delim, encoded inside a query parameter; ' ' is never allowed.
  const std::string encoded = urix::encode("Tom & Jerry", urix::sets::query_param);
  expect(encoded == "Tom%20%26%20Jerry", "encode(\"Tom & Jerry\", query_param)");

  // RFC 3986 2.4: decoding inverts encoding.
  const urix::result<std::string> decoded = urix::decode(encoded);
  expect(decoded && *decoded == "Tom & Jerry", "decode(encode(x)) == x");

  // Strict decoding reports a truncated escape at its '%' (the error model crosses the ABI).
  const urix::result<std::string> bad = urix::decode("100%");
  expect(!bad && bad.error() == urix::error{urix::errc::incomplete_escape, 3},
         "decode(\"100%\") fails with incomplete_escape at offset 3");
  expect(!urix::message(urix::errc::incomplete_escape).empty(), "message(errc) is not empty");

  // The caller-buffer form reports a short buffer instead of truncating.
  char small[4];
  const urix::result<std::size_t> n = urix::encode_to(small, "a b c", urix::sets::unreserved);
  expect(!n && n.error().code == urix::errc::no_space,
         "encode_to into 4 bytes fails with no_space");

  if (failures == 0) std::printf("consumer: urix %s works\n", URIX_VERSION_STRING);
  return failures == 0 ? 0 : 1;
}
