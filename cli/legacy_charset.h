// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/legacy_charset.h: text in a legacy charset (SPEC 10; RFC 2396 2.1, "there are many
// charsets") through ICU's converters, for `encode --charset` (UTF-8 to the charset, before
// percent-encoding) and `decode --charset` (the decoded bytes, read in the charset, to UTF-8).
//
// A converter keeps state between calls (a multi-byte sequence cut by a chunk's end, the
// shift state of ISO-2022-JP), so one input may arrive in chunks; reset() starts a new input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "urix/result.h"

struct UConverter;

namespace urix::cli {

class legacy_charset {
 public:
  /// The converter for `name`: any name or alias ICU knows, spelt in any case, with or without
  /// '-' and '_' ("shift_jis", "Shift-JIS", "windows-1252", "latin1"). Throws usage_error for
  /// one it does not know, naming the nearest known names.
  explicit legacy_charset(const std::string& name);
  ~legacy_charset();
  legacy_charset(const legacy_charset&) = delete;
  legacy_charset& operator=(const legacy_charset&) = delete;

  /// Forgets what the last input left in the converter.
  void reset() noexcept;

  /// Appends `text` (well-formed UTF-8, as the caller has checked) in the charset to `out`;
  /// `last` ends the input (a stateful charset returns to its initial state). A character the
  /// charset cannot hold is errc::unmappable_char at its offset in `text`, after the bytes of
  /// the text before it, or with `ncr` is written as "&#N;" (N its decimal code point, what
  /// browsers submit for a form in a legacy charset).
  result<void> from_utf8(std::string_view text, bool last, bool ncr, std::string& out);

  /// Appends `bytes` read in the charset to `out` as UTF-8 and returns how many of them are
  /// done. Without `last`, a sequence cut by the end of `bytes` is left out of that count (it
  /// comes back at the start of the next call) where the charset has no shift state. A byte
  /// sequence the charset does not define is errc::invalid_in_charset at its offset in
  /// `bytes`, after the text before it, or with `replace` is written as U+FFFD. A character
  /// among `refused` (ASCII: the record terminators) is errc::disallowed_char at the offset
  /// of the bytes it came from.
  result<std::size_t> to_utf8(std::string_view bytes, bool last, bool replace,
                              std::string_view refused, std::string& out);

 private:
  UConverter* cnv_;
  bool stateful_;
  bool fresh_ = true;             // to_utf8 has not been called since the last reset()
  std::u16string units_;          // UTF-16 between the charset and UTF-8, reused
  std::vector<int32_t> sources_;  // to_utf8: where in the bytes each unit came from
};

}  // namespace urix::cli
