// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests of urix/kernel.h and the differential test of the kernels: every kernel
// must give the scalar kernel's output byte for byte, and its error codes and offsets, on the
// same generated inputs (random bytes, escape-heavy text, every length 0-129, '%' at every
// vector edge, every named set, every option).
#include "urix/kernel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../src/kernels/interface.h"
#include "kernel_transcript.h"
#include "test_util.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/utf8.h"

namespace {

using urix_test::generated;
using urix_test::heap_bytes;
using urix_test::show;
using urix_test::some_sets;
using urix_test::transcript;

// Read before any test can force a kernel: the choice URIX_KERNEL (or CPUID) made at start-up.
const std::string kernel_at_startup{urix::active_kernel_name()};

bool available(std::string_view name) {
  for (std::string_view k : urix::available_kernels())
    if (k == name) return true;
  return false;
}

// Restores automatic selection after a test that forces kernels.
struct auto_kernel {
  ~auto_kernel() { urix::force_kernel("auto"); }
};

TEST(Kernel, EnvironmentVariableChoosesTheKernelThatRuns) {
  // ctest runs the codec suites once per kernel with URIX_KERNEL set (labels kernel-NAME);
  // this proves the variable took effect rather than being silently ignored.
  const char* env = std::getenv("URIX_KERNEL");
  if (env == nullptr || *env == '\0' || std::string_view(env) == "auto") {
    EXPECT_EQ(kernel_at_startup, urix::available_kernels().back());
    return;
  }
  if (!available(env)) {
    // Documented fallback (urix/kernel.h): the best kernel, plus one line on stderr.
    EXPECT_EQ(kernel_at_startup, urix::available_kernels().back()) << "URIX_KERNEL=" << env;
    return;
  }
  EXPECT_EQ(kernel_at_startup, env);
}

TEST(Kernel, ScalarIsAlwaysAvailableAndFirst) {
  ASSERT_FALSE(urix::available_kernels().empty());
  EXPECT_EQ(urix::available_kernels().front(), "scalar");
}

TEST(Kernel, BuiltKernelsHoldTheAvailableOnesInTheirOrder) {
  // available_kernels() is built_kernels() without those this CPU cannot run, in order.
  const auto built = urix::built_kernels();
  ASSERT_FALSE(built.empty());
  EXPECT_EQ(built.front(), "scalar");
  std::size_t at = 0;
  for (std::string_view k : urix::available_kernels()) {
    while (at < built.size() && built[at] != k) ++at;
    EXPECT_LT(at, built.size()) << k << " is available but not built, or out of order";
  }
}

TEST(Kernel, EveryKernelOfThisArchitectureIsBuilt) {
  // The registry lists a kernel only when compiling for its architecture: a build for one
  // must hold it (the AArch64 suite runs under qemu, where nothing else would notice).
  const auto built = urix::built_kernels();
  const auto has = [&](std::string_view k) { return std::find(built.begin(), built.end(), k) != built.end(); };
#if defined(__aarch64__)
  EXPECT_TRUE(has("neon"));
  EXPECT_FALSE(has("avx2"));
#elif defined(__x86_64__)
  EXPECT_TRUE(has("avx2"));
  EXPECT_TRUE(has("avx512"));
  EXPECT_FALSE(has("neon"));
#else
  EXPECT_EQ(built.size(), 1U) << "only scalar here";
#endif
}

// A kernel's CPU requirements are data (kernel::cpu_features, the names its target attribute
// uses), checked in one place: each name is one the registry knows, and a kernel is available
// exactly when the CPU has all of them. On Linux the kernel's own flags (/proc/cpuinfo) are a
// second opinion on each check.
TEST(Kernel, AvailableExactlyWhereTheCpuHasItsFeatures) {
  std::string flags;
  {
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);)
      if (line.starts_with("flags")) {
        flags = line.substr(line.find(':') + 1) + " ";
        break;
      }
  }
  const auto available = urix::detail::available_kernels();
  for (const urix::detail::kernel* k : urix::detail::built_kernels()) {
    bool all = true;
    for (std::string_view rest = k->cpu_features; !rest.empty();) {
      const std::string_view f = rest.substr(0, rest.find(','));
      rest.remove_prefix(std::min(f.size() + 1, rest.size()));
      EXPECT_TRUE(urix::detail::is_known_cpu_feature(f)) << k->name << ": " << f;
      all = all && urix::detail::cpu_has(f);
      // /proc/cpuinfo spells two of them otherwise.
      const std::string proc = f == "bmi" ? "bmi1" : f == "avx512vbmi2" ? "avx512_vbmi2" : std::string(f);
      if (!flags.empty()) {
        EXPECT_EQ(urix::detail::cpu_has(f), flags.find(" " + proc + " ") != std::string::npos) << f;
      }
    }
    EXPECT_EQ(all, std::find(available.begin(), available.end(), k) != available.end()) << k->name;
  }
  EXPECT_FALSE(urix::detail::is_known_cpu_feature("sse9"));
  EXPECT_FALSE(urix::detail::cpu_has("sse9"));
}

