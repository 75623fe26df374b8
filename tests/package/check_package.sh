#!/usr/bin/env bash
# The installed CMake package (docs/robustness.md, README "Build integration"):
# installs this build into a temporary prefix, configures
# examples/cmake-project against it (-DCMAKE_PREFIX_PATH), builds it — nvc
# compiles the kernel through nvc_add_kernels() with a depfile — runs the
# program, then touches the kernel source and checks that only the kernel is
# rebuilt, that the clean target removes the module variant too, and that
# the pkg-config file links the same program without CMake.
# usage: check_package.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
for f in bin/nvc bin/nvc-run lib/libnvc_runtime.a include/nvc/Runtime.h \
         lib/cmake/nvc/nvcConfig.cmake lib/cmake/nvc/nvcTargets.cmake lib/cmake/nvc/NvcKernels.cmake; do
  [ -e "$work/prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
"$work/prefix/bin/nvc" --version
cp -r "$src/examples/cmake-project" "$work/project"
cmake -S "$work/project" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build"
"$work/build/scale_example"
# The header-based program runs from anywhere: the module is in the binary.
(cd "$work" && "$work/build/scale_header_example")
grep -q "namespace scale" "$work/build/nvc-headers/scale.h" || { echo "no generated header"; exit 1; }
# nvc_install_kernels: the module and its manifest are installed with the program.
cmake --install "$work/build" --prefix "$work/app" >/dev/null
for f in bin/scale_example share/scale_example/kernels/scale.spv share/scale_example/kernels/scale.json; do
  [ -e "$work/app/$f" ] || { echo "nvc_install_kernels did not install $f"; exit 1; }
done
[ -f "$work/build/nvc-kernels/scale.d" ] || { echo "no depfile"; exit 1; }
# Up to date: nothing to do. After touching the kernel: it is recompiled.
if ! ninja -C "$work/build" -n | grep -q "no work to do"; then
  echo "the example is not up to date after a build"; exit 1
fi
touch "$work/project/kernels/scale.py"
# (The plan is read whole: grep -q stopping early would fail the pipeline.)
plan=$(ninja -C "$work/build" -n)
grep -q "nvc: compiling kernel scale.py$" <<<"$plan" || {
  echo "touching the kernel source does not rebuild it"; exit 1; }
grep -q "nvc: compiling kernel scale.py into scale.h" <<<"$plan" || {
  echo "touching the kernel source does not rebuild its header"; exit 1; }
# The float32 kernel's denorm-preserve variant is written next to it, and
# the clean target removes it with the declared outputs.
[ -f "$work/build/nvc-kernels/scale.denorm-preserve.spv" ] || { echo "no variant"; exit 1; }
ninja -C "$work/build" clean >/dev/null
if [ -e "$work/build/nvc-kernels/scale.denorm-preserve.spv" ]; then
  echo "clean leaves the variant"; exit 1
fi
# Without CMake: the pkg-config file's flags compile and link the same
# program, which runs the module the CMake build compiled.
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig"
[ -f "$work/prefix/lib/pkgconfig/nvc_runtime.pc" ] || { echo "not installed: nvc_runtime.pc"; exit 1; }
cmake --build "$work/build" >/dev/null
c++ -std=c++17 -DKERNEL_DIR="\"$work/build/nvc-kernels\"" "$work/project/main.cpp" \
  $(pkg-config --cflags --libs nvc_runtime) -o "$work/pkg-config-example"
"$work/pkg-config-example"
# nvc_add_kernels twice for one target: same-named kernels of two folders in
# two output directories with their own options; one directory for both is a
# configure error naming both sources.
cmake -S "$src/tests/package/multi-call" -B "$work/multi" -G Ninja \
  -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/multi" >/dev/null
grep -q '"index_bits": 32' "$work/multi/k32/scale.json" || { echo "k32/scale.json: not 32-bit"; exit 1; }
grep -q '"index_bits": 64' "$work/multi/k64/scale.json" || { echo "k64/scale.json: not 64-bit"; exit 1; }
if cmake -S "$src/tests/package/multi-call" -B "$work/clash" -G Ninja -DNVC_TEST_CLASH=ON \
     -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/clash.log" 2>&1; then
  echo "two kernels compiled to one file were accepted"; exit 1
fi
# CMake wraps a message at 80 columns, where depends on the paths' length:
# join the lines before matching.
tr -s ' \n' '  ' <"$work/clash.log" | grep -q "would both be compiled to" || {
  cat "$work/clash.log"; exit 1; }
echo "package test passed"
