// nvc-run --ufunc NAME and --reduce NAME: calls a ufunc of the module (nvc/Ufunc.h,
// docs/manifest.md "Ufuncs") instead of launching a kernel over a grid.
//
//   nvc-run k.spv --ufunc gaussian x=@x.npy sigma=2.0 --out out=g.npy
//   nvc-run k.spv --ufunc gaussian x=@x.npy sigma=@s.npy out=@g.npy --out out=g.npy
//   nvc-run k.spv --reduce add array=@x.npy [init=0] --out out=total.npy   (prints it without --out)
//   nvc-run k.spv --reduce sum_reduce array=@x.npy init=10 size=1000 res=@r.npy --out res=r.npy
//
// --ufunc names the operands by the loops' parameters: every input, as @FILE.npy or a
// scalar literal (a Python scalar in type resolution), and any output as @FILE.npy (a
// given output: the result is written into it in its layout and dtype; otherwise the
// output is allocated). --reduce takes `array` (@FILE.npy), `init` (a scalar), and for a
// @cuda.reduce function `size` (an integer) and `res` (@FILE.npy, the result written into
// its first element). --out NAME=FILE.npy writes an operand (or `out`, the reduction's
// result) after the call; a 0-d result no --out names is printed as Python prints it.
#pragma once

#include "nvc/Runtime.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nvc::tools {

/// One NAME=VALUE of a --ufunc or --reduce run: an array read from `file`, or a scalar.
struct UfuncArgument {
  std::string name;
  std::string file;              ///< set for an array
  rt::NpyArray array;            ///< read from `file`
  std::optional<rt::ScalarValue> scalar;
};

struct UfuncRunOptions {
  std::string spirvPath, manifestPath, deviceSelector;
  std::string ufunc;   ///< the ufunc's name
  bool reduce = false; ///< --reduce rather than --ufunc
  bool verbose = false;
  std::uint32_t printWords = 0; ///< --print-words (0: the default)
};

/// A mistake in the command line's ufunc arguments (nvc-run reports it as any error).
struct UfuncUsageError : rt::Error {
  using rt::Error::Error;
};

/// Runs the call: checks `args` and `outs` (NAME, FILE pairs) against the manifest's
/// ufunc before opening the device (UfuncUsageError naming the unknown, missing,
/// repeated or mistyped argument and listing the ufunc's), calls it, writes the --out
/// files and prints unwritten 0-d results (and with `verbose` the device, module, loop
/// and dispatches). Returns the exit status: 0, or 1 after a kernel raised (reported on
/// stderr after the files were written). Throws Error for everything else.
int runUfunc(const UfuncRunOptions &options, std::vector<UfuncArgument> args,
             const std::vector<std::pair<std::string, std::string>> &outs);

} // namespace nvc::tools