TEST(Kernel, ForceKernelSwitchesTheActiveKernel) {
  auto_kernel restore;
  for (std::string_view k : urix::available_kernels()) {
    ASSERT_TRUE(urix::force_kernel(k)) << k;
    EXPECT_EQ(urix::active_kernel_name(), k);
  }
  ASSERT_TRUE(urix::force_kernel("auto"));
  EXPECT_EQ(urix::active_kernel_name(), urix::available_kernels().back());
}

TEST(Kernel, ForceKernelRejectsUnknownNamesAndChangesNothing) {
  auto_kernel restore;
  ASSERT_TRUE(urix::force_kernel("scalar"));
  EXPECT_FALSE(urix::force_kernel("sse9"));
  EXPECT_FALSE(urix::force_kernel(""));
  EXPECT_FALSE(urix::force_kernel("AVX2"));  // names are exact
  EXPECT_EQ(urix::active_kernel_name(), "scalar");
}

// ---- Differential test -----------------------------------------------------------------

// Runs `inputs` through every kernel and compares each transcript with the scalar one.
void expect_kernels_agree(const std::vector<std::string>& inputs, const std::vector<urix::charset>& sets) {
  if (const char* env = std::getenv("URIX_KERNEL"); env != nullptr && *env != '\0')
    GTEST_SKIP() << "forces every kernel itself: runs once, without URIX_KERNEL";
  auto_kernel restore;
  ASSERT_TRUE(urix::force_kernel("scalar"));
  std::vector<std::string> reference;
  reference.reserve(inputs.size());
  for (const std::string& in : inputs) reference.push_back(transcript(in, sets));
  for (std::string_view k : urix::available_kernels()) {
    if (k == "scalar") continue;
    ASSERT_TRUE(urix::force_kernel(k));
    for (std::size_t i = 0; i < inputs.size(); ++i)
      ASSERT_EQ(transcript(inputs[i], sets), reference[i])
          << "kernel " << k << " differs from scalar on input " << urix_test::hex(inputs[i]);
  }
}

TEST(KernelDifferential, EveryLengthUpTo129) {
  std::mt19937 rng(20261122);
  std::vector<std::string> inputs;
  for (std::size_t n = 0; n <= 129; ++n)
    for (int kind = 0; kind < 3; ++kind) inputs.push_back(generated(rng, n, kind));
  expect_kernels_agree(inputs, some_sets);
}

TEST(KernelDifferential, LongerRandomInputs) {
  std::mt19937 rng(5);
  std::vector<std::string> inputs;
  std::uniform_int_distribution<std::size_t> len(130, 700);
  for (int i = 0; i < 30; ++i) inputs.push_back(generated(rng, len(rng), i % 3));
  expect_kernels_agree(inputs, some_sets);
}

