// SPDX-License-Identifier: Apache-2.0 OR MIT
// Floors: the cheapest loop of each escape-heavy design, run on the same buffers as urix.
//
// Issue 5 asks escape-heavy encoding and decoding for 35 % of memcpy. These loops show what
// the instructions alone cost on this CPU: each does only the packing step of a design, on
// escape masks from one compare instead of a real classification, without validating
// anything. Their output is wrong on purpose; their speed is an upper bound for a complete
// kernel built the same way.
//
//   floor_enc/CORPUS/whole/compress  per 21 input bytes: one permute to triples, one
//                                    vpcompressb, one store (urix's AVX-512 encoder)
//   floor_enc/CORPUS/whole/lut       per 16 input bytes: one permute to triples, then per 8
//                                    bytes a shuffle pattern from a 256-entry table, one
//                                    permute and one store (the table-driven alternative)
//   floor_enc/CORPUS/whole/triples   per 21 input bytes: one permute and one store, no
//                                    packing at all: the cost of writing triples
//   floor_enc/CORPUS/whole/stores    no loads and no work: 64-byte stores of a constant over
//                                    exactly as many bytes as urix writes for the corpus (the
//                                    component set): the cost of writing the output alone
//   floor_enc/CORPUS/whole/third_stores  the same bytes stored as urix's block loop stores
//                                    them: one 64-byte store per 21 input bytes, each at the
//                                    end of the one before's output (its size read from a list
//                                    made beforehand), so that they overlap
//   floor_enc/CORPUS/whole/line_stores   the same thirds assembled into aligned 64-byte lines
//                                    in a register (a permute and two blends per third), one
//                                    store per third at its line's place: no overlap
//   floor_dec/CORPUS/whole/compress  per 64 input bytes: one compare, one vpcompressb, one
//                                    store (any AVX-512 decoder drops the hex digits so)
//
// Per call, `call_floor` is the cheapest call of urix's shape (see "Per call" below): its
// time per line bounds what urix's buffer calls can reach on short strings.
#include "floors.h"

#include <benchmark/benchmark.h>

// The floors are AVX-512 loops: on other architectures (AArch64) there are none to run, as on
// an x86-64 CPU without AVX-512.
#if !defined(__x86_64__)
namespace urix_bench {
std::vector<std::pair<std::string, codec_fn>> call_floors() { return {}; }
std::vector<std::pair<std::string, codec_fn>> decode_call_floors() { return {}; }
void register_floors(const std::vector<corpus>&, const std::vector<corpus>&) {}
}  // namespace urix_bench
#else
// GCC 12's AVX-512 intrinsics trip -Wmaybe-uninitialized (a known false positive; see
// src/pct/avx512.cpp).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "urix/pct.h"
#include "urix/result.h"
#include "urix/sets.h"

#define FLOOR_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,bmi2,popcnt")))

