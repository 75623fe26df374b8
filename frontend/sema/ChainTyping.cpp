//===- ChainTyping.cpp - Typing and checks of launch chains ----------------===//
//
// See ChainTyping.h. The checks run in the order a reader meets the
// chain's statements: launches, intermediates, then the whole chain.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/ChainTyping.h"

#include "frontend/syntax/Diagnostics.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace nvc {

namespace {
[[noreturn]] void fail(ast::Location l, const std::string &msg) { throw CompileError(l, msg); }
} // namespace

TypedChain typeChain(const LaunchChain &chain,
                     const std::map<std::string, const TypedKernel *> &kernelsByEntry) {
  const ast::FunctionDef &def = *chain.def;
  if (kernelsByEntry.count(def.name))
    fail(def.getLoc(), fmt::format("the chain '{}' has the name of a kernel; entry points "
                                   "of a file must have distinct names",
                                   def.name));
  // Type every name from the kernel parameters it is passed to.
  TypedChain out;
  std::map<std::string, Type> &types = out.types;
  std::map<std::string, ArrayAccess> &access = out.access;
  std::map<std::string, std::vector<size_t>> launchesOf; // array name -> launches
  for (size_t li = 0; li < chain.launches.size(); ++li) {
    const LaunchChain::Launch &launch = chain.launches[li];
    auto it = kernelsByEntry.find(launch.kernel);
    if (it == kernelsByEntry.end())
      fail(launch.loc, fmt::format("'{}' is not a kernel of this file (a chain launches "
                                   "the file's @cuda.jit or @nv.jit kernels, typed by "
                                   "their first signature)",
                                   launch.kernel));
    const TypedKernel &k = *it->second;
    out.launched.push_back(&k);
    out.allFastmath = out.allFastmath && k.fastmath;
    if (!k.sharedArrays.empty())
      fail(launch.loc, fmt::format("kernel '{}' uses shared memory; a chain fuses only "
                                   "element-wise kernels",
                                   launch.kernel));
    if (launch.args.size() != k.signature.params.size())
      fail(launch.loc, fmt::format("kernel '{}' takes {} arguments but this launch passes {}",
                                   launch.kernel, k.signature.params.size(),
                                   launch.args.size()));
    for (size_t a = 0; a < launch.args.size(); ++a) {
      const std::string &name = launch.args[a];
      const Type &t = k.signature.params[a];
      auto [tIt, inserted] = types.emplace(name, t);
      if (!inserted && !(tIt->second == t))
        fail(launch.argLocs[a],
             fmt::format("'{}' is passed as {} here but as {} earlier in the chain", name,
                         t.str(), tIt->second.str()));
      if (t.isArray()) {
        access[name].read |= k.access[a].read;
        access[name].written |= k.access[a].written;
        launchesOf[name].push_back(li);
      }
    }
  }
  std::set<std::string> intermediateNames;
  for (auto &im : chain.intermediates) {
    intermediateNames.insert(im.name);
    auto t = types.find(im.name);
    if (t == types.end() || !t->second.isArray())
      fail(im.loc, fmt::format("intermediate '{}' is not passed to a kernel as an array",
                               im.name));
    auto like = types.find(im.like);
    if (like == types.end() || !like->second.isArray() || like->second.ndim() != 1 ||
        t->second.ndim() != 1 || !(like->second.element() == t->second.element()))
      fail(im.loc, fmt::format("intermediate '{}' must be like a one-dimensional array "
                               "parameter of the same dtype as the kernels take it ({})",
                               im.name, t->second.str()));
    if (t->second.element().isComplex())
      fail(im.loc, fmt::format("intermediate '{}' is complex; a chain's intermediates must "
                               "be real or integer arrays",
                               im.name));
  }
  // Values flow between launches only through intermediates, whose
  // accesses the ChainIntermediates pass checks: another array that one
  // launch writes may not be passed to a second launch (it would be read
  // or overwritten by other invocations before the first launch ended).
  for (auto &[name, ls] : launchesOf)
    if (!intermediateNames.count(name) && access[name].written && ls.size() > 1) {
      const LaunchChain::Launch &second = chain.launches[ls[1]];
      size_t a = std::find(second.args.begin(), second.args.end(), name) - second.args.begin();
      fail(second.argLocs[a],
           fmt::format("'{}' is written by one launch of the chain and passed to another; "
                       "make it an intermediate (cuda.device_array_like) or launch the "
                       "kernels separately",
                       name));
    }

  for (auto &p : def.params)
    if (!types.count(p.name))
      fail(p.loc, fmt::format("parameter '{}' of the chain is not passed to any launch",
                              p.name));
  std::set<size_t> writers, users;
  for (auto &[name, ls] : launchesOf)
    if (!intermediateNames.count(name)) {
      users.insert(ls.begin(), ls.end());
      if (access[name].written)
        writers.insert(ls.front());
    }
  for (size_t w : writers)
    for (size_t u : users)
      out.assumesNoAlias |= u != w;
  return out;
}

} // namespace nvc
