// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/kernels/x86/x86.h: the x86-64 kernels, compiled with per-function target attributes so
// that any x86-64 compiler setting builds them; each runs only where CPUID allows.
// @private: not part of urix's public API.
#pragma once

#include "../interface.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define URIX_X86_KERNELS 1
#else
#define URIX_X86_KERNELS 0
#endif

#if URIX_X86_KERNELS
// The AVX2 kernel's instructions (avx2.cpp, and what it shares with the AVX-512 kernel).
#define URIX_AVX2 __attribute__((target("avx2,bmi,bmi2,popcnt")))
#endif

namespace urix::detail {

#if URIX_X86_KERNELS
extern const kernel avx2_kernel;    // AVX2 + BMI2 (Haswell and later)
extern const kernel avx512_kernel;  // AVX-512 BW/VL/VBMI/VBMI2 + BMI2 (Ice Lake and later)

/// The AVX2 kernel's span_fixed, which the AVX-512 kernel uses too (see avx512.cpp).
URIX_AVX2 std::size_t avx2_span_fixed(const char* p, std::size_t n, const span_table& t) noexcept;
#endif

}  // namespace urix::detail
