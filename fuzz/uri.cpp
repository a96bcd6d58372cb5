// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "uri": the URI-reference parser (RFC 3986 4.1, Appendix A; RFC 3987 2.2),
// recomposition (5.3) and normalization (6.2.2, 6.2.3). Invariants:
//   - the parser's two readings (the common shape in one pass, the full grammar) agree;
//   - a parsed reference recomposes to its input byte for byte, and the owning `uri` writes
//     it back unchanged too; recomposed_size is exact;
//   - the path splits into segments that join back into the path;
//   - whatever the URI grammar accepts, the IRI grammar (a superset) accepts with the same
//     components;
//   - normalization succeeds exactly when parsing does, gives the same form from the text and
//     from the view, yields a reference that parses back
//     with the components it computed (tests/resolve_model.h), is idempotent, and is equal()
//     to the input.
#include "urix/uri.h"

#include <cstdio>
#include <string>

#include "../src/uri/parse.h"
#include "fuzz.h"
#include "resolve_model.h"
#include "urix/normalize.h"

namespace {

using urix::syntax;
using urix::uri_view;

bool same_components(const uri_view& a, const uri_view& b) {
  return a.scheme == b.scheme && a.authority == b.authority && a.userinfo == b.userinfo &&
         a.host == b.host && a.port == b.port && a.path == b.path && a.query == b.query &&
         a.fragment == b.fragment && a.host_kind == b.host_kind;
}

// The parser's one-pass reading of the common shape gives what its full grammar gives
// (src/uri/parse.h): the same components, or the same error.
void check_readings_agree(std::string_view in, syntax grammar, bool require_scheme) {
  const urix::result<uri_view> fast = urix::detail::parse(in, grammar, require_scheme);
  const urix::result<uri_view> full = urix::detail::parse_by_grammar(in, grammar, require_scheme);
  URIX_FUZZ_CHECK(fast.has_value() == full.has_value());
  if (fast) URIX_FUZZ_CHECK(same_components(*fast, *full));
  else URIX_FUZZ_CHECK(fast.error() == full.error());
  // The reading that notes text_facts reads the same, and notes what a search finds.
  urix::detail::text_facts noted;
  const urix::result<uri_view> noting = urix::detail::parse(in, grammar, require_scheme, noted);
  URIX_FUZZ_CHECK(noting.has_value() == full.has_value());
  if (noting) {
    URIX_FUZZ_CHECK(same_components(*noting, *full));
    URIX_FUZZ_CHECK(noted == urix::detail::find_text_facts(in, *noting));
  }
}

void check_grammar(std::string_view in, syntax grammar) {
  check_readings_agree(in, grammar, false);
  check_readings_agree(in, grammar, true);
  const urix::result<uri_view> parsed = urix::parse_uri_reference(in, grammar);
  const urix::result<std::string> norm = urix::normalize(in, grammar);
  URIX_FUZZ_CHECK(parsed.has_value() == norm.has_value());
  if (!parsed) {
    URIX_FUZZ_CHECK(parsed.error().offset <= in.size());
    URIX_FUZZ_CHECK(norm.error() == parsed.error());
    return;
  }
  const uri_view& u = *parsed;

  // Parser round trip (RFC 3986 5.3 recomposition gives back what was parsed).
  URIX_FUZZ_CHECK(urix::recompose(u) == in);
  URIX_FUZZ_CHECK(urix::recomposed_size(u) == in.size());
  const urix::result<urix::uri> owned = urix::uri::parse(in, grammar);
  URIX_FUZZ_CHECK(owned && owned->to_string() == in);
  URIX_FUZZ_CHECK(u.host.has_value() == (u.host_kind != urix::host_type::none));

  // Segments join back into the path: the leading '/' of an absolute path starts it.
  std::string joined = u.path.starts_with('/') ? "/" : "";
  bool first = true;
  for (const urix::path_segment s : u.segments()) {
    if (!first) joined += '/';
    joined += s.encoded;
    first = false;
  }
  URIX_FUZZ_CHECK(joined == u.path);

  if (grammar == syntax::uri) {
    const urix::result<uri_view> as_iri = urix::parse_uri_reference(in, syntax::iri);
    URIX_FUZZ_CHECK(as_iri && same_components(*as_iri, u));
  }

  // Normalization (RFC 3986 6.2.2, 6.2.3): from the text (which may copy a reference already
  // in normal form) as from the view (which always writes it); a valid reference, a fixed
  // point, equivalent.
  URIX_FUZZ_CHECK(*norm == urix::normalize(u));
  const urix::result<std::string> again = urix::normalize(*norm, grammar);
  URIX_FUZZ_CHECK(again && *again == *norm);
  const urix::result<bool> eq = urix::equal(in, *norm, grammar);
  URIX_FUZZ_CHECK(eq && *eq);
  // The normal form reads back with the components normalize computed (tests/resolve_model.h).
  if (grammar == syntax::uri) {
    const std::string diff = urix_test::normal_form_diff(u, *norm);
    if (!diff.empty()) std::fprintf(stderr, "urix fuzz uri: normal form %s\n", diff.c_str());
    URIX_FUZZ_CHECK(diff.empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const std::string_view in = input.rest();
  check_grammar(in, syntax::uri);
  check_grammar(in, syntax::iri);
  return 0;
}
