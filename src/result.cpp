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
  }
  return "unknown error";
}

}  // namespace urix
