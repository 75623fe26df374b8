#!/usr/bin/env bash
# Launches through the header of `nvc --emit=header` that the C++ compiler
# must refuse, each next to the same launch written correctly (which must
# compile, so that each refusal is the type check's and not another error):
# arrays of another dtype, const data for an array the kernel writes, a
# missing argument, a scalar passed where an array goes, const records where the
# kernel writes them, floats for records. The ones that must compile
# must do so without a warning (-Wall -Wextra -Wshadow -Werror).
# usage: check_header_types.sh CXX RUNTIME_INCLUDE HEADER_DIR WORK_DIR
set -euo pipefail
cxx=$1 runtime_include=$2 header_dir=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
status=0
# try NAME EXPECT(ok|error) STATEMENTS
try() {
  local name=$1 expect=$2 body=$3
  cat >"$work/$name.cpp" <<CPP
#include "typed_kernels.h"
#include <vector>
void f(const nvc::rt::Device &device) {
  nvc_kernels::typed_kernels::twice twice(device);
  nvc_kernels::typed_kernels::transpose_add transpose_add(device);
  std::vector<float> xf(4), outf(4);
  std::vector<double> xd(4), outd(4);
  const std::vector<float> constf(4);
  std::vector<nvc_kernels::typed_kernels::p_record> records(4);
  const std::vector<nvc_kernels::typed_kernels::p_record> constRecords(4);
  const std::vector<nvc_kernels::typed_kernels::cells_record> constCells(4);
  auto grid = nvc::rt::LaunchConfig::grid(4);
  $body;
}
CPP
  if "$cxx" -std=c++17 -fsyntax-only -Wall -Wextra -Wshadow -Werror -I"$runtime_include" \
       -I"$header_dir" "$work/$name.cpp" \
       >"$work/$name.log" 2>&1; then
    got=ok
  else
    got=error
  fi
  if [ "$got" != "$expect" ]; then
    echo "FAIL: $name: expected $expect, got $got"; cat "$work/$name.log"; status=1
  else
    echo "ok: $name ($expect)"
  fi
}
try float32-ok ok 'twice(grid, xf, outf)'
try const-input-ok ok 'twice(grid, constf, outf)'
try float64-arrays error 'twice(grid, xd, outd)'
try const-output error 'twice(grid, xf, constf)'
try missing-argument error 'twice(grid, xf)'
try transpose-ok ok 'transpose_add(grid, nvc::rt::ArrayRef<const double>(xd.data(), {2, 2}), nvc::rt::ArrayRef<double>(outd.data(), {2, 2}), 3)'
try scalar-for-array error 'transpose_add(grid, 1.0, nvc::rt::ArrayRef<double>(outd.data(), {2, 2}), 3)'
try records-ok ok 'nvc_kernels::typed_kernels::step{device}(grid, nvc::rt::recordBytes(records), 0.5f)'
try const-records-ok ok 'nvc_kernels::typed_kernels::weigh{device}(grid, nvc::rt::recordBytes(constCells), outd)'
try const-records-written error 'nvc_kernels::typed_kernels::step{device}(grid, nvc::rt::recordBytes(constRecords), 0.5f)'
try records-as-floats error 'nvc_kernels::typed_kernels::step{device}(grid, xf, 0.5f)'
exit $status
