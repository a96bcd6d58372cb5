// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "mapped_file.h"

#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>

#include "output.h"  // io_error

namespace urix::cli {
namespace {

// The mapping the SIGBUS handler guards (one at a time), read by the handler: lock-free atomics
// are safe to read in a signal handler.
std::atomic<char*> guarded_begin{nullptr};
std::atomic<char*> guarded_end{nullptr};
std::atomic<std::size_t> page_size{4096};
std::atomic<char> fill_byte{0};
std::atomic<bool> found_truncated{false};
struct sigaction action_before {};  // SIGBUS's action before the mapping's: set, then only read

// A read past the end of a file truncated under the mapping: a page of the fill byte takes the
// faulting page's place, and the read is done again. (The fill is the record separator, so that
// a block still ends in one.) mmap and mprotect are not on POSIX's list of async-signal-safe
// functions, but on Linux each is the system call alone, which is.
void on_sigbus(int, siginfo_t* info, void*) {
  char* const at = static_cast<char*>(info->si_addr);
  char* const begin = guarded_begin.load();
  char* const end = guarded_end.load();
  if (begin != nullptr && at >= begin && at < end) {
    const std::size_t page = page_size.load();
    char* const from = begin + static_cast<std::size_t>(at - begin) / page * page;
    if (::mmap(from, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
      found_truncated.store(true);
      const char fill = fill_byte.load();
      for (std::size_t i = 0; i < page; ++i) from[i] = fill;
      ::mprotect(from, page, PROT_READ);
      return;
    }
  }
  // Not the mapping's: the action before ours. A fault happens again when this returns; a
  // signal sent by kill(2) is raised again.
  ::sigaction(SIGBUS, &action_before, nullptr);
  if (info->si_code <= 0) ::raise(SIGBUS);
}

}  // namespace

mapped_file::mapped_file(int fd, std::size_t min_size, char fill) : fd_(fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || guarded_begin.load() != nullptr) return;
  const off_t offset = ::lseek(fd, 0, SEEK_CUR);
  if (offset < 0 || st.st_size < offset || static_cast<std::uint64_t>(st.st_size - offset) < min_size) return;
  const long page = ::sysconf(_SC_PAGESIZE);
  if (page <= 0) return;
  const off_t start = offset / page * page;
  void* p = ::mmap(nullptr, static_cast<std::size_t>(st.st_size - start), PROT_READ, MAP_PRIVATE, fd, start);
  if (p == MAP_FAILED) return;  // read(2) then
  base_ = static_cast<char*>(p);
  length_ = static_cast<std::size_t>(st.st_size - start);
  skip_ = static_cast<std::size_t>(offset - start);
  end_offset_ = static_cast<std::uint64_t>(st.st_size);
  ::madvise(p, length_, MADV_SEQUENTIAL);  // a hint: read ahead
  page_size.store(static_cast<std::size_t>(page));
  fill_byte.store(fill);
  guarded_begin.store(base_);
  guarded_end.store(base_ + length_);
  if (::sigaction(SIGBUS, nullptr, &action_before) == 0) {
    struct sigaction guard {};
    guard.sa_sigaction = on_sigbus;
    guard.sa_flags = SA_SIGINFO;
    sigemptyset(&guard.sa_mask);
    if (::sigaction(SIGBUS, &guard, nullptr) == 0) return;
  }
  // Without the guard, no mapping.
  guarded_begin.store(nullptr);
  guarded_end.store(nullptr);
  ::munmap(base_, length_);
  base_ = nullptr;
}

mapped_file::~mapped_file() {
  if (base_ == nullptr) return;
  ::sigaction(SIGBUS, &action_before, nullptr);
  guarded_begin.store(nullptr);
  guarded_end.store(nullptr);
  ::munmap(base_, length_);
}

void mapped_file::check_intact() const {
  struct stat st {};
  if (base_ != nullptr && (::fstat(fd_, &st) != 0 || static_cast<std::uint64_t>(st.st_size) < end_offset_))
    found_truncated.store(true);
  check_input_intact();
}

void check_input_intact() {
  if (found_truncated.load())
    throw io_error("read error: the input file was truncated while it was read");
}

}  // namespace urix::cli
