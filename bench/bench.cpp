// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/bench.cpp: urix (each kernel) against memcpy and the peers, in one run.
//
// Benchmarks are named OP/CORPUS/GRANULARITY/IMPL:
//   OP           enc_component (RFC 3986 unreserved), enc_query (pchar / "/" / "?"),
//                dec_clean (the corpus itself: few or no escapes), dec_escaped (its
//                component encoding: escape-heavy)
//   CORPUS       see corpora.h
//   GRANULARITY  line (one call per line: ns/call) or whole (one call per corpus: GB/s)
//   IMPL         memcpy and string_copy (the limits), urix-KERNEL (caller's buffer),
//                urix-str (the std::string form), urix-str3x (the std::string form built by
//                sizing for the worst case and shrinking: the alternative the docs weigh),
//                each peer (peers.h), and call_floor / call_floor_loop (lines only: the
//                cheapest calls of urix's shape, floors.h), and for dec_escaped
//                call_floor_pack and call_floor_hex (calls of that shape that only pack,
//                or pack and convert the digits without checking them: floors.h)
// bench/report.py turns the JSON output into the tables of docs/performance.md.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "corpora.h"
#include "floors.h"
#include "peers.h"
#include "scratch.h"
#include "urix/kernel.h"
#include "urix/pct.h"
#include "urix/sets.h"