TEST(KernelDifferential, LongInputsOfMixedRuns) {
  // Kilobytes of runs of the kinds a block loop tells apart (non-Latin text, escaped whole;
  // clean text; ASCII with a few escapes; random bytes) in random order and lengths, so that
  // blocks of every kind follow each other in every order, over thousands of blocks.
  std::mt19937 rng(1124);
  std::uniform_int_distribution<std::size_t> run_len(1, 150);
  std::uniform_int_distribution<int> kind(0, 3);
  std::uniform_int_distribution<std::size_t> total(1000, 5000);
  std::vector<std::string> inputs;
  for (int i = 0; i < 24; ++i) {
    std::string s;
    const std::size_t n = total(rng);
    while (s.size() < n) {
      const std::size_t len = run_len(rng);
      const int k = kind(rng);
      std::string run;
      while (run.size() < len) {
        if (k == 0) run += "\xe4\xb8\xad\xe6\x96\x87";
        else if (k == 1) run += "abcdefghijklmnopqrstuvwxyz0123456789-._~"[run.size() % 40];
        else if (k == 2) run += run.size() % 9 == 8 ? ' ' : 'x';
        else run += generated(rng, 1, 0);
      }
      s += run.substr(0, len);
    }
    inputs.push_back(s);
  }
  expect_kernels_agree(inputs, {urix::sets::unreserved, urix::sets::query_param});
}

TEST(KernelDifferential, EscapeAtEveryPosition) {
  // A '%' (well-formed, cut short, or with a bad digit), a '+' or a multibyte character at
  // every position of otherwise clean text of lengths around the 16-, 32- and 64-byte
  // vectors (the AVX-512 decoder also steps by 62), where a SIMD kernel splits its work.
  std::vector<std::string> inputs;
  for (std::size_t n : {33U, 65U, 130U, 190U}) {
    for (std::size_t pos = 0; pos < n; ++pos) {
      for (std::string_view esc : {"%41", "%e9", "%4", "%", "%G1", "%4z", "+", " ", "\xc3\xa9"}) {
        std::string s(n, 'a');
        s.replace(pos, esc.size() < n - pos ? esc.size() : n - pos, esc.substr(0, n - pos));
        inputs.push_back(s);
      }
    }
  }
  expect_kernels_agree(inputs, {urix::sets::path});
}

TEST(KernelDifferential, EveryByteEscapedWithOneCleanByteAnywhere) {
  // Text in a non-Latin script escapes every byte: both SIMD encoders write such blocks
  // without packing. One clean byte moved through every position switches each block
  // between that path and the packing one, at every offset within it.
  std::string cjk;
  while (cjk.size() < 300) cjk += "\xe4\xb8\xad\xe6\x96\x87";  // U+4E2D U+6587
  std::vector<std::string> inputs{cjk};
  for (std::size_t pos = 0; pos < cjk.size(); ++pos) {
    std::string s = cjk;
    s[pos] = 'a';
    inputs.push_back(s);
  }
  expect_kernels_agree(inputs, {urix::sets::unreserved});
}

TEST(KernelDifferential, DenseEscapesAtEveryOffset) {
  // Back-to-back escapes ("%41%42..."), shifted by 0-2 bytes so every escape straddles a
  // block edge somewhere, with one malformed escape moved through each position.
  // The long ones (over 256 bytes) reach the AVX-512 decoder's plain stores, which rely on
  // the rest of the input decoding to at least 64 more bytes.
  std::vector<std::string> inputs;
  std::string dense;
  for (int k = 0; k < 70; ++k) dense += "%4" + std::string(1, "0123456789ABCDEF"[k % 16]);
  std::string long_dense;
  for (int k = 0; k < 200; ++k) long_dense += "%5" + std::string(1, "0123456789ABCDEF"[k % 16]);
  for (std::size_t shift = 0; shift < 3; ++shift) {
    inputs.push_back(std::string(shift, 'x') + long_dense);
    inputs.push_back(long_dense + std::string(shift, 'x'));
    const std::string base = std::string(shift, 'x') + dense;
    inputs.push_back(base);
    for (std::size_t bad = 0; bad < base.size(); bad += 5) {
      std::string s = base;
      s[bad] = s[bad] == '%' ? '+' : 'g';  // a stray '+' or a non-hex digit
      inputs.push_back(s);
    }
  }
  expect_kernels_agree(inputs, {urix::sets::unreserved});
}

TEST(KernelDifferential, EveryNamedSet) {
  // SPEC section 2: each named set, over every byte value and some mixed text.
  std::string all_bytes;
  for (int b = 0; b < 256; ++b) all_bytes += static_cast<char>(b);
  std::mt19937 rng(7);
  std::vector<std::string> inputs = {all_bytes, all_bytes.substr(0, 128), generated(rng, 200, 1)};
  std::vector<urix::charset> sets;
  for (const auto& named : urix::sets::named_sets) sets.push_back(named.set);
  expect_kernels_agree(inputs, sets);
}

