// SPDX-License-Identifier: Apache-2.0 OR MIT
// Percent-encoding, RFC 3986 section 2.1: every byte that may not appear as itself becomes
// "%" HEXDIG HEXDIG.
#include <cstring>

#include "../detail/hex.h"
#include "../kernels/interface.h"
#include "escape.h"
#include "urix/pct.h"

namespace urix {
namespace {

constexpr charset ascii = charset::range(0x00, 0x7F);

// The bytes encoding copies unchanged, under `opts`.
constexpr charset copied_set(const charset& allowed, encode_options opts) noexcept {
  charset s = allowed & ascii;  // RFC 3986 2.5: non-ASCII bytes are always encoded
  if (opts.space_as_plus) s = s - charset(" +");
  if (opts.keep_escapes) s = s - charset("%");  // every '%' needs a look at what follows
  return s;
}

bool starts_escape(std::string_view in, std::size_t i) noexcept {
  return detail::escape_at(in, i) >= 0;
}

// One step of the encoder at in[i], a byte outside the copied set: how many input bytes it
// consumes and how many output bytes it writes.
struct step {
  std::size_t in_len;
  std::size_t out_len;
};

step special_step(std::string_view in, std::size_t i, encode_options opts) noexcept {
  if (opts.space_as_plus && in[i] == ' ') return {1, 1};
  if (opts.keep_escapes && in[i] == '%' && starts_escape(in, i)) return {3, 3};
  return {1, 3};
}

// Inputs up to this size are encoded through a stack buffer (the std::string forms).
constexpr std::size_t short_input = 256;

// The set a kernel encodes with: with space_as_plus, ' ' counts as clean (written as '+').
constexpr charset kernel_set(const charset& copied, encode_options opts) noexcept {
  return opts.space_as_plus ? copied | charset(" ") : copied;
}

// The kernel's encoder, `set` being the kernel's set for `opts`.
result<std::size_t> kernel_encode(char* out, std::string_view in, const charset& set,
                                  encode_options opts) noexcept {
  return detail::active_kernel().encode(out, in.data(), in.size(), set,
                                        opts.lowercase_hex ? detail::lower_hex : detail::upper_hex,
                                        opts.space_as_plus);
}

// Whether `allowed` is the kernel's set as it is: no option changes it and it holds no byte
// >= 0x80 (every named set). Such calls, the common ones, skip building the set.
bool is_kernel_set(const charset& allowed, encode_options opts) noexcept {
  return !opts.space_as_plus && !opts.keep_escapes &&
         (allowed.words()[2] | allowed.words()[3]) == 0;
}

// Encodes `in` into `out`, which holds at least encoded_size(in) bytes.
std::size_t encode_unchecked(char* out, std::string_view in, const charset& copied,
                             encode_options opts) noexcept {
  // Without keep_escapes every byte is handled on its own: all of it is kernel work.
  if (!opts.keep_escapes) return *kernel_encode(out, in, kernel_set(copied, opts), opts);
  const detail::kernel& k = detail::active_kernel();
  const char* hex = opts.lowercase_hex ? detail::lower_hex : detail::upper_hex;
  char* o = out;
  std::size_t i = 0;
  const std::size_t n = in.size();
  while (i < n) {
    std::size_t run = k.span(in.data() + i, n - i, copied);
    std::memcpy(o, in.data() + i, run);
    o += run;
    i += run;
    // Escape bytes one by one until the next byte that is copied again.
    while (i < n && !copied.contains(in[i])) {
      step st = special_step(in, i, opts);
      if (st.out_len == 1) {
        *o = '+';
      } else if (st.in_len == 3) {
        std::memcpy(o, in.data() + i, 3);  // keep_escapes: a well-formed escape stays as is
      } else {
        detail::write_escape(o, static_cast<unsigned char>(in[i]), hex);
      }
      o += st.out_len;
      i += st.in_len;
    }
  }
  return static_cast<std::size_t>(o - out);
}

}  // namespace

std::size_t clean_prefix(std::string_view in, const charset& allowed,
                         encode_options opts) noexcept {
  return detail::active_kernel().span(in.data(), in.size(), copied_set(allowed, opts));
}

std::size_t clean_prefix(std::string_view in, const scan_set& set) noexcept {
  return detail::active_kernel().span_fixed(in.data(), in.size(), set);
}

scan_function active_scan_function() noexcept { return detail::active_kernel().span_fixed; }

std::size_t encoded_size(std::string_view in, const charset& allowed,
                          encode_options opts) noexcept {
  const charset copied = copied_set(allowed, opts);
  const detail::kernel& k = detail::active_kernel();
  // Each byte outside the kernel's set grows by two ("%HH").
  if (!opts.keep_escapes)
    return in.size() + 2 * k.count_outside(in.data(), in.size(), kernel_set(copied, opts));
  std::size_t size = 0;
  std::size_t i = 0;
  while (i < in.size()) {
    std::size_t run = k.span(in.data() + i, in.size() - i, copied);
    size += run;
    i += run;
    while (i < in.size() && !copied.contains(in[i])) {
      step st = special_step(in, i, opts);
      size += st.out_len;
      i += st.in_len;
    }
  }
  return size;
}

namespace {

// encode_to when the set needs building or the output may be too small. Out of line, so that
// the common call does not save the six registers this part needs.
[[gnu::noinline]] result<std::size_t> encode_to_general(std::span<char> out, std::string_view in,
                                                        const charset& allowed,
                                                        encode_options opts) noexcept {
  const charset copied = copied_set(allowed, opts);
  // Three output bytes per input byte is the worst case; below that, size it exactly.
  if (out.size() / 3 < in.size() && out.size() < encoded_size(in, allowed, opts)) {
    // Report the first input byte whose output does not fit.
    std::size_t used = 0;
    for (std::size_t i = 0;;) {
      step st = copied.contains(in[i]) ? step{1, 1} : special_step(in, i, opts);
      if (used + st.out_len > out.size()) return error{errc::no_space, i};
      used += st.out_len;
      i += st.in_len;
    }
  }
  return encode_unchecked(out.data(), in, copied, opts);
}

}  // namespace

result<std::size_t> encode_to(std::span<char> out, std::string_view in, const charset& allowed,
                              encode_options opts) noexcept {
  if (is_kernel_set(allowed, opts) && out.size() / 3 >= in.size())
    return kernel_encode(out.data(), in, allowed, opts);
  return encode_to_general(out, in, allowed, opts);
}

namespace {

// Short input (the common case: one URI component) is encoded once, into a stack buffer of
// its worst-case size, from which the string is built: one pass and one exact allocation.
bool encodes_on_stack(std::string_view in, encode_options opts) noexcept {
  return in.size() <= short_input && !opts.keep_escapes;
}

// The std::string forms' stack buffer: the worst case of short input, and the 64 bytes that a
// kernel's last masked store may span past its output. Aligned so that it never spans two
// pages: a 64-byte store across a page boundary is slow, masked or not, and where an
// unaligned buffer lands depends on the caller's stack depth (docs/performance-log.md).
struct alignas(1024) stack_buffer {
  char bytes[3 * short_input + 64];
};
static_assert(sizeof(stack_buffer) == alignof(stack_buffer) && 4096 % alignof(stack_buffer) == 0,
              "the buffer lies inside one aligned block, which lies inside one page");

// What encode_on_stack wrote to `buf` (`size` bytes), or the input itself when nothing was
// escaped. Copying from the input spares the copy a wait: the kernels write `buf` with
// masked stores, which do not forward to the loads right after them.
std::string_view stack_result(std::string_view in, const char* buf, std::size_t size,
                              encode_options opts) noexcept {
  return size == in.size() && !opts.space_as_plus ? in : std::string_view(buf, size);
}

// Encodes `in`, for which encodes_on_stack holds, into `stack` and returns the encoded text
// (see stack_result). Inlined into both callers: a call of its own, with a frame, made short
// lines slower.
[[gnu::always_inline]] inline std::string_view encode_on_stack(stack_buffer& stack,
                                                               std::string_view in,
                                                               const charset& allowed,
                                                               encode_options opts) noexcept {
  char* buf = stack.bytes;
  const std::size_t size = is_kernel_set(allowed, opts)
                               ? *kernel_encode(buf, in, allowed, opts)
                               : encode_unchecked(buf, in, copied_set(allowed, opts), opts);
  return stack_result(in, buf, size, opts);
}

}  // namespace

std::string encode(std::string_view in, const charset& allowed, encode_options opts) {
  // A string constructed from the buffer, not appended to: an empty string's append grows it
  // through out-of-line calls, a measurable part of a short call.
  if (encodes_on_stack(in, opts)) {
    stack_buffer stack;
    return std::string(encode_on_stack(stack, in, allowed, opts));
  }
  std::string out;
  encode_append(out, in, allowed, opts);
  return out;
}

void encode_append(std::string& out, std::string_view in, const charset& allowed,
                   encode_options opts) {
  if (encodes_on_stack(in, opts)) {
    stack_buffer stack;
    out.append(encode_on_stack(stack, in, allowed, opts));
    return;
  }
  const charset copied = copied_set(allowed, opts);
  const std::size_t old = out.size();
  if (!opts.keep_escapes) {
    // Longer input takes two passes, both at kernel speed: count (size exactly, one
    // allocation), then encode. Sizing for the worst case instead (3x, then shrink) saves
    // the count but zero-fills and allocates 3x: see docs/performance.md for both measured.
    const std::size_t escaped =
        detail::active_kernel().count_outside(in.data(), in.size(), kernel_set(copied, opts));
    if (escaped == 0 && !opts.space_as_plus) {  // fast path: nothing to encode
      out.append(in);
      return;
    }
    out.resize(old + in.size() + 2 * escaped);
    encode_unchecked(out.data() + old, in, copied, opts);
    return;
  }
  std::size_t clean = detail::active_kernel().span(in.data(), in.size(), copied);
  if (clean == in.size()) {  // fast path: nothing to encode
    out.append(in);
    return;
  }
  out.resize(old + clean + encoded_size(in.substr(clean), allowed, opts));
  std::memcpy(out.data() + old, in.data(), clean);
  encode_unchecked(out.data() + old + clean, in.substr(clean), copied, opts);
}

}  // namespace urix