namespace urix_bench {
namespace {

using floor_fn = std::size_t (*)(char* out, const char* p, std::size_t n);

struct alignas(64) triple_index {
  std::uint8_t at[64];
};

// Triple k of group g of `size` input bytes: input byte size * g + k / 3, for k < 3 * size.
template <unsigned size>
constexpr std::array<triple_index, 64 / size> triple_indices = [] {
  std::array<triple_index, 64 / size> t{};
  for (unsigned g = 0; g < 64 / size; ++g)
    for (unsigned k = 0; k < 64; ++k) t[g].at[k] = static_cast<std::uint8_t>(size * g + (k / 3) % size);
  return t;
}();

// Bit 3k for each of `size` triples: the first byte of each.
constexpr std::uint64_t firsts(unsigned size) {
  std::uint64_t m = 0;
  for (unsigned k = 0; k < size; ++k) m |= std::uint64_t{1} << (3 * k);
  return m;
}

// "Escape" every byte below 'a': about as many as the RFC 3986 component set escapes in
// real URLs. One compare: cheaper than any real classification.
FLOOR_AVX512 inline std::uint64_t escaped(__m512i x) {
  return _mm512_cmplt_epu8_mask(x, _mm512_set1_epi8('a'));
}

// The encoder floors share one loop: per block of Pack::size * (64 / Pack::size) bytes the
// escape mask, per group of Pack::size bytes its triples (one permute); Pack::write stores a
// group's output at `o` and returns its size.
template <class Pack>
FLOOR_AVX512 std::size_t encode_floor(char* out, const char* p, std::size_t n) {
  constexpr unsigned size = Pack::size;
  constexpr unsigned groups = 64 / size;
  constexpr std::uint64_t group_bits = (std::uint64_t{1} << size) - 1;
  std::size_t o = 0;
  for (std::size_t i = 0; i + 64 <= n; i += size * groups) {
    const __m512i x = _mm512_loadu_si512(p + i);
    const std::uint64_t esc = escaped(x);
    for (unsigned g = 0; g < groups; ++g) {
      const __m512i t = _mm512_permutexvar_epi8(_mm512_load_si512(triple_indices<size>[g].at), x);
      o += Pack::write(out + o, t, (esc >> (size * g)) & group_bits);
    }
  }
  return o;
}

// vpcompressb keeps the first byte of each triple and the digits of the escaped ones, 21
// triples (63 bytes) at a time, as urix does.
struct compress {
  static constexpr unsigned size = 21;
  FLOOR_AVX512 static std::size_t write(char* o, __m512i triples, std::uint64_t esc) {
    constexpr std::uint64_t first = firsts(size);
    const std::uint64_t keep = first | _pdep_u64(esc, first << 1) | _pdep_u64(esc, first << 2);
    _mm512_storeu_si512(o, _mm512_maskz_compress_epi8(keep, triples));
    return static_cast<std::size_t>(std::popcount(keep));
  }
};

// Shuffle patterns for 8 bytes: for each escape mask, which of the 24 triple bytes to keep.
struct alignas(32) pattern {
  std::uint8_t at[32];
  std::uint8_t size;
};
const std::array<pattern, 256> patterns = [] {
  std::array<pattern, 256> t{};
  for (unsigned m = 0; m < 256; ++m) {
    unsigned k = 0;
    for (unsigned b = 0; b < 8; ++b) {
      t[m].at[k++] = static_cast<std::uint8_t>(3 * b);
      if ((m >> b) & 1) {
        t[m].at[k++] = static_cast<std::uint8_t>(3 * b + 1);
        t[m].at[k++] = static_cast<std::uint8_t>(3 * b + 2);
      }
    }
    t[m].size = static_cast<std::uint8_t>(k);
  }
  return t;
}();

// Per 8 bytes, a pattern by escape mask and one permute (the second half's triples start at 24).
struct lut {
  static constexpr unsigned size = 16;
  FLOOR_AVX512 static std::size_t write(char* o, __m512i triples, std::uint64_t esc) {
    std::size_t written = 0;
    for (unsigned h = 0; h < 2; ++h) {
      const pattern& pat = patterns[(esc >> (8 * h)) & 0xFF];
      __m256i idx = _mm256_load_si256(reinterpret_cast<const __m256i*>(pat.at));
      if (h == 1) idx = _mm256_add_epi8(idx, _mm256_set1_epi8(24));
      const __m512i packed = _mm512_permutexvar_epi8(_mm512_castsi256_si512(idx), triples);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + written), _mm512_castsi512_si256(packed));
      written += pat.size;
    }
    return written;
  }
};

// No packing: the triples as they are (the size is what packing would have written).
struct triples_only {
  static constexpr unsigned size = 21;
  FLOOR_AVX512 static std::size_t write(char* o, __m512i triples, std::uint64_t esc) {
    _mm512_storeu_si512(o, triples);
    return size + 2 * static_cast<std::size_t>(std::popcount(esc));
  }
};

FLOOR_AVX512 std::size_t dec_compress(char* out, const char* p, std::size_t n) {
  std::size_t o = 0;
  for (std::size_t i = 0; i + 64 <= n; i += 64) {
    const __m512i x = _mm512_loadu_si512(p + i);
    const std::uint64_t keep = ~_mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('%'));
    _mm512_storeu_si512(out + o, _mm512_maskz_compress_epi8(keep, x));
    o += static_cast<std::size_t>(std::popcount(keep));
  }
  return o;
}

// ---- Per call ---------------------------------------------------------------------------
// urix's buffer calls (encode_to, decode_to) are library functions that check their output
// span and call the active kernel through a pointer, which loads and stores the bytes with
// AVX-512. The call floor has that shape, but its kernel only copies the input, in one of
// two ways, and the cheaper of the two per corpus is the floor (bench/report.py):
//   call_floor        up to 128 bytes as two masked blocks, with no branch on the length
//                     (a test of the length mispredicts on lines of random size); longer
//                     input per 64 bytes with plain loads and stores, then the same
//   call_floor_loop   per 64 bytes with plain loads and stores, then one masked block for
//                     the rest (plain loads and stores are cheaper than masked ones: this
//                     wins where most lines are longer than 64 bytes)
// Every urix call does at least that much, and classifies the bytes besides.
// Like urix's decode kernels, a kernel returns the call's result itself, so that the library
// function can jump to it.
using copy_kernel = urix::result<std::size_t> (*)(char* out, const char* p, std::size_t n) noexcept;

