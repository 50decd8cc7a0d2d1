#include <iostream>
#include <string>
#include <vector>

#include "cli/file_size_limit.h"
#include "serve/serve_cli.h"

int main(int argc, char** argv) {
  slidedb::WritesFailPastFileSizeLimit();
  return slidedb::RunServe(std::vector<std::string>(argv + 1, argv + argc),
                           std::cin, std::cout, std::cerr);
}
