// SPDX-License-Identifier: Apache-2.0 OR MIT
// list_kernels: prints the name of every kernel the library was built with, one per line,
// whether or not this CPU runs it. ctest asks it which per-kernel runs to add
// (tests/per_kernel_tests.cmake).
#include <cstdio>
#include <string_view>

#include "urix/kernel.h"

int main() {
  for (std::string_view k : urix::built_kernels())
    std::printf("%.*s\n", static_cast<int>(k.size()), k.data());
  return 0;
}
