// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "input.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <system_error>
#include <utility>
#include <vector>

#include "buffer.h"
#include "diagnostics.h"
#include "mapped_file.h"
#include "urix/pct.h"

namespace urix::cli {
namespace {

// Bytes read from stdin per block; also the size of a --whole chunk.
constexpr std::size_t block_size = std::size_t{1} << 20;

// Would reading `fd` wait? A file or a pipe that keeps up costs one poll(2) per block.
bool would_wait(int fd) {
  pollfd p{.fd = fd, .events = POLLIN, .revents = 0};
  return ::poll(&p, 1, 0) == 0;
}

// The error of a failed read(2) or lseek(2), from errno.
io_error read_error() { return io_error(std::string("read error: ") + std::strerror(errno)); }

// One read(2) of at most `n` bytes; 0 at end of input. Throws io_error.
std::size_t read_some(int fd, char* p, std::size_t n) {
  for (;;) {
    ssize_t r = ::read(fd, p, n);
    if (r >= 0) return static_cast<std::size_t>(r);
    if (errno != EINTR) throw read_error();
  }
}

// Splits `fd` into blocks of whole records, each record ending in `separator`. A mapped file
// (`mapped`) is split where it lies; then, or else, reading goes on with read(2) into a buffer,
// where a record longer than the buffer grows it: a line is one input, so it has to be in
// memory whole. Before a read that would wait it calls `before_waiting`, which writes out what
// is done, so that output reaches the reader when the input pauses; if that returns false
// (the run stops at a rejected record), it reads no more.
class record_reader {
 public:
  record_reader(int fd, char separator, const mapped_file& mapped, std::function<bool()> before_waiting)
      : fd_(fd), sep_(separator), before_waiting_(std::move(before_waiting)), buf_(block_size),
        mapping_(mapped), in_mapping_(mapped.mapped()) {}

  // Every whole record in the buffer, each with its separator, reading more while there is
  // none. Valid until the next call, or in a mapped file as long as it is mapped. Empty at the
  // end of the input, where last_record() is what is left.
  std::string_view whole_records() {
    if (in_mapping_) {
      const std::string_view records = mapped_records();
      check_input_intact();
      if (!records.empty()) return records;
      leave_mapping();
    }
    for (;;) {
      const char* b = buf_.data();
      if (const void* hit = ::memrchr(b + scanned_, sep_, end_ - scanned_)) {
        const auto stop = static_cast<std::size_t>(static_cast<const char*>(hit) - b) + 1;
        std::string_view records(b + begin_, stop - begin_);
        begin_ = scanned_ = stop;
        return records;
      }
      scanned_ = end_;
      if (eof_ || stopped_) return {};
      read_more();
    }
  }

  // Gives `spare` the buffer that holds the records whole_records() returned last, which stay
  // where they are, and goes on reading in the memory `spare` held, after the partial record
  // that followed them (copied there). So a worker can take a block without a copy of it.
  void exchange_buffer(byte_buffer& spare) {
    if (in_mapping_) return;  // the block stays in the mapping
    const std::size_t tail = end_ - begin_;
    spare.grow_to(std::max(block_size, tail));
    std::memcpy(spare.data(), buf_.data() + begin_, tail);
    swap(buf_, spare);
    begin_ = 0;
    scanned_ = end_ = tail;  // the partial record holds no separator
  }

  // Did before_waiting stop the reading?
  [[nodiscard]] bool stopped() const noexcept { return stopped_; }

  // At the end of the input: the last record if it has no separator, else nothing.
  std::optional<std::string_view> last_record() const {
    if (stopped_ || begin_ == end_) return std::nullopt;
    return std::string_view(buf_.data() + begin_, end_ - begin_);
  }

 private:
  // The mapped file's next block of about block_size bytes of whole records; a longer record
  // whole. Empty when what is left holds no separator.
  std::string_view mapped_records() {
    const std::string_view bytes = mapping_.bytes();
    const std::size_t size = bytes.size();
    const char* const b = bytes.data();
    const std::size_t stop = std::min(mapped_at_ + block_size, size);
    const void* hit = ::memrchr(b + mapped_at_, sep_, stop - mapped_at_);
    if (hit == nullptr) hit = std::memchr(b + stop, sep_, size - stop);
    if (hit == nullptr) return {};
    const auto end = static_cast<std::size_t>(static_cast<const char*>(hit) - b) + 1;
    const std::string_view records = bytes.substr(mapped_at_, end - mapped_at_);
    mapped_at_ = end;
    return records;
  }

