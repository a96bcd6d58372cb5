// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/uri/paths.h: the path steps of resolution (RFC 3986 5.2.3, 5.2.4) and normalization
// (6.2.2.3), run in place on the tail of the output string: neither output is ever longer
// than its input, so the reference is written once, into one buffer.
// @private: not part of urix's public API.
#pragma once

#include <cstddef>
#include <string_view>

namespace urix::detail {

/// RFC 3986 5.2.4 remove_dot_segments on p[begin, end), in place; returns the path's new end,
/// never after `end` (resolve.cpp).
std::size_t remove_dot_segments_in_place(char* p, std::size_t begin, std::size_t end) noexcept;

/// The form normalize gives the path of a relative-path reference (urix/normalize.h) on
/// p[begin, end), in place; returns the path's new end, at most end + 2 (a "./" or a '/'
/// added), so p[end, end + 2) must be writable (normalize.cpp).
std::size_t remove_dot_segments_relative_in_place(char* p, std::size_t begin,
                                                  std::size_t end) noexcept;

/// The position of the first "/." in `s` from s[from] on, or npos: where a segment after the
/// first starts with '.' (memchr for the '.': it is rarer in paths than '/').
[[nodiscard]] inline std::size_t find_slash_dot(std::string_view s, std::size_t from) noexcept {
  for (std::size_t dot = s.find('.', from + 1); dot != s.npos; dot = s.find('.', dot + 1))
    if (s[dot - 1] == '/') return dot - 1;
  return s.npos;
}

/// Does a segment of `path` start with '.'? Where none does, there is no dot-segment, and both
/// of the steps above give the path back unchanged.
[[nodiscard]] inline bool has_segment_starting_with_dot(std::string_view path) noexcept {
  return path.starts_with('.') || find_slash_dot(path, 0) != path.npos;
}

}  // namespace urix::detail
