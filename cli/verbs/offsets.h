// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/verbs/offsets.h: holding back a UTF-8 sequence cut by a chunk's end, with the escapes it
// came from (the codec's encoded_offset_from_end maps decoded bytes back to input bytes).
#pragma once

#include <cstddef>
#include <string_view>

#include "urix/pct.h"
#include "urix/utf8.h"

namespace urix::cli {

/// For a chunk `in` that is not the last, whose decoding is `bytes`: drops from `bytes` a
/// UTF-8 sequence cut by the chunk's end and returns how much of `in` the rest covers (the
/// escapes of the cut sequence wait for the next chunk). For the last chunk, all of `in`.
[[nodiscard]] inline std::size_t hold_back_cut_sequence(std::string_view in, std::string_view& bytes,
                                                        bool last) noexcept {
  if (last) return in.size();
  const std::size_t tail = utf8_incomplete_tail(bytes);
  bytes.remove_suffix(tail);
  return encoded_offset_from_end(in, tail);
}

}  // namespace urix::cli
