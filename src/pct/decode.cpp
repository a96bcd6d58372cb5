// Percent-decoding, RFC 3986 section 2.4: "%" HEXDIG HEXDIG becomes the byte it names.
#include <cstring>

#include "escape.h"
#include "kernel.h"
#include "urix/pct.h"

namespace urix {
namespace {

// The error at a malformed escape: out of line, off the path of every call that decodes.
[[gnu::cold, gnu::noinline]] error malformed_at(std::string_view in, std::size_t i) noexcept {
  return detail::escape_error(in, i);
}

// Decodes `in` into `out`, where out <= in.data() or the two do not overlap, and `out` holds
// at least the decoded size. The kernel does all of it, stopping only at a malformed escape.
result<std::size_t> decode_unchecked(char* out, std::string_view in,
                                     decode_options opts) noexcept {
  const detail::decode_progress done = detail::active_kernel().decode(
      out, in.data(), in.size(), opts.plus_as_space, opts.lenient);
  if (done.read != in.size()) [[unlikely]]
    return malformed_at(in, done.read);
  return done.written;
}

// Offset of the first input byte whose decoded output would go past `limit` bytes, for an
// input known to decode. Every output byte comes from one escape or one other input byte
// ('+' and a lenient '%' included).
std::size_t first_unfit(std::string_view in, std::size_t limit) noexcept {
  std::size_t i = 0;
  for (std::size_t o = 0; o < limit; ++o) i += (in[i] == '%' && detail::escape_at(in, i) >= 0) ? 3U : 1U;
  return i;
}

}  // namespace

result<std::size_t> decoded_size(std::string_view in, decode_options opts) noexcept {
  const detail::kernel& k = detail::active_kernel();
  std::size_t size = in.size();
  for (std::size_t i = k.find_escape(in.data(), in.size(), false); i < in.size();) {
    int v = detail::escape_at(in, i);
    if (v >= 0) {
      size -= 2;
      i += 3;
    } else if (opts.lenient) {
      ++i;
    } else {
      return detail::escape_error(in, i);
    }
    i += k.find_escape(in.data() + i, in.size() - i, false);
  }
  return size;
}

namespace {

// decode_to into a buffer smaller than the input: the decoded size decides. Out of line, so
// that the common call does not pay for saving the registers this part needs.
[[gnu::noinline]] result<std::size_t> decode_to_short(std::span<char> out, std::string_view in,
                                                      decode_options opts) noexcept {
  auto size = decoded_size(in, opts);
  if (!size) return size;
  if (*size > out.size()) return error{errc::no_space, first_unfit(in, out.size())};
  return decode_unchecked(out.data(), in, opts);
}

}  // namespace

result<std::size_t> decode_to(std::span<char> out, std::string_view in,
                              decode_options opts) noexcept {
  if (out.size() >= in.size()) [[likely]]
    return decode_unchecked(out.data(), in, opts);
  return decode_to_short(out, in, opts);
}

namespace {

// Short input (one URI component) decodes into a stack buffer, from which the string is
// built at its exact size: no zero-filled resize, no shrink.
constexpr std::size_t short_input = 256;

}  // namespace

result<std::string> decode(std::string_view in, decode_options opts) {
  // A string constructed from the buffer, not appended to: an empty string's append grows it
  // through out-of-line calls, 2.5-4 ns of a 20-35 ns call.
  if (in.size() <= short_input) {
    char buf[short_input];
    auto r = decode_unchecked(buf, in, opts);
    if (!r) return r.error();
    return std::string(buf, *r);
  }
  std::string out;
  if (auto r = decode_append(out, in, opts); !r) return r.error();
  return out;
}

result<void> decode_append(std::string& out, std::string_view in, decode_options opts) {
  if (in.size() <= short_input) {
    char buf[short_input];
    auto r = decode_unchecked(buf, in, opts);
    if (!r) return r.error();
    out.append(buf, *r);
    return {};
  }
  const std::size_t old = out.size();
  out.resize(old + in.size());  // decoding never grows
  auto r = decode_unchecked(out.data() + old, in, opts);
  if (!r) {
    out.resize(old);
    return r.error();
  }
  out.resize(old + *r);
  return {};
}

}  // namespace urix
