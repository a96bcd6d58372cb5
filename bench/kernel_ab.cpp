// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/kernel_ab.cpp: two builds of one kernel source, timed in one process (see bench/ab.sh).
//
// This host changes speed by 10-50 % for minutes at a time, so two binaries run one after the
// other can disagree by more than the change under test. Here both builds live in one binary
// (kernel_a: the old source, kernel_b: the new one) and take turns inside every repetition,
// in alternating order. The report gives the fastest repetition of each and the median of the
// per-repetition ratios: a slow phase slows both sides of a ratio alike. (An A/A run agrees
// within 0.5 %.)
//
//   kernel_ab OP [REPS]   OP: enc (both sets of the suite), dec (escape-heavy: each corpus
//                         encoded), decc (each corpus as it is); REPS: default 20
// Environment: CORPUS (one corpus only), LMIN / LMAX (per-call rows: only lines of that many
// bytes), URIX_BENCH_SCALE (bytes per generated corpus), URIX_TESTDATA, AB_UNCHECKED (time
// B even where its output differs from A's: for ablations, variants wrong on purpose).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "corpora.h"
#include "kernels/interface.h"
#include "scratch.h"
#include "urix/kernel.h"
#include "urix/sets.h"

namespace urix::detail {
extern const kernel kernel_a;
extern const kernel kernel_b;
}  // namespace urix::detail

namespace {

using urix::detail::kernel;
using clock_type = std::chrono::steady_clock;

std::size_t env_size(const char* name, std::size_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::strtoul(v, nullptr, 10) : fallback;
}

// One call of the operation under test.
struct op {
  bool encode;
  const urix::charset* set;  // encode only

