// SPDX-License-Identifier: Apache-2.0 OR MIT
// The NEON kernel: 16 bytes per step, for every AArch64 CPU (Advanced SIMD is mandatory there).
//
// It follows the AVX2 kernel's methods at half the width, with AArch64's own instructions
// where they fit better:
// - A byte is classified against any 128-bit ASCII set by two 16-entry lookups (tbl): the
//   set's bits as rows lo = c & 15 of eight bits, one per hi = c >> 4, so
//     c in set  <=>  row[lo] & (1 << hi) != 0,
//   and hi >= 8 (a byte >= 0x80) looks up 0, so non-ASCII bytes are never in the set.
// - NEON has no movemask: a compare result narrowed by a shift (shrn) is a 64-bit mask of four
//   bits per byte, enough to find the first hit or count them; a true bit per byte (for table
//   indices) is added up across the vector (addv).
// - Encoding stores a block whose every byte is escaped with one interleaving store (st3 of
//   '%', hi digits, lo digits); mixed blocks go in groups of four bytes, each written by one
//   three-register lookup (tbl over the bytes, hi digits and lo digits) with a pattern from a
//   16-entry table.
// - Decoding lines each '%' up with its digits by loads at +1 and +2 and drops the digits
//   eight bytes at a time with the shared pack patterns (generic/pack_patterns.h).
// Tails go through zero-padded stack copies or scalar code: nothing is read past the input.
#include "neon.h"

#if URIX_NEON_KERNELS
#include <arm_neon.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "../generic/hex_nibbles.h"
#include "../generic/pack_patterns.h"
#include "../generic/utf8_lookup.h"

namespace urix::detail {
namespace {

inline uint8x16_t load16(const char* p) noexcept {
  return vld1q_u8(reinterpret_cast<const std::uint8_t*>(p));
}
inline void store16(char* p, uint8x16_t v) noexcept {
  vst1q_u8(reinterpret_cast<std::uint8_t*>(p), v);
}

// Four bits per byte of a compare result (0 or 0xFF in each byte), byte 0 lowest.
inline std::uint64_t nibble_mask(uint8x16_t m) noexcept {
  return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(m), 4)), 0);
}
inline std::size_t first_byte(std::uint64_t nibbles) noexcept {
  return static_cast<std::size_t>(std::countr_zero(nibbles)) >> 2;
}
inline std::size_t byte_count(std::uint64_t nibbles) noexcept {
  return static_cast<std::size_t>(std::popcount(nibbles)) >> 2;
}

// One bit per byte of a compare result: bit i for byte i.
alignas(16) constexpr std::uint8_t bit_of_byte[16] = {1, 2, 4, 8, 16, 32, 64, 128,
                                                      1, 2, 4, 8, 16, 32, 64, 128};
inline unsigned bit_mask(uint8x16_t m) noexcept {
  const uint8x16_t bits = vandq_u8(m, vld1q_u8(bit_of_byte));
  return static_cast<unsigned>(vaddv_u8(vget_low_u8(bits))) |
         static_cast<unsigned>(vaddv_u8(vget_high_u8(bits))) << 8;
}
inline bool any(uint8x16_t m) noexcept { return vmaxvq_u8(m) != 0; }

// The low n bits of a block's 16 (all 16 when n >= 16).
constexpr unsigned low_bits(std::size_t n) noexcept {
  return n >= 16 ? 0xFFFFU : (1U << n) - 1;
}

// The two lookup tables for one set.
struct nibble_tables {
  uint8x16_t rows;     // rows[lo]: bit hi set when (hi << 4 | lo) is in the set
  uint8x16_t hi_bits;  // hi_bits[hi] = 1 << hi for hi < 8, else 0
};

alignas(16) constexpr std::uint8_t hi_bit[16] = {1, 2, 4, 8, 16, 32, 64, 128};

// Transposes an 8x8 bit matrix held as eight bytes: bit j of byte i becomes bit i of byte j
// (three rounds of swapping 1x1, 2x2 and 4x4 blocks across the diagonal).
constexpr std::uint64_t transpose8x8(std::uint64_t x) noexcept {
  std::uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAULL;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCULL;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ULL;
  x ^= t ^ (t << 28);
  return x;
}

