// SPDX-License-Identifier: Apache-2.0 OR MIT
// fuzz/replay_main.cpp: main() for builds without libFuzzer. Runs LLVMFuzzerTestOneInput
// once on each file named on the command line, and on each file inside each directory named,
// so every normal build compiles the fuzz targets and ctest replays their seed corpora and
// past findings. Arguments starting with '-' (libFuzzer flags) are ignored.
//
//   build/dev/fuzz/urix_fuzz_decode fuzz/corpus/decode crash-1234
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool replay(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot read %s\n", file.c_str());
    return false;
  }
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                std::istreambuf_iterator<char>()};
  // An exact-size heap copy, so AddressSanitizer sees any read past the end.
  const auto copy = std::make_unique<std::uint8_t[]>(bytes.size());
  std::copy(bytes.begin(), bytes.end(), copy.get());
  LLVMFuzzerTestOneInput(copy.get(), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::size_t runs = 0;
  bool ok = true;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg.starts_with('-')) continue;
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      std::vector<fs::path> files;
      for (const auto& entry : fs::recursive_directory_iterator(arg))
        if (entry.is_regular_file()) files.push_back(entry.path());
      std::sort(files.begin(), files.end());  // a stable order makes failures reproducible
      for (const auto& f : files) {
        ok = replay(f) && ok;
        ++runs;
      }
    } else {
      ok = replay(arg) && ok;
      ++runs;
    }
  }
  std::printf("replay: %zu inputs, %s\n", runs, ok ? "all passed" : "some unreadable");
  return ok && runs > 0 ? 0 : 1;
}
