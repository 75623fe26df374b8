# nvc_add_kernels(<target> SOURCES <k.py>... [OUTPUT_DIRECTORY <dir>]
#                 [OPTIONS <nvc option>...] [HEADER])
#
# Compiles each kernel source with nvc at build time into <dir>/<name>.spv and
# <dir>/<name>.json (default <dir>: ${CMAKE_CURRENT_BINARY_DIR}/nvc-kernels) and
# makes <target> depend on them. nvc writes a Make-style depfile (-MD -MF), so
# the kernels rebuild when their sources change (and, once nvc has local
# imports, when an imported helper file does). The output directory is stored
# in the target property NVC_KERNEL_DIRECTORY, e.g. for
#   target_compile_definitions(app PRIVATE
#     KERNEL_DIR="$<TARGET_PROPERTY:app,NVC_KERNEL_DIRECTORY>")
# The compiler is the imported executable nvc::nvc (or the in-tree target nvc).
#
# A target may call nvc_add_kernels several times, e.g. with different
# OPTIONS; NVC_KERNEL_DIRECTORY is then the first call's directory. Two
# kernels that would write the same <dir>/<name>.spv (same-named files from
# different folders) are an error naming both: give one call its own
# OUTPUT_DIRECTORY.
# With HEADER, each source becomes <dir>/<name>.h instead (nvc --emit=header:
# the module, its variants and manifest embedded, a typed launch class per
# kernel in namespace nvc_kernels::<name>), <dir> is added to <target>'s
# include directories, and <target> links nvc::runtime: the program
# `#include "<name>.h"` and needs no kernel files at run time.
# Module variants (docs/manifest.md "variants") go next to the .spv as
# <name>.<variant>.spv when a kernel needs them; they are not declared as
# outputs (whether one is made depends on the source), but the clean target
# removes them, and nvc deletes those a rebuild no longer makes.
function(nvc_add_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "HEADER" "OUTPUT_DIRECTORY" "SOURCES;OPTIONS")
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "nvc_add_kernels(${target}): no SOURCES given")
  endif()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "nvc_add_kernels(${target}): unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_OUTPUT_DIRECTORY)
    set(ARG_OUTPUT_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/nvc-kernels")
  endif()
  if(TARGET nvc::nvc)
    set(compiler nvc::nvc)
  elseif(TARGET nvc)
    set(compiler nvc)
  else()
    message(FATAL_ERROR "nvc_add_kernels: no nvc compiler target (find_package(nvc) first)")
  endif()
  file(MAKE_DIRECTORY "${ARG_OUTPUT_DIRECTORY}")
  # Make stops on a depfile naming a deleted helper module unless each helper
  # has its own empty rule (-MP, as GCC's); Ninja does not need them.
  set(phony_deps)
  if(NOT CMAKE_GENERATOR MATCHES "Ninja")
    set(phony_deps -MP)
  endif()
  set(outputs)
  set(variant_files)
  foreach(source IN LISTS ARG_SOURCES)
    get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${source}" NAME_WE)
    set(spv "${ARG_OUTPUT_DIRECTORY}/${name}.spv")
    if(ARG_HEADER)
      set(spv "${ARG_OUTPUT_DIRECTORY}/${name}.h") # the one output
    endif()
    # One source per output file, across calls and targets of the project.
    get_property(owner GLOBAL PROPERTY "NVC_KERNEL_SOURCE_OF:${spv}")
    if(owner AND NOT owner STREQUAL source)
      message(FATAL_ERROR "nvc_add_kernels(${target}): ${source} and ${owner} would both be "
                          "compiled to ${spv}; give one of them its own OUTPUT_DIRECTORY "
                          "(a separate nvc_add_kernels call)")
    endif()
    set_property(GLOBAL PROPERTY "NVC_KERNEL_SOURCE_OF:${spv}" "${source}")
    set(json "${ARG_OUTPUT_DIRECTORY}/${name}.json")
    set(dep "${ARG_OUTPUT_DIRECTORY}/${name}.d")
    if(ARG_HEADER)
      set(dep "${ARG_OUTPUT_DIRECTORY}/${name}.h.d")
      add_custom_command(
        OUTPUT "${spv}"
        COMMAND ${compiler} "${source}" --emit=header -o "${spv}" -MD ${phony_deps} -MF "${dep}"
                ${ARG_OPTIONS}
        DEPENDS "${source}" ${compiler}
        DEPFILE "${dep}"
        COMMENT "nvc: compiling kernel ${name}.py into ${name}.h"
        VERBATIM)
      list(APPEND outputs "${spv}")
      continue()
    endif()
    add_custom_command(
      OUTPUT "${spv}" "${json}"
      COMMAND ${compiler} "${source}" -o "${spv}" -MD ${phony_deps} -MF "${dep}" ${ARG_OPTIONS}
      DEPENDS "${source}" ${compiler}
      DEPFILE "${dep}"
      COMMENT "nvc: compiling kernel ${name}.py"
      VERBATIM)
    list(APPEND outputs "${spv}" "${json}")
    # every name in nvc::kModuleVariantNames (compiler/Compile.h)
    foreach(variant atomic-float-add-denorm-preserve-signed-zero-inf-nan-preserve
                    atomic-float-add-signed-zero-inf-nan-preserve atomic-float-add-denorm-preserve
                    atomic-float-add denorm-preserve-signed-zero-inf-nan-preserve
                    signed-zero-inf-nan-preserve denorm-preserve)
      list(APPEND variant_files "${ARG_OUTPUT_DIRECTORY}/${name}.${variant}.spv")
    endforeach()
  endforeach()
  # One custom target per call: <target>_nvc_kernels, then _2, _3, ...
  get_property(calls TARGET ${target} PROPERTY NVC_KERNEL_CALLS)
  if(NOT calls)
    set(calls 0)
  endif()
  math(EXPR calls "${calls} + 1")
  set_property(TARGET ${target} PROPERTY NVC_KERNEL_CALLS ${calls})
  set(kernels_target ${target}_nvc_kernels)
  if(calls GREATER 1)
    set(kernels_target ${target}_nvc_kernels_${calls})
  endif()
  add_custom_target(${kernels_target} DEPENDS ${outputs})
  set_property(TARGET ${kernels_target} APPEND PROPERTY ADDITIONAL_CLEAN_FILES ${variant_files})
  add_dependencies(${target} ${kernels_target})
  if(ARG_HEADER)
    target_include_directories(${target} PRIVATE "${ARG_OUTPUT_DIRECTORY}")
    if(TARGET nvc::runtime)
      target_link_libraries(${target} PRIVATE nvc::runtime)
    elseif(TARGET nvc_runtime)
      target_link_libraries(${target} PRIVATE nvc_runtime)
    endif()
  endif()
  if(calls EQUAL 1)
    set_property(TARGET ${target} PROPERTY NVC_KERNEL_DIRECTORY "${ARG_OUTPUT_DIRECTORY}")
  endif()
  set_property(TARGET ${target} APPEND PROPERTY NVC_KERNEL_DIRECTORIES "${ARG_OUTPUT_DIRECTORY}")
endfunction()

# nvc_install_kernels(<target> DESTINATION <dir>)
#
# Installs what nvc_add_kernels compiled for <target> (every call's modules,
# manifests and module variants: *.spv and *.json of its output directories)
# into <dir> (relative to the install prefix) by `cmake --install`. Call it
# after the target's nvc_add_kernels calls.
function(nvc_install_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "DESTINATION" "")
  if(NOT ARG_DESTINATION OR ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "nvc_install_kernels(${target} DESTINATION <dir>): no DESTINATION, or "
                        "unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  get_property(directories TARGET ${target} PROPERTY NVC_KERNEL_DIRECTORIES)
  if(NOT directories)
    message(FATAL_ERROR "nvc_install_kernels(${target}): call nvc_add_kernels(${target} ...) first")
  endif()
  foreach(directory IN LISTS directories)
    install(DIRECTORY "${directory}/" DESTINATION "${ARG_DESTINATION}"
            FILES_MATCHING PATTERN "*.spv" PATTERN "*.json")
  endforeach()
endfunction()