  // Goes on with read(2) after the mapped bytes, for what the file gained since it was mapped,
  // from the partial record they end in (copied into the buffer).
  void leave_mapping() {
    const std::string_view tail = mapping_.bytes().substr(mapped_at_);
    buf_.grow_to(tail.size());
    std::memcpy(buf_.data(), tail.data(), tail.size());
    mapping_.check_intact();
    begin_ = 0;
    scanned_ = end_ = tail.size();  // the partial record holds no separator
    if (::lseek(fd_, static_cast<off_t>(mapping_.end_offset()), SEEK_SET) < 0) throw read_error();
    in_mapping_ = false;
  }

  // Moves the partial record to the front and reads after it, growing the buffer if the
  // record fills it.
  void read_more() {
    char* b = buf_.data();
    if (begin_ > 0) {
      std::memmove(b, b + begin_, end_ - begin_);
      end_ -= begin_;
      scanned_ = end_;
      begin_ = 0;
    }
    if (end_ == buf_.capacity()) {
      buf_.grow_to(2 * buf_.capacity());
      b = buf_.data();
    }
    if (would_wait(fd_) && !before_waiting_()) {
      stopped_ = true;
      return;
    }
    const std::size_t n = read_some(fd_, b + end_, buf_.capacity() - end_);
    eof_ = n == 0;
    end_ += n;
  }