  urix::result<std::size_t> call(const kernel& k, char* out, std::string_view in) const noexcept {
    return encode ? k.encode(out, in.data(), in.size(), *set, urix::detail::upper_hex, false)
                  : k.decode(out, in.data(), in.size(), false, false);
  }
  // The bytes written, or 0 (a malformed escape in a corpus decoded as it is).
  std::size_t run(const kernel& k, char* out, std::string_view in) const noexcept {
    const urix::result<std::size_t> r = call(k, out, in);
    return r ? *r : 0;
  }
};

double nanoseconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double, std::nano>(clock_type::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Whether both kernels give the same result for `in`, the same bytes or the same error: a
// timing of a broken variant is moot.
bool agree(const op& o, const kernel* const (&sides)[2], std::string_view in) {
  std::vector<char> out[2] = {std::vector<char>(3 * in.size()), std::vector<char>(3 * in.size())};
  const urix::result<std::size_t> a = o.call(*sides[0], out[0].data(), in);
  const urix::result<std::size_t> b = o.call(*sides[1], out[1].data(), in);
  if (!a || !b) return !a && !b && a.error() == b.error();
  return std::string_view(out[0].data(), *a) == std::string_view(out[1].data(), *b);
}

// Times `o` over `c` with both kernels and prints two rows: the whole buffer in GB/s and one
// call per line in ns.
void compare(const std::string& row, const op& o, const urix_bench::corpus& c, int reps) {
  const std::size_t lmin = env_size("LMIN", 0);
  const std::size_t lmax = env_size("LMAX", ~std::size_t{0});
  std::vector<std::string_view> lines;
  std::size_t longest = 0;
  for (const std::string& l : c.lines)
    if (l.size() >= lmin && l.size() <= lmax) {
      lines.emplace_back(l);
      longest = std::max(longest, l.size());
    }
  // Output at the start of a page, as in the suite (scratch.h).
  const urix_bench::page_scratch scratch(3 * std::max(c.whole.size(), longest) + 1);
  char* const out = scratch.data();

  const kernel* sides[2] = {&urix::detail::kernel_a, &urix::detail::kernel_b};
  if (!agree(o, sides, c.whole) ||
      !std::all_of(lines.begin(), lines.end(), [&](std::string_view l) { return agree(o, sides, l); })) {
    std::fprintf(stderr, "kernel_ab: %s: A and B write different output\n", row.c_str());
    if (std::getenv("AB_UNCHECKED") == nullptr) std::exit(1);
  }
  double whole_best[2] = {1e300, 1e300};
  double line_best[2] = {1e300, 1e300};
  std::vector<double> whole_ratio;
  std::vector<double> line_ratio;
  for (int r = 0; r < reps; ++r) {
    double whole_ns[2];
    double line_ns[2];
    for (int turn = 0; turn < 2; ++turn) {
      const int s = (r % 2 == 0) ? turn : 1 - turn;
      const kernel& k = *sides[s];
      auto t0 = clock_type::now();
      std::size_t sink = o.run(k, out, c.whole);
      whole_ns[s] = nanoseconds_since(t0);
      t0 = clock_type::now();
      for (std::string_view l : lines) {
        sink += o.run(k, out, l);
        asm volatile("" : "+r"(sink) : : "memory");  // each call's output is used
      }
      line_ns[s] = lines.empty() ? 0 : nanoseconds_since(t0) / static_cast<double>(lines.size());
      asm volatile("" : : "r"(sink));
    }
    for (int s = 0; s < 2; ++s) {
      whole_best[s] = std::min(whole_best[s], whole_ns[s]);
      line_best[s] = std::min(line_best[s], line_ns[s]);
    }
    whole_ratio.push_back(whole_ns[1] / whole_ns[0]);
    line_ratio.push_back(line_ns[1] / line_ns[0]);
  }
  const auto bytes = static_cast<double>(c.whole.size());
  std::printf("%-30s %8.2f GB/s %8.2f GB/s %7.3f\n", (row + " whole").c_str(), bytes / whole_best[0],
              bytes / whole_best[1], median(whole_ratio));
  if (!lines.empty())
    std::printf("%-30s %8.2f ns   %8.2f ns   %7.3f   (%zu lines)\n", (row + " line").c_str(),
                line_best[0], line_best[1], median(line_ratio), lines.size());
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  if (what != "enc" && what != "dec" && what != "decc") {
    std::fprintf(stderr, "usage: kernel_ab enc|dec|decc [REPS]\n");
    return 2;
  }
  // Both sides run the kernel's instructions directly, not through the dispatcher.
  const auto kernels = urix::available_kernels();
  if (std::find(kernels.begin(), kernels.end(), URIX_AB_KERNEL_NAME) == kernels.end()) {
    std::fprintf(stderr, "kernel_ab: this CPU cannot run the %s kernel; nothing to compare\n",
                 URIX_AB_KERNEL_NAME);
    return 77;
  }
  const int reps = argc > 2 ? std::max(1, std::atoi(argv[2])) : 20;
  const char* testdata = std::getenv("URIX_TESTDATA");
  const char* only = std::getenv("CORPUS");
  const auto corpora = urix_bench::load_corpora(testdata != nullptr ? testdata : URIX_TESTDATA,
                                                env_size("URIX_BENCH_SCALE", 4U << 20));
  std::printf("%-30s %13s %13s %7s\n", "row (A = old, B = new)", "A", "B", "B/A");
  for (const urix_bench::corpus& c : corpora) {
    if (only != nullptr && c.name != only) continue;
    if (what == "enc") {
      compare("enc_component/" + c.name, {true, &urix::sets::unreserved}, c, reps);
      compare("enc_query/" + c.name, {true, &urix::sets::query}, c, reps);
    } else if (what == "dec") {
      compare("dec_escaped/" + c.name, {false, nullptr}, urix_bench::encoded(c), reps);
    } else {
      compare("dec_clean/" + c.name, {false, nullptr}, c, reps);
    }
  }
  std::printf("B/A: the median ratio of B's time to A's (below 1: B is faster)\n");
}
