//===- ModuleLoader.cpp - Helper modules imported by a kernel file ---------===//
#include "frontend/sema/ModuleLoader.h"

#include "frontend/sema/BuiltinModules.h"
#include "frontend/syntax/Parser.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace nvc {

const ModuleScope *ModuleLoader::load(const std::string &dotted, ast::Location importLoc) {
  auto it = modules_.find(dotted);
  if (it != modules_.end())
    return it->second.scope.get();
  if (loading_.count(dotted))
    throw CompileError(importLoc, fmt::format("circular import of module '{}'", dotted));
  std::string relative = dotted;
  for (char &c : relative)
    if (c == '.')
      c = '/';
  relative += ".py";
  std::filesystem::path found;
  std::optional<BuiltinModule> builtin = builtinModule(dotted);
  for (auto &dir : searchDirs_) {
    if (builtin)
      break; // nvc's own (numba.cuda.random), not a file
    std::filesystem::path candidate = std::filesystem::path(dir) / relative;
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec)) {
      found = candidate;
      break;
    }
  }
  if (found.empty() && !builtin)
    return nullptr;
  Loaded loaded;
  if (builtin) {
    loaded.file = std::make_unique<SourceFile>(builtin->path, std::string(builtin->source));
  } else {
    std::ifstream in(found, std::ios::binary);
    if (!in)
      throw CompileError(importLoc, fmt::format("cannot read module '{}' ({})", dotted,
                                                found.string()));
    std::stringstream text;
    text << in.rdbuf();
    loaded.file = std::make_unique<SourceFile>(found.lexically_normal().string(), text.str());
    loadedFiles_.push_back(loaded.file->path()); // (a depfile lists files only)
  }
  loading_.insert(dotted);
  try {
    loaded.ast = parseModule(*loaded.file);
    loaded.scope = std::make_unique<ModuleScope>(*loaded.ast, *loaded.file, diags_, this);
  } catch (CompileError &e) {
    // The error names the helper's file, which must outlive this frame: the
    // diagnostic is printed (with the file's line) after the unwinding.
    if (!e.file)
      e.file = loaded.file.get();
    failedFiles_.push_back(std::move(loaded.file));
    loading_.erase(dotted);
    throw;
  } catch (CompileErrors &errors) {
    for (CompileError &e : errors.errors)
      if (!e.file)
        e.file = loaded.file.get();
    failedFiles_.push_back(std::move(loaded.file));
    loading_.erase(dotted);
    throw;
  }
  loading_.erase(dotted);
  return modules_.emplace(dotted, std::move(loaded)).first->second.scope.get();
}

} // namespace nvc