TEST(KernelDifferential, Utf8AroundVectorEdges) {
  // Unicode 3.9 Table 3-7 sequences (and broken ones) straddling each 32/64-byte boundary:
  // the SIMD kernels skip ASCII a vector at a time and must hand over at the exact byte.
  std::vector<std::string> inputs;
  for (std::string_view seq : {"\xc3\xa9", "\xe4\xb8\xad", "\xf0\x9f\x98\x80", "\xed\xa0\x80", "\xc0\xaf", "\x80",
                               "\xf4\x90\x80\x80", "\xe4\xb8"}) {
    for (std::size_t pos : {0U, 1U, 15U, 16U, 30U, 31U, 32U, 33U, 62U, 63U, 64U, 65U, 95U, 96U, 127U, 128U}) {
      std::string s(pos, 'x');
      s += seq;
      s += std::string(40, 'y');
      inputs.push_back(s);
      inputs.push_back(s.substr(0, pos + seq.size()));  // the sequence ends the input
    }
  }
  expect_kernels_agree(inputs, {urix::sets::unreserved});
}

TEST(KernelDifferential, Utf8OnMultilingualTextWithDamage) {
  // The shared multilingual corpus (nine scripts, all well-formed UTF-8), whole and then
  // damaged: one byte replaced or the text cut at random places. validate_utf8 (Unicode 3.9
  // Table 3-7) must give every kernel's answer the same offset as the scalar one.
  if (const char* env = std::getenv("URIX_KERNEL"); env != nullptr && *env != '\0')
    GTEST_SKIP() << "forces every kernel itself: runs once, without URIX_KERNEL";
  auto_kernel restore;
  const std::filesystem::path dir = std::filesystem::path(URIX_TESTDATA) / "corpora" / "multilingual";
  std::vector<std::string> texts;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream f(entry.path(), std::ios::binary);
    texts.emplace_back(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  }
  ASSERT_GE(texts.size(), 9U) << dir;
  std::mt19937 rng(3629);
  std::vector<std::string> inputs;
  for (const std::string& text : texts) {
    inputs.push_back(text);
    std::uniform_int_distribution<std::size_t> where(0, text.size() - 1);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int k = 0; k < 40; ++k) {
      const std::size_t at = where(rng);
      std::string window = text.substr(at - at % 1000, 1500);  // a window around the damage
      window[at % 1000 < window.size() ? at % 1000 : 0] = static_cast<char>(byte(rng));
      inputs.push_back(window);
      inputs.push_back(text.substr(at - at % 1000, at % 1000 + 1));  // cut anywhere
    }
  }
  std::vector<std::string> reference;
  ASSERT_TRUE(urix::force_kernel("scalar"));
  for (const std::string& in : inputs) reference.push_back(show(urix::validate_utf8(heap_bytes(in).view())));
  EXPECT_EQ(reference.front(), "ok");
  for (std::string_view k : urix::available_kernels()) {
    ASSERT_TRUE(urix::force_kernel(k));
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      const heap_bytes in(inputs[i]);
      ASSERT_EQ(show(urix::validate_utf8(in.view())), reference[i]) << "kernel " << k << ", input " << i;
    }
  }
}

// ---- span_fixed: runs of the grammar's fixed sets --------------------------------
// Each kernel's span_fixed is called directly (the internal list), whatever kernel is active,
// and compared with a plain loop over charset::contains and with the scalar kernel.

using urix::detail::span_table;

struct fixed_set {
  std::string_view name;
  span_table table;
  urix::charset source;  // what the table was built from (span_table leaves out bytes >= 0x80)
};

// The sets the parser scans, and a few shapes around them.
const std::vector<fixed_set>& fixed_sets() {
  namespace sets = urix::sets;
  static const std::vector<fixed_set> all = [] {
    std::vector<fixed_set> v;
    const auto add = [&](std::string_view name, const urix::charset& set) {
      v.push_back({name, span_table(set), set});
    };
    add("reg-name", sets::host);
    add("segment-nz-nc", sets::segment_nc);
    add("path", sets::path);
    add("query", sets::query);
    add("scheme", sets::scheme);
    add("digit", sets::digit);
    add("empty", urix::charset());
    add("every byte", ~urix::charset());
    add("controls", urix::charset::range(0x00, 0x1F) | urix::charset("\x7f"));
    return v;
  }();
  return all;
}

