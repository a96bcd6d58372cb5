// SPDX-License-Identifier: Apache-2.0 OR MIT
// The AVX2 kernel: 32 bytes per step. Compiled with per-function target attributes, so this
// file builds on any x86-64 compiler setting and only runs where CPUID reports AVX2 + BMI2.
//
// Classifying a byte against any 128-bit ASCII set uses two 16-entry table lookups (pshufb):
// the set's bits are laid out as rows lo = c & 15 of eight bits, one per hi = c >> 4, so
//   c in set  <=>  row[lo] & (1 << hi) != 0,
// and hi >= 8 (a byte >= 0x80) looks up 0, so non-ASCII bytes are never in the set.
// Encoding writes mixed blocks four bytes at a time, one pshufb from a 16-entry pattern
// table per group (see group_patterns). Decoding validates and converts every escape of a
// block at once and drops the digits eight bytes at a time, by a 256-entry table of pshufb
// patterns (see pack_patterns): escape-heavy text is where a byte-by-byte loop is slowest.
// Tails shorter than a vector are finished by scalar code, by overlapping vectors
// that end exactly at the input's end, or through a zero-padded stack copy: nothing is read
// past the input.
#include <algorithm>

#include "../generic/hex_nibbles.h"
#include "../generic/pack_patterns.h"
#include "../generic/utf8_lookup.h"
#include "x86.h"

#if URIX_X86_KERNELS
#include <immintrin.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace urix::detail {
namespace {

// The two lookup tables for one set, in both 128-bit lanes.
struct nibble_tables {
  __m256i rows;     // rows[lo]: bit hi set when (hi << 4 | lo) is in the set
  __m256i hi_bits;  // hi_bits[hi] = 1 << hi for hi < 8, else 0
};

// Transposes the set's ASCII half (eight rows of 16 bits) into 16 rows of eight bits: byte
// shift + movemask gathers one bit position of every row at a time.
URIX_AVX2 nibble_tables make_tables(const charset& set) noexcept {
  const auto& w = set.words();
  const __m128i bits = _mm_set_epi64x(static_cast<long long>(w[1]), static_cast<long long>(w[0]));
  // Byte 2h holds lo 0-7 of row h and byte 2h+1 holds lo 8-15: gather evens, then odds.
  const __m128i v = _mm_shuffle_epi8(bits, _mm_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15));
  alignas(16) std::uint8_t rows[16];
  for (int b = 0; b < 8; ++b) {
    // Shifting each 16-bit lane left by 7 - b puts bit b of every byte in that byte's top bit.
    const auto m = static_cast<unsigned>(_mm_movemask_epi8(_mm_sll_epi16(v, _mm_cvtsi32_si128(7 - b))));
    rows[b] = static_cast<std::uint8_t>(m & 0xFF);
    rows[8 + b] = static_cast<std::uint8_t>(m >> 8);
  }
  const __m128i r = _mm_load_si128(reinterpret_cast<const __m128i*>(rows));
  const __m128i h = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
  return {_mm256_broadcastsi128_si256(r), _mm256_broadcastsi128_si256(h)};
}

// 0xFF in each byte of x that is NOT in the set, 0 in the others.
URIX_AVX2 inline __m256i outside_bytes(__m256i x, const nibble_tables& t) noexcept {
  const __m256i low = _mm256_set1_epi8(0x0F);
  const __m256i lo = _mm256_and_si256(x, low);
  const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), low);
  const __m256i hit = _mm256_and_si256(_mm256_shuffle_epi8(t.rows, lo), _mm256_shuffle_epi8(t.hi_bits, hi));
  return _mm256_cmpeq_epi8(hit, _mm256_setzero_si256());
}

// Bit i set when byte i of x is NOT in the set.
URIX_AVX2 inline std::uint32_t outside32(__m256i x, const nibble_tables& t) noexcept {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(outside_bytes(x, t)));
}

