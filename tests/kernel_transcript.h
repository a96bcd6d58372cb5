// SPDX-License-Identifier: Apache-2.0 OR MIT
// tests/kernel_transcript.h: everything the active kernel computes for an input, as one
// string (encode, sizes, check, decode in every mode, in place and into short buffers,
// normalize_escapes, validate_utf8), and the generated inputs of the differential test.
// kernels_test.cpp compares the transcripts of every kernel of a build; kernel_dump.cpp writes
// them out, so that two builds (x86-64 and AArch64) can be compared byte for byte.
#pragma once

#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "test_util.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/utf8.h"

namespace urix_test {

inline std::string show(const urix::error& e) {
  return "error{" + std::to_string(static_cast<int>(e.code)) + "," + std::to_string(e.offset) + "}";
}

template <class T>
std::string show(const urix::result<T>& r) {
  if (!r) return show(r.error());
  if constexpr (std::is_void_v<T>) {
    return "ok";
  } else if constexpr (std::is_same_v<T, std::string>) {
    return "ok:" + urix_test::hex(*r);
  } else {
    return "ok:" + std::to_string(*r);
  }
}

// The options worth crossing with every set: each flag alone, and all together.
inline const std::vector<urix::encode_options> encode_variants = {
    {}, {.space_as_plus = true}, {.lowercase_hex = true}, {.keep_escapes = true},
    {.space_as_plus = true, .lowercase_hex = true, .keep_escapes = true}};
inline const std::vector<urix::decode_options> decode_variants = {
    {}, {.plus_as_space = true}, {.lenient = true}, {.plus_as_space = true, .lenient = true}};

// Everything the active kernel computes for `input`, as one transcript. Inputs and outputs
// live in exact-size heap buffers, so a kernel that reads or writes one byte too far fails
// under AddressSanitizer.
inline std::string transcript(std::string_view input, const std::vector<urix::charset>& sets) {
  const heap_bytes in(input);
  std::ostringstream t;
  for (const urix::charset& set : sets) {
    for (const urix::encode_options& opts : encode_variants) {
      const std::size_t size = urix::encoded_size(in.view(), set, opts);
      heap_bytes out = heap_bytes::zeroed(size);
      const auto r = urix::encode_to(out.span(), in.view(), set, opts);
      t << urix::clean_prefix(in.view(), set, opts) << ' ' << size << ' ' << show(r) << ' '
        << urix_test::hex(out.view()) << ' ' << urix_test::hex(urix::encode(in.view(), set, opts));
      if (size > 0) {  // one byte short: no_space at the same offset
        heap_bytes shorter = heap_bytes::zeroed(size - 1);
        t << ' ' << show(urix::encode_to(shorter.span(), in.view(), set, opts));
      }
      t << '\n';
    }
    t << show(urix::check(in.view(), set)) << '\n';
  }
  for (const urix::decode_options& opts : decode_variants) {
    heap_bytes out = heap_bytes::zeroed(input.size());
    const auto r = urix::decode_to(out.span(), in.view(), opts);
    t << show(urix::decoded_size(in.view(), opts)) << ' ' << show(r) << ' '
      << (r ? urix_test::hex(out.view().substr(0, *r)) : "") << ' ' << show(urix::decode(in.view(), opts));
    heap_bytes same(input);  // in place: the output is the input's own storage
    const auto in_place = urix::decode_to(same.span(), same.view(), opts);
    t << ' ' << show(in_place) << ' ' << (in_place ? urix_test::hex(same.view().substr(0, *in_place)) : "");
    if (input.size() > 1) {
      heap_bytes shorter = heap_bytes::zeroed(input.size() / 2);
      t << ' ' << show(urix::decode_to(shorter.span(), in.view(), opts));
    }
    if (const auto size = urix::decoded_size(in.view(), opts); size && *size < input.size()) {
      heap_bytes exact = heap_bytes::zeroed(*size);  // a kernel must not write past the output
      t << ' ' << show(urix::decode_to(exact.span(), in.view(), opts)) << ' ' << urix_test::hex(exact.view());
    }
    t << '\n';
  }
  t << show(urix::normalize_escapes(in.view())) << ' ' << show(urix::validate_utf8(in.view())) << '\n';
  return t.str();
}

// A few sets of different shapes; NamedSets below crosses all of them.
inline const std::vector<urix::charset> some_sets = {
    urix::sets::unreserved, urix::sets::query_param, urix::charset(), ~urix::charset(),
    urix::charset::range(0x00, 0x7F)};

inline const char* const hex_digits = "0123456789abcdefABCDEF";

// Bytes that matter to the codec, weighted towards the interesting ones.
inline char interesting_byte(std::mt19937& rng) {
  static constexpr char pool[] = "%%%%++  aZ09-._~/?#[]@!$&'()*,;=:\x7f\x80\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80\xff";
  std::uniform_int_distribution<std::size_t> pick(0, sizeof pool - 2);
  return pool[pick(rng)];
}

// A string of n bytes: random, or made of (mostly well-formed) escapes.
inline std::string generated(std::mt19937& rng, std::size_t n, int kind) {
  std::string s;
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<int> die(0, 9);
  std::uniform_int_distribution<std::size_t> hex(0, 21);
  while (s.size() < n) {
    switch (kind) {
      case 0:
        s += static_cast<char>(byte(rng));
        break;
      case 1:
        s += interesting_byte(rng);
        break;
      default:  // escape-heavy: "%HH" nine times in ten, else a stray byte
        if (die(rng) != 0) {
          s += '%';
          s += hex_digits[hex(rng)];
          s += hex_digits[hex(rng)];
        } else {
          s += interesting_byte(rng);
        }
    }
  }
  s.resize(n);  // may cut an escape short: the end of input is an edge too
  return s;
}

}  // namespace urix_test
