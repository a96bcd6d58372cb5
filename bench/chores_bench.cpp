// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix_chores_bench: the chores of SPEC 14, timed (Google Benchmark). ./bench.sh runs it
// (BENCH_ONLY=chores: this room alone); or run it alone: build/<preset>/bench/urix_chores_bench.
//   site/urix, site/libpsl   the registrable domain of every host of the corpora (~97,000),
//                            by urix and by libpsl loaded from the same list (Debian's .dat)
//   data_url/base64, data_url/percent   parse_data_url of a 64 KiB body, base64 and escaped
//   data_url/short, data_url/short_base64   a short data: URL, escaped and base64: the cost
//                                        of a call (allocations, the MIME type)
//   path_to_uri, uri_to_path             POSIX paths of the corpora's URL paths
// bench/python/chores_bench.py times the Python side against base64 + urllib and pathlib.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "urix/data_url.h"
#include "urix/file_path.h"
#include "urix/pct.h"
#include "urix/uri.h"
#if URIX_BENCH_SITE
#include <libpsl.h>

#include "urix/site.h"
#endif

namespace {

// $URIX_TESTDATA as the other suites read it (bench.sh sets it), else the configured one.
std::string testdata() {
  const char* env = std::getenv("URIX_TESTDATA");
  return env != nullptr ? env : URIX_TESTDATA;
}

std::vector<std::string> corpus_lines() {
  std::vector<std::string> lines;
  for (const char* name : {"kasztp.txt", "node_files.txt", "isaacs_files.txt"}) {
    std::ifstream file(testdata() + "/corpora/" + name, std::ios::binary);
    for (std::string line; std::getline(file, line);) lines.push_back(line);
  }
  return lines;
}

// The corpora's hosts (decoded, lowercase) and URL paths.
struct inputs {
  std::vector<std::string> hosts, paths;
  inputs() {
    for (const std::string& line : corpus_lines()) {
      auto u = urix::parse_uri(line);
      if (!u) continue;
      if (u->host && !u->host->empty() && u->host_kind == urix::host_type::reg_name) {
        auto h = urix::decode(*u->host);
        if (h && h->find('\0') == std::string::npos) {
          for (char& c : *h) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
          hosts.push_back(*h);
        }
      }
      if (u->path.starts_with('/')) {
        auto p = urix::decode(u->path);
        if (p && p->find('\0') == std::string::npos) paths.push_back(*p);
      }
    }
  }
};
const inputs& data() {
  static const inputs in;
  return in;
}

#if URIX_BENCH_SITE
std::string read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

void site_urix(benchmark::State& state) {
  const auto list = *urix::public_suffix_list::parse(read_file(std::string(urix::default_public_suffix_list_path)));
  const auto& hosts = data().hosts;
  for (auto _ : state)
    for (const std::string& h : hosts) benchmark::DoNotOptimize(list.registrable_domain(h));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hosts.size()));
}
BENCHMARK(site_urix)->Name("site/urix")->Unit(benchmark::kMillisecond);

void site_libpsl(benchmark::State& state) {
  psl_ctx_t* psl = psl_load_file(std::string(urix::default_public_suffix_list_path).c_str());
  const auto& hosts = data().hosts;
  for (auto _ : state)
    for (const std::string& h : hosts) benchmark::DoNotOptimize(psl_registrable_domain(psl, h.c_str()));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hosts.size()));
  psl_free(psl);
}
BENCHMARK(site_libpsl)->Name("site/libpsl")->Unit(benchmark::kMillisecond);
#endif

std::string body_bytes() {
  std::string b;
  for (int i = 0; i < 65536; ++i) b += static_cast<char>((i * 131) & 0xFF);
  return b;
}

void data_url_base64(benchmark::State& state) {
  static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const std::string body = body_bytes();
  std::string url = "data:application/octet-stream;base64,";
  for (std::size_t i = 0; i + 2 < body.size(); i += 3) {
    const unsigned v = static_cast<unsigned char>(body[i]) << 16 | static_cast<unsigned char>(body[i + 1]) << 8 |
                       static_cast<unsigned char>(body[i + 2]);
    for (int s = 18; s >= 0; s -= 6) url += alphabet[(v >> s) & 63];
  }
  for (auto _ : state) benchmark::DoNotOptimize(urix::parse_data_url(url));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(url.size()));
}
BENCHMARK(data_url_base64)->Name("data_url/base64");

void data_url_percent(benchmark::State& state) {
  const std::string url = "data:text/plain," + urix::encode(body_bytes(), urix::sets::unreserved);
  for (auto _ : state) benchmark::DoNotOptimize(urix::parse_data_url(url));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(url.size()));
}
BENCHMARK(data_url_percent)->Name("data_url/percent");

void data_url_short(benchmark::State& state, const char* url) {
  for (auto _ : state) benchmark::DoNotOptimize(urix::parse_data_url(url));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(data_url_short, escaped, "data:text/plain;charset=utf-8,Hello%2C%20World")
    ->Name("data_url/short");
BENCHMARK_CAPTURE(data_url_short, base64, "data:text/plain;base64,SGVsbG8=")->Name("data_url/short_base64");

void path_to_uri(benchmark::State& state) {
  const auto& paths = data().paths;
  for (auto _ : state)
    for (const std::string& p : paths) benchmark::DoNotOptimize(urix::path_to_uri(p));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(paths.size()));
}
BENCHMARK(path_to_uri)->Name("path_to_uri")->Unit(benchmark::kMillisecond);

void uri_to_path(benchmark::State& state) {
  std::vector<std::string> uris;
  for (const std::string& p : data().paths) uris.push_back(*urix::path_to_uri(p));
  for (auto _ : state)
    for (const std::string& u : uris) benchmark::DoNotOptimize(urix::uri_to_path(u));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(uris.size()));
}
BENCHMARK(uri_to_path)->Name("uri_to_path")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