URIX_AVX2 inline std::uint32_t outside16(__m128i x, __m128i rows, __m128i hi_bits) noexcept {
  const __m128i low = _mm_set1_epi8(0x0F);
  const __m128i lo = _mm_and_si128(x, low);
  const __m128i hi = _mm_and_si128(_mm_srli_epi16(x, 4), low);
  const __m128i hit = _mm_and_si128(_mm_shuffle_epi8(rows, lo), _mm_shuffle_epi8(hi_bits, hi));
  return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(hit, _mm_setzero_si128())));
}
URIX_AVX2 inline std::uint32_t outside16(__m128i x, const nibble_tables& t) noexcept {
  return outside16(x, _mm256_castsi256_si128(t.rows), _mm256_castsi256_si128(t.hi_bits));
}

URIX_AVX2 inline __m256i load32(const char* p) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
URIX_AVX2 inline __m128i load16(const char* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
URIX_AVX2 inline void store32(char* p, __m256i v) noexcept {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}
// A 16-byte table in both lanes.
URIX_AVX2 inline __m256i table16(const std::uint8_t* t) noexcept {
  return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
}

URIX_AVX2 std::size_t avx2_span(const char* p, std::size_t n, const charset& set) noexcept {
  if (n < 16) {
    for (std::size_t i = 0; i < n; ++i)
      if (!set.contains(p[i])) return i;
    return n;
  }
  const nibble_tables t = make_tables(set);
  if (n < 32) {
    // Two overlapping 16-byte vectors cover the input exactly.
    if (std::uint32_t m = outside16(load16(p), t)) return static_cast<std::size_t>(std::countr_zero(m));
    const std::uint32_t m = outside16(load16(p + n - 16), t);
    return m == 0 ? n : n - 16 + static_cast<std::size_t>(std::countr_zero(m));
  }
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32)
    if (std::uint32_t m = outside32(load32(p + i), t)) return i + static_cast<std::size_t>(std::countr_zero(m));
  if (i == n) return n;
  // The last vector ends at the input's end; its first bytes were already found clean.
  const std::uint32_t m = outside32(load32(p + n - 32), t);
  return m == 0 ? n : n - 32 + static_cast<std::size_t>(std::countr_zero(m));
}

// The tables come ready (span_table), so a run that ends in the first vector costs two table
// loads and one classification. Every vector lies inside the input: 32 bytes per step, then
// one that ends at the input's end; an input shorter than 32 bytes as two overlapping pieces
// of 16, 8 or 4 bytes (the first 8 bytes, and the last 8 as bits 8-15: byte n - 16 + bit),
// and under 4 bytes one by one.
URIX_AVX2 std::size_t avx2_span_fixed(const char* p, std::size_t n, const span_table& t) noexcept {
  const __m128i rows = _mm_load_si128(reinterpret_cast<const __m128i*>(t.rows));
  const __m128i hi_bits = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
  const auto first = [](std::uint32_t m) { return static_cast<std::size_t>(std::countr_zero(m)); };
  if (n >= 32) {
    const nibble_tables v{_mm256_broadcastsi128_si256(rows), _mm256_broadcastsi128_si256(hi_bits)};
    std::size_t i = 0;
    for (; n - i > 32; i += 32)
      if (const std::uint32_t m = outside32(load32(p + i), v)) return i + first(m);
    const std::uint32_t m = outside32(load32(p + n - 32), v);
    return m == 0 ? n : n - 32 + first(m);
  }
  if (n >= 16) {
    if (const std::uint32_t m = outside16(load16(p), rows, hi_bits)) return first(m);
    const std::uint32_t m = outside16(load16(p + n - 16), rows, hi_bits);
    return m == 0 ? n : n - 16 + first(m);
  }
  if (n >= 8) {
    const __m128i x =
        _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)),
                           _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + n - 8)));
    const std::uint32_t m = outside16(x, rows, hi_bits);
    if (m == 0) return n;
    return (m & 0xFF) != 0 ? first(m) : n - 16 + first(m);
  }
  if (n >= 4) {
    // The same with 4-byte pieces: bit 4 + k is byte n - 8 + (4 + k); bytes 8-15 are zeros.
    std::uint32_t head, tail;
    std::memcpy(&head, p, 4);
    std::memcpy(&tail, p + n - 4, 4);
    const __m128i x = _mm_unpacklo_epi32(_mm_cvtsi32_si128(static_cast<int>(head)),
                                         _mm_cvtsi32_si128(static_cast<int>(tail)));
    const std::uint32_t m = outside16(x, rows, hi_bits) & 0xFF;
    if (m == 0) return n;
    return (m & 0xF) != 0 ? first(m) : n - 8 + first(m);
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!t.contains(p[i])) return i;
  return n;
}

