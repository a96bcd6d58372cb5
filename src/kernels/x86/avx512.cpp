// SPDX-License-Identifier: Apache-2.0 OR MIT
// The AVX-512 kernel: 64 bytes per step, no scalar tails. Compiled with per-function target
// attributes; runs only where CPUID reports AVX-512 F/BW/VL/VBMI/VBMI2 and BMI2.
//
// - Classifying: the set's 128 ASCII bits become a 128-byte table (vpmovm2b) that one
//   two-register byte permute (vpermt2b) indexes by the low seven bits of each byte; a set
//   top bit (a byte >= 0x80) then clears the hit, so non-ASCII bytes are never in the set.
// - Encoding expands 21 bytes at a time: each byte becomes the triple ('%', hi hex, lo hex
//   or the byte itself) in one permute, and vpcompressb keeps the last byte of a clean
//   triple, all three of an escape.
// - Decoding looks hex digits up in two 128-byte tables (value, value << 4), finds every '%'
//   followed by two hex digits, puts the escape's value in place of its first digit, and
//   vpcompressb drops the '%' and the second digit.
// - UTF-8 validation uses the lookup method (generic/utf8_lookup.h), 64 bytes per step.
// - Whole blocks use plain loads (cheaper than masked ones); tails use masked loads and
//   stores, which never touch memory outside the mask.
#include "../generic/utf8_lookup.h"
#include "x86.h"

#if URIX_X86_KERNELS
// GCC 12's AVX-512 intrinsics start from _mm512_undefined_epi32(), a self-initialized
// variable that -W(maybe-)uninitialized flags wherever one is inlined: a known false positive.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>


