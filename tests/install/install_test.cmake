# SPDX-License-Identifier: Apache-2.0 OR MIT
# install_test.cmake: installs urix into a temporary prefix and uses it as outside projects do,
# with find_package and with pkg-config, from C++ and from C (STYLE.md 3.16; SPEC.md:
# "find_package(urix) with target urix::urix, and a pkg-config file urix.pc, after cmake
# --install"). Run by ctest as `cmake -D... -P` with:
#
#   MODE          static: install the build tree ctest runs in (its default static library)
#                 shared: configure, build and install a library-only BUILD_SHARED_LIBS=ON copy
#                 deb: package the build tree with CPack (.deb and .tar.gz) and unpack the .deb
#                 into a scratch root (dpkg -x): the prefix is its /usr
#   SOURCE_DIR BUILD_DIR WORK_DIR   the urix sources, the build tree, a scratch directory
#   GENERATOR MAKE_PROGRAM CXX CC   the build tree's generator, make program, C++ and C compilers
#   LIBDIR BINDIR VERSION           CMAKE_INSTALL_LIBDIR, _BINDIR and PROJECT_VERSION of the build
#   CXX_FLAGS C_FLAGS LINK_FLAGS    the build tree's global compile and link flags (space-separated),
#                                   e.g. -fsanitize=address,undefined: an instrumented library
#                                   needs an instrumented link
#   SANITIZE CLI IDNA               URIX_SANITIZE, whether the CLI was built, and URIX_IDNA of
#                                   the build tree
#   PKG_CONFIG                      the pkg-config program
#   CPACK DPKG                      cpack and dpkg (deb mode)
#   SHARED                          BUILD_SHARED_LIBS of the build tree (static and deb modes)
#   PYTHON NM                       Python 3 (the README's consumers, urix_c against the CLI) and
#                                   nm (check_exports.py reads the shared libraries' dynamic
#                                   symbols in shared mode)
#
# Every step that fails stops the test with a FATAL_ERROR that names the step and shows its output.
cmake_minimum_required(VERSION 3.25)

foreach(var MODE SOURCE_DIR BUILD_DIR WORK_DIR GENERATOR CXX CC LIBDIR BINDIR VERSION PKG_CONFIG PYTHON NM)
  if("${${var}}" STREQUAL "")
    message(FATAL_ERROR "install_test.cmake: -D${var}=... is required")
  endif()
endforeach()
separate_arguments(cxx_flags UNIX_COMMAND "${CXX_FLAGS}")
separate_arguments(c_flags UNIX_COMMAND "${C_FLAGS}")
separate_arguments(link_flags UNIX_COMMAND "${LINK_FLAGS}")
set(prefix "${WORK_DIR}/prefix")
set(consumer_src "${CMAKE_CURRENT_LIST_DIR}/consumer.cpp")

