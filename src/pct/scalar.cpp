// The scalar kernel: one byte at a time, portable, and the reference for every SIMD kernel.
#include <cstring>

#include "kernel.h"

namespace urix::detail {
namespace {

std::size_t scalar_span(const char* p, std::size_t n, const charset& set) noexcept {
  std::size_t i = 0;
  // Four bytes per iteration keeps the loop-carried work small; the tail finishes one by one.
  for (; i + 4 <= n; i += 4) {
    if (!set.contains(p[i])) return i;
    if (!set.contains(p[i + 1])) return i + 1;
    if (!set.contains(p[i + 2])) return i + 2;
    if (!set.contains(p[i + 3])) return i + 3;
  }
  for (; i < n; ++i)
    if (!set.contains(p[i])) return i;
  return n;
}

std::size_t scalar_find_escape(const char* p, std::size_t n, bool plus) noexcept {
  if (!plus) {
    // libc's memchr is already vectorized: the right tool for one needle.
    const void* hit = n == 0 ? nullptr : std::memchr(p, '%', n);
    return hit == nullptr ? n : static_cast<std::size_t>(static_cast<const char*>(hit) - p);
  }
  for (std::size_t i = 0; i < n; ++i)
    if (p[i] == '%' || p[i] == '+') return i;
  return n;
}

}  // namespace

const kernel scalar_kernel{"scalar", scalar_span, scalar_find_escape};

}  // namespace urix::detail
