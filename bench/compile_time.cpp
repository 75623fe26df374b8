// nvc-compile-time: in-process compile time of kernel files, without process start-up,
// shared-library loading or file output: each file is compiled with compileSource()
// (compiler/Compile.h) once to warm up and then `repeats` times; prints per file the
// median and minimum milliseconds and the median per entry point.
//
// Usage: nvc-compile-time [--repeats N] FILE.py...   (bench/run.py runs it)
#include "compiler/Compile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  int repeats = 10;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--repeats" && i + 1 < argc)
      repeats = std::max(1, std::atoi(argv[++i]));
    else
      files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: nvc-compile-time [--repeats N] FILE.py...\n");
    return 2;
  }
  int status = 0;
  for (const std::string &path : files) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
      std::fprintf(stderr, "%s: cannot read\n", path.c_str());
      status = 1;
      continue;
    }
    nvc::CompileOptions options;
    nvc::CompileResult warm = nvc::compileSource(path, text.str(), options);
    if (!warm.success) {
      std::printf("%s: does not compile\n", path.c_str());
      status = 1;
      continue;
    }
    size_t entries = nlohmann::json::parse(warm.manifest)["entry_points"].size();
    std::vector<double> ms;
    for (int r = 0; r < repeats; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      nvc::CompileResult result = nvc::compileSource(path, text.str(), options);
      auto t1 = std::chrono::steady_clock::now();
      if (!result.success)
        return 1;
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    double median = ms[ms.size() / 2];
    std::printf("%s: median %.2f ms, min %.2f ms over %d compiles, %zu entry point(s), "
                "%.2f ms per entry point\n",
                path.c_str(), median, ms.front(), repeats, entries, median / entries);
  }
  return status;
}