namespace urix::detail {
namespace {

using mask64 = std::uint64_t;

// The first n bits (n <= 64).
URIX_AVX512 inline mask64 first_bits(std::size_t n) noexcept {
  return n >= 64 ? ~mask64{0} : _bzhi_u64(~mask64{0}, static_cast<unsigned>(n));
}

URIX_AVX512 inline __m512i load(const char* p, mask64 m) noexcept {
  return _mm512_maskz_loadu_epi8(m, p);
}

// Up to 64 * N bytes (N <= 3) as N masked blocks, block k at `at[k]` = 64k, computed without
// a branch on the length (such a branch mispredicts on lines of random size): bzhi keeps all
// 64 bits from an index of 64 up to 255. An empty block sits at 0, in bounds.
template <unsigned N>
struct blocks {
  std::size_t at[N];
  mask64 m[N];
};
template <unsigned N>
URIX_AVX512 inline blocks<N> blocks_of(std::size_t n) noexcept {
  blocks<N> b{};
  for (unsigned k = 0; k < N; ++k) {
    const std::size_t start = 64 * k;
    b.at[k] = static_cast<std::size_t>(n > start) * start;
    b.m[k] = _bzhi_u64(~mask64{0}, static_cast<unsigned>(n - std::min(n, start)));
  }
  return b;
}

// The set as a 128-byte table: byte c is 0xFF when c is in the set.
struct table128 {
  __m512i low;   // bytes 0-63
  __m512i high;  // bytes 64-127
};

URIX_AVX512 inline table128 make_table(const charset& set) noexcept {
  return {_mm512_movm_epi8(set.words()[0]), _mm512_movm_epi8(set.words()[1])};
}

// Bit i set when byte i of x is in the set.
URIX_AVX512 inline mask64 inside(__m512i x, const table128& t) noexcept {
  const __m512i hit = _mm512_permutex2var_epi8(t.low, x, t.high);
  return _mm512_movepi8_mask(_mm512_andnot_si512(x, hit));  // ~x clears bytes >= 0x80
}

URIX_AVX512 std::size_t avx512_span(const char* p, std::size_t n, const charset& set) noexcept {
  const table128 t = make_table(set);
  std::size_t i = 0;
  // Whole blocks with plain loads, then a masked tail: here that beat count_outside's two
  // masked blocks without a branch on the length.
  for (; n - i >= 64; i += 64) {
    const mask64 bad = ~inside(_mm512_loadu_si512(p + i), t);
    if (bad != 0) return i + static_cast<std::size_t>(std::countr_zero(bad));
  }
  const mask64 m = first_bits(n - i);
  const mask64 bad = ~inside(load(p + i, m), t) & m;
  return bad != 0 ? i + static_cast<std::size_t>(std::countr_zero(bad)) : n;
}

// A URL's components are mostly shorter than 64 bytes: one masked block each, whatever the
// length, where length classes (avx2_span_fixed's) are branches that mispredict on real lines.
// Longer ones go 64 bytes at a time with plain loads, the last block ending at the end.
URIX_AVX512 std::size_t avx512_span_fixed(const char* p, std::size_t n, const span_table& t) noexcept {
  const __m512i rows = _mm512_broadcast_i32x4(_mm_load_si128(reinterpret_cast<const __m128i*>(t.rows)));
  const __m512i hi_bits = _mm512_broadcast_i32x4(_mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0));
  const __m512i low = _mm512_set1_epi8(0x0F);
  const auto outside = [&](__m512i x, mask64 live) URIX_AVX512 {  // bit k: byte k live and not in the set
    const __m512i hit = _mm512_and_si512(_mm512_shuffle_epi8(rows, _mm512_and_si512(x, low)),
                                         _mm512_shuffle_epi8(hi_bits, _mm512_and_si512(_mm512_srli_epi16(x, 4), low)));
    return _mm512_mask_testn_epi8_mask(live, hit, hit);
  };
  const auto first = [](mask64 m) { return static_cast<std::size_t>(std::countr_zero(m)); };
  if (n <= 64) {
    const mask64 live = first_bits(n);
    const mask64 bad = outside(load(p, live), live);
    return bad != 0 ? first(bad) : n;
  }
  for (std::size_t i = 0; n - i > 64; i += 64)
    if (const mask64 bad = outside(_mm512_loadu_si512(p + i), ~mask64{0}); bad != 0) return i + first(bad);
  const mask64 bad = outside(_mm512_loadu_si512(p + n - 64), ~mask64{0});
  return bad != 0 ? n - 64 + first(bad) : n;
}

// Up to 128 bytes (a URI component) as two masked blocks, with no branch on the length (see
// blocks_of), which a predictor would miss on short lines. Longer input goes 64 bytes at a
// time, with plain loads, until 128 bytes or fewer are left.
URIX_AVX512 std::size_t avx512_count_outside(const char* p, std::size_t n, const charset& set) noexcept {
  const table128 t = make_table(set);
  std::size_t count = 0;
  std::size_t i = 0;
  if (n > 128) [[unlikely]] {
    for (; n - i > 128; i += 64)
      count += static_cast<std::size_t>(std::popcount(~inside(_mm512_loadu_si512(p + i), t)));
  }
  const blocks<2> b = blocks_of<2>(n - i);
  return count + static_cast<std::size_t>(std::popcount(~inside(load(p + i, b.m[0]), t) & b.m[0])) +
         static_cast<std::size_t>(std::popcount(~inside(load(p + i + b.at[1], b.m[1]), t) & b.m[1]));
}

// Permute indices. Encoding lays the 21 bytes of third q of a block out as 21 triples
// ('%', hi hex, last): `byte_index[q]` names the block byte of each triple slot, and
// `digit_index[q]` likewise, but from a second register (index + 64) for the last slots.
// For decoding, `next1_index` moves byte k + 1 of a block to k: index 64 at the top takes
// the next block's first byte in a two-register permute, and wraps around (unused) in a
// one-register one, which reads only the low six bits.
struct alignas(64) index_table {
  std::uint8_t at[64];
};
constexpr index_table make_byte_index(unsigned q, bool lo_from_second) noexcept {
  index_table t{};
  for (unsigned k = 0; k < 63; ++k)
    t.at[k] = static_cast<std::uint8_t>((lo_from_second && k % 3 == 2 ? 64 : 0) + 21 * q + k / 3);
  return t;
}
constexpr index_table make_next_index(unsigned d) noexcept {
  index_table t{};
  for (unsigned k = 0; k < 64; ++k) t.at[k] = static_cast<std::uint8_t>(k + d);
  return t;
}
constexpr index_table byte_index[3] = {make_byte_index(0, false), make_byte_index(1, false),
                                       make_byte_index(2, false)};
constexpr index_table digit_index[3] = {make_byte_index(0, true), make_byte_index(1, true),
                                        make_byte_index(2, true)};
constexpr index_table next1_index = make_next_index(1);
constexpr index_table next2_index = make_next_index(2);

// Triple slots: '%' (3k), hi digit (3k + 1), last (3k + 2), for 21 bytes; slot 63 unused.
constexpr mask64 percents = 0x1249249249249249ULL;

// Third q of a block as 21 triples before the '%' goes in: each '%' slot holds what the hi
// digit slot after it holds.
URIX_AVX512 inline __m512i raw_triples(__m512i hi, __m512i last, unsigned q) noexcept {
  return _mm512_permutex2var_epi8(hi, _mm512_load_si512(digit_index[q].at), last);
}
URIX_AVX512 inline __m512i with_percents(__m512i triples, __m512i percent) noexcept {
  return _mm512_mask_blend_epi8(percents, triples, percent);
}

// Third q of a block as 21 triples ('%', hi digit, last), in one permute and one blend.
// `last` holds the lo digit of each byte to escape and the byte itself otherwise: an escape
// keeps all three slots of its triple, any other byte the last one: one permute per third,
// where a slot of its own for the byte took two.
URIX_AVX512 inline __m512i third_triples(__m512i hi, __m512i last, __m512i percent,
                                         unsigned q) noexcept {
  return with_percents(raw_triples(hi, last, q), percent);
}

// Which triple slots a byte's class keeps (see classes_of): the '%' and hi digit slots an
// escape only (top bit), the last slot any byte of the input (nonzero), slot 63 none.
constexpr index_table make_slot_tests() noexcept {
  index_table t{};
  for (unsigned k = 0; k < 63; ++k) t.at[k] = k % 3 == 2 ? 0xFF : 0x80;
  return t;
}
constexpr index_table slot_tests = make_slot_tests();

// Encodes third q of a block at o and returns the bytes written, storing none past them:
// vpcompressb keeps the slots of its triples that the bytes' classes ask for. One permute
// spreads the classes over the triples and one test picks the slots, whose count is the
// bytes written. (The short path's thirds; the block loop's take encode_whole_third.)
URIX_AVX512 inline std::size_t encode_third(char* o, __m512i hi, __m512i last, __m512i percent,
                                            __m512i classes, unsigned q) noexcept {
  const __m512i slots = _mm512_permutexvar_epi8(_mm512_load_si512(byte_index[q].at), classes);
  const mask64 keep = _mm512_test_epi8_mask(slots, _mm512_load_si512(slot_tests.at));
  const auto written = static_cast<std::size_t>(std::popcount(keep));
  const __m512i packed = _mm512_maskz_compress_epi8(keep, third_triples(hi, last, percent, q));
  _mm512_mask_storeu_epi8(o, _bzhi_u64(~mask64{0}, static_cast<unsigned>(written)), packed);
  return written;
}

// Encodes a whole third q of a block at o (all 21 bytes input, and room for 64 bytes at o,
// which the caller overwrites later), in the block loop, which counts the bytes written:
// the slots to keep are those the marker is not in. The digits put it in the hi digit of
// each byte not to escape, and through the permute in its '%' slot too; a last slot never
// holds it (an ASCII byte or a digit). One test of the triples, cheaper than encode_third's
// permute and test of the classes. (Not in the short path: its partial blocks load zeros
// past the input, whose last slots would be kept, and loading the marker there instead
// cost more than it saved.) Slot 63 may be kept: it is stored past the third's output.
URIX_AVX512 inline void encode_whole_third(char* o, __m512i hi, __m512i last, __m512i percent,
                                           __m512i marker, unsigned q) noexcept {
  const __m512i t = raw_triples(hi, last, q);
  const mask64 keep = _mm512_testn_epi8_mask(t, marker);
  _mm512_storeu_si512(o, _mm512_maskz_compress_epi8(keep, with_percents(t, percent)));
}

constexpr mask64 block_bits = (mask64{1} << 63) - 1;  // a block of 63 bytes
constexpr mask64 third_bits = (mask64{1} << 21) - 1;  // a third of one

// x with each ' ' as '+' (space_as_plus: the kernel's set holds ' ', written as '+').
URIX_AVX512 inline __m512i spaces_as_plus(__m512i x) noexcept {
  return _mm512_mask_set1_epi8(x, _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(' ')), '+');
}

