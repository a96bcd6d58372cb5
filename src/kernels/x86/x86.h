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
// Each kernel's instructions, named once: its functions' target attribute and its
// kernel::cpu_features, which the registry checks against CPUID, both read them.
#define URIX_AVX2_FEATURES "avx2,bmi,bmi2,popcnt"
#define URIX_AVX512_FEATURES "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,bmi,bmi2,popcnt"
#define URIX_AVX2 __attribute__((target(URIX_AVX2_FEATURES)))
#define URIX_AVX512 __attribute__((target(URIX_AVX512_FEATURES)))
#endif

namespace urix::detail {

#if URIX_X86_KERNELS
extern const kernel avx2_kernel;    // AVX2 + BMI2 (Haswell and later)
extern const kernel avx512_kernel;  // AVX-512 BW/VL/VBMI/VBMI2 + BMI2 (Ice Lake and later)
#endif

}  // namespace urix::detail
