// Chooses the active kernel: the best one CPUID allows, unless URIX_KERNEL or force_kernel()
// says otherwise.
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "kernel.h"
#include "urix/kernel.h"

namespace urix::detail {
namespace {

// Kernels are listed slowest first; a kernel is usable when the CPU has every feature it was
// compiled for (its target attribute).
struct registry {
  std::array<const kernel*, 3> kernels{};
  std::array<std::string_view, 3> names{};
  std::size_t count = 0;

  void add(const kernel& k) noexcept {
    kernels[count] = &k;
    names[count] = k.name;
    ++count;
  }
};

registry detect() noexcept {
  registry r;
  r.add(scalar_kernel);
#if URIX_X86_KERNELS
  __builtin_cpu_init();
  const bool bmi = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                   __builtin_cpu_supports("popcnt");
  if (bmi && __builtin_cpu_supports("avx2")) r.add(avx2_kernel);
  if (bmi && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
      __builtin_cpu_supports("avx512vbmi2"))
    r.add(avx512_kernel);
#endif
  return r;
}

const registry& kernels() noexcept {
  static const registry r = detect();
  return r;
}

const kernel* find(std::string_view name) noexcept {
  const registry& r = kernels();
  if (name == "auto") return r.kernels[r.count - 1];
  for (std::size_t i = 0; i < r.count; ++i)
    if (r.names[i] == name) return r.kernels[i];
  return nullptr;
}

// The initial choice: URIX_KERNEL if it names a usable kernel, else the best one. A bad value
// is a configuration mistake worth one line on stderr, not a reason to fail every call.
const kernel* initial() noexcept {
  const registry& r = kernels();
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

}  // namespace

std::span<const kernel* const> available_kernels() noexcept {
  return {kernels().kernels.data(), kernels().count};
}

namespace {

// The active kernel until one is chosen: each function chooses, then calls the chosen one's.
constexpr kernel choosing_kernel{
    "auto",
    [](const char* p, std::size_t n, const charset& set) noexcept { return choose_kernel().span(p, n, set); },
    [](const char* p, std::size_t n, const charset& set) noexcept {
      return choose_kernel().count_outside(p, n, set);
    },
    [](char* out, const char* p, std::size_t n, const charset& set, const char* hex, bool space_as_plus) noexcept {
      return choose_kernel().encode(out, p, n, set, hex, space_as_plus);
    },
    [](const char* p, std::size_t n, bool plus) noexcept { return choose_kernel().find_escape(p, n, plus); },
    [](char* out, const char* p, std::size_t n, bool plus, bool lenient) noexcept {
      return choose_kernel().decode(out, p, n, plus, lenient);
    },
    [](const char* p, std::size_t n) noexcept { return choose_kernel().ascii_prefix(p, n); },
    [](const char* p, std::size_t n) noexcept { return choose_kernel().utf8_prefix(p, n); }};

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