// The encoder, compiled once per value of space_as_plus: an option tested inside the block
// loop costs time on every block.
template <bool space_as_plus>
URIX_AVX512 result<std::size_t> encode_blocks(char* out, const char* p, std::size_t n,
                                              const charset& set, const char* hex) noexcept {
  const table128 t = make_table(set);
  const __m512i digits = _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(hex)));
  const __m512i low = _mm512_set1_epi8(0x0F);
  __m512i percent = _mm512_set1_epi8('%');
  // Opaque to GCC, which otherwise blends it into each third as a masked broadcast from a
  // general register, a slower form.
  asm("" : "+v"(percent));
  const __m512i one = _mm512_set1_epi8(1);
  const __m512i marker = _mm512_set1_epi8(static_cast<char>(0x80));  // see encode_whole_third
  // Each byte's class: the top bit set when it is to be escaped (the set does not hold it, or
  // it is >= 0x80), else nonzero. Straight from the table lookup by ternary logic (x | ~hit
  // | 1), so the keep masks come from vector registers only: no pdep in general registers
  // and move back, a cost on every block of the loop below.
  const auto classes_of = [&](__m512i x) URIX_AVX512 {
    return _mm512_ternarylogic_epi32(x, _mm512_permutex2var_epi8(t.low, x, t.high), one, 0xFB);
  };
  // Per block: the hi digits and last bytes of its triples (see third_triples); `marked`,
  // with the marker as the hi digit of each byte not to escape (see encode_whole_third).
  struct block {
    __m512i hi, last;
  };
  const auto digits_of = [&](__m512i x, mask64 outside, bool marked) URIX_AVX512 {
    if constexpr (space_as_plus) x = spaces_as_plus(x);
    const __m512i hi_nibbles = _mm512_and_si512(_mm512_srli_epi16(x, 4), low);
    return block{marked ? _mm512_mask_shuffle_epi8(marker, outside, digits, hi_nibbles)
                        : _mm512_shuffle_epi8(digits, hi_nibbles),
                 _mm512_mask_shuffle_epi8(x, outside, digits, _mm512_and_si512(x, low))};
  };
  char* o = out;
  std::size_t i = 0;
  // Input under 128 bytes goes straight to the tail below, with no test of its length on
  // the way that a predictor could miss.
  if (n >= 128) [[unlikely]] {
    // Clean blocks first, with plain loads and stores (the common case of long clean runs).
    for (; !space_as_plus && n - i >= 64; i += 64, o += 64) {
      const __m512i x = _mm512_loadu_si512(p + i);
      if (~inside(x, t) != 0) break;
      _mm512_storeu_si512(o, x);
    }
    // Then blocks of 63 bytes, three times 21: each 21 make up to 63 output bytes, which fill
    // one register (four times 16 would leave a quarter of each unused and cost a fourth
    // vpcompressb and store per block).
    // While 128 input bytes are left, at least 64 output bytes follow any third's: plain loads
    // and stores fit, and the bytes stored past a third's output are overwritten later.
    // Each block is loaded and classified one block ahead, so that its load comes before
    // the stores of the block before it. The addresses of those stores come from the data,
    // late, and a load after them waits for them (two blocks ahead gains nothing more). Only
    // if the loop runs: the clean blocks above may have left fewer than 64 bytes.
    if (n - i >= 128) {
      __m512i next_x = _mm512_loadu_si512(p + i);
      __m512i next_classes = classes_of(next_x);
      for (; n - i >= 128; i += 63) {
        const __m512i x = next_x;
        const __m512i classes = next_classes;
        next_x = _mm512_loadu_si512(p + i + 63);  // n - i >= 128: in bounds
        next_classes = classes_of(next_x);
        const mask64 escaped = _mm512_movepi8_mask(classes);  // with byte 63, of the next block
        const mask64 outside = escaped & block_bits;
        if (outside == 0) {
          _mm512_storeu_si512(o, space_as_plus ? spaces_as_plus(x) : x);
          o += 63;
          continue;
        }
        const block b = digits_of(x, escaped, true);  // as vpmovb2m left it: no move back
        // Every byte escaped (text in most non-Latin scripts): the triples are the output, no
        // vpcompressb needed, which pays even where the branch mispredicts. [[unlikely]] only
        // moves it out of line, off the path of mixed blocks.
        if (outside == block_bits) [[unlikely]] {
          for (unsigned q = 0; q < 3; ++q, o += 63)
            _mm512_storeu_si512(o, third_triples(b.hi, b.last, percent, q));
          continue;
        }
        // Unrolled by the compiler (a constant trip count). Each third's size is counted here
        // from the block's mask, not from a keep mask: the next store's address then waits on
        // fewer instructions. (Not in the short path below: a partial third needs its own
        // count there.)
        for (unsigned q = 0; q < 3; ++q) {
          encode_whole_third(o, b.hi, b.last, percent, marker, q);
          o += 21 + 2 * static_cast<std::size_t>(std::popcount((outside >> (21 * q)) & third_bits));
        }
      }
    }
  }
  // The last 1-127 bytes (all of a short call's input): copied at once when none needs
  // escaping, else every block of them goes through all three thirds, clean or not, empty or
  // not: a clean test per block, or a loop that stops after the last third with bytes,
  // mispredicts on short mixed input.
  if (i == n) return static_cast<std::size_t>(o - out);
  const std::size_t rest = n - i;
  const blocks<2> tail = blocks_of<2>(rest);
  __m512i x0 = load(p + i, tail.m[0]);
  // Bytes past the input load as zero and are given class zero: no slot of theirs is kept.
  __m512i classes = _mm512_maskz_mov_epi8(tail.m[0], classes_of(x0));
  mask64 outside = _mm512_movepi8_mask(classes);
  __m512i x1;
  if (outside == 0 &&
      (_mm512_movepi8_mask(classes_of(x1 = load(p + i + tail.at[1], tail.m[1]))) & tail.m[1]) == 0) {
    if constexpr (space_as_plus) {
      x0 = spaces_as_plus(x0);
      x1 = spaces_as_plus(x1);
    }
    _mm512_mask_storeu_epi8(o, tail.m[0], x0);
    _mm512_mask_storeu_epi8(o + tail.at[1], tail.m[1], x1);
    return static_cast<std::size_t>(o - out) + rest;
  }
  // The first block is x0, classified above (its thirds read its first 63 bytes only).
  __m512i x = x0;
  for (;;) {
    const block b = digits_of(x, outside, false);
    for (unsigned q = 0; q < 3; ++q) o += encode_third(o, b.hi, b.last, percent, classes, q);
    i += 63;
    if (i >= n) break;
    const mask64 m = first_bits(n - i < 63 ? n - i : 63);
    x = load(p + i, m);
    classes = _mm512_maskz_mov_epi8(m, classes_of(x));
    outside = _mm512_movepi8_mask(classes);
  }
  return static_cast<std::size_t>(o - out);
}

