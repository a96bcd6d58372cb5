// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/data_url.h: data: URLs (RFC 2397, read as the Fetch Standard's "data: URL processor"
// does) and the MIME types they carry (MIME Sniffing: parsing and serializing a MIME type).
//
//   auto d = urix::parse_data_url("data:text/html;charset=utf-8;base64,PGI+aGk8L2I+");
//   d->mime.serialize()   // "text/html;charset=utf-8"
//   d->body               // "<b>hi</b>"
//   urix::parse_data_url("data:,A%20b")->mime.serialize()  // "text/plain;charset=US-ASCII"
//   urix::parse_data_url("data:;base64,abc=x").error()     // {bad_base64, 16}: the '='
//
// The Fetch Standard replaces RFC 2397's processing rules with the ones browsers follow: the
// URL is first read by the URL Standard's parser (leading and trailing C0 controls and spaces
// dropped, tabs and newlines removed, the fragment ignored, characters outside the C0 control
// percent-encode set escaped), then split at its first ',' into a MIME type and a body. The
// body is percent-decoded, and base64-decoded (Infra's forgiving-base64: ASCII whitespace is
// ignored, '=' padding optional) when the MIME type ends in ";base64". A MIME type that does
// not parse becomes "text/plain;charset=US-ASCII", as does an absent one.
//
// The parts of the URL parser a data: URL goes through are implemented here for the data:
// scheme alone: the opaque path of RFC 2397's form, and the "data:/path" and
// "data://host/path" forms (an opaque host, a port of digits, dot segments). An IP-literal
// host ("data://[::1]/,x") is not read: it is errc::bad_ip_literal, never a guess.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urix/export.h"
#include "urix/result.h"

namespace urix {

/// A MIME type record (MIME Sniffing, "MIME type representation"): type and subtype in ASCII
/// lowercase, parameters in order with lowercase names, each name once (the first wins).
struct mime_type {
  std::string type;
  std::string subtype;
  std::vector<std::pair<std::string, std::string>> parameters;

  /// "type/subtype", without parameters.
  [[nodiscard]] URIX_API std::string essence() const;
  /// MIME Sniffing "serialize a MIME type": a parameter value that is empty or holds a byte
  /// outside the HTTP token code points is written as a quoted string.
  [[nodiscard]] URIX_API std::string serialize() const;
  /// The value of parameter `name` (lowercase), or nullptr.
  [[nodiscard]] URIX_API const std::string* parameter(std::string_view name) const noexcept;
  friend bool operator==(const mime_type&, const mime_type&) = default;
};

/// MIME Sniffing "parse a MIME type from bytes": each byte is one code point (isomorphic
/// decoding), so the parameter values may hold bytes 0x80-0xFF as the standard allows.
/// Errors: errc::bad_mime_type at the first byte that makes the type or subtype empty or not
/// an HTTP token (or at the end, when there is no '/').
[[nodiscard]] URIX_API result<mime_type> parse_mime_type(std::string_view input);

/// What the data: URL processor returns: the MIME type and the body's bytes.
struct data_url {
  mime_type mime;
  std::string body;
  /// The offset in the URL text of the body's first byte (just after the ',' that ends the
  /// MIME type), for reporting what is wrong with the body at its place.
  std::size_t body_offset = 0;
};

/// The Fetch Standard's data: URL processor, on a URL given as text (UTF-8). Errors, at a
/// byte offset into `url`:
///   errc::invalid_utf8    `url` is not UTF-8 (the URL parser reads Unicode text)
///   errc::wrong_scheme    the scheme is not "data" (ASCII case-insensitive), or there is none
///   errc::missing_comma   no ',' ends the MIME type (at the end of the URL or its fragment)
///   errc::bad_base64      a ";base64" body that forgiving-base64 rejects, at the offending
///                         character (a character outside the base64 alphabet, a misplaced
///                         '=', or the last character of a length that leaves one over)
///   errc::bad_port, errc::disallowed_char, errc::bad_ip_literal, errc::bad_path
///                         the URL parser's failures in a "data://host" authority (a port
///                         that is not digits or over 65535, a forbidden host code point,
///                         an IP-literal, userinfo or a port without a host)
[[nodiscard]] URIX_API result<data_url> parse_data_url(std::string_view url);

/// parse_data_url's answer as text, for a caller that wants no record (a binding): `mime` is
/// set to the serialized MIME type (`mime.serialize()` of the record) and `body` to the body.
/// Both are overwritten, their storage reused: a caller that keeps them allocates nothing
/// for a short URL. The same errors as parse_data_url; on error both are unspecified.
[[nodiscard]] URIX_API result<void> parse_data_url(std::string_view url, std::string& mime, std::string& body);

/// Infra's forgiving-base64 decode of `in`, appended to `out` (left as it was on failure).
/// Errors: errc::bad_base64 at the offending byte of `in`.
[[nodiscard]] URIX_API result<void> forgiving_base64_decode_append(std::string& out,
                                                                 std::string_view in);

}  // namespace urix
