// SPDX-License-Identifier: Apache-2.0 OR MIT
// The registry of kernels: every kernel this build has, and the choice of the active one (the
// best one CPUID allows, unless URIX_KERNEL or force_kernel() says otherwise).
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <string_view>

#include "interface.h"
#include "neon/neon.h"
#include "scalar/scalar.h"
#include "urix/kernel.h"
#include "x86/x86.h"

namespace urix::detail {
namespace {

// Every kernel this build has, slowest first: the last one the CPU supports is the best. A new
// instruction set adds its kernels here, in its place by speed.
constexpr const kernel* every_kernel[] = {
    &scalar_kernel,
#if URIX_NEON_KERNELS
    &neon_kernel,
#endif
#if URIX_X86_KERNELS
    &avx2_kernel,
    &avx512_kernel,
#endif
};
constexpr std::size_t kernel_count = std::size(every_kernel);
static_assert(kernel_count <= max_kernels, "more kernels than max_kernels (interface.h) holds");
static_assert(every_kernel[0] == &scalar_kernel, "scalar first: the kernel every CPU runs");

// A list of kernels and of their names (which the public API hands out as a span).
struct kernel_list {
  std::array<const kernel*, max_kernels> kernels{};
  std::array<std::string_view, max_kernels> names{};
  std::size_t count = 0;

  void add(const kernel& k) noexcept {
    kernels[count] = &k;
    names[count] = k.name;
    ++count;
  }
};

kernel_list list_built() noexcept {
  kernel_list l;
  for (const kernel* k : every_kernel) l.add(*k);
  return l;
}

// A kernel is usable when the CPU has every feature it was compiled for.
bool runs_here(const kernel& k) noexcept {
  for (std::string_view rest = k.cpu_features; !rest.empty();) {
    const std::size_t comma = std::min(rest.find(','), rest.size());
    if (!cpu_has(rest.substr(0, comma))) return false;
    rest.remove_prefix(std::min(comma + 1, rest.size()));
  }
  return true;
}

kernel_list detect() noexcept {
  kernel_list l;
  for (const kernel* k : every_kernel)
    if (runs_here(*k)) l.add(*k);
  return l;
}

const kernel_list& built() noexcept {
  static const kernel_list l = list_built();
  return l;
}

const kernel_list& kernels() noexcept {
  static const kernel_list l = detect();
  return l;
}

const kernel* find(std::string_view name) noexcept {
  const kernel_list& r = kernels();
  if (name == "auto") return r.kernels[r.count - 1];
  for (std::size_t i = 0; i < r.count; ++i)
    if (r.names[i] == name) return r.kernels[i];
  return nullptr;
}

// The initial choice: URIX_KERNEL if it names a usable kernel, else the best one. A bad value
// is a configuration mistake worth one line on stderr, not a reason to fail every call.
const kernel* initial() noexcept {
  const kernel_list& r = kernels();
  const kernel* best = r.kernels[r.count - 1];
  const char* env = std::getenv("URIX_KERNEL");
  if (env == nullptr || *env == '\0') return best;
  if (const kernel* k = find(env)) return k;
  std::fprintf(stderr, "urix: URIX_KERNEL=%s is not a kernel this build and CPU can run (available:", env);
  for (std::size_t i = 0; i < r.count; ++i)
    std::fprintf(stderr, " %.*s", static_cast<int>(r.names[i].size()), r.names[i].data());
  std::fprintf(stderr, "); using %.*s\n", static_cast<int>(best->name.size()), best->name.data());
  return best;
}

// The CPU features the kernels name, each with the compilers' CPUID check (which takes a
// string literal, hence one function per name).
struct known_feature {
  std::string_view name;
  bool (*has)() noexcept;
};
#if URIX_X86_KERNELS
#define URIX_FEATURE(name) {name, []() noexcept { return __builtin_cpu_supports(name) != 0; }}
constexpr known_feature known_features[] = {
    URIX_FEATURE("avx2"),        URIX_FEATURE("avx512f"),     URIX_FEATURE("avx512bw"),
    URIX_FEATURE("avx512vl"),    URIX_FEATURE("avx512vbmi"),  URIX_FEATURE("avx512vbmi2"),
    URIX_FEATURE("bmi"),         URIX_FEATURE("bmi2"),        URIX_FEATURE("popcnt"),
};
#undef URIX_FEATURE
#else
constexpr std::array<known_feature, 0> known_features{};
#endif

const known_feature* find_feature(std::string_view name) noexcept {
  for (const known_feature& f : known_features)
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace

bool is_known_cpu_feature(std::string_view feature) noexcept { return find_feature(feature) != nullptr; }

bool cpu_has(std::string_view feature) noexcept {
#if URIX_X86_KERNELS
  __builtin_cpu_init();
#endif
  const known_feature* f = find_feature(feature);
  return f != nullptr && f->has();
}

std::span<const kernel* const> built_kernels() noexcept {
  return {built().kernels.data(), built().count};
}

std::span<const kernel* const> available_kernels() noexcept {
  return {kernels().kernels.data(), kernels().count};
}

namespace {

// The active kernel until one is chosen: each function chooses, then calls the chosen one's.
constexpr kernel choosing_kernel{
    .name = "auto",
    .span = [](const char* p, std::size_t n, const charset& set) noexcept {
      return choose_kernel().span(p, n, set);
    },
    .span_fixed = [](const char* p, std::size_t n, const span_table& t) noexcept {
      return choose_kernel().span_fixed(p, n, t);
    },
    .count_outside = [](const char* p, std::size_t n, const charset& set) noexcept {
      return choose_kernel().count_outside(p, n, set);
    },
    .encode = [](char* out, const char* p, std::size_t n, const charset& set, const char* hex,
                 bool space_as_plus) noexcept {
      return choose_kernel().encode(out, p, n, set, hex, space_as_plus);
    },
    .find_escape = [](const char* p, std::size_t n, bool plus) noexcept {
      return choose_kernel().find_escape(p, n, plus);
    },
    .decode = [](char* out, const char* p, std::size_t n, bool plus, bool lenient) noexcept {
      return choose_kernel().decode(out, p, n, plus, lenient);
    },
    .ascii_prefix = [](const char* p, std::size_t n) noexcept {
      return choose_kernel().ascii_prefix(p, n);
    },
    .utf8_prefix = [](const char* p, std::size_t n) noexcept {
      return choose_kernel().utf8_prefix(p, n);
    },
    .base64_decode = [](char* out, const char* p, std::size_t n) noexcept {
      return choose_kernel().base64_decode(out, p, n);
    },
    .cpu_features = {},
};

}  // namespace

constinit std::atomic<const kernel*> active_kernel_slot{&choosing_kernel};

const kernel& choose_kernel() noexcept {
  static const kernel* const first = initial();  // once, however many threads get here
  const kernel* none = &choosing_kernel;
  active_kernel_slot.compare_exchange_strong(none, first, std::memory_order_relaxed);
  return *active_kernel_slot.load(std::memory_order_relaxed);
}

}  // namespace urix::detail

namespace urix {

std::span<const std::string_view> built_kernels() noexcept {
  return {detail::built().names.data(), detail::built().count};
}

std::span<const std::string_view> available_kernels() noexcept {
  return {detail::kernels().names.data(), detail::kernels().count};
}

std::string_view active_kernel_name() noexcept { return detail::choose_kernel().name; }

bool force_kernel(std::string_view name) noexcept {
  const detail::kernel* k = detail::find(name);
  if (k == nullptr) return false;
  detail::active_kernel_slot.store(k, std::memory_order_relaxed);
  return true;
}

}  // namespace urix