URIX_AVX512 result<std::size_t> avx512_encode(char* out, const char* p, std::size_t n,
                                              const charset& set, const char* hex, bool space_as_plus) noexcept {
  return space_as_plus ? encode_blocks<true>(out, p, n, set, hex) : encode_blocks<false>(out, p, n, set, hex);
}

URIX_AVX512 inline mask64 escapes(__m512i x, bool plus) noexcept {
  mask64 hit = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('%'));
  if (plus) hit |= _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('+'));
  return hit;
}

URIX_AVX512 std::size_t avx512_find_escape(const char* p, std::size_t n, bool plus) noexcept {
  std::size_t i = 0;
  for (; n - i >= 64; i += 64) {
    const mask64 hit = escapes(_mm512_loadu_si512(p + i), plus);
    if (hit != 0) return i + static_cast<std::size_t>(std::countr_zero(hit));
  }
  const mask64 m = first_bits(n - i);
  const mask64 hit = escapes(load(p + i, m), plus) & m;
  return hit != 0 ? i + static_cast<std::size_t>(std::countr_zero(hit)) : n;
}

// Hex digit values of the 128 ASCII bytes, in two 128-byte tables (each loaded as two 64-byte
// registers): `low` holds the value (0-15), `high` the value shifted up a nibble. Any other
// byte maps to 0xFF, so a set top bit means "not a hex digit".
struct alignas(64) hex_tables {
  std::uint8_t low[128];
  std::uint8_t high[128];
};
constexpr hex_tables make_hex_tables() noexcept {
  hex_tables t{};
  for (unsigned c = 0; c < 128; ++c) {
    const int v = hex_value[c];
    t.low[c] = v < 0 ? 0xFF : static_cast<std::uint8_t>(v);
    t.high[c] = v < 0 ? 0xFF : static_cast<std::uint8_t>(v << 4);
  }
  return t;
}
constexpr hex_tables hex_table = make_hex_tables();

// Where decoding stands: `carry` marks the bytes at the start of the next block that an
// escape of this one consumed.
struct decode_state {
  std::size_t read = 0;
  std::size_t written = 0;
  mask64 carry = 0;
};

struct hex_lookup {
  __m512i next1, low0, low1, high0, high1;
};
URIX_AVX512 inline hex_lookup load_hex_lookup() noexcept {
  return {_mm512_load_si512(next1_index.at), _mm512_load_si512(hex_table.low),
          _mm512_load_si512(hex_table.low + 64), _mm512_load_si512(hex_table.high),
          _mm512_load_si512(hex_table.high + 64)};
}

