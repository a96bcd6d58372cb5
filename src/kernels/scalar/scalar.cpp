// SPDX-License-Identifier: Apache-2.0 OR MIT
// The scalar kernel: portable C++, and the reference every SIMD kernel is tested against.
#include <cstdint>
#include <cstring>

#include "scalar.h"

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

// Four bytes per branch while they last, then one by one.
std::size_t scalar_span_fixed(const char* p, std::size_t n, const span_table& t) noexcept {
  const auto* b = reinterpret_cast<const unsigned char*>(p);
  std::size_t i = 0;
  while (n - i >= 4 && (t.in[b[i]] & t.in[b[i + 1]] & t.in[b[i + 2]] & t.in[b[i + 3]]) != 0)
    i += 4;
  while (i < n && t.in[b[i]] != 0) ++i;
  return i;
}

std::size_t scalar_count_outside(const char* p, std::size_t n, const charset& set) noexcept {
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i) count += set.contains(p[i]) ? 0U : 1U;
  return count;
}

result<std::size_t> scalar_encode(char* out, const char* p, std::size_t n, const charset& set,
                                  const char* hex, bool space_as_plus) noexcept {
  if (space_as_plus) return encode_bytes(out, p, n, set, hex, true);
  // Clean runs are copied whole; the bytes between them are escaped one by one.
  char* o = out;
  std::size_t i = 0;
  while (i < n) {
    const std::size_t run = scalar_span(p + i, n - i, set);
    std::memcpy(o, p + i, run);
    o += run;
    i += run;
    for (; i < n && !set.contains(p[i]); ++i, o += 3) write_escape(o, static_cast<unsigned char>(p[i]), hex);
  }
  return static_cast<std::size_t>(o - out);
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

result<std::size_t> scalar_decode(char* out, const char* p, std::size_t n, bool plus,
                                  bool lenient) noexcept {
  std::size_t i = 0;
  std::size_t o = 0;
  while (true) {
    const std::size_t run = scalar_find_escape(p + i, n - i, plus);
    if (run != 0 && out + o != p + i) std::memmove(out + o, p + i, run);  // p may be null
    i += run;
    o += run;
    if (i == n || !decode_special(out, o, p, n, i, lenient)) return decode_result(p, n, {i, o});
  }
}

std::size_t scalar_ascii_prefix(const char* p, std::size_t n) noexcept {
  return ascii_prefix_by_words(p, n);
}

// The scalar validator itself is the whole check: the prefix it vouches for is the ASCII one.
std::size_t scalar_utf8_prefix(const char* p, std::size_t n) noexcept { return scalar_ascii_prefix(p, n); }

}  // namespace

const kernel scalar_kernel{
    .name = "scalar",
    .span = scalar_span,
    .span_fixed = scalar_span_fixed,
    .count_outside = scalar_count_outside,
    .encode = scalar_encode,
    .find_escape = scalar_find_escape,
    .decode = scalar_decode,
    .ascii_prefix = scalar_ascii_prefix,
    .utf8_prefix = scalar_utf8_prefix,
    .base64_decode = base64_groups,
    .cpu_features = {},  // portable C++: every CPU
};

}  // namespace urix::detail
