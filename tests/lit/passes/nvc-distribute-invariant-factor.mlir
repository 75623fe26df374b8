// RUN: %nvc-opt %s -nvc-distribute-invariant-factor | FileCheck %s
// RUN: %nvc-opt %s -nvc-distribute-invariant-factor=all-kernels=true | FileCheck %s --check-prefix=ALL

// nvc-distribute-invariant-factor rewrites, inside a loop, c·(x₁·y₁ ± x₂·y₂)
// with c and every yᵢ loop-invariant as x₁·(c·y₁) ± x₂·(c·y₂), so that LICM
// hoists the c·yᵢ; only under fastmath (nvc.fastmath kernels, or all with
// all-kernels), since it changes rounding. A sum with a term that has no
// invariant factor stays.

// phase = c·(u[j]·l + v[j]·m)  →  u[j]·(c·l) + v[j]·(c·m)
// CHECK-LABEL: func.func @phase
// CHECK:         ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:      %[[U:.*]] = memref.load %arg0[%[[J]]]
// CHECK-NEXT:      %[[V:.*]] = memref.load %arg1[%[[J]]]
// CHECK-NEXT:      %[[CL:.*]] = arith.mulf %arg3, %arg4 : f32
// CHECK-NEXT:      %[[A:.*]] = arith.mulf %[[U]], %[[CL]] : f32
// CHECK-NEXT:      %[[CM:.*]] = arith.mulf %arg3, %arg5 : f32
// CHECK-NEXT:      %[[B:.*]] = arith.mulf %[[V]], %[[CM]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      memref.store %[[S]], %arg2[%[[J]]]

// Without fastmath permission: as written.
// CHECK-LABEL: func.func @no_permission
// CHECK:           %[[UL:.*]] = arith.mulf %{{.*}}, %arg4 : f32
// CHECK-NEXT:      %[[VM:.*]] = arith.mulf %{{.*}}, %arg5 : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[UL]], %[[VM]] : f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %arg3, %[[S]] : f32
// CHECK-NEXT:      memref.store %[[P]], %arg2
// ALL-LABEL:   func.func @no_permission
// ALL:             arith.mulf %arg3, %arg4 : f32
// ALL:             arith.mulf %arg3, %arg5 : f32

// u[j]·v[j] has no invariant factor: as written.
// CHECK-LABEL: func.func @variant_term
// CHECK:           %[[UL:.*]] = arith.mulf %[[U:.*]], %arg4 : f32
// CHECK-NEXT:      %[[UV:.*]] = arith.mulf %[[U]], %{{.*}} : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[UL]], %[[UV]] : f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %arg3, %[[S]] : f32
// CHECK-NEXT:      memref.store %[[P]], %arg2

func.func @phase(%u: memref<?xf32>, %v: memref<?xf32>, %out: memref<?xf32>, %c: f32, %l: f32, %m: f32, %n: index) attributes {nvc.fastmath} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%j = %c0) : (index) -> index {
    %more = arith.cmpi slt, %j, %n : index
    scf.condition(%more) %j : index
  } do {
  ^bb0(%j: index):
    %uj = memref.load %u[%j] : memref<?xf32>
    %vj = memref.load %v[%j] : memref<?xf32>
    %ul = arith.mulf %uj, %l : f32
    %vm = arith.mulf %vj, %m : f32
    %sum = arith.addf %ul, %vm : f32
    %phase = arith.mulf %c, %sum : f32
    memref.store %phase, %out[%j] : memref<?xf32>
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return
}
func.func @no_permission(%u: memref<?xf32>, %v: memref<?xf32>, %out: memref<?xf32>, %c: f32, %l: f32, %m: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%j = %c0) : (index) -> index {
    %more = arith.cmpi slt, %j, %n : index
    scf.condition(%more) %j : index
  } do {
  ^bb0(%j: index):
    %uj = memref.load %u[%j] : memref<?xf32>
    %vj = memref.load %v[%j] : memref<?xf32>
    %ul = arith.mulf %uj, %l : f32
    %vm = arith.mulf %vj, %m : f32
    %sum = arith.addf %ul, %vm : f32
    %phase = arith.mulf %c, %sum : f32
    memref.store %phase, %out[%j] : memref<?xf32>
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return
}
func.func @variant_term(%u: memref<?xf32>, %v: memref<?xf32>, %out: memref<?xf32>, %c: f32, %l: f32, %n: index) attributes {nvc.fastmath} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%j = %c0) : (index) -> index {
    %more = arith.cmpi slt, %j, %n : index
    scf.condition(%more) %j : index
  } do {
  ^bb0(%j: index):
    %uj = memref.load %u[%j] : memref<?xf32>
    %vj = memref.load %v[%j] : memref<?xf32>
    %ul = arith.mulf %uj, %l : f32
    %uv = arith.mulf %uj, %vj : f32
    %sum = arith.addf %ul, %uv : f32
    %phase = arith.mulf %c, %sum : f32
    memref.store %phase, %out[%j] : memref<?xf32>
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return
}
