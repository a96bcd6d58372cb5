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

/// A placeholder's NAME, and its parts around its first ':' ("query:KEY": head "query", key
/// "KEY"; without a ':', head is the name and key is empty).
struct format_placeholder {
  std::string_view name, head, key;
  bool has_colon = false;
};

/// FORMAT as a verb's pieces: each literal run as {Piece::kind::literal, text}, each
/// placeholder as `read(format_placeholder)` makes it (throwing usage_error for one it does
/// not know).
template <class Piece, class Read>
[[nodiscard]] std::vector<Piece> compile_format(std::string_view format, Read&& read) {
  std::vector<Piece> pieces;
  for (format_token& token : scan_format(format)) {
    if (!token.placeholder) {
      pieces.push_back({Piece::kind::literal, std::move(token.text)});
      continue;
    }
    const std::string_view name = token.text;
    const std::size_t colon = name.find(':');
    pieces.push_back(read(format_placeholder{name, name.substr(0, colon),
                                             colon == std::string_view::npos ? "" : name.substr(colon + 1),
                                             colon != std::string_view::npos}));
  }
  return pieces;
}

}  // namespace urix::cli
