// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "file_path": file paths <-> file: URIs (urix/file_path.h). The first byte picks
// POSIX or Windows; the rest is read both as a path and as a URI. Checked:
//   - an error's offset lies within the input;
//   - a path's URI parses as a URI and converts back to the same path (Windows: to a path with
//     the same URI, since '/' separators become '\' and a "\\?\" prefix goes);
//   - a URI's path converts to a URI that converts back to the same path again.
#include "urix/file_path.h"

#include "fuzz.h"
#include "urix/uri.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const auto style = (input.byte() & 1) != 0 ? urix::path_style::windows : urix::path_style::posix;
  const std::string_view in = input.rest();

  if (auto uri = urix::path_to_uri(in, style)) {
    URIX_FUZZ_CHECK(urix::parse_uri(*uri).has_value());
    auto back = urix::uri_to_path(*uri, style);
    URIX_FUZZ_CHECK(back.has_value());
    if (style == urix::path_style::posix) {
      URIX_FUZZ_CHECK(*back == in);
    } else {
      auto again = urix::path_to_uri(*back, style);
      URIX_FUZZ_CHECK(again && *again == *uri);
    }
  } else {
    URIX_FUZZ_CHECK(uri.error().offset <= in.size());
  }

  if (auto path = urix::uri_to_path(in, style)) {
    auto uri = urix::path_to_uri(*path, style);
    URIX_FUZZ_CHECK(uri.has_value());
    auto again = urix::uri_to_path(*uri, style);
    URIX_FUZZ_CHECK(again && *again == *path);
  } else {
    URIX_FUZZ_CHECK(path.error().offset <= in.size());
  }
  return 0;
}