// Writes a block's output. The escape "%" a b becomes one byte where a stood (a's value << 4
// | b's value), and the '%' and b are dropped. `take` marks the bytes to decode, `good` the
// escapes among them; `plain_store` allows a 64-byte store past the output.
template <bool plus>
URIX_AVX512 inline void emit_block(char* out, __m512i x, __m512i value, __m512i value_high,
                                   mask64 pluses, mask64 take, mask64 good, const hex_lookup& h,
                                   bool plain_store, decode_state& s) noexcept {
  const __m512i byte = _mm512_or_si512(value_high, _mm512_permutexvar_epi8(h.next1, value));
  __m512i decoded = _mm512_mask_mov_epi8(x, good << 1, byte);
  if constexpr (plus) decoded = _mm512_mask_set1_epi8(decoded, pluses & take, ' ');
  const mask64 keep = (take & ~good & ~(good << 2)) | (good << 1);
  const auto count = static_cast<std::size_t>(std::popcount(keep));
  const __m512i packed = _mm512_maskz_compress_epi8(keep, decoded);
  if (plain_store) {
    _mm512_storeu_si512(out + s.written, packed);
  } else {
    _mm512_mask_storeu_epi8(out + s.written, first_bits(count), packed);
  }
  s.written += count;
}

// Decodes one block at p + s.read; false when it stopped at a malformed '%' (then at
// s.read). A `full` block is a 64-byte load with more input after it: it owns 62 bytes and
// the last two are lookahead for an escape that starts at 60 or 61 (a clean one steps all
// 64). Otherwise the block is the last n - s.read <= 64 bytes. `plain_store` allows a
// 64-byte store past the block's output. `loaded`, if given, is the full block, loaded ahead.
template <bool plus, bool lenient, bool full>
URIX_AVX512 inline bool decode_block(char* out, const char* p, std::size_t n, const hex_lookup& h,
                                     bool plain_store, decode_state& s,
                                     const __m512i* loaded = nullptr) noexcept {
  const std::size_t len = full ? 62 : n - s.read;
  const mask64 owned = first_bits(len);
  const __m512i x = loaded != nullptr ? *loaded
                    : full            ? _mm512_loadu_si512(p + s.read)
                                      : load(p + s.read, owned);
  const mask64 all_pct = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('%'));
  const mask64 all_plus = plus ? _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('+')) : 0;
  if ((all_pct | all_plus | s.carry) == 0) {
    // No escape: copy the bytes (a branch the predictor learns on clean text). A full block
    // steps all 64; x is zero past a last block's bytes. The output never runs ahead of the
    // input, and x is already loaded: safe in place too.
    if constexpr (full) {
      _mm512_storeu_si512(out + s.written, x);
    } else {
      _mm512_mask_storeu_epi8(out + s.written, owned, x);
    }
    s.read += full ? 64 : len;
    s.written += full ? 64 : len;
    return true;
  }
  // Hex digit values by table (the low seven bits index it; a byte >= 0x80 is no digit).
  // Bytes past the input are zero in x, never hex digits, so an escape cut short by the end
  // is malformed.
  const __m512i value = _mm512_permutex2var_epi8(h.low0, x, h.low1);
  const __m512i value_high = _mm512_permutex2var_epi8(h.high0, x, h.high1);
  const mask64 not_hex = _mm512_movepi8_mask(_mm512_or_si512(value, x));
  const mask64 pct = all_pct & owned;
  // A '%' whose next two bytes are not both hex digits (a '%' in the last two bytes of a
  // 64-byte last block has no next bytes at all; a full block owns no such '%').
  const mask64 unfinished = (not_hex >> 1) | (not_hex >> 2) | (full ? 0 : mask64{3} << 62);
  const mask64 good = pct & ~unfinished;
  if (const mask64 bad = pct & unfinished; !lenient && bad != 0) {
    // Decode up to the first malformed '%', then report it.
    const auto stop = static_cast<std::size_t>(std::countr_zero(bad));
    const mask64 take = owned & ~s.carry & first_bits(stop);
    emit_block<plus>(out, x, value, value_high, all_plus, take, good & take, h, false, s);
    s.read += stop;
    return false;
  }
  emit_block<plus>(out, x, value, value_high, all_plus, owned & ~s.carry, good, h, plain_store, s);
  // An escape at 60 takes byte 62 (the next block's first), one at 61 takes 62 and 63 (bit
  // 61 is the last that `good` can hold).
  s.carry = (good >> 60) | (good >> 61);
  s.read += len;
  return true;
}