  int fd_;
  char sep_;
  std::function<bool()> before_waiting_;
  byte_buffer buf_;
  std::size_t begin_ = 0;    // start of the first record not yet returned
  std::size_t scanned_ = 0;  // bytes before this hold no separator after begin_
  std::size_t end_ = 0;
  bool eof_ = false;
  bool stopped_ = false;  // before_waiting_ returned false
  const mapped_file& mapping_;
  std::size_t mapped_at_ = 0;  // where the mapping's next block starts
  bool in_mapping_;            // blocks come from the mapping
};

// Ends one output record: its separator, with --crlf a '\r' before the '\n'.
void end_output_record(const run_context& run, char separator) {
  if (!run.traits.writes_output) return;
  if (run.crlf && separator == '\n') run.out.put('\r');
  run.out.put(separator);
}

// Runs the verb on one complete input and writes its output and separator. Returns whether
// the input was accepted; a rejected input is reported on stderr and writes nothing, or with
// -k an empty record, so that output record N is still input record N's.
bool run_one(const run_context& run, std::string_view in, std::optional<std::uint64_t> line,
             char separator) {
  if (run.crlf && separator == '\n' && in.ends_with('\r')) in.remove_suffix(1);
  if (!run.proc.decides_before_output) run.out.begin_record();
  auto r = run.proc.process(in, true, run.out);
  if (!r) {
    check_input_intact();  // the error may come from the fill of a truncated file
    run.out.discard_record();
    run.out.flush();  // everything before the error is written before it is reported
    const error e = r.error();
    error_context ctx = context_of(in, e.offset);
    ctx.escapes_read_as_ascii = run.proc.escapes_read_as_ascii;
    report_error(run.verb, line, e.offset, e.code, ctx);
    if (!run.crlf && line && e.offset + 1 == in.size() && in.back() == '\r' &&
        current_error_format() == error_format::text)
      report_message(run.verb, "the line ends in a carriage return: --crlf reads files whose "
                               "lines end in \\r\\n");
    if (e.code == errc::disallowed_char && run.proc.ends_record(escape_at(in, e.offset)) &&
        current_error_format() == error_format::text)
      report_message(run.verb, "one input, one output record: this escape decodes to a record "
                               "separator, which -0 or --whole carry");
    if (run.keep_going) end_output_record(run, separator);
    return false;
  }
  end_output_record(run, separator);
  run.out.end_record();
  return true;
}

}  // namespace

// Counted into byte-wide counters, at most 255 rounds of 64 bytes at a time: a loop compilers
// vectorize, unlike std::count with its wide counter.
std::size_t count_records(std::string_view records, char separator) noexcept {
  constexpr std::size_t lanes = 64;
  std::size_t total = 0;
  const char* p = records.data();
  std::size_t n = records.size();
  while (n >= lanes) {
    const std::size_t rounds = std::min<std::size_t>(n / lanes, 255);
    std::array<std::uint8_t, lanes> counts{};
    for (std::size_t r = 0; r < rounds; ++r, p += lanes)
      for (std::size_t i = 0; i < lanes; ++i)
        counts[i] = static_cast<std::uint8_t>(counts[i] + (p[i] == separator));
    for (std::uint8_t k : counts) total += k;
    n -= rounds * lanes;
  }
  for (; n > 0; --n) total += static_cast<std::size_t>(*p++ == separator);
  return total;
}

int run_arguments(const run_context& run, const std::vector<std::string>& inputs) {
  int status = 0;
  for (const std::string& in : inputs) {
    if (run_one(run, in, std::nullopt, '\n')) continue;
    status = 1;
    if (!run.traits.keep_going && !run.keep_going) break;
  }
  return status;
}

namespace {

// How far a run of records has come: the records before the current one (for line numbers)
// and the exit status so far.
struct records_progress {
  std::uint64_t line = 0;
  int status = 0;
};

// Runs the whole records of `block` one by one (run_one), which finds and reports a rejected
// one. Returns whether the run goes on.
bool run_each_record(const run_context& run, std::string_view block, char separator,
                     records_progress& progress) {
  return for_each_record(block, separator, [&](std::string_view record) {
    if (run_one(run, record, ++progress.line, separator)) return true;
    progress.status = 1;
    return run.traits.keep_going || run.keep_going;  // else stop at the first rejected one
  }).has_value();
}

// Runs a block of whole records on this thread: in one call if the verb takes it, else (it
// does not batch, or a record is rejected) record by record. Returns whether the run goes on.
bool run_block(const run_context& run, std::string_view block, char separator,
               records_progress& progress) {
  // A block of one record (a long line) need not be held by a verb that decides before it
  // writes; several must, since a rejected one sends them all through run_one again.
  if (!run.proc.decides_before_output || block.find(separator) + 1 != block.size())
    run.out.begin_record();
  // With --crlf a record's '\r' is not input: the records go one by one (run_one).
  if (!run.crlf) {
    if (const auto records = run.proc.process_records(block, separator, run.out)) {
      run.out.end_record();
      progress.line += *records;
      return true;
    }
  }
  run.out.discard_record();
  return run_each_record(run, block, separator, progress);
}

// Blocks of whole records run by worker threads, each with a processor of its own, at most
// `run.threads` at a time; their outputs are written in input order by the thread that starts
// them. A block a worker rejects (or a verb that does not batch) is run again record by
// record on this thread, by the main processor, after every earlier block's output: the
// error is reported as without workers, and without -k the blocks after it are dropped.
class worker_blocks {
 public:
  worker_blocks(const run_context& run, char separator, records_progress& progress, const mapped_file& mapped)
      : run_(run), sep_(separator), progress_(progress), mapped_(mapped) {}

  // Starts a worker on `block`, the records `reader` returned last, first writing out the
  // oldest block if every worker is busy. The worker takes the reader's buffer with the
  // block in it (record_reader::exchange_buffer). Returns whether the run goes on.
  bool start(std::string_view block, record_reader& reader) {
    if (in_flight_.size() >= run_.threads && !write_oldest()) return false;
    // A finished job's buffers and processor again, so that a block does not fault in fresh
    // memory for its copy and its output.
    std::unique_ptr<block_job> job;
    if (idle_.empty()) {
      job = std::make_unique<block_job>();
      job->proc = run_.make_processor();
    } else {
      job = std::move(idle_.back());
      idle_.pop_back();
    }
    reader.exchange_buffer(job->input);
    job->records = block;
    auto work = [j = job.get(), sep = sep_] {
      j->out.begin_record();  // held in memory whole, never written by the worker
      const std::optional<std::size_t> records = j->proc->process_records(j->records, sep, j->out);
      j->lines = records.value_or(0);
      return records.has_value();
    };
    try {
      job->accepted = std::async(std::launch::async, work);
    } catch (const std::system_error&) {
      // No thread to be had (a limit on processes or on address space): the block runs on
      // this thread when its output is due.
      job->accepted = std::async(std::launch::deferred, work);
    }
    in_flight_.push_back(std::move(job));
    return true;
  }

