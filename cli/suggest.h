// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/suggest.h: "did you mean" for a word the CLI does not know (a verb, an option, a set, a
// component or a charset name): the known names nearest to it by edit distance.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace urix::cli {

/// The edit distance between `a` and `b` with transpositions (optimal string alignment:
/// insert, delete, replace or swap two neighbours, each 1), ASCII case ignored, so that
/// "nomralize" is 1 from "normalize" and "UTF8" 1 from "utf-8".
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidates nearest to `word`, in their order, if any is near enough to be a slip: at
/// most 1 edit for words of up to 3 bytes, 2 up to 8 bytes, 3 beyond.
[[nodiscard]] std::vector<std::string_view> nearest(std::string_view word,
                                                    std::span<const std::string_view> candidates);

/// "; did you mean 'a'?" or "; did you mean 'a' or 'b'?" for nearest(), "" when none is near.
[[nodiscard]] std::string did_you_mean(std::string_view word,
                                       std::span<const std::string_view> candidates);

}  // namespace urix::cli
