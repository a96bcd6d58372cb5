// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "urix/result.h"

namespace urix {

std::string_view message(errc code) noexcept {
  switch (code) {
    case errc::incomplete_escape: return "incomplete percent-escape: '%' needs two hex digits";
    case errc::bad_escape_hex: return "invalid percent-escape: '%' must be followed by two hex digits";
    case errc::disallowed_char: return "character not allowed here; it must be percent-encoded";
    case errc::invalid_utf8: return "invalid UTF-8";
    case errc::no_space: return "output buffer too small";
    case errc::bad_scheme: return "invalid scheme";
    case errc::bad_port: return "invalid port: digits only";
    case errc::bad_ip_literal: return "invalid IP literal";
    case errc::bad_path: return "invalid path";
    case errc::missing_scheme: return "a scheme is required here (an absolute URI)";
    case errc::idna_error: return "host rejected by IDNA";
    case errc::unsafe_host: return "IDNA mapping produced a URI delimiter in the host";
    case errc::label_too_long: return "domain label longer than 63 bytes";
    case errc::domain_too_long: return "domain name longer than 253 bytes";
    case errc::bad_punycode: return "invalid Punycode";
    case errc::disallowed_code_point: return "code point not allowed in a domain name (UTS #46)";
    case errc::unmappable_char: return "character the charset cannot represent";
    case errc::invalid_in_charset: return "bytes not valid in the charset";
    case errc::wrong_scheme: return "wrong scheme for this operation";
    case errc::missing_comma: return "data: URL without the ',' that ends its MIME type";
    case errc::bad_base64: return "invalid base64 in a ;base64 data: URL";
    case errc::bad_mime_type: return "invalid MIME type";
    case errc::nul_in_path: return "a NUL byte, which no file path can hold";
    case errc::slash_in_segment: return "an encoded path separator inside a file name";
    case errc::relative_path: return "a relative path; a file: URI names an absolute path";
    case errc::remote_host: return "a host that this kind of file path cannot name";
    case errc::invalid_url: return "not a URL (the URL Standard's parser fails)";
    case errc::unclosed_expression: return "template expression '{' without its '}'";
    case errc::bad_operator: return "template operator reserved or unknown";
    case errc::bad_varname: return "invalid template variable name";
    case errc::bad_prefix: return "template prefix must be 1-9999 and not combined with '*'";
    case errc::not_matchable: return "template has no unique inverse: it cannot be matched";
    case errc::no_match: return "URI does not match the template";
    case errc::ambiguous_match: return "URI matches the template in more than one way";
    case errc::bad_json: return "not a JSON object of strings, arrays of strings and objects of strings";
    case errc::unknown_set: return "no set of that name";
  }
  return "unknown error";
}

std::string_view name(errc code) noexcept {
  switch (code) {
    case errc::incomplete_escape: return "incomplete_escape";
    case errc::bad_escape_hex: return "bad_escape_hex";
    case errc::disallowed_char: return "disallowed_char";
    case errc::invalid_utf8: return "invalid_utf8";
    case errc::no_space: return "no_space";
    case errc::bad_scheme: return "bad_scheme";
    case errc::bad_port: return "bad_port";
    case errc::bad_ip_literal: return "bad_ip_literal";
    case errc::bad_path: return "bad_path";
    case errc::missing_scheme: return "missing_scheme";
    case errc::idna_error: return "idna_error";
    case errc::unsafe_host: return "unsafe_host";
    case errc::label_too_long: return "label_too_long";
    case errc::domain_too_long: return "domain_too_long";
    case errc::bad_punycode: return "bad_punycode";
    case errc::disallowed_code_point: return "disallowed_code_point";
    case errc::unmappable_char: return "unmappable_char";
    case errc::invalid_in_charset: return "invalid_in_charset";
    case errc::wrong_scheme: return "wrong_scheme";
    case errc::missing_comma: return "missing_comma";
    case errc::bad_base64: return "bad_base64";
    case errc::bad_mime_type: return "bad_mime_type";
    case errc::nul_in_path: return "nul_in_path";
    case errc::slash_in_segment: return "slash_in_segment";
    case errc::relative_path: return "relative_path";
    case errc::remote_host: return "remote_host";
    case errc::invalid_url: return "invalid_url";
    case errc::unclosed_expression: return "unclosed_expression";
    case errc::bad_operator: return "bad_operator";
    case errc::bad_varname: return "bad_varname";
    case errc::bad_prefix: return "bad_prefix";
    case errc::not_matchable: return "not_matchable";
    case errc::no_match: return "no_match";
    case errc::ambiguous_match: return "ambiguous_match";
    case errc::bad_json: return "bad_json";
    case errc::unknown_set: return "unknown_set";
  }
  return "unknown";
}

}  // namespace urix
