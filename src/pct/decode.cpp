// SPDX-License-Identifier: Apache-2.0 OR MIT
// Percent-decoding, RFC 3986 section 2.4: "%" HEXDIG HEXDIG becomes the byte it names.
#include <cstring>

#include "../kernels/interface.h"
#include "escape.h"
#include "urix/pct.h"
#include "urix/utf8.h"

namespace urix {
namespace {

// Decodes `in` into `out`, where out <= in.data() or the two do not overlap, and `out` holds
// at least the decoded size. The kernel does all of it, the error at a malformed escape too.
result<std::size_t> decode_unchecked(char* out, std::string_view in,
                                     decode_options opts) noexcept {
  return detail::active_kernel().decode(out, in.data(), in.size(), opts.plus_as_space, opts.lenient);
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
  // Reported at the first input byte whose decoded output does not fit.
  if (*size > out.size()) return error{errc::no_space, detail::encoded_offset(in, out.size())};
  return decode_unchecked(out.data(), in, opts);
}

}  // namespace

result<std::size_t> decode_to(std::span<char> out, std::string_view in,
                              decode_options opts) noexcept {
  if (out.size() >= in.size()) [[likely]]
    return decode_unchecked(out.data(), in, opts);
  return decode_to_short(out, in, opts);
}

// The std::string forms decode straight into the string, sized as the input (decoding never
// grows), then cut it to what was written: one pass and one allocation, whose capacity may
// exceed the size by up to two thirds of the input. (Not a stack buffer copied to an exact
// size: the copy's loads wait for the kernel's masked stores; docs/performance-log.md.)
result<std::string> decode(std::string_view in, decode_options opts) {
  // A string constructed at its size, not grown from empty: an empty string's resize grows
  // it through out-of-line calls, a measurable part of a short call.
  std::string out(in.size(), '\0');
  auto r = decode_unchecked(out.data(), in, opts);
  if (!r) return r.error();
  out.resize(*r);
  return out;
}

result<void> decode_append(std::string& out, std::string_view in, decode_options opts) {
  const std::size_t old = out.size();
  out.resize(old + in.size());
  auto r = decode_unchecked(out.data() + old, in, opts);
  if (!r) {
    out.resize(old);
    return r.error();
  }
  out.resize(old + *r);
  return {};
}

result<void> check_decoded_utf8(std::string_view in, std::string_view decoded) noexcept {
  auto valid = validate_utf8(decoded);
  if (valid) return {};
  return error{errc::invalid_utf8, detail::encoded_offset(in, valid.error().offset)};
}

result<std::string> decode_utf8(std::string_view in, decode_options opts) {
  auto r = decode(in, opts);
  if (!r) return r;
  if (auto valid = check_decoded_utf8(in, *r); !valid) return valid.error();
  return r;
}

result<void> decode_utf8_append(std::string& out, std::string_view in, decode_options opts) {
  const std::size_t old = out.size();
  if (auto r = decode_append(out, in, opts); !r) return r;
  if (auto valid = check_decoded_utf8(in, std::string_view(out).substr(old)); !valid) {
    out.resize(old);
    return valid.error();
  }
  return {};
}

}  // namespace urix
