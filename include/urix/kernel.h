// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix/kernel.h: which byte-scanning kernel the percent codec and UTF-8 validator use.
//
// urix carries a portable scalar kernel and, on x86-64, AVX2 and AVX-512 kernels, on AArch64
// a NEON kernel. The best one the CPU supports is chosen once per process (CPUID on x86-64;
// every AArch64 CPU has NEON); all of them give byte-identical results and identical error
// offsets, so choosing is only ever about speed.
//
// To force a kernel, set the environment variable URIX_KERNEL=scalar|avx2|avx512|neon (or auto)
// before the first codec call, or call force_kernel(). A name that is unknown, or a kernel
// this CPU cannot run, is not fatal: URIX_KERNEL then falls back to the best kernel and prints
// one line on stderr saying so; force_kernel() returns false and changes nothing.
// force_kernel() overrides URIX_KERNEL: called before the first codec call, it is the choice
// and URIX_KERNEL is never read.
//
//   for (std::string_view k : urix::available_kernels()) std::cout << k << '\n';
//   urix::force_kernel("scalar");   // e.g. to compare speeds
//   assert(urix::active_kernel_name() == "scalar");
#pragma once

#include <span>
#include <string_view>

#include "urix/export.h"

namespace urix {

/// Names of the kernels this build has and this CPU runs: "scalar" first, the fastest last.
[[nodiscard]] URIX_API std::span<const std::string_view> available_kernels() noexcept;

/// Names of every kernel this build has, whether or not this CPU runs it, in the same order
/// (a test harness tells "not built" from "built, but this CPU lacks it").
[[nodiscard]] URIX_API std::span<const std::string_view> built_kernels() noexcept;

/// Name of the kernel in use now.
[[nodiscard]] URIX_API std::string_view active_kernel_name() noexcept;

/// Makes kernel `name` (or "auto": the fastest) the active one for the whole process, and
/// returns true; returns false, changing nothing, if it is not among available_kernels().
/// Safe to call from any thread; calls already running finish with the kernel they began with.
URIX_API bool force_kernel(std::string_view name) noexcept;

}  // namespace urix
