// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/uri/paths.h: the path steps of resolution (RFC 3986 5.2.3, 5.2.4) and normalization
// (6.2.2.3), run in place on the tail of the output string: neither output is ever longer
// than its input, so the reference is written once, into one buffer.
// @private: not part of urix's public API.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "../detail/swar.h"

namespace urix::detail {

/// RFC 3986 5.2.4 remove_dot_segments on p[begin, end), in place; returns the path's new end,
/// never after `end`.
std::size_t remove_dot_segments_in_place(char* p, std::size_t begin, std::size_t end) noexcept;

/// The form normalize gives the path of a relative-path reference (urix/normalize.h) on
/// p[begin, end), in place; returns the path's new end, at most end + 2 (a "./" or a '/'
/// added), so p[end, end + 2) must be writable.
std::size_t remove_dot_segments_relative_in_place(char* p, std::size_t begin,
                                                  std::size_t end) noexcept;

/// The position of the first "/." in `s` from s[from] on, or npos: where a segment after the
/// first starts with '.'. Up to 16 bytes (a short path: RFC 3986 5.4's, resolve's merged
/// ones) inline, a word of eight at a time, each word overlapping the next by one so that
/// every pair of neighbours lies in one: there a call to memchr cost more than the search.
/// Past that, memchr finds each '.' (rarer in paths than '/') faster than the words would.
[[nodiscard]] inline std::size_t find_slash_dot(std::string_view s, std::size_t from) noexcept {
  if (from >= s.size()) return s.npos;
  if (s.size() - from > 16) {
    for (std::size_t dot = s.find('.', from + 1); dot != s.npos; dot = s.find('.', dot + 1))
      if (s[dot - 1] == '/') return dot - 1;
    return s.npos;
  }
  constexpr bool little = std::endian::native == std::endian::little;
  std::size_t i = from;
  for (; i + 8 <= s.size(); i += 7) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    // The high bit of byte k: byte k is '/' and byte k + 1 is '.'.
    const std::uint64_t dots = bytes_equal(w, '.');
    const std::uint64_t pairs = bytes_equal(w, '/') & (little ? dots >> 8 : dots << 8);
    if (pairs != 0)
      return i + static_cast<std::size_t>(little ? std::countr_zero(pairs) : std::countl_zero(pairs)) / 8;
  }
  for (; i + 1 < s.size(); ++i)
    if (s[i] == '/' && s[i + 1] == '.') return i;
  return s.npos;
}

/// Does a segment of `path` start with '.'? Where none does, there is no dot-segment, and both
/// of the steps above give the path back unchanged.
[[nodiscard]] inline bool has_segment_starting_with_dot(std::string_view path) noexcept {
  return path.starts_with('.') || find_slash_dot(path, 0) != path.npos;
}

}  // namespace urix::detail
