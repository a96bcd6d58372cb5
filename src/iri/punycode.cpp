// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/iri/punycode.cpp: Punycode (RFC 3492), written from the RFC's section 6 algorithm.
// Arithmetic is on uint32_t with the overflow checks of section 6.4, so no input can wrap.
#include <algorithm>
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
  // Section 6.3 scans the whole label once per distinct non-basic code point, counting the
  // code points already inserted (smaller ones) between insertions: quadratic in a long label.
  // Here the insertions are taken in their order, (code point, position) sorted, and the counts
  // read from a Fenwick tree over the positions: O(n log n), the same output.
  std::array<std::uint64_t, 64> small_keys;
  std::array<std::uint32_t, 64> small_tree;
  std::vector<std::uint64_t> large_keys;
  std::vector<std::uint32_t> large_tree;
  std::span<std::uint64_t> keys = small_keys;
  std::span<std::uint32_t> tree = small_tree;
  if (label.size() > small_keys.size()) {
    large_keys.resize(label.size());
    large_tree.resize(label.size());
    keys = large_keys;
    tree = large_tree;
  }
  // The basic code points are written first and count as inserted; the others become keys.
  const std::size_t start = out.size();
  std::size_t count = 0;
  std::size_t insertions = 0;
  for (std::size_t i = 0; i < label.size(); ++count) {
    const char32_t c = next_code_point(label, i);
    const bool basic = c < initial_n;
    if (basic) {
      out.push_back(static_cast<char>(c));
    } else {
      keys[insertions++] = std::uint64_t{c} << 32 | count;
    }
    tree[count] = basic ? 1 : 0;
  }
  if (count >= maxint / 2) return false;
  keys = keys.first(insertions);
  tree = tree.first(count);
  std::sort(keys.begin(), keys.end());
  for (std::size_t i = 0; i < count; ++i) {
    if (const std::size_t parent = i | (i + 1); parent < count) tree[parent] += tree[i];
  }
  // How many code points before `position` are inserted so far.
  const auto inserted_before = [&tree](std::size_t position) {
    std::uint64_t sum = 0;
    for (std::size_t i = position; i > 0; i &= i - 1) sum += tree[i - 1];
    return sum;
  };
  const auto insert = [&tree](std::size_t position) {
    for (std::size_t i = position; i < tree.size(); i |= i + 1) ++tree[i];
  };

  const auto b = static_cast<std::uint32_t>(out.size() - start);
  std::uint32_t h = b;
  if (b > 0) out.push_back('-');

  // delta is kept in 64 bits: section 6.4's overflow, at any increment, shows as a value past
  // maxint before delta is next written or reset.
  std::uint32_t n = initial_n;
  std::uint64_t delta = 0;
  std::uint32_t bias = initial_bias;
  for (std::size_t group = 0; group < keys.size();) {
    const auto m = static_cast<std::uint32_t>(keys[group] >> 32);
    std::size_t group_end = group;
    while (group_end < keys.size() && keys[group_end] >> 32 == m) ++group_end;
    delta += std::uint64_t{m - n} * (h + 1);
    n = m;
    std::size_t from = 0;  // counting resumes here after each insertion
    for (std::size_t j = group; j < group_end; ++j) {
      const auto position = static_cast<std::uint32_t>(keys[j]);
      delta += inserted_before(position) - inserted_before(from);
      if (delta > maxint) return false;
      // Write delta as a generalized variable-length integer.
      auto q = static_cast<std::uint32_t>(delta);
      for (std::uint32_t k = base;; k += base) {
        const std::uint32_t t = threshold(k, bias);
        if (q < t) break;
        out.push_back(encode_digit(t + (q - t) % (base - t)));
        q = (q - t) / (base - t);
      }
      out.push_back(encode_digit(q));
      bias = adapt(static_cast<std::uint32_t>(delta), h + 1, h == b);
      delta = 0;
      ++h;
      from = position + 1;
    }
    delta += inserted_before(count) - inserted_before(from);
    if (delta > maxint) return false;
    for (std::size_t j = group; j < group_end; ++j) insert(static_cast<std::uint32_t>(keys[j]));
    ++delta;
    ++n;
    group = group_end;
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