// The set's ASCII half is eight rows of 16 bits, row hi holding lo 0-15 (its first 16 bytes,
// little-endian): the low bytes of the rows (lo 0-7) and their high bytes (lo 8-15) are two
// 8x8 bit matrices to transpose.
nibble_tables make_tables(const charset& set) noexcept {
  const uint16x8_t rows = vreinterpretq_u16_u64(vld1q_u64(set.words().data()));
  const std::uint64_t low = vget_lane_u64(vreinterpret_u64_u8(vmovn_u16(rows)), 0);
  const std::uint64_t high = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(rows, 8)), 0);
  return {vcombine_u8(vcreate_u8(transpose8x8(low)), vcreate_u8(transpose8x8(high))),
          vld1q_u8(hi_bit)};
}

// 0xFF in each byte of x that is NOT in the set, 0 in the others.
inline uint8x16_t outside_bytes(uint8x16_t x, const nibble_tables& t) noexcept {
  const uint8x16_t hit = vandq_u8(vqtbl1q_u8(t.rows, vandq_u8(x, vdupq_n_u8(0x0F))),
                                  vqtbl1q_u8(t.hi_bits, vshrq_n_u8(x, 4)));
  return vceqzq_u8(hit);
}

std::size_t neon_span(const char* p, std::size_t n, const charset& set) noexcept {
  if (n < 16) {
    for (std::size_t i = 0; i < n; ++i)
      if (!set.contains(p[i])) return i;
    return n;
  }
  // check() asks again after each escape, and the runs between escapes are short: empty
  // where escapes follow each other ("%E4%B8%AD"), a word in text. The first 8 bytes are
  // looked at one by one, before building the tables, which cost as much.
  for (std::size_t i = 0; i < 8; ++i)
    if (!set.contains(p[i])) return i;
  const nibble_tables t = make_tables(set);
  std::size_t i = 8;
  for (; n - i >= 16; i += 16)
    if (const std::uint64_t m = nibble_mask(outside_bytes(load16(p + i), t))) return i + first_byte(m);
  if (i == n) return n;
  // The last vector ends at the input's end; its first bytes were already found clean.
  const std::uint64_t m = nibble_mask(outside_bytes(load16(p + n - 16), t));
  return m == 0 ? n : n - 16 + first_byte(m);
}

// The tables come ready (span_table): a run that ends in the first vector costs two table
// loads and one classification. Every vector lies inside the input: 16 bytes per step, then
// one that ends at the input's end; an input shorter than 16 bytes as two overlapping pieces
// of 8 or 4 bytes (the first 8, and the last 8 as bytes 8-15: byte n - 16 + k), and under 4
// bytes one by one.
std::size_t neon_span_fixed(const char* p, std::size_t n, const span_table& t) noexcept {
  const nibble_tables v{vld1q_u8(t.rows), vld1q_u8(hi_bit)};
  if (n >= 16) {
    std::size_t i = 0;
    for (; n - i > 16; i += 16)
      if (const std::uint64_t m = nibble_mask(outside_bytes(load16(p + i), v)))
        return i + first_byte(m);
    const std::uint64_t m = nibble_mask(outside_bytes(load16(p + n - 16), v));
    return m == 0 ? n : n - 16 + first_byte(m);
  }
  if (n >= 8) {
    const uint8x16_t x = vcombine_u8(vld1_u8(reinterpret_cast<const std::uint8_t*>(p)),
                                     vld1_u8(reinterpret_cast<const std::uint8_t*>(p + n - 8)));
    const std::uint64_t m = nibble_mask(outside_bytes(x, v));
    if (m == 0) return n;
    return (m & 0xFFFFFFFFU) != 0 ? first_byte(m) : n - 16 + first_byte(m);
  }
  if (n >= 4) {
    // The same with 4-byte pieces: byte 4 + k is byte n - 8 + (4 + k); bytes 8-15 are zeros.
    std::uint32_t head, tail;
    std::memcpy(&head, p, 4);
    std::memcpy(&tail, p + n - 4, 4);
    const uint8x16_t x = vcombine_u8(vcreate_u8(head | std::uint64_t{tail} << 32), vdup_n_u8(0));
    const std::uint64_t m = nibble_mask(outside_bytes(x, v)) & 0xFFFFFFFFU;
    if (m == 0) return n;
    return (m & 0xFFFFU) != 0 ? first_byte(m) : n - 8 + first_byte(m);
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!t.contains(p[i])) return i;
  return n;
}

