//===- TypeRules.h - Numba's typing rules for operators, computed once -----===//
//
// The result types of Python operators on scalars as Numba's typing templates
// give them (numba.core.typing.builtins: BinOp*, BinOpPower, UnaryOp,
// BitwiseInvert, UnaryNot). Type inference uses these to type expressions and
// MLIR generation to know the type an operation computes in, so the two can
// never disagree.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_TYPERULES_H
#define NVC_FRONTEND_TYPERULES_H

#include "frontend/syntax/AST.h"
#include "frontend/sema/Builtins.h"
#include "frontend/sema/Types.h"

#include <vector>

namespace nvc {

/// Python's spelling of a binary operator ("**", "//", ...).
const char *binOpSymbol(ast::BinOpKind op);

/// Numba's result type of `lhs op rhs` for scalar operands (booleans,
/// integers, floats, complex numbers), or Type() (unknown) where Numba has no
/// such operation (`//` on complex numbers, bitwise operators on floats, `@`).
/// Rules: integers promote to 64 bits (signed unless both are unsigned);
/// `/` of integers is float64; an int mixed with a float unifies as
/// unifyTypes does; `float ** integer` keeps the float's type (Numba's
/// BinOpPower has float32(float32, int64)); a shift has the left operand's
/// signedness at 64 bits (BitwiseShiftOperation); complex numbers support
/// `+ - * / **` only.
Type binaryResultType(ast::BinOpKind op, const Type &lhs, const Type &rhs);

/// Numba's result type of a unary operator on a scalar, or Type() where it
/// has none (`~` on floats and complex numbers): `-x`/`+x` promote integers
/// and booleans to 64 bits and keep floats and complex numbers; `~` keeps
/// booleans boolean (Numba follows NumPy: `~True` is False) and promotes
/// integers; `not` is always boolean.
Type unaryResultType(ast::UnaryOpKind op, const Type &operand);

/// Numba's type of the view `a[i]` (or `a[i, j]`, ...) of `array` indexed in
/// its first `leadingIndices` (< ndim) dimensions, and of the items of
/// `for row in a`: the remaining dimensions, C-contiguous if `array` is (a
/// leading index keeps the rest contiguous), otherwise of any layout ('A').
Type viewType(const Type &array, unsigned leadingIndices);

/// The result type of a reduction of every element of an array of `dtype`
/// (NumPy's, as Numba types them): sum and prod of booleans and signed
/// integers give int64, of unsigned integers uint64; mean of integers
/// float64; min and max the dtype; argmin and argmax int64; any and all
/// bool; nansum/nanprod/nanmean/nanmin/nanmax as their NaN-propagating
/// versions (not of complex numbers); var and std float64 for booleans and
/// integers, the float type of floats and complex numbers; count_nonzero
/// int64. Unknown for what NumPy refuses. Dot: use binaryResultType.
Type reductionResultType(ReductionOp op, const Type &dtype);

/// The element type of an array or array expression; a scalar itself.
Type elementTypeOf(const Type &t);

/// The type of an elementwise operation whose operands include arrays or
/// array expressions (NumPy's broadcasting, as Numba types array
/// expressions): an array expression of `scalarResult` (the operation's
/// rule applied to the elements) with the most dimensions of any operand.
Type elementwiseType(const Type &scalarResult, const std::vector<Type> &operands);

/// The items of a subscript of an array of `ndim` dimensions with NumPy's
/// Ellipsis expanded: a `...` item (ast::Slice::ellipsis) stands for as many
/// full slices as the dimensions the integers and slices leave (None adds
/// dimensions and counts for none), possibly zero. Throws CompileError for
/// a second `...` ("an index can only have a single ellipsis"). Items
/// without `...` come back as they are.
std::vector<const ast::Expr *> expandEllipsis(const std::vector<const ast::Expr *> &items,
                                              unsigned ndim);

/// What one item of a subscript does to an array's dimensions.
enum class SliceItem { Index, Slice, NewAxis };

/// NumPy's basic indexing (integers, slices, None) as Numba types it: the
/// view has a dimension per slice and per None, plus the dimensions not
/// indexed; it stays C-contiguous when the array is and its items are
/// integers, then at most one slice without a step (`plain`: `:`; `stepless`:
/// no step or step 1), then only plain slices, and no None; else 'A'.
/// `plain` and `stepless` have one entry per Slice item.
Type viewTypeOfSlices(const Type &array, const std::vector<SliceItem> &items,
                      const std::vector<bool> &plain, const std::vector<bool> &stepless);

/// The indices of a subscript `a[index]`, one per indexed dimension: the
/// items of a tuple (`a[i, j]` is `a[(i, j)]` in Python), else `index`
/// itself.
std::vector<const ast::Expr *> subscriptIndices(const ast::Expr &index);

/// Whether `t` is a value only the compiler holds: a function (a builtin
/// such as cuda.atomic.add, or a device function) or a dtype (uint32). Numba
/// passes such arguments to device functions as compile-time constants and
/// specialises the callee on them (numba-cuda's atomics tests pass
/// `cuda.atomic.add, uint32` into one generic helper); they have no run-time
/// value and no parameter in the generated function.
bool isCompileTimeValue(const Type &t);

} // namespace nvc

#endif
