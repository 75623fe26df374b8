// Unit tests of Numba's typing rules as nvc implements them
// (frontend/sema/Types.h, frontend/sema/TypeInference.h).
#include "frontend/syntax/Parser.h"
#include "frontend/sema/TypeInference.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace nvc;

namespace {

/// Parses and types the only kernel of `source`; returns the type of
/// variable `var`.
Type varType(const std::string &source, const std::string &var) {
  SourceFile file("test.py", source);
  std::ostringstream diagOut;
  DiagnosticEngine diags(file, diagOut);
  auto module = parseModule(file);
  ModuleScope scope(*module, file, diags);
  const DecoratedFunction *kernelFn = nullptr;
  for (auto &f : scope.functions())
    if (!kernelFn && !f.signatures.empty())
      kernelFn = &f;
  const DecoratedFunction &fn = *kernelFn;
  InferenceContext context(scope, diags);
  TypedKernel k = inferKernel(context, fn, fn.signatures.at(0));
  return k.varTypes.at(var);
}

std::string kernel(const std::string &sig, const std::string &params, const std::string &body) {
  return "from numba import cuda\nimport numpy as np\nimport math\n\n@cuda.jit(\"" + sig +
         "\")\ndef k(" + params + "):\n" + body;
}

} // namespace

TEST_CASE("scalar promotion follows Numba") {
  CHECK(unifyTypes(Type::floating(32), Type::floating(32)) == Type::floating(32));
  CHECK(unifyTypes(Type::floating(32), Type::integer(64)) == Type::floating(64));
  CHECK(unifyTypes(Type::floating(32), Type::integer(32)) == Type::floating(64));
  CHECK(unifyTypes(Type::floating(32), Type::integer(16)) == Type::floating(32));
  CHECK(unifyTypes(Type::integer(32), Type::integer(64)) == Type::integer(64));
  CHECK(unifyTypes(Type::integer(32), Type::integer(32, false)) == Type::integer(64));
  CHECK(unifyTypes(Type::integer(64), Type::integer(64, false)) == Type::floating(64));
  CHECK(promoteIntegers(Type::integer(32), Type::integer(32)) == Type::integer(64));
  CHECK(promoteIntegers(Type::integer(8, false), Type::integer(8, false)) ==
        Type::integer(64, false));
  CHECK(promoteIntegers(Type::integer(32, false), Type::integer(8)) == Type::integer(64));
}

TEST_CASE("float16 promotes as NumPy's np.result_type (numba-cuda's fp16 tests)") {
  const Type h = Type::floating(16);
  CHECK(unifyTypes(h, h) == h);
  CHECK(unifyTypes(h, Type::boolean()) == h);
  CHECK(unifyTypes(h, Type::integer(8)) == h);
  CHECK(unifyTypes(h, Type::integer(8, false)) == h);
  CHECK(unifyTypes(h, Type::integer(16)) == Type::floating(32));
  CHECK(unifyTypes(h, Type::integer(32)) == Type::floating(64));
  CHECK(unifyTypes(h, Type::integer(64)) == Type::floating(64));
  CHECK(unifyTypes(h, Type::floating(32)) == Type::floating(32));
  CHECK(unifyTypes(h, Type::floating(64)) == Type::floating(64));
  CHECK(unifyTypes(h, Type::complex(64)) == Type::complex(64));
  CHECK(varType(kernel("void(float16[:])", "x", "    h = x[0] * x[1]\n"), "h") == h);
  CHECK(varType(kernel("void(float16[:])", "x", "    h = math.sin(x[0])\n"), "h") == h);
  CHECK(varType(kernel("void(float16[:])", "x", "    h = x[0] * 2\n"), "h") ==
        Type::floating(64));
}

TEST_CASE("literals are int64 and float64; typed constants keep their type") {
  CHECK(varType(kernel("void(float32[:])", "x", "    a = 1\n    b = 1.5\n    c = True\n"), "a") ==
        Type::integer(64));
  CHECK(varType(kernel("void(float32[:])", "x", "    b = 1.5\n"), "b") == Type::floating(64));
  CHECK(varType(kernel("void(float32[:])", "x", "    h = np.float32(0.5) * x[0]\n"), "h") ==
        Type::floating(32));
  // Mixing a Python float literal into float32 arithmetic gives float64.
  CHECK(varType(kernel("void(float32[:])", "x", "    h = 0.5 * x[0]\n"), "h") ==
        Type::floating(64));
}

TEST_CASE("division and math functions") {
  CHECK(varType(kernel("void(int32[:])", "x", "    q = x[0] / 2\n"), "q") == Type::floating(64));
  CHECK(varType(kernel("void(int32[:])", "x", "    q = x[0] // 2\n"), "q") == Type::integer(64));
  CHECK(varType(kernel("void(float32[:])", "x", "    s = math.sqrt(x[0])\n"), "s") ==
        Type::floating(32));
  CHECK(varType(kernel("void(int32[:])", "x", "    s = math.sqrt(x[0])\n"), "s") ==
        Type::floating(64));
  CHECK(varType(kernel("void(float32[:])", "x", "    f = math.floor(x[0])\n"), "f") ==
        Type::integer(64));
}

