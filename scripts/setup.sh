#!/usr/bin/env bash
# Installs nvc's build and test dependencies from Debian 12's packages and
# builds nvc, nvc-run and the tests into build/. Run as root (or with sudo);
# needs no standard input. Re-running it rebuilds incrementally (ccache).
set -euo pipefail
cd "$(dirname "$0")/.."

# Every package a build or test step uses directly is listed, not left to
# another package's Depends or Recommends: scripts/fresh-machine.sh checks this
# list on a clean Debian 12 root, and recommended packages are not installed.
PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools            # MLIR/LLVM 22: IR, passes, SPIR-V serializer
  llvm-22 llvm-22-tools                               # llvm-as; lit, FileCheck, not, count (tests/lit)
  clang-22 libclang-rt-22-dev                         # fuzz/run.sh: clang with libFuzzer, ASan, UBSan
  spirv-tools glslang-tools                           # validation, disassembly; GLSL for runtime tests
  libvulkan-dev mesa-vulkan-drivers vulkan-tools      # Vulkan loader, lavapipe (CPU driver)
  libcli11-dev libfmt-dev nlohmann-json3-dev catch2   # command line, formatting, manifests, unit tests
  cmake ninja-build ccache g++ pkgconf               # build (g++'s ASan/UBSan: test-sanitized.sh); pkg-config test
  lld libzstd-dev                                     # nvc linked with static MLIR/LLVM (cmake/NvcLLVMLinking.cmake)
  python3 python3-numpy                               # test drivers and their reference results
  python3-jsonschema                                  # ctest nvc_runtime.manifest-schema
  python3-mpmath                                      # tests/math/accuracy.py, scripts/minimax.py
  python3-numba                                       # Numba's CUDA simulator (NUMBA_ENABLE_CUDASIM=1)
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j2
