// SPDX-License-Identifier: Apache-2.0 OR MIT
// main() of every GoogleTest program in tests/. A run forced onto a kernel that this build has
// but this CPU cannot run (URIX_KERNEL=avx512 without AVX-512, as ctest's per-kernel runs may
// ask) is skipped, exit status 77 (ctest's SKIP_RETURN_CODE): the library would fall back to
// another kernel, and the run would pass without testing the kernel it names. A name that is
// no kernel of this build still runs: the library's documented fallback is under test there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string_view>

#include "urix/kernel.h"

namespace {

bool has(std::span<const std::string_view> names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  const char* forced = std::getenv("URIX_KERNEL");
  if (forced != nullptr && !GTEST_FLAG_GET(list_tests) && has(urix::built_kernels(), forced) &&
      !has(urix::available_kernels(), forced)) {
    std::printf("URIX_KERNEL=%s: this CPU cannot run that kernel; SKIPPED\n", forced);
    return 77;
  }
  return RUN_ALL_TESTS();
}
