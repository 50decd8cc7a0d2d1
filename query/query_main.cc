#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "query/query_cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  const int status =
      slidedb::RunQuery(std::vector<std::string>(argv + 1, argv + argc),
                        std::cin, std::cout, std::cerr);
  // Everything RunQuery opened is closed; what is left to do at exit is
  // freeing RocksDB's static tables (6% of a one-shot query's instructions).
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(status);
}