FLOOR_AVX512 urix::result<std::size_t> copy_in_blocks(char* out, const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
  if (n > 128) [[unlikely]]
    for (; n - i > 128; i += 64) _mm512_storeu_si512(out + i, _mm512_loadu_si512(p + i));
  // The last 1-128 bytes: two masked blocks (bzhi keeps all bits from an index of 64 on).
  const std::size_t rest = n - i;
  const std::size_t past = rest > 64 ? rest - 64 : 0;
  const std::size_t second = rest > 64 ? 64 : 0;
  const std::uint64_t m0 = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(rest));
  const std::uint64_t m1 = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(past));
  _mm512_mask_storeu_epi8(out + i, m0, _mm512_maskz_loadu_epi8(m0, p + i));
  _mm512_mask_storeu_epi8(out + i + second, m1, _mm512_maskz_loadu_epi8(m1, p + i + second));
  return n;
}

FLOOR_AVX512 urix::result<std::size_t> copy_in_loop(char* out, const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
  for (; n - i > 64; i += 64) _mm512_storeu_si512(out + i, _mm512_loadu_si512(p + i));
  const std::uint64_t m = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n - i));
  _mm512_mask_storeu_epi8(out + i, m, _mm512_maskz_loadu_epi8(m, p + i));
  return n;
}

// A decoder's packing alone, in the call floor's shape: per 64-byte block one compare for
// '%', one vpcompressb that drops each '%' and the byte two after it (an escape's second
// digit), one masked store; up to 128 bytes as two masked blocks, as in copy_in_blocks. No
// hex digits are read and nothing is checked, and escapes across a block edge come out wrong:
// the output has the decoded size but not the decoded bytes, on purpose. Any decoder of
// escaped text at least packs its output, and vpcompressb is the fastest packing measured
// here (floor_dec/compress), so this bounds a decoding call on escaped lines.
FLOOR_AVX512 inline std::size_t pack_block(char* out, __m512i x, __m512i /*after*/, std::uint64_t m) noexcept {
  const std::uint64_t pct = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('%'));
  const std::uint64_t keep = m & ~pct & ~(pct << 2);
  const auto count = static_cast<unsigned>(std::popcount(keep));
  _mm512_mask_storeu_epi8(out, _bzhi_u64(~std::uint64_t{0}, count), _mm512_maskz_compress_epi8(keep, x));
  return count;
}

// A decoding floor's call: up to 128 bytes as two masked blocks, as in copy_in_blocks, longer
// input per 64 bytes first. `block` writes a block's output (the block, the one after it, the
// mask of its bytes) and returns its size.
using block_writer = std::size_t (*)(char* out, __m512i x, __m512i after, std::uint64_t m) noexcept;

template <block_writer block>
FLOOR_AVX512 urix::result<std::size_t> decode_in_blocks(char* out, const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
  char* o = out;
  if (n > 128) [[unlikely]]
    for (; n - i > 128; i += 64)
      o += block(o, _mm512_loadu_si512(p + i), _mm512_loadu_si512(p + i + 64), ~std::uint64_t{0});
  const std::size_t rest = n - i;
  const std::size_t second = rest > 64 ? 64 : 0;
  const std::uint64_t m0 = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(rest));
  const std::uint64_t m1 = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(rest > 64 ? rest - 64 : 0));
  const __m512i x0 = _mm512_maskz_loadu_epi8(m0, p + i);
  const __m512i x1 = _mm512_maskz_loadu_epi8(m1, p + i + second);
  o += block(o, x0, x1, m0);
  o += block(o, x1, _mm512_setzero_si512(), m1);
  return static_cast<std::size_t>(o - out);
}

// The packing floor plus the digits: each escape's byte put where its first digit stood, as
// any decoder must, by the cheapest lookups there are (the low six bits of '0'-'9', 'A'-'F'
// and 'a'-'f' differ, so one vpermb per digit over a 64-byte table finds its value) and one
// permute that brings each next byte alongside. Nothing is checked: right for well-formed
// escapes (but for those across the two blocks' edge), wrong for anything else.
struct alignas(64) hex_by_low_bits {
  std::uint8_t hi[64];  // value << 4 of the hex digit whose low six bits index it
  std::uint8_t lo[64];  // its value
  std::uint8_t next[64];  // k + 1: byte k + 1 to k, across to the next block at 63
};
constexpr hex_by_low_bits make_hex_by_low_bits() {
  hex_by_low_bits t{};
  for (const char digit : std::string_view("0123456789ABCDEFabcdef")) {
    const auto c = static_cast<unsigned char>(digit);
    const unsigned v = c <= '9' ? c - '0' : (c | 0x20U) - 'a' + 10;
    t.hi[c & 63] = static_cast<std::uint8_t>(v << 4);
    t.lo[c & 63] = static_cast<std::uint8_t>(v);
  }
  for (unsigned k = 0; k < 64; ++k) t.next[k] = static_cast<std::uint8_t>(k + 1);
  return t;
}
constexpr hex_by_low_bits hex_low = make_hex_by_low_bits();

