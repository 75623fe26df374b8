//===- CloneAST.cpp - Deep copies of AST nodes ------------------------------===//
#include "frontend/syntax/CloneAST.h"

#include <cstdlib>

namespace nvc::ast {
namespace {

/// The AST's classof discriminates (nvc_syntax does not link LLVM's casts).
template <typename T, typename U> const T &as(const U &n) { return static_cast<const T &>(n); }

std::vector<ExprPtr> cloneAll(const std::vector<ExprPtr> &v) {
  std::vector<ExprPtr> out;
  out.reserve(v.size());
  for (auto &e : v)
    out.push_back(clone(e.get()));
  return out;
}

} // namespace

ExprPtr clone(const Expr *e) {
  if (!e)
    return nullptr;
  Location l = e->getLoc();
  switch (e->getKind()) {
  case Expr::Kind::IntLiteral: {
    auto &x = as<IntLiteral>(*e);
    return std::make_unique<IntLiteral>(l, x.text, x.value, x.fitsUInt64);
  }
  case Expr::Kind::FloatLiteral: {
    auto &x = as<FloatLiteral>(*e);
    return std::make_unique<FloatLiteral>(l, x.text, x.value);
  }
  case Expr::Kind::ImaginaryLiteral: {
    auto &x = as<ImaginaryLiteral>(*e);
    return std::make_unique<ImaginaryLiteral>(l, x.text, x.value);
  }
  case Expr::Kind::StringLiteral:
    return std::make_unique<StringLiteral>(l, as<StringLiteral>(*e).value);
  case Expr::Kind::FormattedString:
    return std::make_unique<FormattedString>(l, as<FormattedString>(*e).text);
  case Expr::Kind::BoolLiteral:
    return std::make_unique<BoolLiteral>(l, as<BoolLiteral>(*e).value);
  case Expr::Kind::NoneLiteral:
    return std::make_unique<NoneLiteral>(l);
  case Expr::Kind::Lambda: {
    auto &x = as<Lambda>(*e);
    std::vector<Param> params;
    for (auto &p : x.params)
      params.push_back(Param{p.loc, p.name, nullptr, clone(p.defaultValue.get()), p.kind,
                             p.markerLoc});
    return std::make_unique<Lambda>(l, std::move(params), clone(x.body.get()));
  }
  case Expr::Kind::Name:
    return std::make_unique<Name>(l, as<Name>(*e).id);
  case Expr::Kind::Attribute: {
    auto &x = as<Attribute>(*e);
    return std::make_unique<Attribute>(l, clone(x.value.get()), x.attr, x.attrLoc);
  }
  case Expr::Kind::Subscript: {
    auto &x = as<Subscript>(*e);
    return std::make_unique<Subscript>(l, clone(x.value.get()), clone(x.index.get()));
  }
  case Expr::Kind::Slice: {
    auto &x = as<Slice>(*e);
    auto out = std::make_unique<Slice>(l, clone(x.lower.get()), clone(x.upper.get()),
                                       clone(x.step.get()));
    out->ellipsis = x.ellipsis;
    return out;
  }
  case Expr::Kind::Call: {
    auto &x = as<Call>(*e);
    std::vector<Keyword> keywords;
    for (auto &k : x.keywords)
      keywords.push_back({k.loc, k.name, clone(k.value.get())});
    auto out = std::make_unique<Call>(l, clone(x.func.get()), cloneAll(x.args),
                                      std::move(keywords));
    out->starredArgs = x.starredArgs;
    return out;
  }
  case Expr::Kind::BinOp: {
    auto &x = as<BinOp>(*e);
    return std::make_unique<BinOp>(l, x.op, clone(x.lhs.get()), clone(x.rhs.get()));
  }
  case Expr::Kind::UnaryOp: {
    auto &x = as<UnaryOp>(*e);
    return std::make_unique<UnaryOp>(l, x.op, clone(x.operand.get()));
  }
  case Expr::Kind::BoolOp: {
    auto &x = as<BoolOp>(*e);
    return std::make_unique<BoolOp>(l, x.op, cloneAll(x.values));
  }
  case Expr::Kind::Compare: {
    auto &x = as<Compare>(*e);
    return std::make_unique<Compare>(l, clone(x.left.get()), x.ops, x.opLocs,
                                     cloneAll(x.comparators));
  }
  case Expr::Kind::IfExp: {
    auto &x = as<IfExp>(*e);
    return std::make_unique<IfExp>(l, clone(x.test.get()), clone(x.body.get()),
                                   clone(x.orelse.get()));
  }
  case Expr::Kind::Tuple:
    return std::make_unique<Tuple>(l, cloneAll(as<Tuple>(*e).elts));
  case Expr::Kind::List:
    return std::make_unique<List>(l, cloneAll(as<List>(*e).elts));
  case Expr::Kind::Dict: {
    auto &x = as<Dict>(*e);
    return std::make_unique<Dict>(l, cloneAll(x.keys), cloneAll(x.values));
  }
  }
  std::abort(); // every kind is handled above
}

Block clone(const Block &b) {
  Block out;
  out.reserve(b.size());
  for (auto &s : b)
    out.push_back(clone(*s));
  return out;
}

StmtPtr clone(const Stmt &s) {
  Location l = s.getLoc();
  switch (s.getKind()) {
  case Stmt::Kind::Expr:
    return std::make_unique<ExprStmt>(l, clone(as<ExprStmt>(s).value.get()));
  case Stmt::Kind::Assign: {
    auto &x = as<Assign>(s);
    return std::make_unique<Assign>(l, cloneAll(x.targets), clone(x.value.get()));
  }
  case Stmt::Kind::AugAssign: {
    auto &x = as<AugAssign>(s);
    return std::make_unique<AugAssign>(l, clone(x.target.get()), x.op, x.opLoc,
                                       clone(x.value.get()));
  }
  case Stmt::Kind::AnnAssign: {
    auto &x = as<AnnAssign>(s);
    return std::make_unique<AnnAssign>(l, clone(x.target.get()), clone(x.annotation.get()),
                                       clone(x.value.get()));
  }
  case Stmt::Kind::If: {
    auto &x = as<If>(s);
    return std::make_unique<If>(l, clone(x.test.get()), clone(x.body), clone(x.orelse));
  }
  case Stmt::Kind::While: {
    auto &x = as<While>(s);
    return std::make_unique<While>(l, clone(x.test.get()), clone(x.body), clone(x.orelse));
  }
  case Stmt::Kind::For: {
    auto &x = as<For>(s);
    return std::make_unique<For>(l, clone(x.target.get()), clone(x.iter.get()), clone(x.body),
                                 clone(x.orelse));
  }
  case Stmt::Kind::UnrolledFor: {
    auto &x = as<UnrolledFor>(s);
    std::vector<Block> copies;
    for (auto &c : x.copies)
      copies.push_back(clone(c));
    return std::make_unique<UnrolledFor>(l, std::move(copies), clone(x.orelse));
  }
  case Stmt::Kind::Break:
    return std::make_unique<Break>(l);
  case Stmt::Kind::Continue:
    return std::make_unique<Continue>(l);
  case Stmt::Kind::Pass:
    return std::make_unique<Pass>(l);
  case Stmt::Kind::Return:
    return std::make_unique<Return>(l, clone(as<Return>(s).value.get()));
  case Stmt::Kind::FunctionDef: {
    auto &x = as<FunctionDef>(s);
    std::vector<Param> params;
    for (auto &p : x.params)
      params.push_back({p.loc, p.name, clone(p.annotation.get()), clone(p.defaultValue.get()),
                        p.kind, p.markerLoc});
    return std::make_unique<FunctionDef>(l, x.name, std::move(params), clone(x.returns.get()),
                                         cloneAll(x.decorators), clone(x.body));
  }
  case Stmt::Kind::Import:
    return std::make_unique<Import>(l, as<Import>(s).names);
  case Stmt::Kind::ImportFrom: {
    auto &x = as<ImportFrom>(s);
    return std::make_unique<ImportFrom>(l, x.module, x.names, x.level);
  }
  case Stmt::Kind::Global:
    return std::make_unique<Global>(l, as<Global>(s).names);
  case Stmt::Kind::Nonlocal:
    return std::make_unique<Nonlocal>(l, as<Nonlocal>(s).names);
  case Stmt::Kind::Raise: {
    auto &x = as<Raise>(s);
    return std::make_unique<Raise>(l, clone(x.exc.get()), clone(x.cause.get()));
  }
  case Stmt::Kind::Assert: {
    auto &x = as<Assert>(s);
    return std::make_unique<Assert>(l, clone(x.test.get()), clone(x.msg.get()));
  }
  case Stmt::Kind::Del:
    return std::make_unique<Del>(l, cloneAll(as<Del>(s).targets));
  }
  std::abort(); // every kind is handled above
}

} // namespace nvc::ast