URIX_AVX2 std::size_t avx2_count_outside(const char* p, std::size_t n, const charset& set) noexcept {
  if (n < 32) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i) count += set.contains(p[i]) ? 0U : 1U;
    return count;
  }
  const nibble_tables t = make_tables(set);
  std::size_t count = 0;
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) count += static_cast<std::size_t>(std::popcount(outside32(load32(p + i), t)));
  if (i < n) {
    // Overlapping last vector: drop the bits of the bytes already counted.
    const std::uint32_t m = outside32(load32(p + n - 32), t) >> (32 - (n - i));
    count += static_cast<std::size_t>(std::popcount(m));
  }
  return count;
}

// Encoding packs groups of four input bytes. A group's 12 candidate output bytes sit in one
// 16-byte source, [f0-f3, H0-H3, L0-L3] (f the byte, or '%' where it is escaped; H and L its
// hex digits), and one pshufb picks what the group writes: `group_patterns[m]` for the
// group's four escape bits m. Sixteen patterns of 16 bytes: a table that stays in L1.
constexpr std::array<shuffle_pattern<16>, 16> group_patterns = make_group_patterns(4, 8);

// The low n bits (all 32 when n >= 32).
constexpr std::uint32_t low_bits(std::size_t n) noexcept {
  return n >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << n) - 1;
}

// Writes a group's bytes (escape bits m) from its source s at o; returns the bytes written.
// The 16-byte store may pass them by up to 12 bytes, which later output overwrites.
URIX_AVX2 inline std::size_t encode_group(char* o, __m128i s, unsigned m) noexcept {
  const __m128i pattern = _mm_load_si128(reinterpret_cast<const __m128i*>(group_patterns[m].at));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm_shuffle_epi8(s, pattern));
  return 4 + 2 * static_cast<std::size_t>(std::popcount(m));
}

// A lane of 16 bytes that are all escaped becomes 48 bytes of '%' H L triples: output chunk c
// (bytes 16c to 16c + 15) takes its hi digits from H and lo digits from L by one pshufb each
// (index 0x80 where the other kinds go, which writes 0) and its '%'s from a constant.
struct alignas(16) triple_chunks {
  std::uint8_t hi[3][16], lo[3][16], percent[3][16];
};
constexpr triple_chunks make_triple_chunks() noexcept {
  triple_chunks t{};
  for (unsigned c = 0; c < 3; ++c) {
    for (unsigned i = 0; i < 16; ++i) {
      const unsigned j = 16 * c + i;  // output byte j is slot j % 3 of triple j / 3
      t.hi[c][i] = j % 3 == 1 ? static_cast<std::uint8_t>(j / 3) : 0x80;
      t.lo[c][i] = j % 3 == 2 ? static_cast<std::uint8_t>(j / 3) : 0x80;
      t.percent[c][i] = j % 3 == 0 ? '%' : 0;
    }
  }
  return t;
}
constexpr triple_chunks triple_chunk_table = make_triple_chunks();

// Writes the triples of 32 escaped bytes (hi and lo their digits): 96 bytes at o.
URIX_AVX2 inline void store_triples(char* o, __m256i hi, __m256i lo) noexcept {
  const triple_chunks& t = triple_chunk_table;
  __m256i chunk[3];
  for (unsigned c = 0; c < 3; ++c)
    chunk[c] = _mm256_or_si256(_mm256_or_si256(_mm256_shuffle_epi8(hi, table16(t.hi[c])),
                                               _mm256_shuffle_epi8(lo, table16(t.lo[c]))),
                               table16(t.percent[c]));
  // Chunks 0-2 of the low lane, then of the high lane.
  store32(o, _mm256_permute2x128_si256(chunk[0], chunk[1], 0x20));
  store32(o + 32, _mm256_permute2x128_si256(chunk[2], chunk[0], 0x30));
  store32(o + 64, _mm256_permute2x128_si256(chunk[1], chunk[2], 0x31));
}