  // Writes out every block in flight, in input order. Returns whether the run goes on.
  bool write_all() {
    while (!in_flight_.empty())
      if (!write_oldest()) return false;
    return true;
  }

 private:
  struct block_job {
    byte_buffer input{0};      // holds `records`
    std::string_view records;
    std::uint64_t lines = 0;   // in `records`, once the worker has accepted them
    std::unique_ptr<processor> proc;
    output out{-1};
    std::future<bool> accepted;  // last: destroyed first, it waits for the worker
  };

  bool write_oldest() {
    std::unique_ptr<block_job> job = std::move(in_flight_.front());
    in_flight_.pop_front();
    const bool accepted = job->accepted.get();  // rethrows what the worker threw
    mapped_.check_intact();  // the block was read whole: was all of it there?
    bool goes_on = true;
    if (accepted) {
      run_.out.write_large(job->out.buffered());
      progress_.line += job->lines;
    } else {
      goes_on = run_each_record(run_, job->records, sep_, progress_);
    }
    job->out.discard_record();  // empty for the next block
    idle_.push_back(std::move(job));
    return goes_on;
  }

  const run_context& run_;
  char sep_;
  records_progress& progress_;
  const mapped_file& mapped_;
  std::deque<std::unique_ptr<block_job>> in_flight_;
  std::vector<std::unique_ptr<block_job>> idle_;  // finished, to be used again
};

}  // namespace

namespace {

// run_records, from `mapped` if it is mapped.
int read_records(const run_context& run, int fd, char separator, const mapped_file& mapped) {
  records_progress progress;
  // With worker threads, from the second block of several records on (a small input starts
  // none). A block of one record (a long line) stays here, where parse streams its output.
  // With --crlf a record's '\r' is not input: the records go one by one (run_one).
  const bool use_workers = run.threads > 1 && !run.crlf && run.make_processor;
  std::optional<worker_blocks> workers;
  // Before a read that would wait, every block in flight is written, then all is flushed.
  record_reader reader(fd, separator, mapped, [&] {
    if (workers && !workers->write_all()) return false;
    run.out.flush();
    return true;
  });
  bool first_block = true;
  for (std::string_view block; !(block = reader.whole_records()).empty();) {
    const bool one_record = block.find(separator) + 1 == block.size();
    if (use_workers && !one_record && !std::exchange(first_block, false)) {
      if (!workers) workers.emplace(run, separator, progress, mapped);
      if (!workers->start(block, reader)) return progress.status;
      continue;
    }
    if (workers && !workers->write_all()) return progress.status;
    if (!run_block(run, block, separator, progress)) return progress.status;
  }
  if (reader.stopped() || (workers && !workers->write_all())) return progress.status;
  if (auto last = reader.last_record()) {  // the input does not end in a separator
    if (!run_one(run, *last, ++progress.line, separator)) progress.status = 1;
  }
  return progress.status;
}

}  // namespace

int run_records(const run_context& run, int fd, char separator) {
  const mapped_file mapped(fd, block_size, separator);  // outlives the workers' blocks in it
  const int status = read_records(run, fd, separator, mapped);
  mapped.check_intact();  // before the output held to the end is written
  return status;
}

int run_whole(const run_context& run, int fd) {
  byte_buffer buf(block_size);
  std::size_t len = 0;     // bytes in buf: the unconsumed tail, then what was read since
  std::uint64_t base = 0;  // absolute offset of buf[0] in the input
  std::string history;     // the last context_bytes consumed, for error reports
  bool eof = false;
  for (;;) {
    // Fill the chunk; but when the input pauses, process what has come first, and write it
    // out before waiting.
    for (std::size_t fresh = 0; !eof && len < buf.capacity();) {
      if (would_wait(fd)) {
        if (fresh > 0) break;
        run.out.flush();
      }
      const std::size_t n = read_some(fd, buf.data() + len, buf.capacity() - len);
      eof = n == 0;
      len += n;
      fresh += n;
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
      const error_context ctx{window, before, offset > before, cut_after,
                              run.proc.escapes_read_as_ascii};
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
