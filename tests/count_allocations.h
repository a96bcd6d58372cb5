// SPDX-License-Identifier: Apache-2.0 OR MIT
// tests/count_allocations.h: replaces the global operator new of the test program that
// includes it (in one source file) to count allocations: urix_test::allocations().
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace urix_test {
/// Allocations made by this test program so far.
inline std::atomic<std::size_t> allocation_count{0};
inline std::size_t allocations() noexcept { return allocation_count.load(std::memory_order_relaxed); }
}  // namespace urix_test

// The replacements pair malloc with free, the nothrow forms too (std::stable_sort's buffer):
// a sanitizer would see its own operator new paired with this free. GCC sees only "new" and
// "free" where it inlines them.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
  urix_test::allocation_count.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  urix_test::allocation_count.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n == 0 ? 1 : n);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
