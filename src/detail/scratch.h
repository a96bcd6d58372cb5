// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/detail/scratch.h: working strings kept per thread between calls, and their bound.
// @private: not part of urix's public API.
#pragma once

#include <cstddef>
#include <string>

namespace urix::detail {

/// The most a per-thread working string keeps between calls.
inline constexpr std::size_t kept_capacity = 64 * 1024;

/// Frees `s` when a long input grew it past what is worth keeping on a thread between calls
/// (working strings are kept per thread to spare an allocation a call; one huge input must not
/// pin its size).
inline void release_if_large(std::string& s) noexcept {
  if (s.capacity() > kept_capacity) std::string().swap(s);
}

}  // namespace urix::detail
