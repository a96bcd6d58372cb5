# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs the library, headers, CLI (with its man page and shell completions), a CMake package
# (find_package(urix) -> urix::urix, and its parts urix::core and urix::idna) and urix.pc.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS ${URIX_LIBRARY_TARGETS} EXPORT urix-targets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The IRI and IDNA headers only with the library part that implements them (urix/config.h
# tells a consumer which it has).
set(idna_headers)
if(NOT URIX_IDNA)
  set(idna_headers PATTERN "iri.h" EXCLUDE PATTERN "idna.h" EXCLUDE PATTERN "site.h" EXCLUDE
                   PATTERN "url.h" EXCLUDE)
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ ${PROJECT_BINARY_DIR}/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h" ${idna_headers})
if(TARGET urix-cli)
  install(TARGETS urix-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # Its man page and completions (generated in cli/), where man and each shell look for them.
  install(FILES ${URIX_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${URIX_COMPLETIONS}/urix.bash
    DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME urix)
  install(FILES ${URIX_COMPLETIONS}/_urix DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
  install(FILES ${URIX_COMPLETIONS}/urix.fish
    DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
endif()

install(EXPORT urix-targets NAMESPACE urix:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/urix)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/urix-config.cmake.in
  ${PROJECT_BINARY_DIR}/urix-config.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/urix)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/urix-config-version.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/urix-config.cmake ${PROJECT_BINARY_DIR}/urix-config-version.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/urix)

# urix.pc finds its prefix from its own location (${pcfiledir}), so it stays right when the
# files land elsewhere than CMAKE_INSTALL_PREFIX (`cmake --install --prefix DIR`, a moved
# tree), as the CMake package does. Absolute install dirs are written as they are.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(URIX_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH URIX_PC_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
  string(REGEX REPLACE "/$" "" URIX_PC_PREFIX "\${pcfiledir}/${URIX_PC_PREFIX}")
endif()
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(URIX_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(URIX_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
# urix.pc: -lurix (the umbrella), then its parts; ICU is a private dependency of urix_idna.
set(URIX_PC_LIBS "-lurix")
foreach(part IN LISTS URIX_LIBRARY_PARTS)
  string(APPEND URIX_PC_LIBS " -l${part}")
endforeach()
# A static liburix is C++: a C program (urix/c.h) that links it needs the C++ runtime too, which
# a C++ compiler driver adds by itself: the libraries CMake saw it add, less those every C link has.
if(NOT BUILD_SHARED_LIBS)
  set(cxx_runtime ${CMAKE_CXX_IMPLICIT_LINK_LIBRARIES})
  list(FILTER cxx_runtime INCLUDE REGEX "^[A-Za-z0-9_+.-]+$")
  list(REMOVE_ITEM cxx_runtime c gcc gcc_s)
  list(REMOVE_DUPLICATES cxx_runtime)
  foreach(lib IN LISTS cxx_runtime)
    string(APPEND URIX_PC_LIBS " -l${lib}")
  endforeach()
endif()
# A static liburix_idna needs ICU at the consumer's link, so ICU is in Requires there:
# `pkg-config --libs urix` then works as the README shows, without --static.
set(URIX_PC_REQUIRES_PRIVATE "")
if(URIX_IDNA AND BUILD_SHARED_LIBS)
  set(URIX_PC_REQUIRES_PRIVATE "Requires.private: icu-uc icu-i18n")
elseif(URIX_IDNA)
  set(URIX_PC_REQUIRES_PRIVATE "Requires: icu-uc icu-i18n")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/urix.pc.in ${PROJECT_BINARY_DIR}/urix.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/urix.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The licence: Apache-2.0 OR MIT, both texts, and Debian's machine-readable statement of it.
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/LICENSE-APACHE
  ${PROJECT_SOURCE_DIR}/LICENSE-MIT ${PROJECT_SOURCE_DIR}/cmake/copyright
  DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/urix)

include(${CMAKE_CURRENT_LIST_DIR}/package.cmake)
