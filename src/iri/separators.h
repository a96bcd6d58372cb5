// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/iri/separators.h: where IDNA ends a label, in the input (before mapping).
// @private: not part of urix's public API.
#pragma once

#include <cstddef>
#include <string_view>

namespace urix::detail {

/// Length of the label separator at s[i] (1 or 3), or 0 if none starts there. UTS #46
/// section 4 step 3 splits labels at U+002E after mapping; U+3002, U+FF0E and U+FF61 map to
/// U+002E, so in the input these four end a label.
[[nodiscard]] inline std::size_t separator_length(std::string_view s, std::size_t i) noexcept {
  if (s[i] == '.') return 1;
  const std::string_view rest = s.substr(i);
  if (rest.starts_with("\xE3\x80\x82") || rest.starts_with("\xEF\xBC\x8E") ||
      rest.starts_with("\xEF\xBD\xA1")) {
    return 3;
  }
  return 0;
}

/// `name` without the root label's separator at its end (RFC 3986 3.2.2: a fully qualified
/// name may end in one), in any of the four forms; a name that is only a separator is kept.
[[nodiscard]] inline std::string_view without_root(std::string_view name) noexcept {
  for (std::size_t n : {std::size_t{1}, std::size_t{3}}) {
    if (name.size() > n && separator_length(name, name.size() - n) == n) {
      return name.substr(0, name.size() - n);
    }
  }
  return name;
}

}  // namespace urix::detail
