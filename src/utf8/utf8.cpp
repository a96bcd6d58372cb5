// UTF-8 well-formedness per Unicode 3.9 Table 3-7 (the same rules as RFC 3629 section 4).
#include "urix/utf8.h"

#include "../kernels/interface.h"

namespace urix {
namespace {

// The sequence starting at in[i]: its length and whether it is well-formed. When it is not,
// `len` is the length of its maximal subpart (at least 1), and `truncated` says the input
// ended inside what could still have become a well-formed sequence.
struct sequence {
  std::size_t len;
  bool ok;
  bool truncated;
};

sequence scan(std::string_view in, std::size_t i) noexcept {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(in[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return {1, true, false};
  std::size_t need;
  unsigned char lo = 0x80;  // bounds of the second byte (Table 3-7)
  unsigned char hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 3;
    if (b0 == 0xE0) lo = 0xA0;  // no overlong forms
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 4;
    if (b0 == 0xF0) lo = 0x90;  // no overlong forms
    if (b0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return {1, false, false};  // 80..C1, F5..FF never start a sequence
  }
  for (std::size_t k = 1; k < need; ++k) {
    if (i + k == in.size()) return {k, false, true};
    const unsigned char b = byte(i + k);
    if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return {k, false, false};
  }
  return {need, true, false};
}

}  // namespace

result<void> validate_utf8(std::string_view in) noexcept {
  const detail::kernel& k = detail::active_kernel();
  // A SIMD kernel vouches for a prefix (all of it, if nothing is wrong but the last bytes);
  // the exact offset of an error, and how the input ends, are found here.
  for (std::size_t i = k.utf8_prefix(in.data(), in.size()); i < in.size();) {
    // ASCII runs are the common case: the active kernel skips them a vector at a time.
    i += k.ascii_prefix(in.data() + i, in.size() - i);
    if (i == in.size()) break;
    sequence s = scan(in, i);
    if (!s.ok) return error{errc::invalid_utf8, i};
    i += s.len;
  }
  return {};
}

std::size_t utf8_incomplete_tail(std::string_view in) noexcept {
  // A proper prefix is at most 3 bytes long, so only the last 3 starts can begin one.
  for (std::size_t back = 1; back <= 3 && back <= in.size(); ++back) {
    std::size_t i = in.size() - back;
    sequence s = scan(in, i);
    if (s.truncated) return back;
    if (static_cast<unsigned char>(in[i]) >= 0xC0 || static_cast<unsigned char>(in[i]) < 0x80)
      return 0;  // a lead byte or ASCII that is not a truncated start ends the search
  }
  return 0;
}

void utf8_replace_invalid_append(std::string& out, std::string_view in) {
  out.reserve(out.size() + in.size());
  for (std::size_t i = 0; i < in.size();) {
    sequence s = scan(in, i);
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
