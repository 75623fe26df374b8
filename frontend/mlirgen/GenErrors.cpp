//===- GenErrors.cpp - Generator: raise, assert, print, checked operations ===//
//
// What a kernel reports from the device (docs/language.md "Errors" and
// "Printing"), written into the entry point's hidden error and print
// buffers as docs/manifest.md "Errors and printing" lays them out:
//
//  - raising: the invocation compares word 0 of the error buffer with 0 and,
//    if it was 0, stores the error's id there (one OpAtomicCompareExchange)
//    and fills words 1-7 (its global id, two integer arguments); then it
//    stops: a kernel branches to its return, a device function returns with
//    its extra i1 result ("raised") set, and its caller, seeing the flag,
//    stops in turn. A kernel launched by a chain stops only itself, as a
//    separate launch would.
//  - printing: the invocation atomically adds its record's length to word 0
//    of the print buffer and, if the record fits, writes it there; else it
//    counts it as dropped (word 2), marking a record cut off at the end of
//    the buffer with a 0 id.
//
// The code is plain control flow, so the optimiser never moves a store
// above a check that raises (the store is after a branch).
//
//===----------------------------------------------------------------------===//
#include "frontend/mlirgen/Generator.h"

#include "frontend/syntax/Rebindings.h"

#include <filesystem>

namespace nvc::mlirgen {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

/// The error buffer's words (docs/manifest.md "The error buffer").
constexpr int64_t kErrorIdWord = 0;
constexpr int64_t kErrorGlobalIdWord = 1;  ///< x, y, z
constexpr int64_t kErrorArgumentWord = 4;  ///< two int64s, low word first
/// The print buffer's header (docs/manifest.md "The print buffer").
constexpr int64_t kPrintCursorWord = 0;
constexpr int64_t kPrintCapacityWord = 1;
constexpr int64_t kPrintDroppedWord = 2;
constexpr int64_t kPrintHeaderWords = 4;

} // namespace

std::string Generator::sourceFileName() const {
  const SourceFile &src = k_.source ? *k_.source : file_;
  return std::filesystem::path(src.path()).filename().string();
}

mlir::Value Generator::wordIndex(mlir::Value word, mlir::Location l) {
  return mlir::arith::IndexCastOp::create(b_, l, b_.getIndexType(), word);
}

void Generator::storeWord(mlir::Value buffer, mlir::Value index, mlir::Value word,
                          mlir::Location l) {
  mlir::memref::StoreOp::create(b_, l, word, buffer, mlir::ValueRange{index});
}

std::vector<mlir::Value> Generator::valueWords(mlir::Value v, mlir::Location l) {
  mlir::Type i32 = b_.getI32Type(), i64 = b_.getI64Type();
  mlir::Type t = v.getType();
  if (t.isF32())
    return {mlir::arith::BitcastOp::create(b_, l, i32, v)};
  if (t.isF64())
    v = mlir::arith::BitcastOp::create(b_, l, i64, v);
  else if (t.isInteger(1))
    return {mlir::arith::ExtUIOp::create(b_, l, i32, v)};
  unsigned bits = v.getType().getIntOrFloatBitWidth();
  if (bits < 32)
    fail({}, "internal error: a print value narrower than 32 bits");
  if (bits == 32)
    return {v};
  mlir::Value lo = mlir::arith::TruncIOp::create(b_, l, i32, v);
  mlir::Value hi = mlir::arith::TruncIOp::create(
      b_, l, i32, mlir::arith::ShRUIOp::create(b_, l, v, intConst(32, i64, l)));
  return {lo, hi};
}

void Generator::stopInvocation(mlir::Location l) {
  if (!returnsRaisedFlag_) {
    mlir::cf::BranchOp::create(b_, l, exit_);
    return;
  }
  // A device function: its results are undefined, its raised flag set.
  std::vector<mlir::Value> operands;
  for (mlir::BlockArgument arg : exit_->getArguments().drop_back())
    operands.push_back(mlir::ub::PoisonOp::create(b_, l, arg.getType()));
  operands.push_back(intConst(1, b_.getI1Type(), l));
  mlir::cf::BranchOp::create(b_, l, exit_, operands);
}

