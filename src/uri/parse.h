// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/uri/parse.h: the two ways the parser reads a reference: the common shape first, then
// the full grammar for whatever does not have it. Tests and fuzzers compare the two.
// @private: not part of urix's public API.
#pragma once

#include <string_view>

#include "urix/result.h"
#include "urix/uri.h"

namespace urix::detail {

/// The whole RFC 3986 (or RFC 3987) grammar, with the error at the first byte that breaks it.
[[nodiscard]] result<uri_view> parse_by_grammar(std::string_view in, syntax grammar,
                                                bool require_scheme) noexcept;

/// parse_uri_reference (require_scheme false) and parse_uri (true): the shape most references
/// have is read in one pass over the bytes, an optional scheme, an optional authority of
/// [userinfo "@"] reg-name or IPv4 host [":" port], then path, query and fragment, with
/// escapes anywhere they may be. Anything else (a byte that does not fit, an IP literal, a ':'
/// in the userinfo, any error) is read again by parse_by_grammar, so the result is always the
/// grammar's: the same components, the same error. The shape holds no byte >= 0x80, so the
/// same pass serves both syntaxes.
[[nodiscard]] result<uri_view> parse(std::string_view in, syntax grammar,
                                     bool require_scheme) noexcept;

}  // namespace urix::detail