// The bytes of s before the first that is not in `set`; a byte >= 0x80 never is.
std::size_t plain_span(std::string_view s, const urix::charset& set) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (static_cast<unsigned char>(s[i]) >= 0x80 || !set.contains(s[i])) return i;
  return s.size();
}

// The set's bytes, and some bytes outside it (ASCII ones, '%', NUL, and bytes >= 0x80).
std::string members(const fixed_set& f) {
  std::string m;
  for (unsigned c = 0; c < 0x80; ++c)
    if (f.source.contains(static_cast<unsigned char>(c))) m += static_cast<char>(c);
  return m;
}
std::string outsiders(const fixed_set& f) {
  std::string o;
  for (char c : {'%', '#', '/', ':', ' ', '\0', '\x7f', '\x80', '\xff'})
    if (!f.table.contains(c)) o += c;
  return o;
}

// n bytes of the set (none if it is empty), from `rng`.
std::string clean_text(std::mt19937& rng, const std::string& in_set, std::size_t n) {
  if (in_set.empty()) return std::string();
  std::uniform_int_distribution<std::size_t> pick(0, in_set.size() - 1);
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += in_set[pick(rng)];
  return s;
}

// Every kernel's span_fixed on s: on an exact-size heap copy (AddressSanitizer sees a read
// past it), and on s as the prefix of a longer buffer whose next bytes are in the set up to
// one that is not (a kernel that read past s could stop there instead).
void expect_span_fixed(const fixed_set& f, std::string_view s, const std::string& in_set) {
  const std::size_t expected = plain_span(s, f.source);
  const auto& scalar = *urix::detail::built_kernels().front();
  const heap_bytes exact(s);
  std::string longer(s);
  longer += in_set.substr(0, 40);
  longer += '\x80';
  const heap_bytes buffer(longer);
  ASSERT_EQ(scalar.span_fixed(exact.view().data(), s.size(), f.table), expected)
      << "scalar, set " << f.name << ", input " << urix_test::hex(s);
  for (const urix::detail::kernel* k : urix::detail::available_kernels()) {
    ASSERT_EQ(k->span_fixed(exact.view().data(), s.size(), f.table), expected)
        << k->name << ", set " << f.name << ", input " << urix_test::hex(s);
    ASSERT_EQ(k->span_fixed(buffer.view().data(), s.size(), f.table), expected)
        << k->name << ", set " << f.name << ", input " << urix_test::hex(s)
        << " as the prefix of " << urix_test::hex(longer);
  }
}

TEST(KernelDifferential, SpanTableHoldsTheAsciiPartOfItsSet) {
  for (const fixed_set& f : fixed_sets()) {
    for (unsigned c = 0; c < 256; ++c) {
      const auto b = static_cast<unsigned char>(c);
      const bool in = c < 0x80 && f.source.contains(b);
      EXPECT_EQ(f.table.contains(static_cast<char>(b)), in) << f.name << ", byte " << c;
      EXPECT_EQ(f.table.in[c], in ? 1 : 0) << f.name << ", byte " << c;
      if (c < 0x80) {
        EXPECT_EQ(((f.table.rows[c & 15] >> (c >> 4)) & 1U) != 0, in) << f.name << ", byte " << c;
      }
    }
  }
}

TEST(KernelDifferential, SpanFixedEveryLengthWithOneByteOutsideAnywhere) {
  // Lengths 0-129 cross every piece size and vector edge (4, 8, 16, 32 and 64 bytes and their
  // multiples), and the longer ones a block loop's second and third steps; the outside byte,
  // at every position, ends the run there.
  std::mt19937 rng(3030);
  std::vector<std::size_t> lengths(130);
  std::iota(lengths.begin(), lengths.end(), std::size_t{0});
  lengths.insert(lengths.end(), {191, 192, 193, 200, 256, 257});
  for (const fixed_set& f : fixed_sets()) {
    const std::string in_set = members(f);
    const std::string out = outsiders(f);
    for (const std::size_t n : lengths) {
      const std::string clean = clean_text(rng, in_set, n);
      expect_span_fixed(f, clean, in_set);
      for (std::size_t pos = 0; pos < clean.size(); ++pos) {
        for (char o : out) {
          std::string s = clean;
          s[pos] = o;
          expect_span_fixed(f, s, in_set);
        }
      }
    }
  }
}

