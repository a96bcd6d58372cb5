// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/iri/domain.h: UTS #46 ToASCII as the URL Standard's host parser needs it. Private to the
// library.
#pragma once

#include <string>
#include <string_view>

#include "urix/idna.h"
#include "urix/result.h"

namespace urix::detail {

/// domain_to_ascii for a caller that reports a failure at the domain's start: `domain` must be
/// well-formed UTF-8, and a failure's offset is 0, which spares domain_to_ascii's search for
/// the label (or code point) to blame.
[[nodiscard]] result<std::string> host_domain_to_ascii(std::string_view domain, idna_options opts);

}  // namespace urix::detail