std::size_t neon_count_outside(const char* p, std::size_t n, const charset& set) noexcept {
  if (n < 16) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i) count += set.contains(p[i]) ? 0U : 1U;
    return count;
  }
  const nibble_tables t = make_tables(set);
  std::size_t count = 0;
  std::size_t i = 0;
  for (; n - i >= 16; i += 16) count += byte_count(nibble_mask(outside_bytes(load16(p + i), t)));
  if (i < n)  // overlapping last vector: drop the nibbles of the bytes already counted
    count += byte_count(nibble_mask(outside_bytes(load16(p + n - 16), t)) >> (4 * (16 - (n - i))));
  return count;
}

// Encoding a mixed block writes groups of four input bytes. Group g's candidate output bytes
// are f[4g + k] (the byte, or '%' where it is escaped), H[4g + k] and L[4g + k] (its hex
// digits), at 4g + k, 16 + 4g + k and 32 + 4g + k of the 48-byte table {f, H, L}; one tbl
// picks what the group writes: `group_patterns[m]` + 4g for the group's four escape bits m.
constexpr std::array<shuffle_pattern<16>, 16> group_patterns = make_group_patterns(16, 32);

// What encoding a block needs besides the block: the set's tables and the hex digits.
struct encoder {
  nibble_tables set;
  uint8x16_t digits;
  bool space_as_plus;

  // Writes the 16 bytes x at o and returns the end of their output; only the bytes marked
  // in `escapable` may become escapes (the others are written as one byte). The stores may
  // pass the end by up to 12 bytes, which later output overwrites.
  char* block(char* o, uint8x16_t x, unsigned escapable = 0xFFFFU) const noexcept {
    const uint8x16_t escaped = outside_bytes(x, set);
    if (space_as_plus) x = vbslq_u8(vceqq_u8(x, vdupq_n_u8(' ')), vdupq_n_u8('+'), x);
    const unsigned outside = any(escaped) ? bit_mask(escaped) & escapable : 0U;
    if (outside == 0) {
      store16(o, x);
      return o + 16;
    }
    const uint8x16_t hi = vqtbl1q_u8(digits, vshrq_n_u8(x, 4));
    const uint8x16_t lo = vqtbl1q_u8(digits, vandq_u8(x, vdupq_n_u8(0x0F)));
    const uint8x16_t percent = vdupq_n_u8('%');
    if (outside == 0xFFFFU) {  // every byte escaped (most non-Latin text): '%' H L triples
      const uint8x16x3_t triples{{percent, hi, lo}};  // named: clang's vst3q_u8 is a macro
      vst3q_u8(reinterpret_cast<std::uint8_t*>(o), triples);
      return o + 48;
    }
    const uint8x16x3_t source{{vbslq_u8(escaped, percent, x), hi, lo}};
    for (unsigned g = 0; g < 4; ++g) {
      const unsigned m = (outside >> (4 * g)) & 15U;
      const uint8x16_t pattern =
          vaddq_u8(vld1q_u8(group_patterns[m].at), vdupq_n_u8(static_cast<std::uint8_t>(4 * g)));
      store16(o, vqtbl3q_u8(source, pattern));
      o += 4 + 2 * std::popcount(m);
    }
    return o;
  }
};

result<std::size_t> neon_encode(char* out, const char* p, std::size_t n, const charset& set,
                                const char* hex, bool space_as_plus) noexcept {
  if (n < 16) return encode_bytes(out, p, n, set, hex, space_as_plus);
  const encoder e{make_tables(set), load16(hex), space_as_plus};
  char* o = out;
  std::size_t i = 0;
  // At least 12 input bytes follow each block, so at least 12 output bytes follow its
  // output: the stores past it stay inside `out`.
  for (; n - i >= 28; i += 16) o = e.block(o, load16(p + i));
  if (i == n) return static_cast<std::size_t>(o - out);
  // The last 1-27 bytes go through stack buffers. The zero padding after them is written as
  // one byte per byte (never escaped), after their output: all that is copied out is theirs.
  alignas(16) char tail[32] = {};
  char tail_out[3 * 32 + 16];
  const std::size_t rest = n - i;
  std::memcpy(tail, p + i, rest);
  const std::size_t blocks = rest > 16 ? 2 : 1;
  char* t = tail_out;
  for (std::size_t b = 0; b < blocks; ++b) t = e.block(t, load16(tail + 16 * b), low_bits(rest - 16 * b));
  const std::size_t written = static_cast<std::size_t>(t - tail_out) - (16 * blocks - rest);
  std::memcpy(o, tail_out, written);
  return static_cast<std::size_t>(o - out) + written;
}

