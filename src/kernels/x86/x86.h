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
// The AVX2 kernel's instructions (avx2.cpp).
#define URIX_AVX2 __attribute__((target("avx2,bmi,bmi2,popcnt")))
#endif

namespace urix::detail {

#if URIX_X86_KERNELS
extern const kernel avx2_kernel;    // AVX2 + BMI2 (Haswell and later)
extern const kernel avx512_kernel;  // AVX-512 BW/VL/VBMI/VBMI2 + BMI2 (Ice Lake and later)
#endif

}  // namespace urix::detail
