// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/detail/dot_segments.h: the URL Standard's single-dot and double-dot path segments, for
// its parser (src/url/) and the data: URL processor's slice of it (src/data/).
// @private: not part of urix's public API.
#pragma once

#include <string_view>

#include "ascii.h"

namespace urix::detail {

/// "single-dot URL path segment": "." or "%2e" (ASCII case-insensitive).
[[nodiscard]] constexpr bool is_single_dot_segment(std::string_view s) noexcept {
  return s == "." || ascii_iequals(s, "%2e");
}

/// "double-dot URL path segment": "..", ".%2e", "%2e." or "%2e%2e" (ASCII case-insensitive).
[[nodiscard]] constexpr bool is_double_dot_segment(std::string_view s) noexcept {
  return s == ".." || ascii_iequals(s, ".%2e") || ascii_iequals(s, "%2e.") || ascii_iequals(s, "%2e%2e");
}

}  // namespace urix::detail
