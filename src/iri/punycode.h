// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/iri/punycode.h: the Punycode encoder's allocation-free core, shared by the public
// punycode_encode and the IDNA layer's ToASCII. Private to the library.
#pragma once

#include <string>
#include <string_view>

namespace urix::detail {

/// Appends the Punycode (RFC 3492 section 6.3) of `label`, which must be well-formed UTF-8,
/// to `out`. False, with `out` in an unspecified state, on the overflow of section 6.4.
[[nodiscard]] bool append_punycode(std::string& out, std::string_view label);

}  // namespace urix::detail