inline uint8x16_t escape_bytes(uint8x16_t x, bool plus) noexcept {
  const uint8x16_t pct = vceqq_u8(x, vdupq_n_u8('%'));
  return plus ? vorrq_u8(pct, vceqq_u8(x, vdupq_n_u8('+'))) : pct;
}

std::size_t neon_find_escape(const char* p, std::size_t n, bool plus) noexcept {
  std::size_t i = 0;
  for (; n - i >= 16; i += 16)
    if (const std::uint64_t m = nibble_mask(escape_bytes(load16(p + i), plus))) return i + first_byte(m);
  for (; i < n; ++i)
    if (p[i] == '%' || (plus && p[i] == '+')) return i;
  return n;
}

// Decoding classifies hex digits with the sets' nibble lookup: generic/hex_nibbles.h.

// Writes the bytes of v that `keep` marks, in order, at o; returns how many. The two 8-byte
// stores may pass them by up to 8 bytes.
inline std::size_t pack16(char* o, uint8x16_t v, unsigned keep) noexcept {
  const unsigned low = keep & 0xFFU;
  const unsigned high = keep >> 8;
  const uint8x8_t first = vtbl1_u8(vget_low_u8(v), vld1_u8(pack_patterns[low].at));
  const uint8x8_t second = vtbl1_u8(vget_high_u8(v), vld1_u8(pack_patterns[high].at));
  const auto count = static_cast<std::size_t>(std::popcount(low));
  vst1_u8(reinterpret_cast<std::uint8_t*>(o), first);
  vst1_u8(reinterpret_cast<std::uint8_t*>(o + count), second);
  return count + static_cast<std::size_t>(std::popcount(high));
}

// What decoding a block needs besides the block: the digit tables.
struct decoder {
  nibble_tables hex;
  uint8x16_t letter_add;

  uint8x16_t value(uint8x16_t c) const noexcept {
    return vaddq_u8(vandq_u8(c, vdupq_n_u8(0x0F)), vqtbl1q_u8(letter_add, vshrq_n_u8(c, 4)));
  }

  // Decodes the 16 bytes at src (src + 17 is still readable) into out + o, advancing o by the
  // bytes written; only the bytes marked in `valid` count. Loads at src + 1 and src + 2 line
  // up each '%' with its two digits: an escape's byte goes where its '%' stood, and its digits
  // are dropped (those of an escape at 14 or 15 in the next block: `carry`, in and out).
  // Returns false, having written nothing, at a malformed '%' unless `lenient`. The stores
  // may pass the output by up to 8 bytes.
  template <bool plus, bool lenient>
  bool block(char* out, std::size_t& o, const char* src, unsigned valid, unsigned& carry) const noexcept {
    const uint8x16_t x = load16(src);
    const uint8x16_t pct_bytes = vceqq_u8(x, vdupq_n_u8('%'));
    const uint8x16_t plus_bytes = plus ? vceqq_u8(x, vdupq_n_u8('+')) : vdupq_n_u8(0);
    if (carry == 0 && !any(vorrq_u8(pct_bytes, plus_bytes))) {
      store16(out + o, x);
      o += static_cast<std::size_t>(std::popcount(valid));
      return true;
    }
    const uint8x16_t next1 = load16(src + 1);
    const uint8x16_t next2 = load16(src + 2);
    const uint8x16_t good_bytes =
        vbicq_u8(pct_bytes, vorrq_u8(outside_bytes(next1, hex), outside_bytes(next2, hex)));
    if (!lenient && any(veorq_u8(pct_bytes, good_bytes))) return false;
    const uint8x16_t byte = vorrq_u8(vshlq_n_u8(value(next1), 4), value(next2));
    uint8x16_t decoded = vbslq_u8(good_bytes, byte, x);
    if (plus) decoded = vbslq_u8(plus_bytes, vdupq_n_u8(' '), decoded);
    const unsigned good = bit_mask(good_bytes);
    const unsigned digits = (good << 1) | (good << 2);
    const unsigned keep = ~(digits | carry) & valid & 0xFFFFU;
    carry = digits >> 16;
    o += pack16(out + o, decoded, keep);
    return true;
  }
};

