// Chooses the codec's kernel once per process.
#include <array>

#include "kernel.h"

namespace urix::detail {

std::span<const kernel* const> available_kernels() noexcept {
  static constexpr std::array<const kernel*, 1> all{&scalar_kernel};
  return all;
}

const kernel& active_kernel() noexcept {
  static const kernel& chosen = *available_kernels().back();
  return chosen;
}

}  // namespace urix::detail