std::vector<mlir::Value> Generator::exitValues(std::vector<mlir::Value> values, mlir::Location l) {
  if (returnsRaisedFlag_)
    values.push_back(intConst(0, b_.getI1Type(), l));
  return values;
}

void Generator::raiseError(const ErrorSiteABI &site, std::array<mlir::Value, 2> arguments,
                           ast::Location at) {
  mlir::Location l = loc(at);
  if (!errorBuffer_)
    fail(at, "internal error: a raise in a function without the error buffer");
  uint32_t id = sites_.errorId(site);
  mlir::Type i32 = b_.getI32Type();
  mlir::Value zero = intConst(0, i32, l), idValue = intConst(id, i32, l);
  mlir::Value word0 = mlir::arith::ConstantIndexOp::create(b_, l, kErrorIdWord);
  // word 0: 0 → id, one compare-and-swap (AtomicRMWToSPIRV's cas form).
  auto cas = mlir::memref::GenericAtomicRMWOp::create(b_, l, errorBuffer_, mlir::ValueRange{word0});
  {
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToEnd(cas.getBody());
    mlir::Value cur = cas.getCurrentValue();
    mlir::Value free = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, cur, zero);
    mlir::memref::AtomicYieldOp::create(
        b_, l, mlir::arith::SelectOp::create(b_, l, free, idValue, cur));
  }
  mlir::Value won = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq,
                                                cas.getResult(), zero);
  mlir::Block *record = newBlock(), *stop = newBlock();
  mlir::cf::CondBranchOp::create(b_, l, won, record, stop);
  b_.setInsertionPointToEnd(record);
  for (int64_t d = 0; d < 3; ++d) {
    mlir::Value gid = mlir::gpu::GlobalIdOp::create(b_, l, static_cast<mlir::gpu::Dimension>(d));
    storeWord(errorBuffer_, mlir::arith::ConstantIndexOp::create(b_, l, kErrorGlobalIdWord + d),
              mlir::arith::IndexCastUIOp::create(b_, l, i32, gid), l);
  }
  for (int64_t k = 0; k < 2; ++k) {
    mlir::Value v = arguments[k];
    if (!v)
      v = intConst(0, b_.getI64Type(), l);
    else if (v.getType().getIntOrFloatBitWidth() < 64)
      v = mlir::arith::ExtSIOp::create(b_, l, b_.getI64Type(), v);
    std::vector<mlir::Value> words = valueWords(v, l);
    for (size_t w = 0; w < 2; ++w)
      storeWord(errorBuffer_,
                mlir::arith::ConstantIndexOp::create(b_, l, kErrorArgumentWord + 2 * k + w),
                words[w], l);
  }
  mlir::cf::BranchOp::create(b_, l, stop);
  b_.setInsertionPointToEnd(stop);
  stopInvocation(l);
}

void Generator::raiseIf(mlir::Value condition, const ErrorSiteABI &site,
                        std::array<mlir::Value, 2> arguments, ast::Location at) {
  mlir::Location l = loc(at);
  mlir::Block *raise = newBlock(), *cont = newBlock();
  mlir::cf::CondBranchOp::create(b_, l, condition, raise, cont);
  b_.setInsertionPointToEnd(raise);
  raiseError(site, arguments, at);
  b_.setInsertionPointToEnd(cont);
}

ErrorSiteABI Generator::errorSite(const std::string &type, const std::string &message,
                                  unsigned arguments, ast::Location at) const {
  ErrorSiteABI site;
  site.type = type;
  site.message = message;
  site.arguments = arguments;
  site.function = k_.def->name;
  site.file = sourceFileName();
  site.line = at.line;
  site.column = at.col;
  return site;
}