// The decoder, compiled once per option pair: options tested inside the block loop slow
// escape-heavy input. Blocks advance by a fixed 62 (or 64) bytes, so the next load never
// waits on this block's data. On escape-heavy input the loop is bound by the instructions
// it runs, so each one counts: hence the two-shift carry and the shifted-in "unfinished"
// mask. It starts at `start`: the bytes before it are a prefix without escapes, already
// copied.
template <bool plus, bool lenient>
URIX_AVX512 decode_progress decode_blocks(char* out, const char* p, std::size_t n,
                                          std::size_t start) noexcept {
  const hex_lookup h = load_hex_lookup();
  // A plain 64-byte store (cheaper than a masked one) is safe where 256 input bytes are left,
  // which decode to at least 64 more output bytes after this block's, and, when decoding in
  // place (out <= p), where the output is two bytes behind: it cannot reach the next block.
  const auto at = [](const char* q) { return reinterpret_cast<std::uintptr_t>(q); };
  const bool apart = at(out) >= at(p + n) || at(out + n) <= at(p);
  decode_state s{start, start, 0};
  const std::size_t plain_end = n < 256 ? 0 : n - 255;  // s.read < plain_end: 256 bytes left
  if (apart) {
    // Each block is loaded one block ahead, at both places the next can start (62 bytes on,
    // or 64 after a block without escapes), before this block's stores: their addresses
    // come from the data, and a load after them would wait for them (as in the encoder's
    // block loop).
    if (s.read < plain_end) {
      __m512i x = _mm512_loadu_si512(p + s.read);
      while (s.read < plain_end) {
        const std::size_t block_start = s.read;
        // 256 bytes are left: both in bounds.
        const __m512i next62 = _mm512_loadu_si512(p + block_start + 62);
        const __m512i next64 = _mm512_loadu_si512(p + block_start + 64);
        if (!decode_block<plus, lenient, true>(out, p, n, h, true, s, &x))
          return {s.read, s.written};
        x = s.read - block_start == 64 ? next64 : next62;
      }
    }
  } else {
    while (s.read < plain_end)
      if (!decode_block<plus, lenient, true>(out, p, n, h, s.written + 2 <= s.read, s))
        return {s.read, s.written};
  }
  while (n - s.read > 64)
    if (!decode_block<plus, lenient, true>(out, p, n, h, false, s)) return {s.read, s.written};
  if (s.read < n) decode_block<plus, lenient, false>(out, p, n, h, false, s);
  return {s.read, s.written};
}

// Up to 64 * N bytes with escapes, as N blocks x[k] (bytes 64k to 64k + 63, mask m[k]; zero
// past the input), already loaded: all decoded at once, straight-line, with no branch on the
// length or on where the escapes are (such branches mispredict on lines of random size). An
// escape at 62 or 63 of a block takes its digits from the next. False, with nothing written,
// at a malformed '%' unless `lenient`: the block decoder then reports it.
template <unsigned N>
URIX_AVX512 inline bool decode_straight(char* out, std::size_t n, const __m512i (&x)[N],
                                        const mask64 (&m)[N], bool plus, bool lenient,
                                        decode_progress& done) noexcept {
  const hex_lookup h = load_hex_lookup();
  const __m512i top = _mm512_set1_epi8(static_cast<char>(0x80));
  const __m512i next2 = _mm512_load_si512(next2_index.at);
  __m512i value[N], not_hex[N];
  mask64 pct[N], bad[N], good[N];
  for (unsigned k = 0; k < N; ++k) {
    value[k] = _mm512_permutex2var_epi8(h.low0, x[k], h.low1);
    // Bytes past the input are zero, no hex digit: an escape cut short by the end is malformed.
    not_hex[k] = _mm512_or_si512(value[k], x[k]);
    pct[k] = _mm512_cmpeq_epi8_mask(x[k], _mm512_set1_epi8('%'));
  }
  // A '%' whose next two bytes (across blocks; past the last, not hex) are not both digits:
  // the not-hex bytes moved back one and two places, tested at each '%'. In vector registers,
  // because mask operations are slow on these CPUs (shifts and ors of 64-bit masks in mask
  // registers, or in general registers with a move each, cost more). With every escape
  // well-formed the good escapes are then all the '%', and the masks below wait on no test
  // of the digits.
  mask64 any_bad = 0;
  for (unsigned k = 0; k < N; ++k) {
    const __m512i after = k + 1 < N ? not_hex[k + 1] : top;
    const __m512i ahead = _mm512_or_si512(_mm512_permutex2var_epi8(not_hex[k], h.next1, after),
                                          _mm512_permutex2var_epi8(not_hex[k], next2, after));
    bad[k] = _mm512_mask_test_epi8_mask(pct[k], ahead, top);
    any_bad |= bad[k];
    good[k] = pct[k];
  }
  if (any_bad != 0) [[unlikely]] {
    if (!lenient) return false;
    for (unsigned k = 0; k < N; ++k) good[k] = pct[k] & ~bad[k];
  }
  // The escape's byte goes where its first digit stood; the '%' and the second digit are
  // dropped. An escape at 62 has its second digit in the next block, one at 63 both digits.
  const mask64 all = ~mask64{0};
  std::size_t written = 0;
  for (unsigned k = 0; k < N; ++k) {
    const __m512i lo = k + 1 < N ? _mm512_permutex2var_epi8(value[k], h.next1, value[k + 1])
                                 : _mm512_permutexvar_epi8(h.next1, value[k]);
    const __m512i byte = _mm512_or_si512(_mm512_permutex2var_epi8(h.high0, x[k], h.high1), lo);
    const mask64 before = k > 0 ? good[k - 1] : 0;
    __m512i decoded = _mm512_mask_mov_epi8(x[k], (good[k] << 1) | (before >> 63), byte);
    if (plus) decoded = _mm512_mask_set1_epi8(decoded, _mm512_cmpeq_epi8_mask(x[k], _mm512_set1_epi8('+')), ' ');
    const mask64 keep = m[k] & ~good[k] & ~(good[k] << 2) & ~(before >> 62);
    const auto count = static_cast<std::size_t>(std::popcount(keep));
    // bzhi keeps all 64 bits for a count of 64: no branch.
    _mm512_mask_storeu_epi8(out + written, _bzhi_u64(all, static_cast<unsigned>(count)),
                            _mm512_maskz_compress_epi8(keep, decoded));
    written += count;
  }
  done = {n, written};
  return true;
}