// What encoding a block needs besides the block: the set's tables and the constants.
struct encoder {
  nibble_tables set;
  __m256i digits, low, space, plus, percent;
  bool space_as_plus;

  // Writes the 32 bytes x at o and returns the end of their output; only the bytes marked
  // in `escapable` may become escapes (the others are written as one byte). The stores may
  // pass the end by up to 12 bytes, which later output overwrites.
  URIX_AVX2 char* block(char* o, __m256i x,
                        std::uint32_t escapable = ~std::uint32_t{0}) const noexcept {
    const __m256i escaped = outside_bytes(x, set);
    const std::uint32_t outside =
        static_cast<std::uint32_t>(_mm256_movemask_epi8(escaped)) & escapable;
    if (space_as_plus) x = _mm256_blendv_epi8(x, plus, _mm256_cmpeq_epi8(x, space));
    if (outside == 0) {
      store32(o, x);
      return o + 32;
    }
    const __m256i hi = _mm256_shuffle_epi8(digits, _mm256_and_si256(_mm256_srli_epi16(x, 4), low));
    const __m256i lo = _mm256_shuffle_epi8(digits, _mm256_and_si256(x, low));
    if (outside == ~std::uint32_t{0}) {  // every byte escaped (most non-Latin text): no groups
      store_triples(o, hi, lo);
      return o + 96;
    }
    // Each lane's four group sources, from the bytes (or '%'), hi digits and lo digits:
    // 32-bit interleaves pair f and H of each group, 64-bit ones add L.
    const __m256i f = _mm256_blendv_epi8(x, percent, escaped);
    const __m256i fh01 = _mm256_unpacklo_epi32(f, hi);  // f0-3 H0-3 f4-7 H4-7
    const __m256i fh23 = _mm256_unpackhi_epi32(f, hi);  // f8-11 H8-11 f12-15 H12-15
    const __m256i src[4] = {_mm256_unpacklo_epi64(fh01, lo),
                            _mm256_unpackhi_epi64(fh01, _mm256_slli_si256(lo, 4)),
                            _mm256_unpacklo_epi64(fh23, _mm256_srli_si256(lo, 8)),
                            _mm256_unpackhi_epi64(fh23, _mm256_srli_si256(lo, 4))};
    for (unsigned g = 0; g < 4; ++g)
      o += encode_group(o, _mm256_castsi256_si128(src[g]), (outside >> (4 * g)) & 15U);
    for (unsigned g = 0; g < 4; ++g)
      o += encode_group(o, _mm256_extracti128_si256(src[g], 1), (outside >> (16 + 4 * g)) & 15U);
    return o;
  }
};

URIX_AVX2 result<std::size_t> avx2_encode(char* out, const char* p, std::size_t n,
                                          const charset& set, const char* hex, bool space_as_plus) noexcept {
  if (n < 16) return encode_bytes(out, p, n, set, hex, space_as_plus);
  const encoder e{make_tables(set),       _mm256_broadcastsi128_si256(load16(hex)),
                  _mm256_set1_epi8(0x0F), _mm256_set1_epi8(' '),
                  _mm256_set1_epi8('+'),  _mm256_set1_epi8('%'),
                  space_as_plus};
  char* o = out;
  std::size_t i = 0;
  // At least 12 input bytes follow each block, so at least 12 output bytes follow its
  // output: the stores past it stay inside `out`.
  // Each block is loaded one block ahead, before the stores of the block before it, whose
  // addresses come from the data (see the AVX-512 encoder), so the load need not wait for
  // them. The last lookahead is clamped into the input and never used.
  if (n - i >= 44) {
    __m256i next = load32(p + i);
    for (; n - i >= 44; i += 32) {
      const __m256i x = next;
      next = load32(p + std::min(i + 32, n - 32));
      o = e.block(o, x);
    }
  }
  if (i == n) return static_cast<std::size_t>(o - out);
  // The last 1-43 bytes go through stack buffers. The zero padding after them is written as
  // one byte per byte (never escaped), after their output: all that is copied out is theirs.
  alignas(32) char tail[64] = {};
  char tail_out[3 * 64 + 16];
  const std::size_t rest = n - i;
  std::memcpy(tail, p + i, rest);
  const std::size_t blocks = rest > 32 ? 2 : 1;
  char* t = tail_out;
  for (std::size_t b = 0; b < blocks; ++b)
    t = e.block(t, load32(tail + 32 * b), low_bits(rest - 32 * b));
  const std::size_t written = static_cast<std::size_t>(t - tail_out) - (32 * blocks - rest);
  std::memcpy(o, tail_out, written);
  return static_cast<std::size_t>(o - out) + written;
}

