// Entry point of nvc_runtime_tests, the Catch2 test program of the runtime stub.
// Test groups are Catch2 tags: [npy] [manifest] [binding] [dispatch-plan] [device]
// [launch] [cli]; CMake registers one ctest per tag.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