FLOOR_AVX512 inline std::size_t decode_block_unchecked(char* out, __m512i x, __m512i after, std::uint64_t m) noexcept {
  const std::uint64_t pct = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('%'));
  const __m512i next = _mm512_permutex2var_epi8(x, _mm512_load_si512(hex_low.next), after);
  const __m512i byte = _mm512_or_si512(_mm512_permutexvar_epi8(x, _mm512_load_si512(hex_low.hi)),
                                       _mm512_permutexvar_epi8(next, _mm512_load_si512(hex_low.lo)));
  const __m512i decoded = _mm512_mask_mov_epi8(x, pct << 1, byte);
  const std::uint64_t keep = m & ~pct & ~(pct << 2);
  const auto count = static_cast<unsigned>(std::popcount(keep));
  _mm512_mask_storeu_epi8(out, _bzhi_u64(~std::uint64_t{0}, count), _mm512_maskz_compress_epi8(keep, decoded));
  return count;
}

// Like urix's active kernel: chosen at run time, so the call cannot be inlined.
constinit std::atomic<copy_kernel> blocks_kernel{copy_in_blocks};
constinit std::atomic<copy_kernel> loop_kernel{copy_in_loop};
constinit std::atomic<copy_kernel> pack_kernel{decode_in_blocks<pack_block>};
constinit std::atomic<copy_kernel> hex_kernel{decode_in_blocks<decode_block_unchecked>};

// Stands for encode_to / decode_to, result type included: the output must hold the input
// (decoding never grows).
[[gnu::noinline]] urix::result<std::size_t> copy_to(std::span<char> out, std::string_view in,
                                                    const std::atomic<copy_kernel>& kernel) noexcept {
  if (out.size() < in.size()) return urix::error{urix::errc::no_space, out.size()};
  return kernel.load(std::memory_order_relaxed)(out.data(), in.data(), in.size());
}

template <const std::atomic<copy_kernel>& kernel>
std::size_t call_floor_line(const std::string& in, char* out) {
  return *copy_to({out, 3 * in.size() + 1}, in, kernel);
}

// Times write(out), which writes the corpus's output at out (3 bytes per input byte and 64
// more fit), in input bytes per second: every whole-buffer floor.
template <class Write>
void run_writes(benchmark::State& st, const corpus* c, Write write) {
  std::vector<char> out(3 * c->whole.size() + 64, 1);
  for (auto _ : st) {
    benchmark::DoNotOptimize(write(out.data()));
    benchmark::ClobberMemory();
  }
  st.SetBytesProcessed(st.iterations() * static_cast<std::int64_t>(c->whole.size()));
  st.SetItemsProcessed(st.iterations());
}

void run_floor(benchmark::State& st, const corpus* c, floor_fn fn) {
  run_writes(st, c, [c, fn](char* out) { return fn(out, c->whole.data(), c->whole.size()); });
}

// Plain 64-byte stores over `size` bytes at out (which has room for a store past them).
FLOOR_AVX512 std::size_t store_only(char* out, std::size_t size) {
  const __m512i v = _mm512_set1_epi8('%');
  for (std::size_t o = 0; o < size; o += 64) _mm512_storeu_si512(out + o, v);
  return size;
}

// One 64-byte store per third (21 input bytes) at urix's output offsets: `sizes` holds each
// third's output size.
FLOOR_AVX512 std::size_t store_thirds(char* out, const std::vector<std::uint8_t>& sizes) {
  const __m512i v = _mm512_set1_epi8('%');
  char* o = out;
  for (const std::uint8_t size : sizes) {
    _mm512_storeu_si512(o, v);
    o += size;
  }
  return static_cast<std::size_t>(o - out);
}

