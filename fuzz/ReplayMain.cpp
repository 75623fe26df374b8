//===- ReplayMain.cpp - Run the fuzz target's checks on files --------------===//
//
// `nvc_fuzz_replay FILE|DIR...` feeds each file (each regular file of each
// directory, sorted) to LLVMFuzzerTestOneInput, as libFuzzer would replay a
// crash input, in a normal (or NVC_SANITIZE) build without libFuzzer. A
// finding aborts; otherwise it prints how many inputs ran and exits 0.
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace fs = std::filesystem;

int main(int argc, char **argv) {
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    fs::path p = argv[i];
    if (fs::is_directory(p)) {
      std::vector<fs::path> files;
      for (auto &e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file())
          files.push_back(e.path());
      std::sort(files.begin(), files.end());
      inputs.insert(inputs.end(), files.begin(), files.end());
    } else {
      inputs.push_back(p);
    }
  }
  for (auto &p : inputs) {
    std::ifstream in(p, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "nvc_fuzz_replay: cannot read '%s'\n", p.c_str());
      return 1;
    }
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::fprintf(stderr, "replay %s\n", p.c_str());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(data.data()), data.size());
  }
  std::printf("nvc_fuzz_replay: %zu inputs, no findings\n", inputs.size());
  return 0;
}