void Generator::raiseStatement(const ast::Stmt &s) {
  const TypedKernel::RaiseSite &r = k_.raises.at(&s);
  if (auto *a = dyn_cast<ast::Assert>(&s)) {
    mlir::Value ok = condition(*a->test);
    mlir::Value failed = mlir::arith::XOrIOp::create(b_, loc(s.getLoc()), ok,
                                                     intConst(1, b_.getI1Type(), loc(s.getLoc())));
    raiseIf(failed, errorSite(r.type, r.message, 0, s.getLoc()), {}, s.getLoc());
    return;
  }
  raiseError(errorSite(r.type, r.message, 0, s.getLoc()), {}, s.getLoc());
}

void Generator::checkDivisor(ast::BinOpKind op, const Val &original, const Val &divisor,
                             const Type &t, ast::Location at) {
  if (!k_.pythonErrorModel ||
      (op != ast::BinOpKind::Div && op != ast::BinOpKind::FloorDiv && op != ast::BinOpKind::Mod))
    return;
  // numba-cuda's fastmath float32 `/` is libdevice's fast division, unchecked
  // (mathimpl.py's maybe_fast_truediv).
  if (k_.fastmath && op == ast::BinOpKind::Div && t.isFloat() && t.bits() == 32)
    return;
  mlir::Location l = loc(at);
  // A constant nonzero divisor cannot raise (type inference gave the
  // function no error buffer for it).
  bool constantNonzero = true;
  for (mlir::Value part : original.parts) {
    mlir::Attribute value;
    if (!mlir::matchPattern(part, mlir::m_Constant(&value))) {
      constantNonzero = false;
      break;
    }
    if (auto i = dyn_cast<mlir::IntegerAttr>(value); i && i.getValue().isZero())
      constantNonzero = false;
    if (auto f = dyn_cast<mlir::FloatAttr>(value); f && f.getValue().isZero())
      constantNonzero = false;
  }
  if (constantNonzero && !t.isComplex())
    return;
  // Numba's messages (numba/cpython/numbers.py).
  std::string message;
  if (t.isComplex())
    message = "complex division by zero";
  else if (op == ast::BinOpKind::Div)
    message = "division by zero";
  else if (t.isFloat())
    message = op == ast::BinOpKind::Mod ? "modulo by zero" : "division by zero";
  else
    message = op == ast::BinOpKind::Mod ? "integer modulo by zero" : "integer division by zero";
  mlir::Value isZero;
  for (mlir::Value part : divisor.parts) {
    mlir::Value z;
    if (mlir::isa<mlir::FloatType>(part.getType()))
      z = mlir::arith::CmpFOp::create(b_, l, mlir::arith::CmpFPredicate::OEQ, part,
                                      floatConst(0, part.getType(), l));
    else
      z = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, part,
                                      intConst(0, part.getType(), l));
    isZero = isZero ? mlir::Value(mlir::arith::AndIOp::create(b_, l, isZero, z)) : z;
  }
  raiseIf(isZero, errorSite("ZeroDivisionError", message, 0, at), {}, at);
}

void Generator::checkIndex(mlir::Value index, mlir::Value extent, unsigned axis,
                           mlir::Value original, const ArrayHandle &a, ast::Location at) {
  mlir::Location l = loc(at);
  // After wrap-around a valid index is in [0, extent): one unsigned compare.
  mlir::Value outside = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::uge,
                                                    index, extent);
  std::string name;
  for (auto &[n, handle] : arrays_)
    if (handle.get() == &a)
      name = displayName(n);
  std::string message = fmt::format("index {{0}} is out of bounds for axis {} with size {{1}}",
                                    axis);
  if (!name.empty())
    message += fmt::format(" (array '{}')", name);
  raiseIf(outside, errorSite("IndexError", message, 2, at), {original, extent}, at);
}

