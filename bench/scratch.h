// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/scratch.h: where the benchmarks write their output.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>

namespace urix_bench {

// The output of every call of a line benchmark: the start of a page, touched once. A 64-byte
// store that spans two pages runs at a fraction of the speed on this CPU, and every call of
// a row writes to the same place: output starting at 0xfd0 of a page took real-URL lines
// 21 ns to encode instead of 11.5 (three such stores a call). Where a heap buffer lands was
// up to the allocator, so it could differ between rows and between runs.
struct page_scratch {
  explicit page_scratch(std::size_t n)
      : size((n + 4095) / 4096 * 4096), p(static_cast<char*>(std::aligned_alloc(4096, size))) {
    if (p == nullptr) throw std::bad_alloc();
    std::memset(p, 1, size);
  }
  page_scratch(const page_scratch&) = delete;
  page_scratch& operator=(const page_scratch&) = delete;
  ~page_scratch() { std::free(p); }
  char* data() const { return p; }
  std::size_t size;
  char* p;
};

}  // namespace urix_bench
