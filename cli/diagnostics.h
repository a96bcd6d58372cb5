// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/diagnostics.h: the CLI's error reports (SPEC section 8).
//
//   urix: decode: line 2, column 4: invalid UTF-8 (the sequence starting with byte 0xFF)
//     abc\xFF
//        ^
//
// The second line echoes the input: printable ASCII as it is, every other byte as \xHH, so
// that the caret under the third line stands under the offending byte (under the backslash
// of its \xHH). Long inputs show a window of the bytes around the error, with "..." where
// bytes are left out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "urix/result.h"

namespace urix::cli {

/// Bytes echoed on either side of the offending byte.
inline constexpr std::size_t context_bytes = 40;

/// The bytes of an input around an error.
struct error_context {
  std::string_view text;    ///< a window of the input
  std::size_t at = 0;       ///< index of the offending byte in `text` (== size: at the end)
  bool cut_before = false;  ///< the input has bytes before `text`
  bool cut_after = false;   ///< the input has bytes after `text`
  bool escapes_read_as_ascii = true;  ///< a decoded byte may be named by its ASCII glyph
};

/// The window of `input` around byte `offset`.
[[nodiscard]] error_context context_of(std::string_view input, std::size_t offset) noexcept;

/// The full message for `code`: urix::message plus what the offending bytes were.
[[nodiscard]] std::string describe(errc code, const error_context& ctx);

/// The two lines under an error: the echoed input and the caret, each ending in '\n'.
[[nodiscard]] std::string render(const error_context& ctx);

/// Writes the report of a rejected input to stderr. `line` is the 1-based record number in
/// the line and -0 modes; `offset` is the 0-based byte offset of the error in the input.
void report_error(std::string_view verb, std::optional<std::uint64_t> line, std::uint64_t offset,
                  errc code, const error_context& ctx);

/// How report_error writes: the three lines above, or with --errors=json one JSON object per
/// line, {"verb","line","column","offset","code","message","input"} (SPEC 8), where "code" is
/// urix::name(code), "line" is null outside the line and -0 modes, and "input" is the input,
/// or for a long one the window of it that the text form shows (U+FFFD for bytes that are not
/// UTF-8).
enum class error_format { text, json };
void set_error_format(error_format format) noexcept;
[[nodiscard]] error_format current_error_format() noexcept;

/// Writes "urix: VERB: MESSAGE" (or "urix: MESSAGE" without a verb) to stderr.
void report_message(std::string_view verb, std::string_view message);

}  // namespace urix::cli