TEST(KernelDifferential, SpanFixedEveryByteValueAtSeveralPositions) {
  std::mt19937 rng(256);
  for (const fixed_set& f : fixed_sets()) {
    const std::string in_set = members(f);
    for (std::size_t n :
         {1U, 3U, 4U, 5U, 7U, 8U, 9U, 15U, 16U, 17U, 31U, 32U, 33U, 47U, 64U, 65U, 100U}) {
      const std::string clean = clean_text(rng, in_set, n);
      if (clean.size() != n) continue;
      for (std::size_t pos : {std::size_t{0}, std::size_t{1}, n / 2, n - 8, n - 4, n - 2, n - 1}) {
        if (pos >= n) continue;
        for (unsigned b = 0; b < 256; ++b) {
          std::string s = clean;
          s[pos] = static_cast<char>(b);
          expect_span_fixed(f, s, in_set);
        }
      }
    }
  }
}

TEST(KernelDifferential, SpanFixedRandomBytes) {
  // Runs broken at random rates: mostly the set's bytes, or random bytes of every value.
  std::mt19937 rng(45);
  std::uniform_int_distribution<std::size_t> len(0, 200);
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<int> percent(0, 99);
  for (const fixed_set& f : fixed_sets()) {
    const std::string in_set = members(f);
    for (int rate : {0, 1, 3, 10, 50, 100}) {
      for (int k = 0; k < 200; ++k) {
        const std::size_t n = len(rng);
        std::string s = clean_text(rng, in_set, n);
        s.resize(n, '\0');
        for (char& c : s)
          if (in_set.empty() || percent(rng) < rate) c = static_cast<char>(byte(rng));
        expect_span_fixed(f, s, in_set);
      }
    }
  }
}

// kernel::base64_decode as its contract says, from the alphabet's text (not the kernels'
// tables): whole groups of alphabet bytes, up to the first group that holds another byte.
urix::detail::decode_progress base64_groups_as_specified(std::string_view s, std::string& out) {
  constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::size_t i = 0;
  for (; s.size() - i >= 4; i += 4) {
    unsigned v = 0;
    bool in_alphabet = true;
    for (std::size_t k = 0; k < 4; ++k) {
      const std::size_t d = alphabet.find(s[i + k]);
      in_alphabet = in_alphabet && d != std::string_view::npos;
      v = v << 6 | static_cast<unsigned>(d & 63);
    }
    if (!in_alphabet) break;
    for (int shift : {16, 8, 0}) out += static_cast<char>((v >> shift) & 0xFF);
  }
  return {i, out.size()};
}

// Every kernel this CPU runs, on an exact-size copy of `s`, into an output with guard bytes
// after the room the input could fill: the reference's groups, and nothing written past them.
void expect_base64_decode(std::string_view s) {
  std::string expected;
  const auto want = base64_groups_as_specified(s, expected);
  const heap_bytes exact(s);
  for (const urix::detail::kernel* k : urix::detail::available_kernels()) {
    std::string out(s.size() / 4 * 3 + 64, '#');
    const auto got = k->base64_decode(out.data(), exact.view().data(), s.size());
    ASSERT_EQ(got.read, want.read) << k->name << ", input " << urix_test::hex(s);
    ASSERT_EQ(got.written, want.written) << k->name << ", input " << urix_test::hex(s);
    ASSERT_EQ(out, expected + std::string(out.size() - expected.size(), '#'))
        << k->name << ", input " << urix_test::hex(s);
  }
}

std::string base64_text(std::mt19937& rng, std::size_t n) {
  constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string s(n, 'A');
  for (char& c : s) c = alphabet[rng() % alphabet.size()];
  return s;
}

