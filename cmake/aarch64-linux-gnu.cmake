# SPDX-License-Identifier: Apache-2.0 OR MIT
# cmake/aarch64-linux-gnu.cmake: cross-compiling for 64-bit Arm Linux (AArch64) with Debian's
# g++-aarch64-linux-gnu and libc6-dev-arm64-cross; the programs run under qemu-user, which
# finds the target's libc and libstdc++ under /usr/aarch64-linux-gnu (-L). Used by the
# aarch64 preset (CMakePresets.json) and tools/aarch64.sh, which install all of it.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)

# Libraries and headers come from the target's root only, never from this machine's /usr/lib.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
