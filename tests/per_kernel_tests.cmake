# SPDX-License-Identifier: Apache-2.0 OR MIT
# per_kernel_tests.cmake: read by ctest (TEST_INCLUDE_FILES, see urix_test_per_kernel in
# tests/CMakeLists.txt) each time it runs, so the kernels come from the built library, not
# from a list written here.
#
# urix_per_kernel_tests(LISTER PROGRAM FILTER WORKDIR EMULATOR): asks LISTER (list_kernels)
# for the kernels the library has and PROGRAM (a GoogleTest program) for its test cases that
# match FILTER, then adds each case once per kernel as "KERNEL.Suite.Case", with
# URIX_KERNEL=KERNEL and label kernel-KERNEL. A kernel this CPU cannot run makes PROGRAM exit 77
# (tests/test_main.cpp): ctest reports those runs as skipped. EMULATOR (a list, maybe empty:
# CMAKE_CROSSCOMPILING_EMULATOR) runs both programs in a cross build (qemu-aarch64 -L ...).
function(urix_per_kernel_tests lister program filter workdir emulator)
  get_filename_component(name "${program}" NAME)
  if(NOT EXISTS "${lister}" OR NOT EXISTS "${program}")
    # As gtest_discover_tests does: a test that fails says what to build.
    add_test("${name}_per_kernel_NOT_BUILT" "${name}_per_kernel_NOT_BUILT")
    return()
  endif()
  execute_process(COMMAND ${emulator} "${lister}" OUTPUT_VARIABLE kernels RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR kernels STREQUAL "")
    message(FATAL_ERROR "${lister} failed (${rc}): no list of kernels")
  endif()
  string(REGEX MATCHALL "[^\n]+" kernels "${kernels}")
  execute_process(COMMAND ${emulator} "${program}" --gtest_list_tests "--gtest_filter=${filter}"
                  OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${program} --gtest_list_tests failed (${rc})")
  endif()
  # "Suite." lines, then "  Case" lines; comments (parameters, types) dropped.
  string(REGEX REPLACE " *#[^\n]*" "" listing "${listing}")
  string(REGEX MATCHALL "[^\n]+" lines "${listing}")
  set(cases "")
  set(suite "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^([^ ]+)\\.$")
      set(suite "${CMAKE_MATCH_1}")
    elseif(line MATCHES "^  ([^ ]+)$")
      list(APPEND cases "${suite}.${CMAKE_MATCH_1}")
    endif()
  endforeach()
  foreach(kernel IN LISTS kernels)
    foreach(case IN LISTS cases)
      add_test("${kernel}.${case}" ${emulator} "${program}" "--gtest_filter=${case}")
      set_tests_properties("${kernel}.${case}" PROPERTIES
        ENVIRONMENT "URIX_KERNEL=${kernel}" LABELS "kernel-${kernel}" SKIP_RETURN_CODE 77
        WORKING_DIRECTORY "${workdir}")
    endforeach()
  endforeach()
endfunction()