TEST(KernelDifferential, Base64EveryLengthWithOneByteOutsideAnywhere) {
  // Lengths across the 32- and 64-byte blocks and their tails; each outsider is next to a run
  // of the alphabet, or one of its bytes with the top bit set, or what a data: URL holds.
  std::mt19937 rng(4648);
  std::vector<std::size_t> lengths(140);
  std::iota(lengths.begin(), lengths.end(), std::size_t{0});
  lengths.insert(lengths.end(), {191, 192, 193, 255, 256, 257, 260});
  static constexpr char outsider_bytes[] = "=@[`{*,.:-_ \n\t%\0\x80\xAB\xC1\xE1\xFF";
  constexpr std::string_view outsiders(outsider_bytes, sizeof outsider_bytes - 1);  // with the NUL
  for (const std::size_t n : lengths) {
    const std::string clean = base64_text(rng, n);
    expect_base64_decode(clean);
    for (std::size_t pos = 0; pos < n; ++pos) {
      for (char o : outsiders) {
        std::string s = clean;
        s[pos] = o;
        expect_base64_decode(s);
      }
    }
  }
}

TEST(KernelDifferential, Base64EveryByteValueAtSeveralPositions) {
  std::mt19937 rng(2045);
  for (std::size_t n : {4U, 8U, 31U, 32U, 33U, 64U, 65U, 100U, 128U, 131U}) {
    const std::string clean = base64_text(rng, n);
    for (std::size_t pos : {std::size_t{0}, std::size_t{1}, n / 2, n - 5, n - 4, n - 1}) {
      if (pos >= n) continue;
      for (unsigned b = 0; b < 256; ++b) {
        std::string s = clean;
        s[pos] = static_cast<char>(b);
        expect_base64_decode(s);
      }
    }
  }
}

// SIMD kernels load and store with masks, which AddressSanitizer does not see and which
// never fault inside a mapped page. So the input here is a prefix of a longer buffer whose
// next bytes would change the output if a kernel read them, and the output span is followed
// by guard bytes that no kernel may touch: every length around the 64- and 128-byte edges,
// for text without escapes (copied whole) and with them. The expected encodings come from
// the scalar kernel, on exact-size copies.
TEST(KernelBounds, NoKernelReadsPastItsInputOrWritesPastItsOutput) {
  if (const char* env = std::getenv("URIX_KERNEL"); env != nullptr && *env != '\0')
    GTEST_SKIP() << "forces every kernel itself: runs once, without URIX_KERNEL";
  auto_kernel restore;
  constexpr std::size_t guard = 192;
  constexpr std::size_t longest = 200;
  const std::string clean(400, 'a');
  std::string mixed;
  while (mixed.size() < 400) mixed += "a/b";
  const std::vector<std::string> texts = {clean, mixed};
  ASSERT_TRUE(urix::force_kernel("scalar"));
  std::vector<std::vector<std::string>> encodings(texts.size());
  for (std::size_t t = 0; t < texts.size(); ++t)
    for (std::size_t n = 0; n <= longest; ++n)
      encodings[t].push_back(
          urix::encode(heap_bytes(texts[t].substr(0, n)).view(), urix::sets::unreserved));
  for (std::string_view k : urix::available_kernels()) {
    ASSERT_TRUE(urix::force_kernel(k));
    for (std::size_t t = 0; t < texts.size(); ++t) {
      for (std::size_t n = 0; n <= longest; ++n) {
        const std::string_view in(texts[t].data(), n);  // texts[t][n...] lies past the input
        const std::string& expected = encodings[t][n];
        std::string out(expected.size() + guard, '#');
        const auto r = urix::encode_to({out.data(), expected.size()}, in, urix::sets::unreserved);
        ASSERT_TRUE(r) << k << ", " << n << " bytes";
        EXPECT_EQ(out, expected + std::string(guard, '#')) << k << ", encode of " << n << " bytes";
        const std::string encoded = expected + std::string(guard, 'a');  // past the input
        std::string plain(n + guard, '#');
        const auto d =
            urix::decode_to({plain.data(), n}, std::string_view(encoded.data(), expected.size()));
        ASSERT_TRUE(d) << k << ", " << n << " bytes";
        EXPECT_EQ(plain, std::string(in) + std::string(guard, '#'))
            << k << ", decode of " << n << " bytes";
      }
    }
  }
}

}  // namespace