Val Generator::tupleItemAt(const ast::Subscript &s) {
  mlir::Location l = loc(s.getLoc());
  const Type &base = typeOf(*s.value);
  Val t = expr(*s.value);
  const int64_t n = static_cast<int64_t>(base.elements().size());
  Type it = Type::integer(64);
  mlir::Value idx = convert(expr(*s.index), it, s.index->getLoc()).scalar();
  mlir::Type idxTy = idx.getType();
  mlir::Value negative = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::slt, idx,
                                                     intConst(0, idxTy, l));
  mlir::Value wrapped = mlir::arith::SelectOp::create(
      b_, l, negative, mlir::arith::AddIOp::create(b_, l, idx, intConst(n, idxTy, l)), idx);
  mlir::Value outside = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::uge,
                                                    wrapped, intConst(n, idxTy, l));
  raiseIf(outside, errorSite("IndexError", "tuple index out of range", 0, s.getLoc()), {},
          s.getLoc());
  const Type &et = base.elements().front();
  const size_t leaves = leafCount(et);
  Val out{et, std::vector<mlir::Value>(t.parts.begin(), t.parts.begin() + leaves)};
  for (int64_t k = 1; k < n; ++k) {
    mlir::Value here = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::eq, wrapped,
                                                   intConst(k, idxTy, l));
    for (size_t p = 0; p < leaves; ++p)
      out.parts[p] = mlir::arith::SelectOp::create(b_, l, here, t.parts[k * leaves + p],
                                                   out.parts[p]);
  }
  return out;
}

