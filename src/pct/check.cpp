// SPDX-License-Identifier: Apache-2.0 OR MIT
// Checking an encoded form (RFC 3986 2.1, 2.4) and normalizing its escapes (6.2.2.1-2).
#include <cstring>

#include "../kernels/interface.h"
#include "escape.h"
#include "urix/pct.h"

namespace urix {

result<void> check(std::string_view in, const charset& allowed) noexcept {
  // Non-ASCII bytes are never allowed. A "%HH" is valid whatever the set; a '%' that starts
  // none is valid only if the set allows '%' (SPEC section 5): encoding copies it there.
  const charset plain = (allowed & charset::range(0x00, 0x7F)) - charset("%");
  const bool percent_allowed = allowed.contains('%');
  const detail::kernel& k = detail::active_kernel();
  for (std::size_t i = 0;;) {
    i += k.span(in.data() + i, in.size() - i, plain);
    if (i == in.size()) return {};
    if (in[i] != '%') return error{errc::disallowed_char, i};
    if (detail::escape_at(in, i) >= 0) {
      i += 3;
    } else if (percent_allowed) {
      ++i;
    } else {
      return detail::escape_error(in, i);
    }
  }
}

result<std::size_t> normalize_escapes_to(std::span<char> out, std::string_view in) noexcept {
  const detail::kernel& k = detail::active_kernel();
  std::size_t i = 0;
  std::size_t o = 0;
  while (true) {
    std::size_t run = k.find_escape(in.data() + i, in.size() - i, false);
    if (o + run > out.size()) return error{errc::no_space, i + (out.size() - o)};
    if (run != 0 && out.data() + o != in.data() + i)  // in.data() may be null
      std::memmove(out.data() + o, in.data() + i, run);
    i += run;
    o += run;
    if (i == in.size()) return o;
    int v = detail::escape_at(in, i);
    if (v < 0) return detail::escape_error(in, i);
    // 6.2.2.2: an escaped unreserved character is the character itself.
    std::size_t len = sets::unreserved.contains(static_cast<unsigned char>(v)) ? 1 : 3;
    if (o + len > out.size()) return error{errc::no_space, i};
    if (len == 1) {
      out[o] = static_cast<char>(v);
    } else {  // 6.2.2.1: hex digits of an escape are uppercase
      detail::write_escape(out.data() + o, static_cast<unsigned char>(v), detail::upper_hex);
    }
    o += len;
    i += 3;
  }
}

result<std::string> normalize_escapes(std::string_view in) {
  std::string out(in.size(), '\0');  // normalizing never grows
  auto n = normalize_escapes_to(out, in);
  if (!n) return n.error();
  out.resize(*n);
  return out;
}

}  // namespace urix
