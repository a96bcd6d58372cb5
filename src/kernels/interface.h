// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/kernels/interface.h: what every byte-scanning kernel implements, and how the codecs
// reach the active one.
// @private: not part of urix's public API (urix/kernel.h is the public face).
//
// The codecs (encode.cpp, decode.cpp, check.cpp, utf8.cpp) and the parser (uri/parse.cpp)
// own the rules and the error reporting; a kernel only does the bulk work on plain bytes, as
// fast as its instruction set allows. Every kernel implements the same functions with
// byte-identical results, and one is active at a time: chosen once per process (from CPUID on
// x86-64), or forced (URIX_KERNEL, force_kernel).
// Each kernel lives in the folder of its instruction set (scalar/, x86/, neon/) and is listed in
// the registry (registry.cpp); techniques shared between vector widths live in generic/.
//
// Contracts shared by all kernels:
// - No reads outside [p, p + n) and no writes outside the output the function documents:
//   exact-size heap buffers stay clean under AddressSanitizer.
// - A `set` handed to a kernel holds no byte >= 0x80 (the codecs intersect with ASCII first:
//   RFC 3986 2.5 never leaves a non-ASCII byte unencoded).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "../detail/base64.h"
#include "../detail/escape.h"
#include "../detail/hex.h"
#include "urix/charset.h"
#include "urix/result.h"

namespace urix::detail {

/// How far a decode kernel got: input bytes consumed and output bytes written.
struct decode_progress {
  std::size_t read;
  std::size_t written;
};

/// A decode kernel's result from how far it got over [p, p + n): the bytes written if it read
/// them all, else the error at the malformed '%' where it stopped.
inline result<std::size_t> decode_result(const char* p, std::size_t n, decode_progress done) noexcept {
  if (done.read == n) [[likely]]
    return done.written;
  return escape_error(std::string_view(p, n), done.read);
}

/// A fixed set of ASCII bytes with what each kernel needs to scan it, built at compile time
/// (urix/charset.h): for the grammar's sets, which the parsers ask about a few times per
/// reference, where the tables `span` builds on each call would cost more than the run.
using span_table = scan_set;

struct kernel {
  /// Short name: "scalar", "avx2", "avx512", "neon" (URIX_KERNEL, force_kernel).
  std::string_view name;

  /// Length of the longest prefix of [p, p + n) whose bytes are all in `set`.
  std::size_t (*span)(const char* p, std::size_t n, const charset& set) noexcept;

  /// The same for a fixed set: no setup, so a run that ends in its first bytes costs a few
  /// instructions.
  std::size_t (*span_fixed)(const char* p, std::size_t n, const span_table& t) noexcept;

  /// Number of bytes of [p, p + n) that are not in `set`.
  std::size_t (*count_outside)(const char* p, std::size_t n, const charset& set) noexcept;

  /// Writes [p, p + n) to `out` with every byte outside `set` as '%' hex[b >> 4] hex[b & 15]
  /// and returns the bytes written (exactly n + 2 * count_outside). With `space_as_plus`,
  /// `set` holds ' ' and not '+', and each ' ' is written as '+'. `hex` is 16 digits. It
  /// cannot fail; it returns a result so that encode_to can jump to it (as decode_to does).
  result<std::size_t> (*encode)(char* out, const char* p, std::size_t n, const charset& set,
                                const char* hex, bool space_as_plus) noexcept;

  /// Index of the first '%' (or '+' when `plus`) in [p, p + n); n if there is none.
  std::size_t (*find_escape)(const char* p, std::size_t n, bool plus) noexcept;

  /// Decodes [p, p + n) into `out` (out <= p, or no overlap): "%HH" becomes its byte, '+'
  /// becomes ' ' when `plus`, and a '%' that starts no well-formed escape is copied when
  /// `lenient`. Returns the bytes written; without `lenient`, the error at the first such
  /// '%' (escape_error) instead. The kernel reports it, not its caller, so that the caller
  /// need not keep the input across the call: decode_to is a jump to the kernel.
  result<std::size_t> (*decode)(char* out, const char* p, std::size_t n, bool plus,
                                bool lenient) noexcept;

  /// Length of the longest prefix of [p, p + n) that is ASCII (UTF-8 validation skips it).
  std::size_t (*ascii_prefix)(const char* p, std::size_t n) noexcept;

  /// Length of a prefix of [p, p + n) that is well-formed UTF-8 and ends at a sequence
  /// boundary. It may stop short of the first error (a block before it, say): the scalar
  /// validator finishes from there and finds the exact offset.
  std::size_t (*utf8_prefix)(const char* p, std::size_t n) noexcept;

  /// Decodes the whole groups of four base64 alphabet bytes (RFC 4648 table 1; '=' is not
  /// in it) at the start of [p, p + n), three bytes per group into `out`, up to the first
  /// group that holds another byte or ends past the input. Returns the bytes read (a
  /// multiple of four) and written (three for each four read); writes nothing else.
  decode_progress (*base64_decode)(char* out, const char* p, std::size_t n) noexcept;

