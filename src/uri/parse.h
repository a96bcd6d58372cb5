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

/// Two facts about a reference's text that normalization asks (normalize.h): does it hold
/// an escape, and does its scheme or host hold an ASCII capital letter (not counting the hex
/// digits of escapes)?
struct text_facts {
  bool has_escape = false;
  bool has_capital_in_scheme_or_host = false;
  friend bool operator==(const text_facts&, const text_facts&) = default;
};

/// The facts found by searching the text `u` was parsed from: what they mean.
[[nodiscard]] text_facts find_text_facts(std::string_view in, const uri_view& u) noexcept;

/// parse, noting the facts on the way (on success): the shape's pass sees every escape, and
/// reads the scheme and the host over their sets without capitals first, so that a capital
/// stops it; a reference read by the grammar gets them from find_text_facts.
[[nodiscard]] result<uri_view> parse(std::string_view in, syntax grammar, bool require_scheme,
                                     text_facts& facts) noexcept;

}  // namespace urix::detail
