// src/pct/kernel.h: the boundary between the percent codec and its byte-scanning kernels.
// @private: not part of urix's public API.
//
// The codec (encode.cpp, decode.cpp, check.cpp) owns the rules; a kernel only answers
// "how far can I go before the next byte that needs attention". Each kernel (scalar now,
// SIMD ones later) implements the same functions, and exactly one is chosen at run time.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "urix/charset.h"

namespace urix::detail {

struct kernel {
  /// Short name: "scalar", "avx2", "avx512".
  std::string_view name;
  /// Length of the longest prefix of [p, p + n) whose bytes are all in `set`.
  std::size_t (*span)(const char* p, std::size_t n, const charset& set) noexcept;
  /// Index of the first '%' (or '+' when `plus`) in [p, p + n); n if there is none.
  std::size_t (*find_escape)(const char* p, std::size_t n, bool plus) noexcept;
};

/// The scalar kernel: portable, and the reference the others are tested against.
extern const kernel scalar_kernel;

/// Every kernel this build has that the running CPU supports, scalar first.
[[nodiscard]] std::span<const kernel* const> available_kernels() noexcept;

/// The kernel the codec uses, chosen once per process.
[[nodiscard]] const kernel& active_kernel() noexcept;

}  // namespace urix::detail
