// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/charset.h: a set of bytes, as a constexpr 256-bit value.
//
// A charset answers one question fast: may this byte appear as itself? The named sets of
// RFC 3986, RFC 2396 and the WHATWG URL Standard (urix/sets.h) are built from it with the
// same algebra their grammars use:
//
//   constexpr urix::charset pchar = unreserved | sub_delims | urix::charset(":@");
//   static_assert(pchar.contains('@') && !pchar.contains('/'));
//
// Operators: `a | b` union, `a & b` intersection, `a - b` difference, `~a` complement (all
// 256 bytes). A charset may hold bytes >= 0x80, but the percent encoder never leaves such a
// byte unencoded (RFC 3986 section 2.5: non-ASCII data is always UTF-8 then percent-encoded).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace urix {

class charset {
 public:
  /// The empty set.
  constexpr charset() noexcept = default;

  /// The set of the bytes in `chars` (each byte of the string, duplicates allowed).
  constexpr explicit charset(std::string_view chars) noexcept {
    for (char c : chars) insert(static_cast<unsigned char>(c));
  }

  /// The bytes lo..hi inclusive.
  [[nodiscard]] static constexpr charset range(unsigned char lo, unsigned char hi) noexcept {
    charset s;
    for (unsigned c = lo; c <= hi; ++c) s.insert(static_cast<unsigned char>(c));
    return s;
  }

  [[nodiscard]] constexpr bool contains(unsigned char c) const noexcept {
    return (words_[c >> 6] >> (c & 63)) & 1U;
  }
  [[nodiscard]] constexpr bool contains(char c) const noexcept {
    return contains(static_cast<unsigned char>(c));
  }

  /// Number of bytes in the set.
  [[nodiscard]] constexpr std::size_t size() const noexcept {
    std::size_t n = 0;
    for (std::uint64_t w : words_)
      for (; w != 0; w &= w - 1) ++n;
    return n;
  }

  /// The 256 bits as four little-endian words: bit (c & 63) of word (c >> 6) is byte c.
  /// SIMD kernels build their lookup tables from this.
  [[nodiscard]] constexpr const std::array<std::uint64_t, 4>& words() const noexcept {
    return words_;
  }

 private:
  // Applies `op` word by word. Defined before its users: clang 14 cannot evaluate a member
  // template in a constant expression when its definition comes later in the class.
  template <class Op>
  constexpr charset combine(const charset& o, Op op) const noexcept {
    charset r;
    for (std::size_t i = 0; i < 4; ++i) r.words_[i] = op(words_[i], o.words_[i]);
    return r;
  }

 public:
  constexpr charset operator|(const charset& o) const noexcept {
    return combine(o, [](std::uint64_t a, std::uint64_t b) { return a | b; });
  }
  constexpr charset operator&(const charset& o) const noexcept {
    return combine(o, [](std::uint64_t a, std::uint64_t b) { return a & b; });
  }
  constexpr charset operator-(const charset& o) const noexcept {
    return combine(o, [](std::uint64_t a, std::uint64_t b) { return a & ~b; });
  }
  constexpr charset operator~() const noexcept {
    return combine(*this, [](std::uint64_t a, std::uint64_t) { return ~a; });
  }
  friend constexpr bool operator==(const charset&, const charset&) noexcept = default;

 private:
  constexpr void insert(unsigned char c) noexcept { words_[c >> 6] |= std::uint64_t{1} << (c & 63); }

  std::array<std::uint64_t, 4> words_{};
};

/// The ASCII bytes of a charset, compiled for scanning a string: the lookups each kernel
/// needs, made once (at compile time when constexpr) rather than on every call, which costs
/// more than the run when runs are short (a URL's components). Scanned by
/// urix::clean_prefix(in, scan_set) (urix/pct.h). Bytes >= 0x80 are never in it, whatever
/// the charset holds.
///
///   constexpr urix::scan_set path_run{urix::sets::path};
///   std::size_t end = urix::clean_prefix(text, path_run);
struct scan_set {
  /// in[c] is 1 when c is in the set (the scalar kernel's lookup, one load per byte).
  std::uint8_t in[256];
  /// rows[c & 15] has bit (c >> 4) set when c is in the set (the SIMD kernels' lookup: with a
  /// second table of 1 << hi for hi < 8, two shuffles classify 16 bytes).
  alignas(16) std::uint8_t rows[16];

  constexpr explicit scan_set(const charset& s) noexcept : in{}, rows{} {
    for (unsigned c = 0; c < 0x80; ++c) {
      if (!s.contains(static_cast<unsigned char>(c))) continue;
      in[c] = 1;
      rows[c & 15] = static_cast<std::uint8_t>(rows[c & 15] | (1U << (c >> 4)));
    }
  }

  [[nodiscard]] constexpr bool contains(char c) const noexcept {
    return in[static_cast<unsigned char>(c)] != 0;
  }
};

}  // namespace urix