  /// The CPU features the kernel was compiled for, as its functions' target attribute names
  /// them ("avx2,bmi,bmi2,popcnt"); empty for one that every CPU of its architecture runs
  /// (scalar, NEON). The registry checks them, once, against the running CPU. (Last: the
  /// function pointers the codec calls keep the struct's first cache line.)
  std::string_view cpu_features;
};

/// Most kernels a build can have: the capacity of the registry's lists (registry.cpp).
inline constexpr std::size_t max_kernels = 4;

/// Every kernel this build has, scalar first, best last.
[[nodiscard]] std::span<const kernel* const> built_kernels() noexcept;

/// Does the running CPU have `feature`, a name a kernel's cpu_features holds? False for a
/// name the registry does not know.
[[nodiscard]] bool cpu_has(std::string_view feature) noexcept;

/// Is `feature` a name the registry can check (cpu_has)? Every kernel's features must be.
[[nodiscard]] bool is_known_cpu_feature(std::string_view feature) noexcept;

/// Every kernel this build has that the running CPU supports, scalar first, best last.
[[nodiscard]] std::span<const kernel* const> available_kernels() noexcept;

/// The kernel the codecs use now. Until the first call picks one (choose_kernel), or
/// force_kernel() sets it, a kernel whose every function picks the active kernel and calls
/// that one's. Constant-initialized, so it is safe to use from static constructors.
extern constinit std::atomic<const kernel*> active_kernel_slot;

/// Picks the initial kernel (CPUID, URIX_KERNEL) once and makes it active, unless
/// force_kernel() came first; returns the active kernel.
[[nodiscard]] const kernel& choose_kernel() noexcept;

/// The kernel the codecs use now. Inline and never null: a short call pays for one load
/// here, and with no test and no call to prepare for, decode_to is a jump to the kernel.
[[nodiscard]] inline const kernel& active_kernel() noexcept {
  return *active_kernel_slot.load(std::memory_order_relaxed);
}

// ---- Scalar building blocks, shared by the kernels for their tails and irregular bytes ----

/// Length of the longest ASCII prefix of [p, p + n), eight bytes per step: a word with no high
/// bit set is eight ASCII bytes. The last word overlaps bytes already found ASCII, so only an
/// input shorter than a word, or the word that holds the first non-ASCII byte, is read byte by
/// byte.
inline std::size_t ascii_prefix_by_words(const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
  if (n >= 8) {
    for (;; i += 8) {
      i = std::min(i, n - 8);
      std::uint64_t w;
      std::memcpy(&w, p + i, 8);
      if ((w & 0x8080808080808080ULL) != 0) break;
      if (i == n - 8) return n;
    }
  }
  while (i < n && static_cast<unsigned char>(p[i]) < 0x80) ++i;
  return i;
}

/// Decodes whole base64 groups one at a time (see kernel::base64_decode): the scalar kernel,
/// and the SIMD kernels' last groups and the group that stops them.
inline decode_progress base64_groups(char* out, const char* p, std::size_t n) noexcept {
  const auto* b = reinterpret_cast<const unsigned char*>(p);
  const auto& t = base64_shifted;
  std::size_t i = 0;
  char* o = out;
  for (; n - i >= 4; i += 4, o += 3) {
    const std::uint32_t v = t[0][b[i]] | t[1][b[i + 1]] | t[2][b[i + 2]] | t[3][b[i + 3]];
    if (v >> 24 != 0) break;
    o[0] = static_cast<char>(v >> 16);
    o[1] = static_cast<char>(v >> 8);
    o[2] = static_cast<char>(v);
  }
  return {i, static_cast<std::size_t>(o - out)};
}

/// Encodes [p, p + n) one byte at a time (see kernel::encode); returns the bytes written.
inline std::size_t encode_bytes(char* out, const char* p, std::size_t n, const charset& set,
                                const char* hex, bool space_as_plus) noexcept {
  char* o = out;
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(p[i]);
    if (set.contains(c)) {
      *o++ = (space_as_plus && c == ' ') ? '+' : static_cast<char>(c);
    } else {
      write_escape(o, c, hex);
      o += 3;
    }
  }
  return static_cast<std::size_t>(o - out);
}

/// Decodes the irregular byte at p[i] (a '%' or, when `plus`, a '+') into out[o], advancing
/// both. Returns false, without advancing, at a malformed '%' when not `lenient`.
inline bool decode_special(char* out, std::size_t& o, const char* p, std::size_t n,
                           std::size_t& i, bool lenient) noexcept {
  if (p[i] == '+') {
    out[o++] = ' ';
    ++i;
    return true;
  }
  const int v = n - i >= 3 ? escape_value(static_cast<unsigned char>(p[i + 1]),
                                          static_cast<unsigned char>(p[i + 2]))
                           : -1;
  if (v >= 0) {
    out[o++] = static_cast<char>(v);
    i += 3;
    return true;
  }
  if (!lenient) return false;
  out[o++] = '%';
  ++i;
  return true;
}

/// Decodes [p + i, p + end) one byte at a time, where end <= n; an escape may run past end.
/// Returns false at a malformed '%' when not `lenient` (i is then its offset).
inline bool decode_bytes(char* out, std::size_t& o, const char* p, std::size_t n,
                         std::size_t& i, std::size_t end, bool plus, bool lenient) noexcept {
  while (i < end) {
    const char c = p[i];
    if (c == '%' || (plus && c == '+')) {
      if (!decode_special(out, o, p, n, i, lenient)) return false;
    } else {
      out[o++] = c;
      ++i;
    }
  }
  return true;
}

}  // namespace urix::detail