void Generator::printCall(const ast::Call &c) {
  mlir::Location l = loc(c.getLoc());
  if (!printBuffer_)
    fail(c.getLoc(), "internal error: print() in a function without the print buffer");
  PrintSiteABI site;
  site.function = k_.def->name;
  site.file = sourceFileName();
  site.line = c.getLoc().line;
  site.column = c.getLoc().col;
  std::vector<mlir::Value> words;
  auto text = [&](const std::string &t) {
    if (!site.pieces.empty() && site.pieces.back().dtype.empty())
      site.pieces.back().text += t;
    else
      site.pieces.push_back({t, ""});
  };
  // A scalar as the device holds it: its dtype names the words.
  auto value = [&](mlir::Value v, const Type &t) {
    std::string dtype;
    mlir::Type mt = v.getType();
    if (t.isBoolean()) {
      dtype = "bool";
    } else if (t.isFloat()) {
      dtype = mt.isF64() ? "float64" : "float32";
    } else {
      unsigned bits = mt.getIntOrFloatBitWidth();
      if (bits < 32) {
        v = t.isSigned() ? mlir::Value(mlir::arith::ExtSIOp::create(b_, l, b_.getI32Type(), v))
                         : mlir::Value(mlir::arith::ExtUIOp::create(b_, l, b_.getI32Type(), v));
        bits = 32;
      }
      dtype = fmt::format("{}int{}", t.isSigned() ? "" : "u", bits);
    }
    site.pieces.push_back({"", dtype});
    for (mlir::Value w : valueWords(v, l))
      words.push_back(w);
  };
  std::function<void(const Val &)> item = [&](const Val &v) {
    const Type &t = v.type;
    if (t.isComplex()) {
      std::string dtype = v.parts[0].getType().isF64() ? "complex128" : "complex64";
      site.pieces.push_back({"", dtype});
      for (mlir::Value part : v.parts)
        for (mlir::Value w : valueWords(part, l))
          words.push_back(w);
    } else if (t.isTuple()) {
      // Python's tuple repr: (a, b), and (a,) for one item.
      text("(");
      size_t part = 0;
      const std::vector<Type> &elements = t.elements();
      for (size_t i = 0; i < elements.size(); ++i) {
        if (i)
          text(", ");
        size_t n = leafTypes(elements[i]).size();
        item(Val{elements[i], std::vector<mlir::Value>(v.parts.begin() + part,
                                                        v.parts.begin() + part + n)});
        part += n;
      }
      text(elements.size() == 1 ? ",)" : ")");
    } else {
      value(v.scalar(), t);
    }
  };
  for (size_t i = 0; i < c.args.size(); ++i) {
    if (i)
      text(" ");
    const ast::Expr &arg = *c.args[i];
    if (auto it = k_.printTexts.find(&arg); it != k_.printTexts.end()) {
      text(it->second);
      continue;
    }
    const Type &t = typeOf(arg);
    if (t.kind() == Type::Kind::Dim3) {
      // cuda.threadIdx and friends print as (x, y, z), numba.cuda's "%d".
      text("(");
      for (unsigned d = 0; d < 3; ++d) {
        if (d)
          text(", ");
        value(dim3Component(t.name(), d, l), Type::integer(32, false));
      }
      text(")");
      continue;
    }
    item(expr(arg));
  }
  uint32_t id = sites_.printId(site);
  mlir::Type i32 = b_.getI32Type();
  const int64_t length = 1 + static_cast<int64_t>(words.size());
  // Allocate: old = atomic add of the length to the cursor.
  mlir::Value lengthValue = intConst(length, i32, l);
  mlir::Value cursorWord = mlir::arith::ConstantIndexOp::create(b_, l, kPrintCursorWord);
  auto add = mlir::memref::GenericAtomicRMWOp::create(b_, l, printBuffer_,
                                                      mlir::ValueRange{cursorWord});
  {
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToEnd(add.getBody());
    mlir::memref::AtomicYieldOp::create(
        b_, l, mlir::arith::AddIOp::create(b_, l, add.getCurrentValue(), lengthValue));
  }
  mlir::Value old = add.getResult();
  mlir::Value capacity = mlir::memref::LoadOp::create(
      b_, l, printBuffer_,
      mlir::ValueRange{mlir::arith::ConstantIndexOp::create(b_, l, kPrintCapacityWord)});
  // old + length <= capacity, without overflow: old <= capacity - length
  // (capacity >= length), all unsigned.
  mlir::Value roomy = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::uge,
                                                  capacity, lengthValue);
  mlir::Value fitsAfter = mlir::arith::CmpIOp::create(
      b_, l, mlir::arith::CmpIPredicate::ule, old,
      mlir::arith::SubIOp::create(b_, l, capacity, lengthValue));
  mlir::Value fits = mlir::arith::AndIOp::create(b_, l, roomy, fitsAfter);
  mlir::Block *write = newBlock(), *drop = newBlock(), *mark = newBlock(), *done = newBlock();
  mlir::cf::CondBranchOp::create(b_, l, fits, write, drop);

  b_.setInsertionPointToEnd(write);
  mlir::Value base = mlir::arith::AddIOp::create(b_, l, old, intConst(kPrintHeaderWords, i32, l));
  std::vector<mlir::Value> record{intConst(id, i32, l)};
  record.insert(record.end(), words.begin(), words.end());
  for (size_t k = 0; k < record.size(); ++k) {
    mlir::Value at = mlir::arith::AddIOp::create(b_, l, base, intConst(k, i32, l));
    storeWord(printBuffer_, wordIndex(at, l), record[k], l);
  }
  mlir::cf::BranchOp::create(b_, l, done);

  b_.setInsertionPointToEnd(drop);
  mlir::Value droppedWord = mlir::arith::ConstantIndexOp::create(b_, l, kPrintDroppedWord);
  auto count = mlir::memref::GenericAtomicRMWOp::create(b_, l, printBuffer_,
                                                        mlir::ValueRange{droppedWord});
  {
    mlir::OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToEnd(count.getBody());
    mlir::memref::AtomicYieldOp::create(
        b_, l, mlir::arith::AddIOp::create(b_, l, count.getCurrentValue(), intConst(1, i32, l)));
  }
  mlir::Value inside = mlir::arith::CmpIOp::create(b_, l, mlir::arith::CmpIPredicate::ult, old,
                                                   capacity);
  mlir::cf::CondBranchOp::create(b_, l, inside, mark, done);

  b_.setInsertionPointToEnd(mark);
  storeWord(printBuffer_, wordIndex(mlir::arith::AddIOp::create(b_, l, old,
                                                                intConst(kPrintHeaderWords, i32, l)),
                                    l),
            intConst(0, i32, l), l);
  mlir::cf::BranchOp::create(b_, l, done);
  b_.setInsertionPointToEnd(done);
}

} // namespace nvc::mlirgen
