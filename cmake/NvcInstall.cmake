# Install rules and the CMake package (lib/cmake/nvc): `cmake --install build
# --prefix P` lays out P/bin (nvc, nvc-run), P/lib (libnvc_runtime.a),
# P/include/nvc (runtime headers), P/lib/cmake/nvc (nvcConfig.cmake with
# nvc::runtime, nvc::nvc, nvc::nvc-run and nvc_add_kernels()) and
# P/lib/pkgconfig/nvc_runtime.pc.
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

# pkg-config (lib/pkgconfig/nvc_runtime.pc) for builds without CMake; its
# prefix is relative to the file, so the installed tree can move.
file(RELATIVE_PATH nvc_pc_to_prefix "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
# An instrumented runtime (NVC_SANITIZE) needs the sanitizer runtimes in
# whatever links it, as nvc::runtime's INTERFACE link options say.
set(nvc_pc_sanitize_libs "")
if(NVC_SANITIZE)
  set(nvc_pc_sanitize_libs " -fsanitize=address,undefined")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/nvc_runtime.pc.in ${PROJECT_BINARY_DIR}/nvc_runtime.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/nvc_runtime.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

set(nvc_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/nvc)
install(EXPORT nvcTargets NAMESPACE nvc:: DESTINATION ${nvc_cmake_dir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/nvcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/nvcConfig.cmake INSTALL_DESTINATION ${nvc_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/nvcConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/nvcConfig.cmake ${PROJECT_BINARY_DIR}/nvcConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/NvcKernels.cmake
        DESTINATION ${nvc_cmake_dir})
