// RUN: %nvc-opt %s -nvc-lower-index-switch | FileCheck %s

// nvc-lower-index-switch rewrites each scf.index_switch (lift-cf-to-scf's
// dispatch on the exit a loop with several exits took) as a chain of scf.if
// on `arg == case`, the default in the last else; a switch without cases is
// its default region. Other operations stay.

// CHECK-LABEL: func.func @two_cases
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[E0:.*]] = arith.cmpi eq, %arg0, %[[C0]] : index
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[E0]] -> (i32) {
// CHECK-NEXT:      %[[A:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E1:.*]] = arith.cmpi eq, %arg0, %[[C1]] : index
// CHECK-NEXT:      %[[R1:.*]] = scf.if %[[E1]] -> (i32) {
// CHECK-NEXT:        %[[B:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:        scf.yield %[[B]] : i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[D:.*]] = arith.shli %arg1, %arg1 : i32
// CHECK-NEXT:        scf.yield %[[D]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[R1]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
// CHECK-NOT:     scf.index_switch
func.func @two_cases(%exit: index, %x: i32) -> i32 {
  %0 = scf.index_switch %exit -> i32
  case 0 {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  }
  case 1 {
    %b = arith.muli %x, %x : i32
    scf.yield %b : i32
  }
  default {
    %d = arith.shli %x, %x : i32
    scf.yield %d : i32
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @no_case
// CHECK-NEXT:    %[[D:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:    return %[[D]] : i32
func.func @no_case(%exit: index, %x: i32) -> i32 {
  %0 = scf.index_switch %exit -> i32
  default {
    %d = arith.addi %x, %x : i32
    scf.yield %d : i32
  }
  return %0 : i32
}

// Left alone: an scf.if is already what SPIR-V structures.
// CHECK-LABEL: func.func @if_stays
// CHECK-NEXT:    %[[R:.*]] = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg2 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @if_stays(%c: i1, %x: i32, %y: i32) -> i32 {
  %0 = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  return %0 : i32
}