URIX_AVX2 inline std::uint32_t escapes32(__m256i x, bool plus) noexcept {
  __m256i hit = _mm256_cmpeq_epi8(x, _mm256_set1_epi8('%'));
  if (plus) hit = _mm256_or_si256(hit, _mm256_cmpeq_epi8(x, _mm256_set1_epi8('+')));
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(hit));
}

URIX_AVX2 inline std::uint32_t escapes16(__m128i x, bool plus) noexcept {
  __m128i hit = _mm_cmpeq_epi8(x, _mm_set1_epi8('%'));
  if (plus) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, _mm_set1_epi8('+')));
  return static_cast<std::uint32_t>(_mm_movemask_epi8(hit));
}

URIX_AVX2 std::size_t avx2_find_escape(const char* p, std::size_t n, bool plus) noexcept {
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32)
    if (std::uint32_t m = escapes32(load32(p + i), plus)) return i + static_cast<std::size_t>(std::countr_zero(m));
  for (; i < n; ++i)
    if (p[i] == '%' || (plus && p[i] == '+')) return i;
  return n;
}

// Decoding classifies hex digits with the sets' nibble lookup: generic/hex_nibbles.h.

// Writes the bytes of the 16-byte v that `keep` marks, in order, at o; returns how many.
// The two 8-byte stores may pass them by up to 8 bytes.
URIX_AVX2 inline std::size_t pack16(char* o, __m128i v, unsigned keep) noexcept {
  const unsigned low = keep & 0xFF;
  const unsigned high = keep >> 8;
  const __m128i pattern = _mm_add_epi8(
      _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(pack_patterns[low].at)),
                         _mm_loadl_epi64(reinterpret_cast<const __m128i*>(pack_patterns[high].at))),
      _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8));
  const __m128i packed = _mm_shuffle_epi8(v, pattern);
  const auto first = static_cast<std::size_t>(std::popcount(low));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(o), packed);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(o + first), _mm_unpackhi_epi64(packed, packed));
  return first + static_cast<std::size_t>(std::popcount(high));
}

// Copies [p, p + n), 16 <= n < 64, to out with two overlapping vectors if it holds no '%'
// (nor '+' when `plus`); false if it does. Both loads come before the stores: out may be p,
// or behind it.
URIX_AVX2 inline bool copy_clean_tail(char* out, const char* p, std::size_t n, bool plus) noexcept {
  if (n >= 32) {
    const __m256i first = load32(p);
    const __m256i last = load32(p + n - 32);
    if ((escapes32(first, plus) | escapes32(last, plus)) != 0) return false;
    store32(out, first);
    store32(out + n - 32, last);
    return true;
  }
  if (n < 16) return false;
  const __m128i first = load16(p);
  const __m128i last = load16(p + n - 16);
  if ((escapes16(first, plus) | escapes16(last, plus)) != 0) return false;
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), first);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + n - 16), last);
  return true;
}

// What decoding a block needs besides the block: the digit tables and constants.
struct decoder {
  nibble_tables hex;
  __m256i letter_add, low;

