// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/kernels/scalar/scalar.h: the portable kernel.
// @private: not part of urix's public API.
#pragma once

#include "../interface.h"

namespace urix::detail {

/// The scalar kernel: portable, and the reference the others are tested against.
extern const kernel scalar_kernel;

}  // namespace urix::detail
