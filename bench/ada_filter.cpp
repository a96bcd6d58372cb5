// SPDX-License-Identifier: Apache-2.0 OR MIT
// bench/ada_filter.cpp: `urix normalize --whatwg -k` built around ada instead of urix, for
// bench/cli_bench.py: each line of standard input parsed by ada::parse<url_aggregator>, its
// href written, one line out per line in. A line that fails gives an empty line, as urix's -k
// does (urix also names the error on stderr; the benchmark's input has no such line).
//
// Its I/O is the CLI's (cli/input.cpp, cli/output.cpp): read(2) into a 1 MB block, the whole
// lines in it found with memrchr and split with memchr, the partial line moved to the front
// (the block doubles for a line longer than it), output gathered in a 1 MB buffer written
// with write(2). So the comparison with the CLI is the parser and what the CLI adds around it.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include "ada.h"

namespace {

constexpr std::size_t block_size = std::size_t{1} << 20;

void write_all(const char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(1, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      std::perror("ada_filter: write");
      std::exit(2);
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
}

class output {
 public:
  output() : buf_(block_size) {}
  ~output() { flush(); }
  output(const output&) = delete;
  output& operator=(const output&) = delete;

  void line(std::string_view s) {
    if (buf_.size() - size_ < s.size() + 1) {
      flush();
      if (buf_.size() < s.size() + 1) buf_.resize(s.size() + 1);
    }
    std::memcpy(buf_.data() + size_, s.data(), s.size());
    size_ += s.size();
    buf_[size_++] = '\n';
  }
  void flush() {
    write_all(buf_.data(), size_);
    size_ = 0;
  }

 private:
  std::vector<char> buf_;
  std::size_t size_ = 0;
};

void href_of(std::string_view line, output& out) {
  auto u = ada::parse<ada::url_aggregator>(line);
  out.line(u ? u->get_href() : std::string_view());
}

}  // namespace

int main() {
  output out;
  char* buf = static_cast<char*>(std::malloc(block_size));
  std::size_t cap = block_size, begin = 0, end = 0;
  for (bool eof = false; !eof;) {
    if (begin > 0) {  // the partial line to the front
      std::memmove(buf, buf + begin, end - begin);
      end -= begin;
      begin = 0;
    }
    if (end == cap) buf = static_cast<char*>(std::realloc(buf, cap *= 2));
    if (buf == nullptr) return 2;
    ssize_t n;
    while ((n = ::read(0, buf + end, cap - end)) < 0 && errno == EINTR) {
    }
    if (n < 0) {
      std::perror("ada_filter: read");
      return 2;
    }
    eof = n == 0;
    const std::size_t scanned = end;
    end += static_cast<std::size_t>(n);
    const void* last = ::memrchr(buf + scanned, '\n', end - scanned);
    if (last == nullptr) continue;
    const std::size_t stop = static_cast<std::size_t>(static_cast<const char*>(last) - buf) + 1;
    std::string_view lines(buf + begin, stop - begin);
    while (!lines.empty()) {
      const std::size_t nl = lines.find('\n');
      href_of(lines.substr(0, nl), out);
      lines.remove_prefix(nl + 1);
    }
    begin = stop;
  }
  if (begin < end) href_of(std::string_view(buf + begin, end - begin), out);
  std::free(buf);
  return 0;
}