  URIX_AVX2 __m256i value(__m256i c) const noexcept {
    return _mm256_add_epi8(
        _mm256_and_si256(c, low),
        _mm256_shuffle_epi8(letter_add, _mm256_and_si256(_mm256_srli_epi16(c, 4), low)));
  }

  // Decodes the 32 bytes at src (src + 33 is still readable) into out + o, advancing o by the
  // bytes written; only the bytes marked in `valid` count. Loads at src + 1 and src + 2 line
  // up each '%' with its two digits: an escape's byte goes where its '%' stood, and its digits
  // are dropped (those of an escape at 30 or 31 in the next block: `carry`, in and out).
  // Returns false, having written nothing, at a malformed '%' unless `lenient`. The stores
  // may pass the output by up to 8 bytes.
  template <bool plus, bool lenient>
  URIX_AVX2 bool block(char* out, std::size_t& o, const char* src, std::uint32_t valid,
                       std::uint32_t& carry) const noexcept {
    const __m256i x = load32(src);
    const __m256i pct_bytes = _mm256_cmpeq_epi8(x, _mm256_set1_epi8('%'));
    const __m256i plus_bytes =
        plus ? _mm256_cmpeq_epi8(x, _mm256_set1_epi8('+')) : _mm256_setzero_si256();
    const auto pct = static_cast<std::uint32_t>(_mm256_movemask_epi8(pct_bytes));
    const auto pluses = plus ? static_cast<std::uint32_t>(_mm256_movemask_epi8(plus_bytes)) : 0U;
    if ((pct | pluses | carry) == 0) {
      store32(out + o, x);
      o += static_cast<std::size_t>(std::popcount(valid));
      return true;
    }
    const __m256i next1 = load32(src + 1);
    const __m256i next2 = load32(src + 2);
    const __m256i good_bytes = _mm256_andnot_si256(
        _mm256_or_si256(outside_bytes(next1, hex), outside_bytes(next2, hex)), pct_bytes);
    const auto good = static_cast<std::uint32_t>(_mm256_movemask_epi8(good_bytes));
    if (!lenient && pct != good) return false;
    const __m256i byte = _mm256_or_si256(
        _mm256_and_si256(_mm256_slli_epi16(value(next1), 4), _mm256_set1_epi8(-16)), value(next2));
    __m256i decoded = _mm256_blendv_epi8(x, byte, good_bytes);
    if (plus) decoded = _mm256_blendv_epi8(decoded, _mm256_set1_epi8(' '), plus_bytes);
    const std::uint64_t digits = (std::uint64_t{good} << 1) | (std::uint64_t{good} << 2);
    const std::uint32_t keep = ~(static_cast<std::uint32_t>(digits) | carry) & valid;
    carry = static_cast<std::uint32_t>(digits >> 32);
    o += pack16(out + o, _mm256_castsi256_si128(decoded), keep & 0xFFFF);
    o += pack16(out + o, _mm256_extracti128_si256(decoded, 1), keep >> 16);
    return true;
  }
};

// The decoder, compiled once per option pair. While 64 input bytes are left, the next
// block's output (at least 10 bytes) follows any store past this one's, and in place the
// stores stay behind p + i + 32, which is not read again. The last 0-63 bytes go through a
// zero-padded stack copy (zeros are no digits: an escape cut short by the end stays
// malformed). A malformed '%' (unless lenient) is left to decode_bytes, from the start of
// the block or tail it is in, which decodes up to it and reports it.
template <bool plus, bool lenient>
URIX_AVX2 decode_progress decode_blocks(char* out, const char* p, std::size_t n) noexcept {
  const hex_nibbles& h = hex_nibble_table;
  const decoder d{
      {table16(h.rows), table16(h.hi_bits)}, table16(h.letter_add), _mm256_set1_epi8(0x0F)};
  std::size_t i = 0;
  std::size_t o = 0;
  std::uint32_t carry = 0;
  // From the block at i on, byte by byte (after the digits the last block's escape took).
  const auto finish_bytes = [&]() -> decode_progress {
    i += static_cast<std::size_t>(std::popcount(carry));
    decode_bytes(out, o, p, n, i, n, plus, lenient);
    return {i, o};
  };
  for (; n - i >= 64; i += 32)
    if (!d.block<plus, lenient>(out, o, p + i, ~std::uint32_t{0}, carry)) return finish_bytes();
  if (i == n) return {i, o};
  if (carry == 0 && copy_clean_tail(out + o, p + i, n - i, plus)) return {n, o + n - i};
  alignas(32) char tail[64 + 2] = {};
  char tail_out[64 + 8];
  const std::size_t rest = n - i;
  std::memcpy(tail, p + i, rest);
  std::size_t written = 0;
  std::uint32_t tail_carry = carry;
  for (std::size_t b = 0; b < rest; b += 32)
    if (!d.block<plus, lenient>(tail_out, written, tail + b, low_bits(rest - b), tail_carry))
      return finish_bytes();
  std::memcpy(out + o, tail_out, written);
  return {n, o + written};
}

