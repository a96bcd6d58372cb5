// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/format.h: the syntax of `get`'s FORMAT (SPEC 9), shared by its RFC 3986 and URL
// Standard readings, which differ only in their placeholders.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "verb.h"

namespace urix::cli {

/// A run of FORMAT: literal text (braces unescaped), or a placeholder's NAME from "{NAME}".
struct format_token {
  bool placeholder = false;
  std::string text;
};

/// Splits FORMAT into literal runs and placeholders: "{{" and "}}" are braces, "{NAME}" a
/// placeholder. Throws usage_error at a lone '}' or a '{' that is not closed, with its column.
[[nodiscard]] inline std::vector<format_token> scan_format(std::string_view format) {
  std::vector<format_token> tokens;
  std::string literal;
  auto flush_literal = [&] {
    if (!literal.empty()) tokens.push_back({false, std::move(literal)});
    literal.clear();
  };
  for (std::size_t i = 0; i < format.size(); ++i) {
    const char c = format[i];
    if ((c == '{' || c == '}') && i + 1 < format.size() && format[i + 1] == c) {
      literal += c;
      ++i;
      continue;
    }
    if (c == '}')
      throw usage_error("FORMAT: a lone '}' at column " + std::to_string(i + 1) + "; write '}}' for a brace");
    if (c != '{') {
      literal += c;
      continue;
    }
    const std::size_t close = format.find('}', i);
    if (close == std::string_view::npos)
      throw usage_error("FORMAT: the '{' at column " + std::to_string(i + 1) +
                        " is not closed; write '{{' for a brace");
    flush_literal();
    tokens.push_back({true, std::string(format.substr(i + 1, close - i - 1))});
    i = close;
  }
  flush_literal();
  return tokens;
}

}  // namespace urix::cli
