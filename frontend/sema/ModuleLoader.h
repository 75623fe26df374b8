//===- ModuleLoader.h - Helper modules imported by a kernel file -----------===//
//
// `from helpers import clamp` in a kernel file names a Python module of the
// project: a file `helpers.py` (or `pkg/helpers.py` for `pkg.helpers`) in
// the kernel file's directory or one of the -I directories, searched in that
// order, as Python searches sys.path. The loader parses each such module
// once, resolves its own names (a ModuleScope of its own), and keeps the
// files for diagnostics and for build-system depfiles. Imports that find no
// file are host modules (plotting, I/O) and are ignored. Import cycles are
// an error.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_MODULELOADER_H
#define NVC_FRONTEND_MODULELOADER_H

#include "frontend/syntax/AST.h"
#include "frontend/syntax/Diagnostics.h"
#include "frontend/sema/TypeInference.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace nvc {

class ModuleLoader {
public:
  /// `searchDirs`: the kernel file's directory first, then the -I
  /// directories.
  ModuleLoader(std::vector<std::string> searchDirs, DiagnosticEngine &diags)
      : searchDirs_(std::move(searchDirs)), diags_(diags) {}

  /// The scope of module `dotted` (e.g. "helpers", "pkg.util"), loading it
  /// on first use; nullptr if no file of that name is on the search path.
  /// Throws CompileError (with its file set) for syntax or name errors in
  /// the module, and at `importLoc` for an import cycle.
  const ModuleScope *load(const std::string &dotted, ast::Location importLoc);

  /// Paths of every module file loaded, in load order.
  const std::vector<std::string> &loadedFiles() const { return loadedFiles_; }

private:
  struct Loaded {
    std::unique_ptr<SourceFile> file;
    std::unique_ptr<ast::Module> ast;
    std::unique_ptr<ModuleScope> scope;
  };
  std::vector<std::string> searchDirs_;
  DiagnosticEngine &diags_;
  std::map<std::string, Loaded> modules_;
  std::set<std::string> loading_;
  std::vector<std::string> loadedFiles_;
  /// Helper files whose parse failed: kept, since their CompileError names them.
  std::vector<std::unique_ptr<SourceFile>> failedFiles_;
};

} // namespace nvc

#endif // NVC_FRONTEND_MODULELOADER_H
