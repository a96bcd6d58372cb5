// cli/verbs/offsets.h: mapping decoded bytes back to the input bytes they came from, so that
// an error found after decoding (invalid UTF-8) is reported at its input column.
#pragma once

#include <cstddef>
#include <string_view>

#include "urix/sets.h"

namespace urix::cli {

/// Does a well-formed "%HH" start at in[i]?
[[nodiscard]] inline bool is_escape(std::string_view in, std::size_t i) noexcept {
  return in.size() - i >= 3 && in[i] == '%' && sets::hexdig.contains(in[i + 1]) &&
         sets::hexdig.contains(in[i + 2]);
}

/// The input offset of decoded byte `decoded`: every decoded byte comes from one well-formed
/// escape or from one other input byte (a '+', or a '%' that --lenient copies).
[[nodiscard]] inline std::size_t input_offset(std::string_view in, std::size_t decoded) noexcept {
  std::size_t i = 0;
  for (std::size_t o = 0; o < decoded; ++o) i += is_escape(in, i) ? 3U : 1U;
  return i;
}

/// The input offset where the last `count` decoded bytes of `in` start. Walking back is
/// unambiguous: a '%' followed by two hex digits always starts an escape, because '%' is not
/// a hex digit and so cannot be the tail of an earlier one.
[[nodiscard]] inline std::size_t input_offset_from_end(std::string_view in,
                                                       std::size_t count) noexcept {
  std::size_t p = in.size();
  for (; count > 0; --count) p -= (p >= 3 && is_escape(in, p - 3)) ? 3U : 1U;
  return p;
}

}  // namespace urix::cli
