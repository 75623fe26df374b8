// RUN: %nvc-opt %s -nvc-float-controls | FileCheck %s
// RUN: %nvc-opt %s -nvc-float-controls="denorm-preserve-32=true signed-zero-inf-nan-preserve=32,64 fastmath-entries=fast" | FileCheck %s --check-prefix=MODES

// nvc-float-controls (the float-controls module variants) adds the execution
// modes it is given, DenormPreserve 32 and SignedZeroInfNanPreserve for each
// width, after every entry point's other modes, except to the fastmath
// entries; a mode an entry already has is not repeated. Without modes (the
// default) the module stays as it is.

// CHECK-LABEL: spirv.module
// CHECK:         spirv.EntryPoint "GLCompute" @k
// CHECK-NEXT:    spirv.ExecutionMode @k "LocalSize", 64, 1, 1
// CHECK-NEXT:    spirv.EntryPoint "GLCompute" @fast
// CHECK-NEXT:    spirv.ExecutionMode @fast "LocalSize", 64, 1, 1
// CHECK-NEXT:    spirv.EntryPoint "GLCompute" @has_one
// CHECK-NEXT:    spirv.ExecutionMode @has_one "LocalSize", 64, 1, 1
// CHECK-NEXT:    spirv.ExecutionMode @has_one "SignedZeroInfNanPreserve", 32
// CHECK-NEXT:  }

// MODES:         spirv.EntryPoint "GLCompute" @k
// MODES-NEXT:    spirv.ExecutionMode @k "LocalSize", 64, 1, 1
// MODES-NEXT:    spirv.ExecutionMode @k "DenormPreserve", 32
// MODES-NEXT:    spirv.ExecutionMode @k "SignedZeroInfNanPreserve", 32
// MODES-NEXT:    spirv.ExecutionMode @k "SignedZeroInfNanPreserve", 64
// MODES-NEXT:    spirv.EntryPoint "GLCompute" @fast
// MODES-NEXT:    spirv.ExecutionMode @fast "LocalSize", 64, 1, 1
// MODES-NEXT:    spirv.EntryPoint "GLCompute" @has_one
// MODES-NEXT:    spirv.ExecutionMode @has_one "LocalSize", 64, 1, 1
// MODES-NEXT:    spirv.ExecutionMode @has_one "SignedZeroInfNanPreserve", 32
// MODES-NEXT:    spirv.ExecutionMode @has_one "DenormPreserve", 32
// MODES-NEXT:    spirv.ExecutionMode @has_one "SignedZeroInfNanPreserve", 64
// MODES-NEXT:  }
spirv.module Logical GLSL450 {
  spirv.func @k() "None" {
    spirv.Return
  }
  spirv.func @fast() "None" {
    spirv.Return
  }
  spirv.func @has_one() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "LocalSize", 64, 1, 1
  spirv.EntryPoint "GLCompute" @fast
  spirv.ExecutionMode @fast "LocalSize", 64, 1, 1
  spirv.EntryPoint "GLCompute" @has_one
  spirv.ExecutionMode @has_one "LocalSize", 64, 1, 1
  spirv.ExecutionMode @has_one "SignedZeroInfNanPreserve", 32
}