URIX_AVX2 result<std::size_t> avx2_decode(char* out, const char* p, std::size_t n, bool plus,
                                          bool lenient) noexcept {
  const decode_progress done =
      plus ? (lenient ? decode_blocks<true, true>(out, p, n) : decode_blocks<true, false>(out, p, n))
           : (lenient ? decode_blocks<false, true>(out, p, n) : decode_blocks<false, false>(out, p, n));
  return decode_result(p, n, done);
}

URIX_AVX2 std::size_t avx2_ascii_prefix(const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32)
    if (auto m = static_cast<std::uint32_t>(_mm256_movemask_epi8(load32(p + i))))
      return i + static_cast<std::size_t>(std::countr_zero(m));
  if (i == n) return n;
  // The tail as the last 32 bytes, overlapping bytes already found ASCII; an input shorter
  // than a vector in words (no byte loop over a short URL's end).
  if (n < 32) return ascii_prefix_by_words(p, n);
  const auto m = static_cast<std::uint32_t>(_mm256_movemask_epi8(load32(p + n - 32)));
  return m == 0 ? n : n - 32 + static_cast<std::size_t>(std::countr_zero(m));
}

// UTF-8 (see generic/utf8_lookup.h): true when some byte of `cur` is wrong given the
// three bytes before it (prev1 = the byte before each, and so on).
struct utf8_tables {
  __m256i prev_high, prev_low, cur_high;
};

URIX_AVX2 inline bool utf8_error32(__m256i cur, __m256i prev1, __m256i prev2, __m256i prev3,
                                   const utf8_tables& t) noexcept {
  const __m256i low = _mm256_set1_epi8(0x0F);
  const __m256i errors = _mm256_and_si256(
      _mm256_and_si256(_mm256_shuffle_epi8(t.prev_high, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), low)),
                       _mm256_shuffle_epi8(t.prev_low, _mm256_and_si256(prev1, low))),
      _mm256_shuffle_epi8(t.cur_high, _mm256_and_si256(_mm256_srli_epi16(cur, 4), low)));
  // Two continuations in a row are right exactly for the 3rd and 4th bytes of a sequence.
  const __m256i third = _mm256_subs_epu8(prev2, _mm256_set1_epi8(0xE0 - 0x80));   // >= 0x80: prev2 >= E0
  const __m256i fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8(0xF0 - 0x80));  // >= 0x80: prev3 >= F0
  const __m256i must_continue = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(-128));
  const __m256i wrong = _mm256_xor_si256(must_continue, errors);
  return _mm256_testz_si256(wrong, wrong) == 0;
}

URIX_AVX2 std::size_t avx2_utf8_prefix(const char* p, std::size_t n) noexcept {
  if (n <= 35) return 0;  // short input: the scalar validator does it all
  const utf8_tables t{table16(utf8_lookup::prev_high), table16(utf8_lookup::prev_low),
                      table16(utf8_lookup::cur_high)};
  // The first block reads three bytes before the input: ASCII zeros, from a copy.
  alignas(32) char head[35] = {};
  std::memcpy(head + 3, p, 32);
  if (utf8_error32(load32(head + 3), load32(head + 2), load32(head + 1), load32(head), t)) return 0;
  std::size_t i = 32;
  // Leave at least one byte: the scalar validator checks how the input ends.
  for (; n - i > 32; i += 32)
    if (utf8_error32(load32(p + i), load32(p + i - 1), load32(p + i - 2), load32(p + i - 3), t)) break;
  return sequence_start(p, i);
}

