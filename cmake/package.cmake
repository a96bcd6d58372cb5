# SPDX-License-Identifier: Apache-2.0 OR MIT
# CPack: `cpack` in a build tree makes a .deb and a .tar.gz of what `cmake --install` installs
# (library, headers, CMake package, urix.pc, the CLI with its man pages and shell completions,
# the licence). ctest `package_deb` builds both and uses the .deb as a consumer would.
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_PACKAGE_NAME urix)
set(CPACK_PACKAGE_VENDOR urix)
set(CPACK_PACKAGE_CONTACT "urix developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION "RFC 3986 character sets, percent-encoding, URI parsing, resolution and normalization, and IRI to URI conversion with IDNA hosts: a C++20 and C library and the urix command-line tool. Licence: Apache-2.0 OR MIT.")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGE_FILE_NAME "urix-${PROJECT_VERSION}-${CMAKE_SYSTEM_NAME}-${CMAKE_SYSTEM_PROCESSOR}")
set(CPACK_STRIP_FILES OFF)

# Debian: the runtime dependencies of the programs and shared libraries (ICU, libstdc++, libc)
# come from dpkg-shlibdeps; a static library also needs ICU's development files to link.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(URIX_IDNA AND NOT BUILD_SHARED_LIBS)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libicu-dev")
endif()
# Debian states a package's licence in /usr/share/doc/PACKAGE/copyright (DEP-5).
set(CPACK_RPM_PACKAGE_LICENSE "Apache-2.0 OR MIT")
include(CPack)
