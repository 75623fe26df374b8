#!/usr/bin/env bash
# Installs nvc's build and test dependencies from Debian 12's packages and
# builds nvc, nvc-run and the tests into build/. Run as root (or with sudo);
# needs no standard input. Re-running it rebuilds incrementally (ccache).
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools clang-22   # MLIR/LLVM 22: IR, passes, SPIR-V serializer
  spirv-tools glslang-tools                           # validation, disassembly; GLSL for runtime tests
  libvulkan-dev mesa-vulkan-drivers vulkan-tools      # Vulkan loader, lavapipe (CPU driver)
  libcli11-dev libfmt-dev nlohmann-json3-dev catch2   # command line, formatting, manifests, unit tests
  cmake ninja-build ccache g++ python3-numpy python3-jsonschema
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}"
fi

export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j2
