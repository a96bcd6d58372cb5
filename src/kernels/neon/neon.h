// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/kernels/neon/neon.h: the AArch64 kernel. Advanced SIMD (NEON) is part of every AArch64
// CPU, so the kernel is chosen when compiling for the architecture, not by a run-time test.
// @private: not part of urix's public API.
#pragma once

#include "../interface.h"

// Little-endian only: the kernel reads byte masks as integers, lowest address first.
#if defined(__aarch64__) && defined(__ARM_NEON) && (defined(__GNUC__) || defined(__clang__)) && \
    defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define URIX_NEON_KERNELS 1
#else
#define URIX_NEON_KERNELS 0
#endif

namespace urix::detail {

#if URIX_NEON_KERNELS
extern const kernel neon_kernel;  // AArch64 Advanced SIMD: every AArch64 CPU
#endif

}  // namespace urix::detail
