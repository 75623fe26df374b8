# Install rules and the CMake package (lib/cmake/nvc): `cmake --install build
# --prefix P` lays out P/bin (nvc, nvc-run), P/lib (libnvc_runtime.a),
# P/include/nvc (runtime headers) and P/lib/cmake/nvc (nvcConfig.cmake with
# nvc::runtime, nvc::nvc, nvc::nvc-run and nvc_add_kernels()).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(nvc_runtime_include "${PROJECT_SOURCE_DIR}/runtime-stub/include")
set_property(TARGET nvc_runtime PROPERTY INTERFACE_INCLUDE_DIRECTORIES
  "$<BUILD_INTERFACE:${nvc_runtime_include}>" "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
set_property(TARGET nvc_runtime PROPERTY EXPORT_NAME runtime)
install(TARGETS nvc_runtime EXPORT nvcTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY "${nvc_runtime_include}/nvc" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# nvc links Debian's shared libMLIR/libLLVM outside the default search path:
# keep their directory in the installed binary's RUNPATH.
set(nvc_install_executables nvc-run)
if(TARGET nvc)
  set_target_properties(nvc PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
  list(APPEND nvc_install_executables nvc)
endif()
install(TARGETS ${nvc_install_executables} EXPORT nvcTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(nvc_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/nvc)
install(EXPORT nvcTargets NAMESPACE nvc:: DESTINATION ${nvc_cmake_dir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/nvcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/nvcConfig.cmake INSTALL_DESTINATION ${nvc_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/nvcConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/nvcConfig.cmake ${PROJECT_BINARY_DIR}/nvcConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/NvcKernels.cmake
        DESTINATION ${nvc_cmake_dir})
