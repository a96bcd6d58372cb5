// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "suggest.h"

#include <algorithm>
#include <limits>

#include "ascii.h"  // urix_bytes

namespace urix::cli {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic programme: the one before last is needed for a swap.
  std::vector<std::size_t> before(b.size() + 1), last(b.size() + 1), row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) last[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const bool same = detail::ascii_lower(a[i - 1]) == detail::ascii_lower(b[j - 1]);
      row[j] = std::min({last[j] + 1, row[j - 1] + 1, last[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && detail::ascii_lower(a[i - 1]) == detail::ascii_lower(b[j - 2]) &&
          detail::ascii_lower(a[i - 2]) == detail::ascii_lower(b[j - 1]))
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, last);
    std::swap(last, row);
  }
  return last[b.size()];
}

std::vector<std::string_view> nearest(std::string_view word,
                                      std::span<const std::string_view> candidates) {
  const std::size_t limit = word.size() <= 3 ? 1 : word.size() <= 8 ? 2 : 3;
  std::size_t best = std::numeric_limits<std::size_t>::max();
  std::vector<std::string_view> found;
  for (std::string_view c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d > limit || d > best) continue;
    if (d < best) found.clear();
    best = d;
    if (std::find(found.begin(), found.end(), c) == found.end()) found.push_back(c);
  }
  return found;
}

std::string did_you_mean(std::string_view word, std::span<const std::string_view> candidates) {
  const std::vector<std::string_view> found = nearest(word, candidates);
  if (found.empty()) return {};
  std::string text = "; did you mean ";
  for (std::size_t i = 0; i < found.size(); ++i) {
    if (i > 0) text += i + 1 == found.size() ? " or " : ", ";
    ((text += '\'') += found[i]) += '\'';
  }
  return text += '?';
}

}  // namespace urix::cli
