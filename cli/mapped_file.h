// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/mapped_file.h: a regular file on stdin, mapped for reading, so that the line modes read
// its blocks where they lie rather than copied out by read(2) (docs/performance-log.md).
//
// A file truncated while it is mapped would kill the process with SIGBUS at the first read of
// a page past its new end. While a file is mapped, a SIGBUS handler puts a page of a fill byte
// (the record separator) there instead and notes it: check_input_intact() then throws
// io_error, and output::write_all calls it before every write, so that no output made from
// those bytes is written. Any other SIGBUS gets what it would have got without the handler.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace urix::cli {

class mapped_file {
 public:
  /// Maps `fd` from its offset to its end, if it is a regular file with at least `min_size`
  /// bytes left and no other file is mapped; otherwise mapped() is false and reading is
  /// read(2)'s. A page lost to truncation reads as `fill`.
  mapped_file(int fd, std::size_t min_size, char fill);
  ~mapped_file();
  mapped_file(const mapped_file&) = delete;
  mapped_file& operator=(const mapped_file&) = delete;

  [[nodiscard]] bool mapped() const noexcept { return base_ != nullptr; }
  /// The file's bytes from the descriptor's offset to the end the file had when mapped.
  [[nodiscard]] std::string_view bytes() const noexcept { return {base_ + skip_, length_ - skip_}; }
  /// The file offset just past bytes(): where read(2) goes on, for what the file gained since.
  [[nodiscard]] std::uint64_t end_offset() const noexcept { return end_offset_; }
  /// Throws io_error if the file is now shorter than bytes() (check_input_intact). A cut inside
  /// the last page raises no SIGBUS: the bytes after it read as zeros, so output made from
  /// the mapping is written only after this has been asked since it was made.
  void check_intact() const;

 private:
  int fd_;
  char* base_ = nullptr;    // the mapping, from a page boundary
  std::size_t length_ = 0;  // of the mapping
  std::size_t skip_ = 0;    // bytes of the first page before the descriptor's offset
  std::uint64_t end_offset_ = 0;
};

/// Throws io_error if a mapped file was found shorter than when it was mapped: what was read
/// of it since may be the fill byte.
void check_input_intact();

}  // namespace urix::cli
