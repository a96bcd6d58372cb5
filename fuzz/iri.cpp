// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "iri": IRI -> URI conversion (RFC 3987 3.1) and back (3.2). The first input
// byte chooses the options (lenient, nfc). Invariants, for every input iri_to_uri accepts:
//   - the output is ASCII and parses as a URI reference (the header's promise);
//   - the structure is kept: the same scheme, the same components present, the same port and
//     the same number of path segments; conversion only re-encodes characters inside them;
//   - the host never gains a delimiter: a reg-name host in the output holds none of
//     / ? # @ : [ ] (IDNA mapping such as U+FF0F -> '/' must be errc::unsafe_host instead),
//     and an ASCII reg-name host is copied unchanged;
//   - uri_to_iri accepts the output, and converting its result back gives the same URI up to
//     normalization (RFC 3986 6.2.2: hex case of escapes). A host with escapes may be shown
//     decoded and then come back in its IDNA form ("%C3%A9" as "xn--9ca", docs/iri.md): then
//     the URI that comes back must itself come back unchanged;
//   - safe display (SPEC 7): every host label that uri_to_iri shows in Unicode, of the output
//     and of the fuzzer's own input read as a URI, passes the spoof checker
//     (urix::is_safe_to_display); with host_display::all it still converts.
#include "urix/iri.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "fuzz.h"
#include "urix/normalize.h"
#include "urix/uri.h"

namespace {

bool is_ascii(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

// Every label of the host of `iri` (a uri_to_iri result) that holds non-ASCII is one the
// spoof checker lets through.
bool labels_shown_are_safe(std::string_view iri) {
  const auto parsed = urix::parse_iri_reference(iri);
  if (!parsed || parsed->host_kind != urix::host_type::reg_name) return true;
  std::string_view host = *parsed->host;
  for (std::size_t start = 0; start <= host.size();) {
    const std::size_t dot = std::min(host.find('.', start), host.size());
    const std::string_view label = host.substr(start, dot - start);
    if (!is_ascii(label) && !urix::is_safe_to_display(label)) return false;
    start = dot + 1;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const unsigned bits = input.byte();
  urix::iri_to_uri_options opts;
  opts.lenient = (bits & 1U) != 0;
  opts.nfc = (bits & 2U) != 0;
  const std::string_view in = input.rest();

  // The input itself, read as a URI: labels it writes as xn-- or as escapes.
  if (const auto direct = urix::uri_to_iri(in)) URIX_FUZZ_CHECK(labels_shown_are_safe(*direct));
  static_cast<void>(urix::uri_to_iri(in, {.unicode_hosts = urix::host_display::all}));

  const urix::result<std::string> uri = urix::iri_to_uri(in, opts);
  if (!uri) {
    URIX_FUZZ_CHECK(uri.error().offset <= in.size());
    return 0;
  }
  URIX_FUZZ_CHECK(is_ascii(*uri));
  const auto out = urix::parse_uri_reference(*uri);
  URIX_FUZZ_CHECK(out.has_value());

  // NFC may change the text before parsing; compare structure with what was converted.
  const auto src = urix::parse_iri_reference(in);
  if (src && !opts.nfc) {
    URIX_FUZZ_CHECK(out->scheme == src->scheme);
    URIX_FUZZ_CHECK(out->has_authority() == src->has_authority());
    URIX_FUZZ_CHECK(out->userinfo.has_value() == src->userinfo.has_value());
    URIX_FUZZ_CHECK(out->port == src->port);
    URIX_FUZZ_CHECK(out->query.has_value() == src->query.has_value());
    URIX_FUZZ_CHECK(out->fragment.has_value() == src->fragment.has_value());
    URIX_FUZZ_CHECK(out->segments().size() == src->segments().size());
    if (src->host_kind == urix::host_type::reg_name && is_ascii(*src->host))
      URIX_FUZZ_CHECK(out->host == src->host);
  }
  if (out->host_kind == urix::host_type::reg_name)
    URIX_FUZZ_CHECK(out->host->find_first_of("/?#@:[]") == std::string_view::npos);

  const urix::result<std::string> iri = urix::uri_to_iri(*uri);
  URIX_FUZZ_CHECK(iri.has_value());
  URIX_FUZZ_CHECK(labels_shown_are_safe(*iri));
  const urix::result<std::string> back = urix::iri_to_uri(*iri);
  URIX_FUZZ_CHECK(back.has_value());
  if (out->host && out->host->find('%') != std::string_view::npos) {
    const urix::result<std::string> shown = urix::uri_to_iri(*back);
    URIX_FUZZ_CHECK(shown.has_value());
    const urix::result<std::string> again = urix::iri_to_uri(*shown);
    URIX_FUZZ_CHECK(again.has_value());
    URIX_FUZZ_CHECK(urix::fuzz::same(urix::normalize(*again), urix::normalize(*back)));
  } else {
    URIX_FUZZ_CHECK(urix::fuzz::same(urix::normalize(*back), urix::normalize(*uri)));
  }
  return 0;
}