// The other way to place the thirds: assembled into 64-byte lines in a register, each line
// stored at its own 64-byte-aligned place (the best case: a kernel would mask its first line).
// Per third, its piece (a counter here, not real output) is rotated by the line's fill (one
// permute) and merged above the bytes already there (one blend), and the line is stored, full
// or not: no branch on the data. A line that fills up moves on, the rotated piece's overflow
// starting the next. Without the stores this loop alone ran at 22.7 GB/s on the multilingual
// corpus (stop 24), under the 35 % target before any loading, classifying or packing.
FLOOR_AVX512 std::size_t store_lines(char* out, const std::vector<std::uint8_t>& sizes) {
  const __m512i iota = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46,
                                       45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28,
                                       27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
                                       9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  __m512i piece = _mm512_set1_epi8('%');
  const __m512i one = _mm512_set1_epi8(1);
  __m512i acc = _mm512_setzero_si512();
  char* line = reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(out) + 63) & ~std::uintptr_t{63});
  unsigned fill = 0;
  for (const std::uint8_t size : sizes) {
    piece = _mm512_add_epi8(piece, one);
    const __m512i f = _mm512_set1_epi8(static_cast<char>(fill));
    const __m512i rot = _mm512_permutexvar_epi8(_mm512_sub_epi8(iota, f), piece);
    const std::uint64_t held = _mm512_cmplt_epu8_mask(iota, f);
    _mm512_storeu_si512(line, _mm512_mask_mov_epi8(rot, held, acc));
    fill += size;
    const std::uint64_t full = fill >> 6;  // 0 or 1
    acc = _mm512_mask_mov_epi8(rot, _kand_mask64(held, _cvtu64_mask64(full - 1)), acc);
    line += full << 6;
    fill &= 63;
  }
  _mm512_storeu_si512(line, acc);
  return static_cast<std::size_t>(line - out) + fill;
}

void run_stores(benchmark::State& st, const corpus* c) {
  const std::size_t size = urix::encoded_size(c->whole, urix::sets::unreserved);
  run_writes(st, c, [size](char* out) { return store_only(out, size); });
}

// The output size of each third (21 input bytes) of the corpus, component set.
std::vector<std::uint8_t> third_sizes(const corpus* c) {
  const std::string_view in = c->whole;
  std::vector<std::uint8_t> sizes;
  for (std::size_t i = 0; i < in.size(); i += 21)
    sizes.push_back(static_cast<std::uint8_t>(urix::encoded_size(in.substr(i, 21), urix::sets::unreserved)));
  return sizes;
}

void run_third_stores(benchmark::State& st, const corpus* c) {
  const std::vector<std::uint8_t> sizes = third_sizes(c);
  run_writes(st, c, [&sizes](char* out) { return store_thirds(out, sizes); });
}

void run_line_stores(benchmark::State& st, const corpus* c) {
  const std::vector<std::uint8_t> sizes = third_sizes(c);
  run_writes(st, c, [&sizes](char* out) { return store_lines(out, sizes); });
}

// Whether this CPU runs what FLOOR_AVX512 compiles for.
bool floors_run_here() {
  return __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("bmi2");
}

}  // namespace

std::vector<std::pair<std::string, codec_fn>> call_floors() {
  if (!floors_run_here()) return {};
  return {{"call_floor", call_floor_line<blocks_kernel>}, {"call_floor_loop", call_floor_line<loop_kernel>}};
}

std::vector<std::pair<std::string, codec_fn>> decode_call_floors() {
  if (!floors_run_here()) return {};
  return {{"call_floor_pack", call_floor_line<pack_kernel>}, {"call_floor_hex", call_floor_line<hex_kernel>}};
}

void register_floors(const std::vector<corpus>& raw, const std::vector<corpus>& escaped_corpora) {
  if (!floors_run_here()) return;
  for (const corpus& c : raw) {
    const std::string base = "floor_enc/" + c.name + "/whole/";
    benchmark::RegisterBenchmark((base + "compress").c_str(), run_floor, &c, encode_floor<compress>);
    benchmark::RegisterBenchmark((base + "lut").c_str(), run_floor, &c, encode_floor<lut>);
    benchmark::RegisterBenchmark((base + "triples").c_str(), run_floor, &c, encode_floor<triples_only>);
    benchmark::RegisterBenchmark((base + "stores").c_str(), run_stores, &c);
    benchmark::RegisterBenchmark((base + "third_stores").c_str(), run_third_stores, &c);
    benchmark::RegisterBenchmark((base + "line_stores").c_str(), run_line_stores, &c);
  }
  for (const corpus& c : escaped_corpora)
    benchmark::RegisterBenchmark(("floor_dec/" + c.name + "/whole/compress").c_str(), run_floor, &c, dec_compress);
}

}  // namespace urix_bench
#endif  // __x86_64__
