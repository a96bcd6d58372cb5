# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest kernel_dump: runs kernel_dump (under EMULATOR in a cross build) into DIR and requires
# every kernel's file to be scalar.txt, byte for byte.
file(REMOVE_RECURSE "${DIR}")
execute_process(COMMAND ${EMULATOR} "${DUMP}" "${DIR}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "kernel_dump failed (${rc})")
endif()
file(GLOB files "${DIR}/*.txt")
file(READ "${DIR}/scalar.txt" reference)
foreach(f IN LISTS files)
  file(READ "${f}" text)
  if(NOT text STREQUAL reference)
    message(FATAL_ERROR "${f} differs from ${DIR}/scalar.txt")
  endif()
  message(STATUS "${f}: the same as scalar.txt")
endforeach()