// The decoder, compiled once per option pair. While 48 input bytes are left, the rest after
// the block (at least 30 bytes besides its escape's digits) decodes to at least 10 bytes,
// which follow any store past this block's output; in place, the stores stay behind
// p + i + 16, which is not read again. The last 0-47 bytes go through a zero-padded stack
// copy (zeros are no digits: an escape cut short by the end stays malformed). A malformed
// '%' (unless lenient) is left to decode_bytes, from the start of the block or tail it is in,
// which decodes up to it and reports it.
template <bool plus, bool lenient>
decode_progress decode_blocks(char* out, const char* p, std::size_t n) noexcept {
  const hex_nibbles& h = hex_nibble_table;
  const decoder d{{vld1q_u8(h.rows), vld1q_u8(hi_bit)}, vld1q_u8(h.letter_add)};
  std::size_t i = 0;
  std::size_t o = 0;
  unsigned carry = 0;
  // From the block at i on, byte by byte (after the digits the last block's escape took).
  const auto finish_bytes = [&]() -> decode_progress {
    i += static_cast<std::size_t>(std::popcount(carry));
    decode_bytes(out, o, p, n, i, n, plus, lenient);
    return {i, o};
  };
  for (; n - i >= 48; i += 16)
    if (!d.block<plus, lenient>(out, o, p + i, 0xFFFFU, carry)) return finish_bytes();
  if (i == n) return {i, o};
  alignas(16) char tail[48 + 2] = {};
  char tail_out[48 + 8];
  const std::size_t rest = n - i;
  std::memcpy(tail, p + i, rest);
  std::size_t written = 0;
  unsigned tail_carry = carry;
  for (std::size_t b = 0; b < rest; b += 16)
    if (!d.block<plus, lenient>(tail_out, written, tail + b, low_bits(rest - b), tail_carry))
      return finish_bytes();
  std::memcpy(out + o, tail_out, written);
  return {n, o + written};
}

result<std::size_t> neon_decode(char* out, const char* p, std::size_t n, bool plus, bool lenient) noexcept {
  const decode_progress done =
      plus ? (lenient ? decode_blocks<true, true>(out, p, n) : decode_blocks<true, false>(out, p, n))
           : (lenient ? decode_blocks<false, true>(out, p, n) : decode_blocks<false, false>(out, p, n));
  return decode_result(p, n, done);
}

std::size_t neon_ascii_prefix(const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
  for (; n - i >= 16; i += 16) {
    const uint8x16_t x = load16(p + i);
    if (vmaxvq_u8(x) >= 0x80) return i + first_byte(nibble_mask(vcltzq_s8(vreinterpretq_s8_u8(x))));
  }
  while (i < n && static_cast<unsigned char>(p[i]) < 0x80) ++i;
  return i;
}

// UTF-8 (see generic/utf8_lookup.h): true when some byte of `cur` is wrong given the
// three bytes before it (prev1 = the byte before each, and so on).
struct utf8_tables {
  uint8x16_t prev_high, prev_low, cur_high;
};

inline bool utf8_error16(uint8x16_t cur, uint8x16_t prev1, uint8x16_t prev2, uint8x16_t prev3,
                         const utf8_tables& t) noexcept {
  const uint8x16_t errors = vandq_u8(vandq_u8(vqtbl1q_u8(t.prev_high, vshrq_n_u8(prev1, 4)),
                                              vqtbl1q_u8(t.prev_low, vandq_u8(prev1, vdupq_n_u8(0x0F)))),
                                     vqtbl1q_u8(t.cur_high, vshrq_n_u8(cur, 4)));
  // Two continuations in a row are right exactly for the 3rd and 4th bytes of a sequence.
  const uint8x16_t third = vqsubq_u8(prev2, vdupq_n_u8(0xE0 - 0x80));   // >= 0x80: prev2 >= E0
  const uint8x16_t fourth = vqsubq_u8(prev3, vdupq_n_u8(0xF0 - 0x80));  // >= 0x80: prev3 >= F0
  const uint8x16_t must_continue = vandq_u8(vorrq_u8(third, fourth), vdupq_n_u8(0x80));
  return any(veorq_u8(must_continue, errors));
}

