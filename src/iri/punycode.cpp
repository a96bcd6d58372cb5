// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/iri/punycode.cpp: Punycode (RFC 3492), written from the RFC's section 6 algorithm.
// Arithmetic is on uint32_t with the overflow checks of section 6.4, so no input can wrap.
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "punycode.h"
#include "urix/idna.h"
#include "urix/utf8.h"

namespace urix {
namespace {

// Bootstring parameters for Punycode (RFC 3492 section 5).
constexpr std::uint32_t base = 36;
constexpr std::uint32_t tmin = 1;
constexpr std::uint32_t tmax = 26;
constexpr std::uint32_t skew = 38;
constexpr std::uint32_t damp = 700;
constexpr std::uint32_t initial_bias = 72;
constexpr std::uint32_t initial_n = 0x80;
constexpr std::uint32_t maxint = std::numeric_limits<std::uint32_t>::max();

// Bias adaptation (section 6.1).
std::uint32_t adapt(std::uint32_t delta, std::uint32_t numpoints, bool firsttime) noexcept {
  delta = firsttime ? delta / damp : delta / 2;
  delta += delta / numpoints;
  std::uint32_t k = 0;
  while (delta > ((base - tmin) * tmax) / 2) {
    delta /= base - tmin;
    k += base;
  }
  return k + (base - tmin + 1) * delta / (delta + skew);
}

// The threshold t for digit position k (section 6.2/6.3: clamp k - bias to [tmin, tmax]).
constexpr std::uint32_t threshold(std::uint32_t k, std::uint32_t bias) noexcept {
  return k <= bias ? tmin : k >= bias + tmax ? tmax : k - bias;
}

// Digit values 0-25 are a-z, 26-35 are 0-9 (section 5); encoding writes lowercase.
constexpr char encode_digit(std::uint32_t d) noexcept {
  return static_cast<char>(d < 26 ? 'a' + d : '0' + (d - 26));
}
constexpr std::uint32_t decode_digit(char c) noexcept {
  if (c >= '0' && c <= '9') return static_cast<std::uint32_t>(c - '0') + 26;
  if (c >= 'a' && c <= 'z') return static_cast<std::uint32_t>(c - 'a');
  if (c >= 'A' && c <= 'Z') return static_cast<std::uint32_t>(c - 'A');
  return base;  // not a digit
}

}  // namespace

namespace detail {

bool append_punycode(std::string& out, std::string_view label) {
  // The label's code points, on the stack when short (never more of them than bytes).
  std::array<char32_t, 64> small;
  std::vector<char32_t> large;
  std::span<char32_t> cps;
  if (label.size() <= small.size()) {
    cps = small;
  } else {
    large.resize(label.size());
    cps = large;
  }
  std::size_t count = 0;
  for (std::size_t i = 0; i < label.size();) cps[count++] = next_code_point(label, i);
  cps = cps.first(count);
  if (cps.size() >= maxint / 2) return false;

  const std::size_t start = out.size();
  for (char32_t c : cps) {
    if (c < 0x80) out.push_back(static_cast<char>(c));
  }
  const auto b = static_cast<std::uint32_t>(out.size() - start);
  std::uint32_t h = b;
  if (b > 0) out.push_back('-');

  std::uint32_t n = initial_n;
  std::uint32_t delta = 0;
  std::uint32_t bias = initial_bias;
  while (h < cps.size()) {
    // The smallest code point not yet handled.
    std::uint32_t m = maxint;
    for (char32_t c : cps) {
      if (c >= n && c < m) m = c;
    }
    if (m - n > (maxint - delta) / (h + 1)) return false;
    delta += (m - n) * (h + 1);
    n = m;
    for (char32_t c : cps) {
      if (c < n && ++delta == 0) return false;
      if (c != n) continue;
      // Write delta as a generalized variable-length integer.
      std::uint32_t q = delta;
      for (std::uint32_t k = base;; k += base) {
        const std::uint32_t t = threshold(k, bias);
        if (q < t) break;
        out.push_back(encode_digit(t + (q - t) % (base - t)));
        q = (q - t) / (base - t);
      }
      out.push_back(encode_digit(q));
      bias = adapt(delta, h + 1, h == b);
      delta = 0;
      ++h;
    }
    ++delta;
    ++n;
  }
  return true;
}

}  // namespace detail

result<std::string> punycode_encode(std::string_view in) {
  if (auto ok = validate_utf8(in); !ok) return ok.error();
  std::string out;
  if (!detail::append_punycode(out, in)) return error{errc::bad_punycode, 0};
  return out;
}

result<std::string> punycode_decode(std::string_view in) {
  // Basic code points are everything before the last delimiter (section 6.2).
  const std::size_t last_dash = in.rfind('-');
  const std::size_t b = last_dash == std::string_view::npos ? 0 : last_dash;
  std::vector<char32_t> out;
  out.reserve(in.size());
  for (std::size_t j = 0; j < b; ++j) {
    if (static_cast<unsigned char>(in[j]) >= 0x80) return error{errc::bad_punycode, j};
    out.push_back(static_cast<unsigned char>(in[j]));
  }

  std::uint32_t n = initial_n;
  std::uint32_t i = 0;
  std::uint32_t bias = initial_bias;
  for (std::size_t pos = b > 0 ? b + 1 : 0; pos < in.size();) {
    // Read one delta: a generalized variable-length integer.
    const std::size_t start = pos;
    const std::uint32_t oldi = i;
    std::uint32_t w = 1;
    for (std::uint32_t k = base;; k += base) {
      if (pos >= in.size()) return error{errc::bad_punycode, start};
      const std::uint32_t digit = decode_digit(in[pos]);
      if (digit >= base) return error{errc::bad_punycode, pos};
      ++pos;
      if (digit > (maxint - i) / w) return error{errc::bad_punycode, start};
      i += digit * w;
      const std::uint32_t t = threshold(k, bias);
      if (digit < t) break;
      if (w > maxint / (base - t)) return error{errc::bad_punycode, start};
      w *= base - t;
    }
    const auto len = static_cast<std::uint32_t>(out.size() + 1);
    bias = adapt(i - oldi, len, oldi == 0);
    if (i / len > maxint - n) return error{errc::bad_punycode, start};
    n += i / len;
    i %= len;
    // The result must be a non-basic Unicode scalar value (section 6.2, and Unicode 3.9 D76).
    if (n < initial_n || n > 0x10FFFF || (n >= 0xD800 && n <= 0xDFFF)) {
      return error{errc::bad_punycode, start};
    }
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(i), static_cast<char32_t>(n));
    ++i;
  }

  std::string utf8;
  utf8.reserve(out.size() * 2);
  for (char32_t c : out) append_utf8(utf8, c);
  return utf8;
}

}  // namespace urix
