// SPDX-License-Identifier: Apache-2.0 OR MIT
// kernel_dump: kernel_dump DIR writes DIR/KERNEL.txt for every kernel this CPU runs: one line
// per input of the differential corpus, "INDEX SIZE HASH", HASH the FNV-1a hash of the input's
// transcript (kernel_transcript.h: every output byte, size, error code and offset). Every file
// of one build, and of every build on every architecture, must be the same: tools/aarch64.sh
// compares the AArch64 build's files (run under qemu) with the x86-64 build's.
//
// The corpus: the generated inputs of KernelDifferential.EveryLengthUpTo129 and
// LongerRandomInputs (std::mt19937 is the same everywhere; both builds use libstdc++'s
// distributions), each multilingual text in windows of 1000 bytes, and the first 3000 real
// URLs of corpora/kasztp.txt.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "kernel_transcript.h"
#include "urix/kernel.h"

namespace {

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::vector<std::string> corpus() {
  std::vector<std::string> inputs;
  std::mt19937 rng(20261122);
  for (std::size_t n = 0; n <= 129; ++n)
    for (int kind = 0; kind < 3; ++kind) inputs.push_back(urix_test::generated(rng, n, kind));
  std::mt19937 rng2(5);
  std::uniform_int_distribution<std::size_t> len(130, 700);
  for (int i = 0; i < 30; ++i) inputs.push_back(urix_test::generated(rng2, len(rng2), i % 3));
  const std::filesystem::path data = std::filesystem::path(URIX_TESTDATA) / "corpora";
  std::vector<std::filesystem::path> texts;
  for (const auto& entry : std::filesystem::directory_iterator(data / "multilingual")) texts.push_back(entry.path());
  std::sort(texts.begin(), texts.end());  // the same order on every machine
  for (const auto& path : texts) {
    const std::string text = read_file(path);
    for (std::size_t at = 0; at < text.size(); at += 1000) inputs.push_back(text.substr(at, 1000));
  }
  std::ifstream urls(data / "kasztp.txt", std::ios::binary);
  std::string line;
  for (int i = 0; i < 3000 && std::getline(urls, line); ++i) inputs.push_back(line);
  return inputs;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: kernel_dump DIR\n");
    return 2;
  }
  const std::vector<std::string> inputs = corpus();
  const std::vector<urix::charset> sets = {urix::sets::unreserved, urix::sets::query_param, urix::sets::path};
  std::filesystem::create_directories(argv[1]);
  for (std::string_view k : urix::available_kernels()) {
    if (!urix::force_kernel(k)) return 1;
    const std::filesystem::path out = std::filesystem::path(argv[1]) / (std::string(k) + ".txt");
    std::FILE* f = std::fopen(out.c_str(), "w");
    if (f == nullptr) return 1;
    for (std::size_t i = 0; i < inputs.size(); ++i)
      std::fprintf(f, "%zu %zu %016llx\n", i, inputs[i].size(),
                   static_cast<unsigned long long>(fnv1a(urix_test::transcript(inputs[i], sets))));
    if (std::fclose(f) != 0) return 1;
    std::printf("%s: %zu inputs\n", out.c_str(), inputs.size());
  }
  return 0;
}
