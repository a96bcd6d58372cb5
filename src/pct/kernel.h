// src/pct/kernel.h: the boundary between the codecs and their byte-scanning kernels.
// @private: not part of urix's public API (urix/kernel.h is the public face).
//
// The codecs (encode.cpp, decode.cpp, check.cpp, utf8.cpp) own the rules and the error
// reporting; a kernel only does the bulk work on plain bytes, as fast as its instruction set
// allows. Every kernel implements the same functions with byte-identical results, and one is
// active at a time: chosen once per process from CPUID, or forced (URIX_KERNEL, force_kernel).
//
// Contracts shared by all kernels:
// - No reads outside [p, p + n) and no writes outside the output the function documents:
//   exact-size heap buffers stay clean under AddressSanitizer.
// - A `set` handed to a kernel holds no byte >= 0x80 (the codecs intersect with ASCII first:
//   RFC 3986 2.5 never leaves a non-ASCII byte unencoded).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "../detail/hex.h"
#include "escape.h"
#include "urix/charset.h"
#include "urix/result.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define URIX_X86_KERNELS 1
#else
#define URIX_X86_KERNELS 0
#endif

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

struct kernel {
  /// Short name: "scalar", "avx2", "avx512".
  std::string_view name;

  /// Length of the longest prefix of [p, p + n) whose bytes are all in `set`.
  std::size_t (*span)(const char* p, std::size_t n, const charset& set) noexcept;

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
};

// The UTF-8 check of the SIMD kernels (the lookup method of Keiser and Lemire, "Validating
// UTF-8 in less than one instruction per byte", 2021): three 16-entry tables, indexed by the
// high and low nibble of the previous byte and the high nibble of the current one, each
// give the set of errors a byte pair could be; their AND is the errors it is. Unicode 3.9
// Table 3-7 in bits:
namespace utf8_lookup {
inline constexpr std::uint8_t too_short = 1 << 0;       // lead then non-continuation
inline constexpr std::uint8_t too_long = 1 << 1;        // ASCII then continuation
inline constexpr std::uint8_t overlong_3 = 1 << 2;      // E0 80..9F
inline constexpr std::uint8_t too_large = 1 << 3;       // F4 90..BF, F5..FF
inline constexpr std::uint8_t surrogate = 1 << 4;       // ED A0..BF
inline constexpr std::uint8_t overlong_2 = 1 << 5;      // C0, C1
inline constexpr std::uint8_t too_large_1000 = 1 << 6;  // F5..FF 80..8F
inline constexpr std::uint8_t overlong_4 = 1 << 6;      // F0 80..8F
inline constexpr std::uint8_t two_conts = 1 << 7;       // continuation then continuation
inline constexpr std::uint8_t carry = too_short | too_long | two_conts;

inline constexpr std::uint8_t prev_high[16] = {
    too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long,  // 0-7: ASCII
    two_conts, two_conts, two_conts, two_conts,                                      // 8-B: continuation
    too_short | overlong_2,                                                          // C
    too_short,                                                                       // D
    too_short | overlong_3 | surrogate,                                              // E
    too_short | too_large | too_large_1000 | overlong_4};                            // F
inline constexpr std::uint8_t prev_low[16] = {
    carry | overlong_3 | overlong_2 | overlong_4,  // 0
    carry | overlong_2,                            // 1
    carry, carry,                                  // 2, 3
    carry | too_large,                             // 4
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // 5, 6
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // 7, 8
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // 9, A
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // B, C
    carry | too_large | too_large_1000 | surrogate,                          // D
    carry | too_large | too_large_1000, carry | too_large | too_large_1000};  // E, F
inline constexpr std::uint8_t cur_high[16] = {
    too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short,  // 0-7
    too_long | overlong_2 | two_conts | overlong_3 | too_large_1000 | overlong_4,            // 8
    too_long | overlong_2 | two_conts | overlong_3 | too_large,                              // 9
    too_long | overlong_2 | two_conts | surrogate | too_large,                               // A
    too_long | overlong_2 | two_conts | surrogate | too_large,                               // B
    too_short, too_short, too_short, too_short};                                             // C-F
}  // namespace utf8_lookup

/// Where a prefix whose bytes before `end` (end >= 1) all passed the lookup may be said to
/// end: before the sequence holding byte end - 1 unless that byte is ASCII, since whether
/// that sequence is complete is only checked at the bytes after it.
inline std::size_t sequence_start(const char* p, std::size_t end) noexcept {
  std::size_t s = end - 1;
  if (static_cast<unsigned char>(p[s]) < 0x80) return end;
  for (int k = 0; k < 3 && s > 0 && (static_cast<unsigned char>(p[s]) & 0xC0) == 0x80; ++k) --s;
  return s;
}

/// The scalar kernel: portable, and the reference the others are tested against.
extern const kernel scalar_kernel;
#if URIX_X86_KERNELS
extern const kernel avx2_kernel;    // AVX2 + BMI2 (Haswell and later)
extern const kernel avx512_kernel;  // AVX-512 BW/VL/VBMI/VBMI2 + BMI2 (Ice Lake and later)
#endif

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
