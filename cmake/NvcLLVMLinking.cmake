# nvc_mlir_llvm: how nvc's libraries and programs link MLIR and LLVM.
#
# NVC_STATIC_LLVM (default ON): Debian's static archives of MLIR and LLVM
# (libMLIR*.a, libLLVM*.a) in one rescanned link group, linked by lld with
# unused sections dropped. A program then contains only the objects it uses:
# a whole-process compile of examples/saxpy.py took 30 ms with the shared
# libMLIR.so/libLLVM.so (two thirds of it the dynamic loader's symbol lookups
# and relocations, and page faults on 200 MB of libraries) and 12 ms linked
# statically (docs/benchmarks.md, "Start-up"). OFF: the shared libraries,
# which link faster when nvc itself is being changed and rebuilt often.
# Every target must link MLIR/LLVM through this one target: a program with
# both the archives and libLLVM.so would register LLVM's command-line options
# twice and abort at start.
option(NVC_STATIC_LLVM "Link MLIR and LLVM statically (faster start-up of nvc)" ON)

add_library(nvc_mlir_llvm INTERFACE)
if(NVC_STATIC_LLVM)
  file(GLOB nvc_llvm_archives "${LLVM_LIBRARY_DIR}/libMLIR*.a" "${LLVM_LIBRARY_DIR}/libLLVM*.a")
  if(NOT nvc_llvm_archives)
    message(FATAL_ERROR "NVC_STATIC_LLVM: no libMLIR*.a/libLLVM*.a in ${LLVM_LIBRARY_DIR} "
                        "(install libmlir-22-dev and llvm-22-dev, or -DNVC_STATIC_LLVM=OFF)")
  endif()
  # LLVMSupport compresses with zlib and zstd and reads the terminal's
  # colours through terminfo (LLVMExports.cmake's link interface).
  find_library(NVC_ZSTD_LIBRARY zstd REQUIRED)
  find_library(NVC_ZLIB_LIBRARY z REQUIRED)
  find_library(NVC_TINFO_LIBRARY tinfo REQUIRED)
  find_package(Threads REQUIRED)
  target_link_libraries(nvc_mlir_llvm INTERFACE
    "$<LINK_GROUP:RESCAN,${nvc_llvm_archives}>"
    ${NVC_ZSTD_LIBRARY} ${NVC_ZLIB_LIBRARY} ${NVC_TINFO_LIBRARY} rt dl Threads::Threads)
  include(CheckLinkerFlag)
  check_linker_flag(CXX "-fuse-ld=lld" NVC_HAVE_LLD)
  if(NVC_HAVE_LLD)
    # GNU ld takes minutes over these archives; lld a second or two.
    target_link_options(nvc_mlir_llvm INTERFACE "-fuse-ld=lld")
  endif()
  target_link_options(nvc_mlir_llvm INTERFACE "LINKER:--gc-sections")
else()
  target_link_libraries(nvc_mlir_llvm INTERFACE MLIR LLVM)
endif()