# run(STEP COMMAND...): runs a command; on failure stops with its output.
function(run step)
  message(STATUS "[${MODE}] ${step}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    list(JOIN ARGN " " cmd)
    message(FATAL_ERROR "[${MODE}] ${step} failed (${rc}):\n  ${cmd}\n${out}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${prefix}" "${WORK_DIR}/cmake-consumer" "${WORK_DIR}/pc-consumer"
     "${WORK_DIR}/c-cmake-consumer")
set(generator_args -G "${GENERATOR}")
if(MAKE_PROGRAM)
  list(APPEND generator_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()

# ---- 1. The package under test ---------------------------------------------------------------
if(MODE STREQUAL "static")
  set(lib_type STATIC_LIBRARY)  # the build tree's own type: shared in a shared build
  if(SHARED)
    set(lib_type SHARED_LIBRARY)
  endif()
  run("cmake --install of the build tree" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")
elseif(MODE STREQUAL "shared")
  set(lib_type SHARED_LIBRARY)
  # Only the library, unoptimized: this build exists to be installed, and must stay quick. It is
  # kept between runs so reruns are incremental; the prefix is always fresh.
  set(lib_build "${WORK_DIR}/lib-build")
  run("configure a shared library-only build" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${lib_build}"
      ${generator_args} "-DCMAKE_CXX_COMPILER=${CXX}" -DCMAKE_BUILD_TYPE= "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
      -DBUILD_SHARED_LIBS=ON "-DURIX_IDNA=${IDNA}" -DURIX_TESTS=OFF -DURIX_CLI=OFF -DURIX_BENCH=OFF -DURIX_FUZZ=OFF
      -DURIX_WERROR=OFF "-DURIX_SANITIZE=${SANITIZE}" "-DCMAKE_INSTALL_LIBDIR=${LIBDIR}"
      "-DCMAKE_INSTALL_PREFIX=${prefix}")
  run("build the shared library" "${CMAKE_COMMAND}" --build "${lib_build}" -j 2)
  run("cmake --install of the shared build" "${CMAKE_COMMAND}" --install "${lib_build}")
  file(GLOB shared_libs "${prefix}/${LIBDIR}/liburix.so*")
  file(GLOB static_libs "${prefix}/${LIBDIR}/liburix.a")
  if(NOT shared_libs OR static_libs)
    message(FATAL_ERROR "[shared] expected liburix.so and no liburix.a in ${prefix}/${LIBDIR}")
  endif()
  # Only the C API and the public C++ API are exported (urix/export.h, cmake/urix.map).
  file(GLOB sonames "${prefix}/${LIBDIR}/liburix*.so")
  run("check the exported symbols (nm -DC)" "${PYTHON}" "${CMAKE_CURRENT_LIST_DIR}/check_exports.py"
      "${NM}" ${sonames})
elseif(MODE STREQUAL "deb")
  set(lib_type STATIC_LIBRARY)
  if(SHARED)
    set(lib_type SHARED_LIBRARY)
  endif()
  set(packages "${WORK_DIR}/packages")
  set(root "${WORK_DIR}/root")
  file(REMOVE_RECURSE "${packages}" "${root}")
  run("cpack: a .deb and a .tar.gz of the build tree" "${CPACK}" -B "${packages}"
      --config "${BUILD_DIR}/CPackConfig.cmake")
  file(GLOB deb "${packages}/*.deb")
  file(GLOB tgz "${packages}/*.tar.gz")
  list(LENGTH deb debs)
  list(LENGTH tgz tgzs)
  if(NOT debs EQUAL 1 OR NOT tgzs EQUAL 1)
    message(FATAL_ERROR "[deb] expected one .deb and one .tar.gz in ${packages}: ${deb} ${tgz}")
  endif()
  # The metadata: the ICU runtime among the dependencies, the licence in the description.
  run("dpkg-deb --info" "${DPKG}-deb" --info "${deb}")
  if(IDNA AND NOT run_output MATCHES "Depends:[^\n]*libicu[0-9]+")
    message(FATAL_ERROR "[deb] the .deb does not depend on the ICU runtime:\n${run_output}")
  endif()
  if(NOT run_output MATCHES "Apache-2.0 OR MIT")
    message(FATAL_ERROR "[deb] the .deb's description does not state the licence:\n${run_output}")
  endif()
  run("tar tzf the .tar.gz" tar tzf "${tgz}")
  if(NOT run_output MATCHES "share/doc/urix/LICENSE-MIT" OR NOT run_output MATCHES "include/urix/c.h")
    message(FATAL_ERROR "[deb] the .tar.gz lacks the licence or the headers:\n${run_output}")
  endif()
  run("dpkg -x the .deb into a scratch root" "${DPKG}" -x "${deb}" "${root}")
  set(prefix "${root}/usr")
  file(READ "${prefix}/share/doc/urix/copyright" copyright)
  if(NOT copyright MATCHES "License: Apache-2.0 OR MIT")
    message(FATAL_ERROR "[deb] usr/share/doc/urix/copyright does not state the licence")
  endif()
else()
  message(FATAL_ERROR "install_test.cmake: MODE must be static, shared or deb, not '${MODE}'")
endif()

# The IRI and IDNA headers are installed with the part that implements them, and urix/config.h
# says which: a build without IDNA installs neither, so no consumer can include one in vain.
if(IDNA)
  set(have_idna 1)
else()
  set(have_idna 0)
endif()
foreach(header iri.h idna.h)
  if(IDNA AND NOT EXISTS "${prefix}/include/urix/${header}")
    message(FATAL_ERROR "[${MODE}] include/urix/${header} was not installed")
  elseif(NOT IDNA AND EXISTS "${prefix}/include/urix/${header}")
    message(FATAL_ERROR "[${MODE}] include/urix/${header} was installed by a build without IDNA")
  endif()
endforeach()
file(STRINGS "${prefix}/include/urix/config.h" have_idna_line REGEX "^#define URIX_HAVE_IDNA ")
if(NOT have_idna_line STREQUAL "#define URIX_HAVE_IDNA ${have_idna}")
  message(FATAL_ERROR "[${MODE}] urix/config.h says '${have_idna_line}', URIX_IDNA is '${IDNA}'")
endif()

# The shared library is found at run time through the RPATH CMake gives the find_package
# consumer, and through LD_LIBRARY_PATH for the pkg-config one (a plain compiler command).
set(run_env "${CMAKE_COMMAND}" -E env "LD_LIBRARY_PATH=${prefix}/${LIBDIR}")

# ---- 2. find_package(urix) + urix::urix ------------------------------------------------------
set(cmake_consumer "${WORK_DIR}/cmake-consumer")
run("configure the find_package consumer" "${CMAKE_COMMAND}" -S "${CMAKE_CURRENT_LIST_DIR}/consumer"
    -B "${cmake_consumer}" ${generator_args} "-DCMAKE_CXX_COMPILER=${CXX}"
    "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}"
    "-DCMAKE_PREFIX_PATH=${prefix}" "-DURIX_EXPECTED_PREFIX=${prefix}"
    "-DURIX_EXPECTED_VERSION=${VERSION}" "-DURIX_EXPECTED_TYPE=${lib_type}")
run("build the find_package consumer" "${CMAKE_COMMAND}" --build "${cmake_consumer}")
run("run the find_package consumer" "${cmake_consumer}/consumer" "${VERSION}")

# ---- 3. pkg-config urix ----------------------------------------------------------------------
set(ENV{PKG_CONFIG_PATH} "${prefix}/${LIBDIR}/pkgconfig")
run("pkg-config --modversion urix" "${PKG_CONFIG}" --modversion urix)
string(STRIP "${run_output}" pc_version)
if(NOT pc_version STREQUAL VERSION)
  message(FATAL_ERROR "[${MODE}] urix.pc says version '${pc_version}', expected '${VERSION}'")
endif()
# The README's command as it is, for the static build too (ICU is in Requires there). No -std
# in Cflags: the consumer chooses its C++ standard (20 or later); urix.pc must not lower it.
set(pc_args --cflags --libs urix)
list(JOIN pc_args " " pc_step)
run("pkg-config ${pc_step}" "${PKG_CONFIG}" ${pc_args})
string(STRIP "${run_output}" pc_flags)
if(pc_flags MATCHES "-std=")
  message(FATAL_ERROR "[${MODE}] urix.pc's Cflags set the C++ standard: ${pc_flags}")
endif()
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
if(lib_type STREQUAL "STATIC_LIBRARY")
  # As in consumer/CMakeLists.txt: the whole archive, so an undeclared dependency cannot hide;
  # every part of urix (-lurix, the umbrella, and -lurix_core, -lurix_idna).
  list(FIND pc_flags "-lurix" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "[static] pkg-config output has no -lurix: ${pc_flags}")
  endif()
  list(TRANSFORM pc_flags REPLACE "^(-lurix(_[a-z]+)?)$"
       "-Wl,--whole-archive;\\1;-Wl,--no-whole-archive")
endif()
set(pc_consumer "${WORK_DIR}/pc-consumer/consumer")
file(MAKE_DIRECTORY "${WORK_DIR}/pc-consumer")
run("compile and link the pkg-config consumer"
    "${CXX}" -std=c++20 ${cxx_flags} "${consumer_src}" ${pc_flags} ${link_flags}
    -o "${pc_consumer}")
run("run the pkg-config consumer" ${run_env} "${pc_consumer}" "${VERSION}")

# ---- 4. The C API from C, both ways ---------------------------------------------------------
# tests/c's programs: c_api_test (every call's results and errors) and urix_c (a CLI subset on
# the C API alone), with find_package(urix) in a C project and with the README's pkg-config line.
# A C link of a sanitized C++ library needs the sanitizers' C++ runtime and, for that, the C++
# standard library, which only clang++ adds by itself (-fsanitize-link-c++-runtime asks for it).
set(c_link_flags ${link_flags})
if(SANITIZE AND CC MATCHES "clang")
  list(APPEND c_link_flags -fsanitize-link-c++-runtime -lstdc++)
endif()
set(c_dir "${CMAKE_CURRENT_LIST_DIR}/../c")
list(JOIN c_link_flags " " c_link_flags_string)
set(c_cmake_consumer "${WORK_DIR}/c-cmake-consumer")
run("configure the C find_package consumer" "${CMAKE_COMMAND}" -S "${CMAKE_CURRENT_LIST_DIR}/c_consumer"
    -B "${c_cmake_consumer}" ${generator_args} "-DCMAKE_C_COMPILER=${CC}" "-DCMAKE_CXX_COMPILER=${CXX}"
    "-DCMAKE_C_FLAGS=${C_FLAGS}" "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${c_link_flags_string}"
    "-DCMAKE_PREFIX_PATH=${prefix}" "-DURIX_EXPECTED_PREFIX=${prefix}")
run("build the C find_package consumer" "${CMAKE_COMMAND}" --build "${c_cmake_consumer}")
run("run c_api_test (find_package)" ${run_env} "${c_cmake_consumer}/c_api_test")
set(c_pc_test "${WORK_DIR}/pc-consumer/c_api_test")
set(c_pc_urix "${WORK_DIR}/pc-consumer/urix_c")
foreach(program c_api_test urix_c)
  run("compile and link ${program}.c with pkg-config"
      "${CC}" -std=c11 ${c_flags} "${c_dir}/${program}.c" ${pc_flags} ${c_link_flags}
      -o "${WORK_DIR}/pc-consumer/${program}")
endforeach()
run("run c_api_test (pkg-config)" ${run_env} "${c_pc_test}")

# ---- 5. The README's library section, as written --------------------------------------------
# Its CMake project, its pkg-config command and its C example (readme_consumers.py).
if(MODE MATCHES "^(static|shared)$")
  set(ENV{CMAKE_PREFIX_PATH} "${prefix}")
  set(ENV{CMAKE_GENERATOR} "${GENERATOR}")
  set(ENV{CC} "${CC}")
  set(ENV{CXX} "${CXX}")
  set(ENV{CFLAGS} "${C_FLAGS}")
  set(ENV{CXXFLAGS} "${CXX_FLAGS}")
  set(ENV{LDFLAGS} "${c_link_flags_string}")
  file(REMOVE_RECURSE "${WORK_DIR}/readme")
  file(MAKE_DIRECTORY "${WORK_DIR}/readme")
  run("the README's library section (CMake, pkg-config, C)" ${run_env} "${PYTHON}"
      "${CMAKE_CURRENT_LIST_DIR}/readme_consumers.py" "${SOURCE_DIR}/README.md" "${WORK_DIR}/readme")
endif()

# ---- 6. The installed CLI --------------------------------------------------------------------
if(MODE MATCHES "^(static|deb)$" AND CLI)
  set(cli "${prefix}/${BINDIR}/urix")
  if(NOT EXISTS "${cli}")
    message(FATAL_ERROR "[${MODE}] URIX_CLI is ON but ${cli} was not installed")
  endif()
  run("run the installed CLI: urix --version" ${run_env} "${cli}" --version)
  string(FIND "${run_output}" "${VERSION}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "[${MODE}] `urix --version` printed '${run_output}', without ${VERSION}")
  endif()
  # Its man page and completions, where man and each shell look.
  foreach(file man/man1/urix.1 bash-completion/completions/urix zsh/site-functions/_urix
          fish/vendor_completions.d/urix.fish)
    if(NOT EXISTS "${prefix}/share/${file}")
      message(FATAL_ERROR "[${MODE}] share/${file} was not installed")
    endif()
  endforeach()
  # The C API gives what the CLI gives (SPEC 3-7 seed examples, error codes and offsets).
  set(without_idna "")
  if(NOT IDNA)
    set(without_idna --without-idna)
  endif()
  foreach(urix_c "${c_cmake_consumer}/urix_c" "${c_pc_urix}")
    run("urix_c against the installed CLI (${urix_c})" ${run_env} "${PYTHON}"
        "${c_dir}/compare_cli.py" "${cli}" "${urix_c}" ${without_idna})
  endforeach()
endif()

message(STATUS "[${MODE}] the installed package works both ways")
