// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "output.h"

#include "mapped_file.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace urix::cli {

output::output(int fd, std::size_t capacity) : fd_(fd), buf_(capacity) {}

void output::flush() {
  write_all(buf_.data(), size_);
  size_ = 0;
  mark_ = 0;
}

void output::write_large(std::string_view s) {
  if (holding_ || s.size() < buf_.capacity() / 4) return write(s);
  flush();
  write_all(s.data(), s.size());
}

void output::make_room(std::size_t n) {
  if (!holding_) {
    flush();
  } else if (mark_ > 0) {
    // Write what precedes the record being held and move the record to the front.
    write_all(buf_.data(), mark_);
    std::memmove(buf_.data(), buf_.data() + mark_, size_ - mark_);
    size_ -= mark_;
    mark_ = 0;
  }
  if (buf_.capacity() - size_ < n) buf_.grow_to(std::max(2 * buf_.capacity(), size_ + n));
}

void output::write_all(const char* p, std::size_t n) {
  check_input_intact();  // no output made from the fill of a file truncated under its mapping
  while (n > 0) {
    ssize_t w = ::write(fd_, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      throw io_error(std::string("write error: ") + std::strerror(errno));
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
}

}  // namespace urix::cli