TEST_CASE("variables unify across paths and loops") {
  std::string body = "    t = 0\n    for i in range(3):\n        t += x[i]\n";
  CHECK(varType(kernel("void(float32[:])", "x", body), "t") == Type::floating(64));
  CHECK(varType(kernel("void(int32[:])", "x", body), "t") == Type::integer(64));
  // The two bindings meet where v is read after the if (Numba's phi).
  std::string branches =
      "    if x[0] > 0:\n        v = 1\n    else:\n        v = np.float32(2)\n    x[1] = v\n";
  CHECK(varType(kernel("void(float32[:])", "x", branches), "v") == Type::floating(64));
}

TEST_CASE("thread indexing and shapes") {
  CHECK(varType(kernel("void(float32[:, :])", "x", "    i, j = cuda.grid(2)\n"), "j") ==
        Type::integer(64));
  CHECK(varType(kernel("void(float32[:, :])", "x", "    m, n = x.shape\n"), "n") ==
        Type::integer(64));
  CHECK(varType(kernel("void(float32[:])", "x", "    t = cuda.threadIdx.x\n"), "t") ==
        Type::integer(32));
}

TEST_CASE("type errors name the types and locations") {
  auto error = [](const std::string &src) {
    try {
      varType(src, "x");
    } catch (CompileError &e) {
      return std::to_string(e.loc.line) + ":" + std::to_string(e.loc.col) + " " + e.message;
    } catch (CompileErrors &errors) { // every independent error, in source order
      std::string all;
      for (const CompileError &e : errors.errors)
        all += (all.empty() ? "" : "; ") + std::to_string(e.loc.line) + ":" +
               std::to_string(e.loc.col) + " " + e.message;
      return all;
    }
    return std::string("no error");
  };
  CHECK(error(kernel("void(float32[:])", "x", "    y = cuda.gridd(1)\n")) ==
        "7:14 unknown attribute 'gridd' of module 'cuda'");
  CHECK(error(kernel("void(float32[:])", "x", "    y = x[0, 1]\n")).find("too many indices") !=
        std::string::npos);
  // Bindings that meet (after the if) must unify; a straight re-binding is a
  // new variable, as in Numba's SSA.
  CHECK(error(kernel("void(float32[:])", "x",
                     "    if x[0] > 0:\n        y = (1, 2)\n    else:\n        y = 3\n    z = y\n"))
            .find("cannot unify") != std::string::npos);
  CHECK(error(kernel("void(float32[:])", "x", "    y = (1, 2)\n    y = 3\n")) == "no error");
  // The grid group is a value with sync(), nothing else.
  CHECK(error(kernel("void(float32[:])", "x", "    g = cuda.cg.this_grid()\n")) == "no error");
  CHECK(error(kernel("void(float32[:])", "x", "    g = cuda.cg.this_grid()\n    g.wait()\n"))
            .find("GridGroup has no attribute 'wait'") != std::string::npos);
  // Two independent errors; the uses of `y`, which the first leaves untyped,
  // add none.
  CHECK(error(kernel("void(float32[:])", "x",
                     "    y = x[0] + nope\n    x[1] = y * 2.0\n    z = y + x[2]\n"
                     "    x[2] = z\n    x[3] = cuda.gridd(1)\n")) ==
        "7:16 name 'nope' is not defined; 11:17 unknown attribute 'gridd' of module 'cuda'");
}

TEST_CASE("complex numbers follow Numba's typing") {
  CHECK(unifyTypes(Type::complex(64), Type::floating(32)) == Type::complex(64));
  CHECK(unifyTypes(Type::complex(64), Type::floating(64)) == Type::complex(128));
  CHECK(unifyTypes(Type::complex(64), Type::integer(64)) == Type::complex(128));
  CHECK(varType(kernel("void(float32[:])", "x", "    z = complex(x[0], x[1])\n"), "z") ==
        Type::complex(64));
  CHECK(varType(kernel("void(float32[:])", "x", "    z = complex(x[0], 1.0)\n"), "z") ==
        Type::complex(128));
  CHECK(varType(kernel("void(float32[:])", "x", "    z = np.complex64(0) + x[0]\n"), "z") ==
        Type::complex(64));
  CHECK(varType(kernel("void(float32[:])", "x", "    z = x[0] * 1j\n"), "z") ==
        Type::complex(128));
  CHECK(varType(kernel("void(complex64[:])", "x", "    r = x[0].imag\n"), "r") ==
        Type::floating(32));
}

TEST_CASE("device functions are typed per call signature") {
  std::string src = "from numba import cuda, njit\nimport numpy as np\n\n@njit\ndef f(a, b):\n"
                    "    return a * b, a\n\n@cuda.jit(\"void(float32[:])\")\ndef k(x):\n"
                    "    p, q = f(x[0], np.float32(2))\n    r, s = f(1, 2)\n";
  CHECK(varType(src, "p") == Type::floating(32));
  CHECK(varType(src, "r") == Type::integer(64));
}

TEST_CASE("signatures parse as Numba's") {
  Signature s = parseSignatureString("void(float32, float32[::1], float64[:, :], int8[:, ::1])",
                                     {1, 1});
  REQUIRE(s.params.size() == 4);
  CHECK(s.params[0] == Type::floating(32));
  CHECK(s.params[1] == Type::array(Type::floating(32), 1, 'C'));
  CHECK(s.params[2] == Type::array(Type::floating(64), 2, 'A'));
  CHECK(s.params[3] == Type::array(Type::integer(8), 2, 'C'));
  CHECK_THROWS_AS(parseSignatureString("void(float33)", {1, 1}), CompileError);
}