namespace urix_bench {
namespace {

// ---- The limits -----------------------------------------------------------------------------

std::size_t copy_memcpy(const std::string& in, char* out) {
  std::memcpy(out, in.data(), in.size());
  return in.size();
}

std::size_t copy_string(const std::string& in, char*) {
  std::string s(in);
  benchmark::DoNotOptimize(s.data());
  return s.size();
}

// ---- urix -----------------------------------------------------------------------------------
// `out` holds at least 3 * in.size() + 1 bytes: encode_to cannot fail, decode_to neither.

template <const urix::charset& Set>
std::size_t urix_encode_buf(const std::string& in, char* out) {
  return *urix::encode_to({out, 3 * in.size() + 1}, in, Set);
}

template <const urix::charset& Set>
std::size_t urix_encode_str(const std::string& in, char*) {
  std::string s = urix::encode(in, Set);
  benchmark::DoNotOptimize(s.data());
  return s.size();
}

// The other way to build a std::string: size for the worst case (3 bytes per input byte),
// encode once, cut to size. One pass over the input instead of two, but a 3x allocation whose
// slack stays in the string's capacity.
template <const urix::charset& Set>
std::size_t urix_encode_str3x(const std::string& in, char*) {
  std::string s(3 * in.size(), '\0');
  s.resize(*urix::encode_to(s, in, Set));
  benchmark::DoNotOptimize(s.data());
  return s.size();
}

std::size_t urix_decode_buf(const std::string& in, char* out) {
  auto r = urix::decode_to({out, in.size()}, in);
  return r ? *r : 0;
}

std::size_t urix_decode_str(const std::string& in, char*) {
  auto r = urix::decode(in);
  if (!r) return 0;
  benchmark::DoNotOptimize(r->data());
  return r->size();
}

// ---- Harness --------------------------------------------------------------------------------

struct input {
  const corpus* c;
  std::size_t max_size;  // of any one call's input
};

void run_lines(benchmark::State& st, input in, codec_fn fn, std::string kernel) {
  if (!kernel.empty()) urix::force_kernel(kernel);
  const page_scratch scratch(3 * in.max_size + 1);
  for (auto _ : st)
    for (const std::string& line : in.c->lines) benchmark::DoNotOptimize(fn(line, scratch.data()));
  st.SetBytesProcessed(st.iterations() * static_cast<std::int64_t>(in.c->line_bytes));
  st.SetItemsProcessed(st.iterations() * static_cast<std::int64_t>(in.c->lines.size()));
}

void run_whole(benchmark::State& st, input in, codec_fn fn, std::string kernel) {
  if (!kernel.empty()) urix::force_kernel(kernel);
  std::vector<char> scratch(3 * in.c->whole.size() + 1, 1);
  for (auto _ : st) benchmark::DoNotOptimize(fn(in.c->whole, scratch.data()));
  st.SetBytesProcessed(st.iterations() * static_cast<std::int64_t>(in.c->whole.size()));
  st.SetItemsProcessed(st.iterations());
}

struct impl {
  std::string name;
  codec_fn fn;
  std::string kernel;  // forced before the benchmark runs ("" = leave as is)
  bool escaped_only = false;  // a bound on decoding escaped text: not run on the corpus itself
};

std::vector<impl> implementations(op o) {
  std::vector<impl> all = {{"memcpy", copy_memcpy, ""}, {"string_copy", copy_string, ""}};
  const std::string best(urix::available_kernels().back());
  for (std::string_view k : urix::available_kernels()) {
    codec_fn buf = o == op::decode               ? urix_decode_buf
                   : o == op::encode_query       ? urix_encode_buf<urix::sets::query>
                                                 : urix_encode_buf<urix::sets::unreserved>;
    all.push_back({"urix-" + std::string(k), buf, std::string(k)});
  }
  if (o == op::decode) {
    all.push_back({"urix-str", urix_decode_str, best});
  } else if (o == op::encode_query) {
    all.push_back({"urix-str", urix_encode_str<urix::sets::query>, best});
  } else {
    all.push_back({"urix-str", urix_encode_str<urix::sets::unreserved>, best});
    all.push_back({"urix-str3x", urix_encode_str3x<urix::sets::unreserved>, best});
  }
  for (const peer& p : peers_for(o)) all.push_back({std::string(p.name), p.fn, ""});
  for (const auto& [name, floor] : call_floors()) all.push_back({name, floor, ""});
  if (o == op::decode)
    for (const auto& [name, floor] : decode_call_floors()) all.push_back({name, floor, "", true});
  return all;
}

std::size_t longest_line(const corpus& c) {
  std::size_t n = 0;
  for (const std::string& l : c.lines) n = std::max(n, l.size());
  return n;
}

// Output sizes of every peer against urix on the whole corpus and every line: a cheap guard
// that all of them did the same work (reported on stderr, never fatal).
void cross_check(std::string_view name, const corpus& c, const std::vector<impl>& impls) {
  const impl* ref = nullptr;
  for (const impl& i : impls)
    if (i.name == "urix-scalar") ref = &i;
  std::vector<char> scratch(3 * c.whole.size() + 1);
  urix::force_kernel("scalar");
  const std::size_t want = ref->fn(c.whole, scratch.data());
  for (const impl& i : impls) {
    if (i.name == "memcpy" || i.name == "string_copy" || i.name.starts_with("call_floor")) continue;
    if (!i.kernel.empty()) urix::force_kernel(i.kernel);
    std::size_t differ = 0;
    for (const std::string& l : c.lines) {
      urix::force_kernel("scalar");
      const std::size_t expect = ref->fn(l, scratch.data());
      if (!i.kernel.empty()) urix::force_kernel(i.kernel);
      differ += i.fn(l, scratch.data()) != expect ? 1U : 0U;
    }
    const std::size_t whole = i.fn(c.whole, scratch.data());
    if (differ != 0 || whole != want)
      std::cerr << "note: " << name << '/' << c.name << ' ' << i.name << ": output size differs from urix on "
                << differ << " of " << c.lines.size() << " lines" << (whole != want ? " and on the whole corpus" : "")
                << '\n';
  }
  urix::force_kernel("auto");
}

void register_all(const std::vector<corpus>& raw, const std::vector<corpus>& escaped, bool check) {
  struct op_desc {
    const char* name;
    op o;
    const std::vector<corpus>* inputs;
  };
  const op_desc ops[] = {{"enc_component", op::encode_component, &raw},
                         {"enc_query", op::encode_query, &raw},
                         {"dec_clean", op::decode, &raw},
                         {"dec_escaped", op::decode, &escaped}};
  for (const op_desc& d : ops) {
    const std::vector<impl> impls = implementations(d.o);
    for (const corpus& c : *d.inputs) {
      if (check) cross_check(d.name, c, impls);
      const input line_in{&c, longest_line(c)};
      const input whole_in{&c, c.whole.size()};
      for (const impl& i : impls) {
        if (i.escaped_only && d.inputs != &escaped) continue;  // the corpus itself has few escapes
        const std::string base = std::string(d.name) + "/" + c.name + "/";
        benchmark::RegisterBenchmark((base + "line/" + i.name).c_str(), run_lines, line_in, i.fn, i.kernel);
        // One copy of the whole buffer is memcpy again; the call floor is a per-call bound.
        if (i.name != "string_copy" && !i.name.starts_with("call_floor"))
          benchmark::RegisterBenchmark((base + "whole/" + i.name).c_str(), run_whole, whole_in, i.fn, i.kernel);
      }
    }
  }
}

}  // namespace
}  // namespace urix_bench

int main(int argc, char** argv) {
  // Whole-buffer calls allocate up to ~30 MB: keep those in the heap instead of a fresh mmap
  // (and page faults) per call, so the benchmark measures steady-state allocation.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  benchmark::Initialize(&argc, argv);
  const char* data = std::getenv("URIX_TESTDATA");
  const char* scale = std::getenv("URIX_BENCH_SCALE");
  const char* check = std::getenv("URIX_BENCH_CHECK");
  const std::vector<urix_bench::corpus> raw =
      urix_bench::load_corpora(data != nullptr ? data : URIX_TESTDATA, scale != nullptr ? std::stoul(scale) : 4U << 20);
  std::vector<urix_bench::corpus> escaped;
  for (const auto& c : raw) escaped.push_back(urix_bench::encoded(c));
  for (const auto& c : raw)
    std::cerr << "corpus " << c.name << ": " << c.whole.size() << " bytes, " << c.lines.size() << " lines of "
              << (c.lines.empty() ? 0 : c.line_bytes / c.lines.size()) << " bytes on average\n";
  urix_bench::init_peers();
  urix_bench::register_all(raw, escaped, check == nullptr || std::string(check) != "0");
  urix_bench::register_floors(raw, escaped);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