// Any input; the path of input over 128 bytes. Up to 192 bytes decoded at once; longer
// input copied a block at a time up to the first block with escapes, decoded from there by
// the block loop.
template <bool plus, bool lenient>
[[gnu::noinline]] URIX_AVX512 result<std::size_t> decode_long(char* out, const char* p, std::size_t n) noexcept {
  // 129-192 bytes as three blocks at once, straight-line, as decode_short_escaped does two:
  // no branch per block for the loops below to mispredict. Shorter input comes here only
  // when decode_short_escaped found it malformed: straight to the loops, which report it.
  if (n > 128 && n <= 192) {
    const blocks<3> b = blocks_of<3>(n);
    const __m512i x[3] = {load(p, b.m[0]), load(p + b.at[1], b.m[1]), load(p + b.at[2], b.m[2])};
    if (_kortestz_mask64_u8(_kor_mask64(escapes(x[0], plus), escapes(x[1], plus)), escapes(x[2], plus))) {
      for (unsigned k = 0; k < 3; ++k) _mm512_mask_storeu_epi8(out + b.at[k], b.m[k], x[k]);
      return n;
    }
    if (decode_progress done; decode_straight<3>(out, n, x, b.m, plus, lenient, done)) return done.written;
  }
  std::size_t i = 0;
  for (; n - i > 64; i += 64) {
    const __m512i x = _mm512_loadu_si512(p + i);
    if (escapes(x, plus) != 0) break;
    _mm512_storeu_si512(out + i, x);
  }
  if (n - i <= 64) {
    const mask64 m = first_bits(n - i);
    const __m512i x = load(p + i, m);
    if (escapes(x, plus) == 0) {  // bytes past the input load as 0
      _mm512_mask_storeu_epi8(out + i, m, x);
      return n;
    }
  }
  return decode_result(p, n, decode_blocks<plus, lenient>(out, p, n, i));
}

// decode_long for the options: a jump through this table. (Branches on the options with a
// call in each made GCC pass the result through the stack, and the calls could not be jumps.)
using long_decoder = result<std::size_t> (*)(char*, const char*, std::size_t) noexcept;
constexpr long_decoder long_decoders[2][2] = {{decode_long<false, false>, decode_long<false, true>},
                                              {decode_long<true, false>, decode_long<true, true>}};

// The two cases avx512_decode hands on are out of line, so that it needs no stack frame:
// their vectors do, and GCC sets one up at entry (six registers saved, the stack realigned)
// whether or not the path that needs it is taken, which short lines without escapes would
// pay for.

// Up to 128 bytes with escapes, as the two blocks x0 and x1 avx512_decode loaded and tested.
[[gnu::noinline]] URIX_AVX512 result<std::size_t> decode_short_escaped(char* out, const char* p,
                                                                      std::size_t n, bool plus,
                                                                      bool lenient, __m512i x0,
                                                                      __m512i x1) noexcept {
  const __m512i x[2] = {x0, x1};
  if (decode_progress done; decode_straight<2>(out, n, x, blocks_of<2>(n).m, plus, lenient, done))
    return done.written;
  return long_decoders[plus][lenient](out, p, n);  // malformed: the block loop reports it
}

URIX_AVX512 result<std::size_t> avx512_decode(char* out, const char* p, std::size_t n, bool plus,
                                              bool lenient) noexcept {
  // Input without escapes is copied before any table is set up: short clean lines gain more
  // than escaped ones lose (they load and test their first block twice). Up to 128 bytes
  // take two masked blocks with no branch on the length, which short lines of random size
  // would mispredict. With escapes, the same two blocks are then decoded at once
  // (decode_straight<2>), straight-line, not through the block loop.
  //
  // Both hand-offs must stay jumps. Written as "if (n > 128) return decode_long(...)" first,
  // with x0 and x1 defined after it, GCC 12 called decode_short_escaped instead, from a frame
  // realigned to 64 bytes: the frame this function exists to avoid.
  __m512i x0 = _mm512_setzero_si512();
  __m512i x1 = _mm512_setzero_si512();
  if (n <= 128) {
    const blocks<2> b = blocks_of<2>(n);
    x0 = load(p, b.m[0]);
    x1 = load(p + b.at[1], b.m[1]);
    // One kortest of the two masks, with no move to general registers.
    if (_kortestz_mask64_u8(escapes(x0, plus), escapes(x1, plus))) {  // bytes past the input load as 0
      _mm512_mask_storeu_epi8(out, b.m[0], x0);
      _mm512_mask_storeu_epi8(out + b.at[1], b.m[1], x1);
      return n;
    }
  }
  return n <= 128 ? decode_short_escaped(out, p, n, plus, lenient, x0, x1)
                  : long_decoders[plus][lenient](out, p, n);
}

URIX_AVX512 std::size_t avx512_ascii_prefix(const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
  for (; n - i >= 64; i += 64) {
    const mask64 high = _mm512_movepi8_mask(_mm512_loadu_si512(p + i));
    if (high != 0) return i + static_cast<std::size_t>(std::countr_zero(high));
  }
  const mask64 m = first_bits(n - i);
  const mask64 high = _mm512_movepi8_mask(load(p + i, m)) & m;
  return high != 0 ? i + static_cast<std::size_t>(std::countr_zero(high)) : n;
}

// UTF-8 (see generic/utf8_lookup.h): true when some byte of `cur` is wrong given the
// three bytes before it.
struct utf8_tables {
  __m512i prev_high, prev_low, cur_high;
};

URIX_AVX512 inline __m512i table16(const std::uint8_t* t) noexcept {
  return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
}

