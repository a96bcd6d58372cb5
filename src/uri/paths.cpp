// SPDX-License-Identifier: Apache-2.0 OR MIT
// The path steps of resolution (RFC 3986 5.2.4) and normalization (6.2.2.3), in place; see
// paths.h.
#include "paths.h"

#include <algorithm>
#include <cstring>
#include <string_view>

namespace urix {

// 5.2.4 Remove Dot Segments: the input buffer is consumed from the left; each step is one of
// the rules A-E. Input and output share the string: the output (s[begin, w)) never outruns
// the input still to read (s[r, end)), and a path without dot-segments moves nothing.
std::size_t detail::remove_dot_segments_in_place(char* p, std::size_t begin,
                                                 std::size_t end) noexcept {
  // Rules A-D only see segments that start with '.': at the start, or after a '/'. This finds
  // the first "/." from p[from], or gives `end`.
  const auto next_slash_dot = [&](std::size_t from) {
    return std::min(find_slash_dot(std::string_view(p, end), from), end);
  };
  // Up to the first such segment every step is E, which moves nothing here.
  std::size_t r = begin < end && p[begin] == '.' ? begin : next_slash_dot(begin);
  if (r == end) return end;
  std::size_t w = r;
  // Removes the last output segment and its preceding '/' (if any)  (step 2C).
  const auto pop_segment = [&] {
    const std::size_t slash = find_last(std::string_view(p + begin, w - begin), '/');
    w = slash == std::string_view::npos ? begin : begin + slash;
  };
  // The input's next segment is "." or ".." (then followed by '/' or the end) at p[at].
  const auto dots_at = [&](std::size_t at) -> std::size_t {
    if (at >= end || p[at] != '.') return 0;
    const std::size_t n = at + 1 < end && p[at + 1] == '.' ? 2 : 1;
    return at + n == end || p[at + n] == '/' ? n : 0;
  };
  while (r < end) {
    if (p[r] == '/') {
      const std::size_t n = dots_at(r + 1);
      if (n != 0) {
        // B ("/./" or "/." -> "/") and C ("/../" or "/.." -> "/", dropping the last output
        // segment): the '/' that stays is the one before the next segment, or a new last one.
        r += n;  // at the last '.'
        if (r + 1 == end) p[r] = '/';
        else ++r;
        if (n == 2) pop_segment();
        continue;
      }
    } else if (const std::size_t n = dots_at(r); n != 0) {  // A ("./", "../") and D ("." or "..")
      r = std::min(r + n + 1, end);
      continue;
    }
    // E, once for each segment up to the next that starts with '.': they move together.
    const std::size_t len = next_slash_dot(r + 1) - r;
    if (w != r) std::memmove(p + w, p + r, len);
    w += len;
    r += len;
  }
  return w;
}

// 6.2.2.3 for a relative-path reference (no scheme, a path not starting with '/'): the
// dot-segments go, but the result stays relative and means what the input meant.
//  - A ".." with nothing left to remove stays, since it climbs above the base.
//  - A '/' is appended where a removed "." or ".." ended the path ("a/b/.." -> "a/"), and an
//    empty result of a non-empty path is "./" (the base's directory, which "" is not).
//  - "./" is kept in front of a first segment that is empty (the path would start with '/').
// (A first segment holding ':' gets its "./" from the writer's guard, as every path does.)
// The kept segments are written joined by '/' to s[begin, w), never past the segment being
// read (s[r, ...)): the output is never longer than what has been read.
std::size_t detail::remove_dot_segments_relative_in_place(char* p, std::size_t begin,
                                                          std::size_t end) noexcept {
  std::size_t r = begin, w = begin;
  std::size_t count = 0, kept = 0;  // segments written; leading ".." among them
  bool directory = false;
  bool first_empty = false;  // the first segment written is empty
  while (true) {
    const std::size_t slash = std::min(std::string_view(p + r, end - r).find('/'), end - r) + r;
    const std::string_view seg(p + r, slash - r);
    directory = seg == "." || seg == "..";  // ".." is "../", as "." is "./" (5.2.4 rule C)
    if (seg == ".." && count > kept) {      // remove the last segment and the '/' before it
      const std::size_t last = std::string_view(p + begin, w - begin).rfind('/');
      w = --count == 0 ? begin : begin + last;
    } else if (seg != ".") {  // write the segment ("..", when there is nothing to remove)
      if (seg == "..") ++kept;
      if (count++ > 0) p[w++] = '/';
      else first_empty = seg.empty();
      if (w != r) std::memmove(p + w, seg.data(), seg.size());
      w += seg.size();
    }
    if (slash == end) break;
    r = slash + 1;
  }
  if (count > 0 && directory) p[w++] = '/';
  if (w == begin) {
    if (end == begin) return w;
    p[w] = '.';
    p[w + 1] = '/';
    return w + 2;
  }
  if (first_empty) {
    std::memmove(p + begin + 2, p + begin, w - begin);
    p[begin] = '.';
    p[begin + 1] = '/';
    w += 2;
  }
  return w;
}

}  // namespace urix
