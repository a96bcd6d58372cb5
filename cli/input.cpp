#include "input.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>

#include "buffer.h"
#include "diagnostics.h"

namespace urix::cli {
namespace {

// Bytes read from stdin per block; also the size of a --whole chunk.
constexpr std::size_t block_size = std::size_t{1} << 20;

// One read(2) of at most `n` bytes; 0 at end of input. Throws io_error.
std::size_t read_some(int fd, char* p, std::size_t n) {
  for (;;) {
    ssize_t r = ::read(fd, p, n);
    if (r >= 0) return static_cast<std::size_t>(r);
    if (errno != EINTR) throw io_error(std::string("read error: ") + std::strerror(errno));
  }
}

// Splits `fd` into records that end in `separator`. A record longer than the buffer grows
// it: a line is one input, so it has to be in memory whole.
class record_reader {
 public:
  record_reader(int fd, char separator) : fd_(fd), sep_(separator), buf_(block_size) {}

  // The next record (valid until the next call), or nothing at the end of the input.
  std::optional<std::string_view> next() {
    char* b = buf_.data();
    for (;;) {
      if (const void* hit = std::memchr(b + scanned_, sep_, end_ - scanned_)) {
        const auto pos = static_cast<std::size_t>(static_cast<const char*>(hit) - b);
        std::string_view rec(b + begin_, pos - begin_);
        begin_ = scanned_ = pos + 1;
        return rec;
      }
      scanned_ = end_;
      if (eof_) {
        if (begin_ == end_) return std::nullopt;
        std::string_view rec(b + begin_, end_ - begin_);  // the last record has no separator
        begin_ = end_;
        return rec;
      }
      if (begin_ > 0) {  // move the partial record to the front
        std::memmove(b, b + begin_, end_ - begin_);
        end_ -= begin_;
        scanned_ = end_;
        begin_ = 0;
      }
      if (end_ == buf_.capacity()) {
        buf_.grow_to(2 * buf_.capacity());
        b = buf_.data();
      }
      const std::size_t n = read_some(fd_, b + end_, buf_.capacity() - end_);
      eof_ = n == 0;
      end_ += n;
    }
  }

 private:
  int fd_;
  char sep_;
  byte_buffer buf_;
  std::size_t begin_ = 0;    // start of the current record
  std::size_t scanned_ = 0;  // bytes before this hold no separator
  std::size_t end_ = 0;
  bool eof_ = false;
};

// Runs the verb on one complete input and writes its output and separator. Returns whether
// the input was accepted; a rejected input writes nothing and is reported on stderr.
bool run_one(const run_context& run, std::string_view in, std::optional<std::uint64_t> line,
             char separator) {
  run.out.begin_record();
  auto r = run.proc.process(in, true, run.out);
  if (!r) {
    run.out.discard_record();
    run.out.flush();  // everything before the error is written before it is reported
    const error e = r.error();
    report_error(run.verb, line, e.offset, e.code, context_of(in, e.offset));
    return false;
  }
  if (run.traits.writes_output) run.out.put(separator);
  run.out.end_record();
  return true;
}

}  // namespace

int run_arguments(const run_context& run, const std::vector<std::string>& inputs) {
  int status = 0;
  for (const std::string& in : inputs) {
    if (run_one(run, in, std::nullopt, '\n')) continue;
    status = 1;
    if (!run.traits.keep_going) break;
  }
  return status;
}

int run_records(const run_context& run, int fd, char separator) {
  record_reader reader(fd, separator);
  int status = 0;
  std::uint64_t line = 0;
  while (auto rec = reader.next()) {
    if (run_one(run, *rec, ++line, separator)) continue;
    status = 1;
    if (!run.traits.keep_going) break;
  }
  return status;
}

int run_whole(const run_context& run, int fd) {
  byte_buffer buf(block_size);
  std::size_t len = 0;     // bytes in buf: the unconsumed tail, then what was read since
  std::uint64_t base = 0;  // absolute offset of buf[0] in the input
  std::string history;     // the last context_bytes consumed, for error reports
  bool eof = false;
  for (;;) {
    while (!eof && len < buf.capacity()) {
      const std::size_t n = read_some(fd, buf.data() + len, buf.capacity() - len);
      eof = n == 0;
      len += n;
    }
    const std::string_view chunk(buf.data(), len);
    auto r = run.proc.process(chunk, eof, run.out);
    if (!r) {
      run.out.flush();  // what was consumed before the error has been written
      const std::size_t at = r.error().offset;
      // The window around the error: consumed bytes from `history`, then the chunk, then
      // (near the end of the chunk) a little more of the input, read just for the report.
      const std::size_t from_chunk = std::min(at, context_bytes);
      std::string window =
          history.substr(history.size() - std::min(history.size(), context_bytes - from_chunk));
      const std::size_t before = window.size() + from_chunk;
      window.append(chunk.substr(at - from_chunk, from_chunk + context_bytes + 2));
      char more[64];
      while (!eof && window.size() < before + context_bytes + 2) {
        const std::size_t n = read_some(fd, more, sizeof more);
        eof = n == 0;
        window.append(more, n);
      }
      const std::uint64_t offset = base + at;
      const bool cut_after = window.size() > before + context_bytes + 1;
      if (cut_after) window.resize(before + context_bytes + 1);
      const error_context ctx{window, before, offset > before, cut_after};
      report_error(run.verb, std::nullopt, offset, r.error().code, ctx);
      return 1;
    }
    const std::size_t consumed = *r;
    if (consumed >= context_bytes) {
      history.assign(chunk.substr(consumed - context_bytes, context_bytes));
    } else {
      history.append(chunk.substr(0, consumed));
      if (history.size() > context_bytes) history.erase(0, history.size() - context_bytes);
    }
    std::memmove(buf.data(), buf.data() + consumed, len - consumed);
    len -= consumed;
    base += consumed;
    if (eof) return 0;  // the last call consumed everything
    // A processor that needs more of the input at once than the buffer holds:
    if (len == buf.capacity()) buf.grow_to(2 * len);
  }
}

}  // namespace urix::cli
