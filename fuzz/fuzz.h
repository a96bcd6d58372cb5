// SPDX-License-Identifier: Apache-2.0 OR MIT
// fuzz/fuzz.h: what every urix fuzz target shares: a checked-invariant macro and a reader
// that carves parameters (a set, option bits) off the front of the fuzzer's input.
//
// A target is one `LLVMFuzzerTestOneInput`. It returns 0 for every input; a broken invariant
// prints what broke and aborts, which libFuzzer (and the replay main) reports as a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "urix/charset.h"
#include "urix/result.h"
#include "urix/sets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace urix::fuzz {

[[noreturn]] inline void fail(const char* what, const char* file, int line) {
  std::fprintf(stderr, "urix fuzz: invariant broken at %s:%d: %s\n", file, line, what);
  std::fflush(stderr);
  std::abort();
}

/// Consumes parameters from the front of the input; what is left is the data under test.
class reader {
 public:
  reader(const std::uint8_t* data, std::size_t size) noexcept
      : rest_(reinterpret_cast<const char*>(data), size) {}

  /// The next byte, or 0 once the input is used up (so short inputs still run).
  std::uint8_t byte() noexcept {
    if (rest_.empty()) return 0;
    auto b = static_cast<std::uint8_t>(rest_.front());
    rest_.remove_prefix(1);
    return b;
  }

  /// A set chosen by one byte: a named set (SPEC section 2) for most values, otherwise an
  /// arbitrary 256-bit set read from the next 32 bytes, so sets nobody named get covered too.
  charset set() noexcept {
    std::uint8_t pick = byte();
    if (pick < 4 * sets::named_sets.size())
      return sets::named_sets[pick % sets::named_sets.size()].set;
    std::string members;
    for (unsigned i = 0; i < 32; ++i) {
      std::uint8_t bits = byte();
      for (unsigned b = 0; b < 8; ++b)
        if ((unsigned{bits} >> b) & 1U) members.push_back(static_cast<char>(i * 8 + b));
    }
    charset s(members);
    return s;
  }

  /// Everything not consumed yet. Empty is a default-constructed view (data() == nullptr),
  /// which callers may pass and memcpy/memmove must never see.
  [[nodiscard]] std::string_view rest() const noexcept {
    return rest_.empty() ? std::string_view() : rest_;
  }

 private:
  std::string_view rest_;
};

/// Two results agree when both hold equal values or both hold equal errors.
template <class T>
bool same(const result<T>& a, const result<T>& b) {
  if (a.has_value() != b.has_value()) return false;
  return a ? *a == *b : a.error() == b.error();
}

}  // namespace urix::fuzz

/// Aborts with the failed condition when an invariant does not hold.
#define URIX_FUZZ_CHECK(cond) \
  ((cond) ? static_cast<void>(0) : ::urix::fuzz::fail(#cond, __FILE__, __LINE__))
