// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/verbs/components.h: the names of a URI reference's components, as `get` placeholders and
// `set` options spell them (SPEC 9).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "urix/uri.h"

namespace urix::cli {

enum class component { scheme, userinfo, host, port, path, query, fragment };

/// Every component by name, in the order of RFC 3986 5.3.
inline constexpr std::array<std::pair<std::string_view, component>, 7> component_names{{
    {"scheme", component::scheme},
    {"userinfo", component::userinfo},
    {"host", component::host},
    {"port", component::port},
    {"path", component::path},
    {"query", component::query},
    {"fragment", component::fragment},
}};

/// The names alone, for "did you mean".
inline constexpr std::array<std::string_view, component_names.size()> component_name_list = [] {
  std::array<std::string_view, component_names.size()> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = component_names[i].first;
  return names;
}();

/// The names for a message, each between `before` and `after`, joined by `separator`:
/// ("{", "}", " ") gives "{scheme} {userinfo} ... {fragment}".
[[nodiscard]] inline std::string component_names_text(std::string_view before, std::string_view after,
                                                      std::string_view separator) {
  std::string text;
  for (std::string_view name : component_name_list) {
    if (!text.empty()) text += separator;
    ((text += before) += name) += after;
  }
  return text;
}

[[nodiscard]] inline std::optional<component> component_named(std::string_view name) noexcept {
  for (const auto& [n, c] : component_names)
    if (n == name) return c;
  return std::nullopt;
}

/// Component `c` of a parsed reference, as written; std::nullopt when absent.
[[nodiscard]] inline std::optional<std::string_view> component_of(const uri_view& u,
                                                                  component c) noexcept {
  switch (c) {
    case component::scheme: return u.scheme;
    case component::userinfo: return u.userinfo;
    case component::host: return u.host;
    case component::port: return u.port;
    case component::path: return u.path;
    case component::query: return u.query;
    case component::fragment: return u.fragment;
  }
  return std::nullopt;
}

}  // namespace urix::cli