// base64: a byte's value is the byte plus an offset chosen by its high nibble, one per run of
// the alphabet ('A'-'Z' and 'a'-'z' span two nibbles each, '0'-'9' one; '+' and '/' share
// nibble 2 and a compare tells them apart); whether it is in the alphabet at all, the set's
// nibble tables say. A group's four 6-bit values become 24 bits by two multiply-adds (a * 64 + b
// and c * 64 + d, then the first * 4096 + the second), which byte and dword shuffles put in
// order: 24 bytes out per 32 in.
URIX_AVX2 inline __m256i base64_values(__m256i x) noexcept {
  const __m256i offsets = _mm256_setr_epi8(0, 63 - '/', 62 - '+', 52 - '0', -'A', -'A', 26 - 'a', 26 - 'a', 0, 0,
                                           0, 0, 0, 0, 0, 0, 0, 63 - '/', 62 - '+', 52 - '0', -'A', -'A', 26 - 'a',
                                           26 - 'a', 0, 0, 0, 0, 0, 0, 0, 0);
  const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), _mm256_set1_epi8(0x0F));
  const __m256i slash = _mm256_cmpeq_epi8(x, _mm256_set1_epi8('/'));  // -1: index 1, not 2
  return _mm256_add_epi8(x, _mm256_shuffle_epi8(offsets, _mm256_add_epi8(hi, slash)));
}

URIX_AVX2 inline void store_base64_bytes(char* o, __m256i values) noexcept {
  const __m256i pairs = _mm256_maddubs_epi16(values, _mm256_set1_epi32(0x01400140));
  const __m256i words = _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x00011000));
  // Each dword holds its group's bytes as 2, 1, 0: twelve bytes per lane, then the lanes joined.
  const __m256i lanes = _mm256_shuffle_epi8(
      words, _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1, 2, 1, 0, 6, 5, 4, 10, 9, 8,
                              14, 13, 12, -1, -1, -1, -1));
  const __m256i bytes = _mm256_permutevar8x32_epi32(lanes, _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm256_castsi256_si128(bytes));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(o + 16), _mm256_extracti128_si256(bytes, 1));
}

URIX_AVX2 decode_progress avx2_base64_decode(char* out, const char* p, std::size_t n) noexcept {
  static constexpr span_table alphabet{charset(base64_alphabet)};
  const nibble_tables t{table16(alphabet.rows),
                        _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32,
                                         64, -128, 0, 0, 0, 0, 0, 0, 0, 0)};
  std::size_t i = 0;
  char* o = out;
  for (; n - i >= 32; i += 32, o += 24) {
    const __m256i x = load32(p + i);
    const __m256i outside = outside_bytes(x, t);
    if (_mm256_testz_si256(outside, outside) == 0) break;
    store_base64_bytes(o, base64_values(x));
  }
  // The last groups, or the block that stopped the loop, group by group.
  const decode_progress rest = base64_groups(o, p + i, n - i);
  return {i + rest.read, static_cast<std::size_t>(o - out) + rest.written};
}

}  // namespace

const kernel avx2_kernel{
    .name = "avx2",
    .span = avx2_span,
    .span_fixed = avx2_span_fixed,
    .count_outside = avx2_count_outside,
    .encode = avx2_encode,
    .find_escape = avx2_find_escape,
    .decode = avx2_decode,
    .ascii_prefix = avx2_ascii_prefix,
    .utf8_prefix = avx2_utf8_prefix,
    .base64_decode = avx2_base64_decode,
    .cpu_features = URIX_AVX2_FEATURES,  // Haswell and later
};

}  // namespace urix::detail

#endif  // URIX_X86_KERNELS
