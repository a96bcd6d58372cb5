// SPDX-License-Identifier: Apache-2.0 OR MIT
// UTF-8 well-formedness per Unicode 3.9 Table 3-7 (the same rules as RFC 3629 section 4).
#include "urix/utf8.h"

#include "../detail/ascii.h"
#include "../kernels/interface.h"
#include "urix/utf8.h"

namespace urix {

result<void> validate_utf8(std::string_view in) noexcept {
  const detail::kernel& k = detail::active_kernel();
  // A SIMD kernel vouches for a prefix (all of it, if nothing is wrong but the last bytes);
  // the exact offset of an error, and how the input ends, are found here.
  for (std::size_t i = k.utf8_prefix(in.data(), in.size()); i < in.size();) {
    // ASCII runs are the common case: the active kernel skips them a vector at a time.
    i += k.ascii_prefix(in.data() + i, in.size() - i);
    if (i == in.size()) break;
    const utf8_sequence s = read_utf8(in, i);
    if (!s.ok) return error{errc::invalid_utf8, i};
    i += s.len;
  }
  return {};
}

bool is_ascii(std::string_view s) noexcept {
  return detail::active_kernel().ascii_prefix(s.data(), s.size()) == s.size();
}

std::size_t utf8_incomplete_tail(std::string_view in) noexcept {
  // A proper prefix is at most 3 bytes long, so only the last 3 starts can begin one.
  for (std::size_t back = 1; back <= 3 && back <= in.size(); ++back) {
    std::size_t i = in.size() - back;
    const utf8_sequence s = read_utf8(in, i);
    if (s.truncated) return back;
    if (static_cast<unsigned char>(in[i]) >= 0xC0 || static_cast<unsigned char>(in[i]) < 0x80)
      return 0;  // a lead byte or ASCII that is not a truncated start ends the search
  }
  return 0;
}

void utf8_replace_invalid_append(std::string& out, std::string_view in) {
  out.reserve(out.size() + in.size());
  for (std::size_t i = 0; i < in.size();) {
    const utf8_sequence s = read_utf8(in, i);
    if (s.ok) out.append(in.substr(i, s.len));
    else out.append("\xEF\xBF\xBD");  // U+FFFD REPLACEMENT CHARACTER
    i += s.len;
  }
}

std::string utf8_replace_invalid(std::string_view in) {
  std::string out;
  utf8_replace_invalid_append(out, in);
  return out;
}

}  // namespace urix
