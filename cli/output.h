// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/output.h: the buffered writer every verb writes to.
//
// Output goes to a file descriptor in large write(2) blocks. A verb reserves room, writes into
// it directly (encode_to, decode_to) and commits what it wrote, so the hot path is a bounds
// check and a pointer bump. Between begin_record() and end_record() the output of one input is
// held (the buffer grows) so that a rejected input leaves no partial output (discard_record()).
// A line is in memory whole anyway, and its output is at most three times its size.
#pragma once

#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

#include "buffer.h"

namespace urix::cli {

/// A failed read(2) or write(2): the CLI reports it and exits with 2.
class io_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// write, write_literal and put, for a writer that has reserve(n) (room for n bytes at the
/// end) and commit(n) (those bytes written): output and output_cursor.
template <class Writer>
class piece_writes {
 public:
  void write(std::string_view s) {
    std::memcpy(self().reserve(s.size()), s.data(), s.size());
    self().commit(s.size());
  }
  /// A string literal (N - 1 bytes and its NUL): its size is known here, so the copy is a few
  /// moves, not a call.
  template <std::size_t N>
  [[gnu::always_inline]] void write_literal(const char (&literal)[N]) {
    std::memcpy(self().reserve(N - 1), literal, N - 1);
    self().commit(N - 1);
  }
  void put(char c) {
    *self().reserve(1) = c;
    self().commit(1);
  }

 private:
  Writer& self() noexcept { return static_cast<Writer&>(*this); }
};

class output : public piece_writes<output> {
 public:
  /// A writer to `fd` whose buffer starts with `capacity` bytes.
  explicit output(int fd, std::size_t capacity = std::size_t{1} << 20);

  /// Room for at least `n` bytes at the end of the output; valid until the next call.
  [[nodiscard]] char* reserve(std::size_t n) {
    if (buf_.capacity() - size_ < n) make_room(n);
    return buf_.data() + size_;
  }
  /// Adds `n` bytes written at reserve() to the output.
  void commit(std::size_t n) noexcept { size_ += n; }

  /// Writes `s`, which may be large (a worker's block of output), after what is buffered:
  /// straight from where it is rather than copied through the buffer, when not holding a
  /// record. Throws io_error.
  void write_large(std::string_view s);

  /// Starts the output of one input (or of a block of lines): it stays in memory until
  /// end_record(). With more than a quarter of the buffer in use, what is buffered is written
  /// first, so that the held output starts near the front: a held block of lines then grows
  /// in place (the buffer is enlarged) and is not moved forward when the buffer fills. Throws
  /// io_error.
  void begin_record() {
    if (size_ > buf_.capacity() / 4) flush();
    mark_ = size_;
    holding_ = true;
  }
  void end_record() noexcept { holding_ = false; }
  /// Drops the output written since begin_record().
  void discard_record() noexcept {
    if (holding_) size_ = mark_;
    holding_ = false;
  }

  /// What is buffered and not yet written: a worker's output, held for the main thread.
  [[nodiscard]] std::string_view buffered() const noexcept { return {buf_.data(), size_}; }

  /// Writes out everything buffered. Throws io_error.
  void flush();

 private:
  void make_room(std::size_t n);
  void write_all(const char* p, std::size_t n);

  int fd_;
  byte_buffer buf_;
  std::size_t size_ = 0;
  std::size_t mark_ = 0;
  bool holding_ = false;
};

/// A cursor into room reserved ahead in an output, for a verb that writes many small pieces
/// (parse's JSON): making room for a piece is a comparison of two pointers held in registers,
/// not output::reserve's test of the buffer and a store of its size per piece. What was
/// written is committed when the cursor is destroyed, before anything else writes to `out`.
/// Has reserve / commit / put / write, as json_writer.h's sinks do.
class output_cursor : public piece_writes<output_cursor> {
 public:
  explicit output_cursor(output& out)
      : out_(out), begin_(out.reserve(ahead)), at_(begin_), end_(begin_ + ahead) {}
  output_cursor(const output_cursor&) = delete;
  output_cursor& operator=(const output_cursor&) = delete;
  ~output_cursor() { out_.commit(static_cast<std::size_t>(at_ - begin_)); }

  /// Room for at least `n` bytes at the cursor; valid until the next call.
  [[nodiscard]] char* reserve(std::size_t n) {
    if (static_cast<std::size_t>(end_ - at_) < n) [[unlikely]]
      refill(n);
    return at_;
  }
  /// Moves the cursor past `n` bytes written at reserve().
  void commit(std::size_t n) noexcept { at_ += n; }

 private:
  // Room ahead for a line's JSON, so that one reservation usually serves the whole record.
  static constexpr std::size_t ahead = 4096;

  [[gnu::noinline]] void refill(std::size_t n) {
    out_.commit(static_cast<std::size_t>(at_ - begin_));
    begin_ = at_;  // committed: nothing for the destructor to add if reserve throws
    const std::size_t room = n > ahead ? n : ahead;
    begin_ = at_ = out_.reserve(room);
    end_ = at_ + room;
  }

  output& out_;
  char* begin_;
  char* at_;
  char* end_;
};

}  // namespace urix::cli