URIX_AVX512 inline bool utf8_error64(__m512i cur, __m512i prev1, __m512i prev2, __m512i prev3,
                                     const utf8_tables& t) noexcept {
  const __m512i low = _mm512_set1_epi8(0x0F);
  const __m512i errors = _mm512_and_si512(
      _mm512_and_si512(_mm512_shuffle_epi8(t.prev_high, _mm512_and_si512(_mm512_srli_epi16(prev1, 4), low)),
                       _mm512_shuffle_epi8(t.prev_low, _mm512_and_si512(prev1, low))),
      _mm512_shuffle_epi8(t.cur_high, _mm512_and_si512(_mm512_srli_epi16(cur, 4), low)));
  // Two continuations in a row are right exactly for the 3rd and 4th bytes of a sequence.
  const __m512i third = _mm512_subs_epu8(prev2, _mm512_set1_epi8(0xE0 - 0x80));
  const __m512i fourth = _mm512_subs_epu8(prev3, _mm512_set1_epi8(0xF0 - 0x80));
  const __m512i must_continue = _mm512_and_si512(_mm512_or_si512(third, fourth), _mm512_set1_epi8(-128));
  const __m512i wrong = _mm512_xor_si512(must_continue, errors);
  return _mm512_test_epi8_mask(wrong, wrong) != 0;
}

URIX_AVX512 std::size_t avx512_utf8_prefix(const char* p, std::size_t n) noexcept {
  if (n <= 67) return 0;  // short input: the scalar validator does it all
  const utf8_tables t{table16(utf8_lookup::prev_high), table16(utf8_lookup::prev_low),
                      table16(utf8_lookup::cur_high)};
  // The first block reads three bytes before the input: ASCII zeros, from a copy.
  alignas(64) char head[67] = {};
  std::memcpy(head + 3, p, 64);
  if (utf8_error64(_mm512_loadu_si512(head + 3), _mm512_loadu_si512(head + 2), _mm512_loadu_si512(head + 1),
                   _mm512_loadu_si512(head), t))
    return 0;
  std::size_t i = 64;
  // Leave at least one byte: the scalar validator checks how the input ends.
  for (; n - i > 64; i += 64)
    if (utf8_error64(_mm512_loadu_si512(p + i), _mm512_loadu_si512(p + i - 1), _mm512_loadu_si512(p + i - 2),
                     _mm512_loadu_si512(p + i - 3), t))
      break;
  return sequence_start(p, i);
}

// base64: each byte's value from a 128-byte table (vpermt2b on its low seven bits), 0xFF for
// a byte outside the alphabet, so a top bit in value | byte marks one (or a byte >= 0x80). A
// group's four 6-bit values become 24 bits by two multiply-adds (a * 64 + b and c * 64 + d,
// then the first * 4096 + the second), and one permute puts the bytes in order: 48 out per
// 64 in. The last groups go through a masked load and store, the block that holds the first
// group with another byte up to that group.
struct alignas(64) base64_tables {
  std::uint8_t value[128];
  std::uint8_t pack[64];  // output byte 3k + r is byte 4k + 2 - r of the group dwords
};
constexpr base64_tables make_base64_tables() noexcept {
  base64_tables t{};
  for (unsigned c = 0; c < 128; ++c)
    t.value[c] = base64_value[c] < 0 ? 0xFF : static_cast<std::uint8_t>(base64_value[c]);
  for (unsigned j = 0; j < 48; ++j) t.pack[j] = static_cast<std::uint8_t>(j / 3 * 4 + 2 - j % 3);
  return t;
}
constexpr base64_tables base64_table = make_base64_tables();

URIX_AVX512 decode_progress avx512_base64_decode(char* out, const char* p, std::size_t n) noexcept {
  const __m512i low = _mm512_load_si512(base64_table.value), high = _mm512_load_si512(base64_table.value + 64);
  const __m512i pack = _mm512_load_si512(base64_table.pack);
  std::size_t i = 0;
  char* o = out;
  for (std::size_t block = 64; block == 64; i += block, o += block / 4 * 3) {
    block = std::min<std::size_t>((n - i) / 4 * 4, 64);
    const mask64 m = first_bits(block);
    const __m512i x = load(p + i, m);
    const __m512i v = _mm512_permutex2var_epi8(low, x, high);
    if (const mask64 bad = _mm512_movepi8_mask(_mm512_or_si512(v, x)) & m; bad != 0)
      block = static_cast<std::size_t>(std::countr_zero(bad)) / 4 * 4;
    const __m512i pairs = _mm512_maddubs_epi16(v, _mm512_set1_epi32(0x01400140));
    const __m512i words = _mm512_madd_epi16(pairs, _mm512_set1_epi32(0x00011000));
    _mm512_mask_storeu_epi8(o, first_bits(block / 4 * 3), _mm512_permutexvar_epi8(pack, words));
  }
  return {i, static_cast<std::size_t>(o - out)};
}

}  // namespace

const kernel avx512_kernel{
    .name = "avx512",
    .span = avx512_span,
    .span_fixed = avx512_span_fixed,
    .count_outside = avx512_count_outside,
    .encode = avx512_encode,
    .find_escape = avx512_find_escape,
    .decode = avx512_decode,
    .ascii_prefix = avx512_ascii_prefix,
    .utf8_prefix = avx512_utf8_prefix,
    .base64_decode = avx512_base64_decode,
    .cpu_features = URIX_AVX512_FEATURES,  // Ice Lake and later
};

}  // namespace urix::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif  // URIX_X86_KERNELS
