// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/utf8.h: UTF-8 validation (RFC 3629, Unicode 3.9 Table 3-7) and repair.
//
// Percent-decoding yields bytes; whether those bytes are text is a separate question that
// these functions answer. Use them on decoded output, or on input before encoding it.
//
//   urix::validate_utf8("\xE4\xB8\xAD")          // ok
//   urix::validate_utf8("ab\xC3(").error()        // {invalid_utf8, 2}
//   urix::utf8_replace_invalid("a\xF0\x9F\x98z")  // "a\uFFFDz": one U+FFFD per maximal subpart
//
// Well-formed means Table 3-7 exactly: no overlong forms, no surrogates (U+D800-DFFF), nothing
// above U+10FFFF.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "urix/export.h"
#include "urix/result.h"

namespace urix {

/// Succeeds when all of `in` is well-formed UTF-8; otherwise errc::invalid_utf8 with the
/// offset of the first byte of the first ill-formed sequence.
[[nodiscard]] URIX_API result<void> validate_utf8(std::string_view in) noexcept;

/// Is every byte of `in` ASCII (below 0x80)? ASCII text is valid UTF-8 and needs no IDNA or
/// IRI work; the active kernel (urix/kernel.h) checks it a vector at a time.
[[nodiscard]] URIX_API bool is_ascii(std::string_view in) noexcept;

/// Number of bytes at the end of `in` that form a proper prefix of a well-formed sequence
/// (0-3): what a streaming validator must carry over to the next chunk.
[[nodiscard]] URIX_API std::size_t utf8_incomplete_tail(std::string_view in) noexcept;

/// Copies `in` to a new string with each maximal subpart of an ill-formed sequence replaced
/// by U+FFFD (Unicode 3.9 "U+FFFD Substitution of Maximal Subparts", as the WHATWG Encoding
/// Standard's UTF-8 decoder does).
[[nodiscard]] URIX_API std::string utf8_replace_invalid(std::string_view in);

/// utf8_replace_invalid, appending to `out`.
URIX_API void utf8_replace_invalid_append(std::string& out, std::string_view in);

}  // namespace urix
