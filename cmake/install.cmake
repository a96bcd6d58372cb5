# Installs the library, headers, CLI, a CMake package (find_package(urix) -> urix::urix) and urix.pc.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS urix EXPORT urix-targets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ ${PROJECT_BINARY_DIR}/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
if(URIX_CLI)
  install(TARGETS urix-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

install(EXPORT urix-targets NAMESPACE urix:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/urix)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/urix-config.cmake.in
  ${PROJECT_BINARY_DIR}/urix-config.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/urix)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/urix-config-version.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/urix-config.cmake ${PROJECT_BINARY_DIR}/urix-config-version.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/urix)

configure_file(${PROJECT_SOURCE_DIR}/cmake/urix.pc.in ${PROJECT_BINARY_DIR}/urix.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/urix.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