std::size_t neon_utf8_prefix(const char* p, std::size_t n) noexcept {
  if (n < 32) return 0;  // short input: the scalar validator does it all
  const utf8_tables t{vld1q_u8(utf8_lookup::prev_high), vld1q_u8(utf8_lookup::prev_low),
                      vld1q_u8(utf8_lookup::cur_high)};
  // The first block reads three bytes before the input: ASCII zeros, from a copy.
  alignas(16) char head[19] = {};
  std::memcpy(head + 3, p, 16);
  if (utf8_error16(load16(head + 3), load16(head + 2), load16(head + 1), load16(head), t)) return 0;
  std::size_t i = 16;
  // Leave at least one byte: the scalar validator checks how the input ends.
  for (; n - i > 16; i += 16) {
    const uint8x16_t cur = load16(p + i);
    const uint8x16_t prev3 = load16(p + i - 3);
    // ASCII from 3 bytes before the block to its end: no sequence touches it, no error in it.
    if (vmaxvq_u8(vorrq_u8(cur, prev3)) < 0x80) continue;
    if (utf8_error16(cur, load16(p + i - 1), load16(p + i - 2), prev3, t)) break;
  }
  return sequence_start(p, i);
}

// base64: 64 bytes deinterleaved by a four-register load (ld4: register k holds byte k of
// each of 16 groups), each byte's value from a 128-byte table in two 64-byte lookups (tbl for
// bytes 0-63, tbx for 64-127), 0xFF for a byte outside the alphabet, so a top bit in value |
// byte marks one (or a byte >= 0x80). Shifts and ORs make a group's three bytes, and an
// interleaving store (st3) writes them: 48 out per 64 in.
struct base64_value_table {
  std::uint8_t at[128];
};
constexpr base64_value_table make_base64_value_table() noexcept {
  base64_value_table t{};
  for (unsigned c = 0; c < 128; ++c)
    t.at[c] = base64_value[c] < 0 ? 0xFF : static_cast<std::uint8_t>(base64_value[c]);
  return t;
}
alignas(16) constexpr base64_value_table base64_table = make_base64_value_table();

decode_progress neon_base64_decode(char* out, const char* p, std::size_t n) noexcept {
  const uint8x16x4_t low = vld1q_u8_x4(base64_table.at), high = vld1q_u8_x4(base64_table.at + 64);
  std::size_t i = 0;
  char* o = out;
  for (; n - i >= 64; i += 64, o += 48) {
    const uint8x16x4_t x = vld4q_u8(reinterpret_cast<const std::uint8_t*>(p + i));
    uint8x16_t v[4];
    uint8x16_t marks = vdupq_n_u8(0);
    for (int k = 0; k < 4; ++k) {
      v[k] = vqtbx4q_u8(vqtbl4q_u8(low, x.val[k]), high, vsubq_u8(x.val[k], vdupq_n_u8(64)));
      marks = vorrq_u8(marks, vorrq_u8(v[k], x.val[k]));
    }
    if (vmaxvq_u8(marks) >= 0x80) break;
    uint8x16x3_t bytes;
    bytes.val[0] = vorrq_u8(vshlq_n_u8(v[0], 2), vshrq_n_u8(v[1], 4));
    bytes.val[1] = vorrq_u8(vshlq_n_u8(v[1], 4), vshrq_n_u8(v[2], 2));
    bytes.val[2] = vorrq_u8(vshlq_n_u8(v[2], 6), v[3]);
    vst3q_u8(reinterpret_cast<std::uint8_t*>(o), bytes);
  }
  // The last groups, or the block that stopped the loop, group by group.
  const decode_progress rest = base64_groups(o, p + i, n - i);
  return {i + rest.read, static_cast<std::size_t>(o - out) + rest.written};
}

}  // namespace

const kernel neon_kernel{
    .name = "neon",
    .span = neon_span,
    .span_fixed = neon_span_fixed,
    .count_outside = neon_count_outside,
    .encode = neon_encode,
    .find_escape = neon_find_escape,
    .decode = neon_decode,
    .ascii_prefix = neon_ascii_prefix,
    .utf8_prefix = neon_utf8_prefix,
    .base64_decode = neon_base64_decode,
    .cpu_features = {},  // Advanced SIMD: every AArch64 CPU
};

}  // namespace urix::detail

#endif  // URIX_NEON_KERNELS
