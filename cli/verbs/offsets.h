// cli/verbs/offsets.h: mapping decoded bytes back to the input bytes they came from, so that
// an error found after decoding (invalid UTF-8) is reported at its input column.
#pragma once

#include <cstddef>
#include <string_view>

#include "urix/sets.h"
#include "urix/utf8.h"

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

/// For a chunk `in` that is not the last, whose decoding is `bytes`: drops from `bytes` a
/// UTF-8 sequence cut by the chunk's end and returns how much of `in` the rest covers (the
/// escapes of the cut sequence wait for the next chunk). For the last chunk, all of `in`.
[[nodiscard]] inline std::size_t hold_back_cut_sequence(std::string_view in, std::string_view& bytes,
                                                        bool last) noexcept {
  if (last) return in.size();
  const std::size_t tail = utf8_incomplete_tail(bytes);
  bytes.remove_suffix(tail);
  return input_offset_from_end(in, tail);
}

}  // namespace urix::cli
