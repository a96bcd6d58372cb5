// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fuzz target "data_url": the Fetch Standard's data: URL processor, MIME Sniffing's MIME type
// parser and Infra's forgiving-base64 (urix/data_url.h). The input is a URL. Checked:
//   - an error's offset lies within the input (at most its size);
//   - a URL that is read has a body offset within the input, and a MIME type that parses back
//     from its serialization to the same record (serialize is the inverse of parse);
//   - its body, percent-encoded after "data:,", reads back as the same bytes;
//   - the MIME type parser alone on the input: an error within it, a result that round-trips;
//   - the plain path (one pass over the body) against the general path: where the plain path
//     reads the URL, the same record; parse_data_url gives what the general path gives;
//   - parse_data_url's text answer: the record's serialized MIME type and body, or its error;
//   - a MIME type the shortcut takes as serialized parses and serializes back to itself.
#include "urix/data_url.h"

#include <string>

#include "../src/data/data_url_paths.h"
#include "fuzz.h"
#include "urix/pct.h"
#include "urix/sets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  urix::fuzz::reader input(data, size);
  const std::string_view in = input.rest();

  if (auto d = urix::parse_data_url(in)) {
    URIX_FUZZ_CHECK(d->body_offset <= in.size());
    auto again = urix::parse_mime_type(d->mime.serialize());
    URIX_FUZZ_CHECK(again && *again == d->mime);
    auto body = urix::parse_data_url("data:," + urix::encode(d->body, urix::sets::unreserved));
    URIX_FUZZ_CHECK(body && body->body == d->body);
  } else {
    URIX_FUZZ_CHECK(d.error().offset <= in.size());
  }

  const auto general = urix::detail::parse_data_url_general(in);
  const auto whole = urix::parse_data_url(in);
  URIX_FUZZ_CHECK(whole.has_value() == general.has_value());
  if (general) {
    URIX_FUZZ_CHECK(whole->mime == general->mime && whole->body == general->body &&
                    whole->body_offset == general->body_offset);
  } else {
    URIX_FUZZ_CHECK(whole.error() == general.error());
  }
  std::string mime, text_body;
  if (auto r = urix::parse_data_url(in, mime, text_body)) {
    URIX_FUZZ_CHECK(general && mime == general->mime.serialize() && text_body == general->body);
  } else {
    URIX_FUZZ_CHECK(!general && r.error() == general.error());
  }
  if (const auto plain = urix::detail::parse_plain_data_url(in)) {
    URIX_FUZZ_CHECK(general && plain->mime == general->mime && plain->body == general->body &&
                    plain->body_offset == general->body_offset);
  }

  if (urix::detail::is_serialized_mime_type(in)) {
    auto m = urix::parse_mime_type(in);
    URIX_FUZZ_CHECK(m && m->serialize() == in);
  }
  if (auto m = urix::parse_mime_type(in)) {
    auto again = urix::parse_mime_type(m->serialize());
    URIX_FUZZ_CHECK(again && *again == *m);
  } else {
    URIX_FUZZ_CHECK(m.error().offset <= in.size());
  }
  return 0;
}
