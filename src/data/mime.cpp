// SPDX-License-Identifier: Apache-2.0 OR MIT
// MIME Sniffing, "Parsing a MIME type" and "Serializing a MIME type", on bytes (each byte one
// code point, as "parse a MIME type from bytes" reads them).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>

#include "../detail/ascii.h"
#include "urix/charset.h"
#include "data_url_paths.h"
#include "urix/data_url.h"

namespace urix {
namespace {

// Fetch: HTTP token code points (RFC 9110 tchar).
constexpr charset http_token = charset::range('0', '9') | charset::range('A', 'Z') |
                               charset::range('a', 'z') | charset("!#$%&'*+-.^_`|~");
// Fetch: HTTP whitespace.
constexpr charset http_whitespace = charset("\t\n\r ");
// MIME Sniffing: HTTP quoted-string token code points, U+0009, U+0020-007E, U+0080-00FF.
constexpr charset quoted_string_token =
    charset("\t") | charset::range(0x20, 0x7E) | charset::range(0x80, 0xFF);

bool all_in(std::string_view s, const charset& set) noexcept {
  for (char c : s)
    if (!set.contains(c)) return false;
  return true;
}

std::size_t first_not_in(std::string_view s, const charset& set) noexcept {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (!set.contains(s[i])) return i;
  return s.size();
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = detail::ascii_lower(c);
  return out;
}

void trim_trailing_http_whitespace(std::string_view& s) noexcept {
  while (!s.empty() && http_whitespace.contains(s.back())) s.remove_suffix(1);
}

}  // namespace

namespace detail {

bool is_serialized_mime_type(std::string_view s) noexcept {
  // What the serializer writes from a record whose values are all tokens: lowercase tokens
  // (type, subtype, parameter names), values as they came. One table look per byte.
  enum : std::uint8_t { any_token = 1, lowercase_token = 2 };
  static constexpr auto classes = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned c = 0; c < 256; ++c)
      if (http_token.contains(static_cast<unsigned char>(c)))
        t[c] = static_cast<std::uint8_t>(c >= 'A' && c <= 'Z' ? any_token : any_token | lowercase_token);
    return t;
  }();
  std::size_t pos = 0;
  const auto token = [&](std::uint8_t in_class) {
    const std::size_t start = pos;
    while (pos < s.size() && (classes[static_cast<unsigned char>(s[pos])] & in_class) != 0) ++pos;
    return s.substr(start, pos - start);
  };
  const auto next_is = [&](char c) { return pos < s.size() && s[pos++] == c; };
  if (token(lowercase_token).empty() || !next_is('/') || token(lowercase_token).empty()) return false;
  // Each name once (the parser keeps the first); a long list is left to the parser.
  std::string_view names[8];
  std::size_t count = 0;
  while (pos < s.size()) {
    if (count == std::size(names) || !next_is(';')) return false;
    const std::string_view name = token(lowercase_token);
    if (name.empty() || !next_is('=') || token(any_token).empty()) return false;
    for (std::size_t k = 0; k < count; ++k)
      if (names[k] == name) return false;
    names[count++] = name;
  }
  return true;
}

}  // namespace detail

std::string mime_type::essence() const { return type + '/' + subtype; }

const std::string* mime_type::parameter(std::string_view name) const noexcept {
  for (const auto& [n, v] : parameters)
    if (n == name) return &v;
  return nullptr;
}

std::string mime_type::serialize() const {
  std::string s = essence();
  for (const auto& [name, value] : parameters) {
    ((s += ';') += name) += '=';
    if (!value.empty() && all_in(value, http_token)) {
      s += value;
      continue;
    }
    s += '"';
    for (char c : value) {
      if (c == '"' || c == '\\') s += '\\';
      s += c;
    }
    s += '"';
  }
  return s;
}

result<mime_type> parse_mime_type(std::string_view input) {
  // Step 1: remove leading and trailing HTTP whitespace (offsets stay those of `input`).
  std::size_t pos = first_not_in(input, http_whitespace);
  std::size_t end = input.size();
  while (end > pos && http_whitespace.contains(input[end - 1])) --end;

  // Steps 3-5: the type, up to '/'.
  const std::size_t slash = std::min(input.find('/', pos), end);
  const std::string_view type = input.substr(pos, slash - pos);
  if (type.empty()) return error{errc::bad_mime_type, pos};
  if (const std::size_t bad = first_not_in(type, http_token); bad != type.size())
    return error{errc::bad_mime_type, pos + bad};
  if (slash == end) return error{errc::bad_mime_type, end};
  pos = slash + 1;

  // Steps 7-9: the subtype, up to ';', without trailing HTTP whitespace.
  std::size_t semi = std::min(input.find(';', pos), end);
  std::string_view subtype = input.substr(pos, semi - pos);
  trim_trailing_http_whitespace(subtype);
  if (subtype.empty()) return error{errc::bad_mime_type, pos};
  if (const std::size_t bad = first_not_in(subtype, http_token); bad != subtype.size())
    return error{errc::bad_mime_type, pos + bad};

  mime_type mime{lower(type), lower(subtype), {}};
  // Is a parameter of this name there already? A look through the few of a usual MIME type;
  // past a handful, a set of the names, so that a long list is not quadratic to deduplicate.
  constexpr std::size_t few = 8;
  std::unordered_set<std::string> names;  // copies: a vector's growth moves its strings
  const auto is_new = [&](const std::string& name) {
    if (mime.parameters.size() < few) return mime.parameter(name) == nullptr;
    if (names.empty())
      for (const auto& [n, v] : mime.parameters) names.insert(n);
    return !names.contains(name);
  };
  pos = semi;
  // Step 11: the parameters.
  while (pos < end) {
    ++pos;  // past ';'
    while (pos < end && http_whitespace.contains(input[pos])) ++pos;
    std::size_t name_end = pos;
    while (name_end < end && input[name_end] != ';' && input[name_end] != '=') ++name_end;
    const std::string_view name = input.substr(pos, name_end - pos);
    pos = name_end;
    if (pos < end) {
      if (input[pos] == ';') continue;
      ++pos;  // past '='
    }
    if (pos >= end) break;
    std::string value;
    if (input[pos] == '"') {
      // Fetch: collect an HTTP quoted string, extracting its value.
      ++pos;
      while (true) {
        while (pos < end && input[pos] != '"' && input[pos] != '\\') value += input[pos++];
        if (pos >= end) break;
        const char quote_or_backslash = input[pos++];
        if (quote_or_backslash == '\\') {
          if (pos >= end) {
            value += '\\';
            break;
          }
          value += input[pos++];
        } else {
          break;
        }
      }
      while (pos < end && input[pos] != ';') ++pos;
    } else {
      std::size_t value_end = pos;
      while (value_end < end && input[value_end] != ';') ++value_end;
      std::string_view v = input.substr(pos, value_end - pos);
      pos = value_end;
      trim_trailing_http_whitespace(v);
      if (v.empty()) continue;
      value = v;
    }
    if (!name.empty() && all_in(name, http_token) && all_in(value, quoted_string_token)) {
      std::string lowered = lower(name);
      if (is_new(lowered)) {
        mime.parameters.emplace_back(std::move(lowered), std::move(value));
        if (!names.empty()) names.insert(mime.parameters.back().first);
      }
    }
  }
  return mime;
}

}  // namespace urix
