// SPDX-License-Identifier: Apache-2.0 OR MIT
// liburix, the umbrella library (see src/CMakeLists.txt): it links urix::core and, when built,
// urix::idna; its only code is the C API (c_api.cpp). Compiling the umbrella header here keeps
// it whole.
#include "urix.h"
