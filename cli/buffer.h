// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/buffer.h: a growable byte buffer for the CLI's large input and output blocks.
//
// Unlike std::vector<char> / std::string it does not zero what it allocates, and it grows with
// realloc, which glibc serves for large blocks with mremap: the pages move instead of being
// copied and faulted in again. Large blocks ask for transparent huge pages, because on fresh
// memory the page faults, not the codec, are what limits a 100 MB line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>
#include <sys/mman.h>

namespace urix::cli {

class byte_buffer {
 public:
  explicit byte_buffer(std::size_t capacity) { grow_to(capacity); }
  byte_buffer(const byte_buffer&) = delete;
  byte_buffer& operator=(const byte_buffer&) = delete;
  ~byte_buffer() { std::free(data_); }

  /// Exchanges the two blocks of memory (no byte is copied).
  friend void swap(byte_buffer& a, byte_buffer& b) noexcept {
    std::swap(a.data_, b.data_);
    std::swap(a.cap_, b.cap_);
  }

  [[nodiscard]] char* data() const noexcept { return data_; }
  [[nodiscard]] std::size_t capacity() const noexcept { return cap_; }

  /// Makes the capacity at least `capacity`, keeping the contents.
  void grow_to(std::size_t capacity) {
    if (capacity <= cap_) return;
    void* p = std::realloc(data_, capacity);
    if (p == nullptr) throw std::bad_alloc();
    data_ = static_cast<char*>(p);
    cap_ = capacity;
#ifdef MADV_HUGEPAGE
    constexpr std::size_t huge = std::size_t{2} << 20;
    if (cap_ >= 2 * huge) {
      // The whole 2 MB pages inside the block; a hint, so failure does not matter.
      auto first = (reinterpret_cast<std::uintptr_t>(data_) + huge - 1) & ~(huge - 1);
      auto last = (reinterpret_cast<std::uintptr_t>(data_) + cap_) & ~(huge - 1);
      if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
    }
#endif
  }

 private:
  char* data_ = nullptr;
  std::size_t cap_ = 0;
};

}  // namespace urix::cli
