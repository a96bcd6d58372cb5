// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "resolve": reference resolution (RFC 3986 5.2, strict) and remove_dot_segments
// (5.2.4). The input is "BASE\nREFERENCE". When both parse and the base has a scheme:
//   - the target takes the reference's scheme if it has one, else the base's (5.2.2), and
//     always the reference's fragment;
//   - the target parses back with exactly the components 5.2.2 computes (tests/resolve_model.h:
//     scheme, authority, path up to the "/." or "./" that keeps it a path, query, fragment)
//     and its path holds no "." or ".." segment;
//   - resolving the target again against the same base changes nothing.
// remove_dot_segments is checked on the raw input too: its output never holds a dot-segment
// and applying it twice changes nothing.
#include "urix/resolve.h"

#include <cstdio>
#include <string>

#include "fuzz.h"
#include "resolve_model.h"
#include "urix/uri.h"

namespace {

bool has_dot_segment(std::string_view path) {
  for (const urix::path_segment s : urix::segments_view(path))
    if (s.encoded == "." || s.encoded == "..") return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const std::string_view in = input.rest();

  const std::string once = urix::remove_dot_segments(in);
  URIX_FUZZ_CHECK(urix::remove_dot_segments(once) == once);
  URIX_FUZZ_CHECK(!has_dot_segment(once));

  const std::size_t nl = in.find('\n');
  if (nl == std::string_view::npos) return 0;
  const std::string_view base_text = in.substr(0, nl);
  const std::string_view ref_text = in.substr(nl + 1);
  const auto base = urix::parse_uri(base_text);
  const auto ref = urix::parse_uri_reference(ref_text);
  const urix::result<std::string> target = urix::resolve(base_text, ref_text);
  URIX_FUZZ_CHECK(target.has_value() == (base.has_value() && ref.has_value()));
  if (!target) return 0;
  URIX_FUZZ_CHECK(*target == urix::resolve(*base, *ref));

  // The target reads back with the components 5.2.2 computed (once "f:/a" + ".//g"
  // was written "f://g", whose "g" reads back as an authority).
  const std::string diff =
      urix_test::reads_back_diff(*target, urix_test::model_resolve(*base, *ref));
  if (!diff.empty()) std::fprintf(stderr, "urix fuzz resolve: %s\n", diff.c_str());
  URIX_FUZZ_CHECK(diff.empty());
  const auto t = urix::parse_uri_reference(*target);
  URIX_FUZZ_CHECK(t.has_value());
  URIX_FUZZ_CHECK(t->scheme == (ref->scheme ? ref->scheme : base->scheme));
  URIX_FUZZ_CHECK(t->fragment == ref->fragment);
  // 5.2.2 takes the base path as it is (dot-segments and all) when the reference has no
  // scheme, no authority and an empty path; every other target path went through 5.2.4.
  const bool base_path_kept = !ref->has_scheme() && !ref->has_authority() && ref->path.empty();
  if (base_path_kept && has_dot_segment(base->path)) return 0;
  // "/." in front of "//" keeps a path from reading as an authority; it is no dot-segment.
  const std::string_view path = t->path.starts_with("/.//") ? t->path.substr(2) : t->path;
  URIX_FUZZ_CHECK(!has_dot_segment(path));
  const urix::result<std::string> again = urix::resolve(base_text, *target);
  URIX_FUZZ_CHECK(again && *again == *target);
  return 0;
}
