#include <iostream>
#include <string>
#include <vector>

#include "serve/serve_cli.h"

int main(int argc, char** argv) {
  return slidedb::RunServe(std::vector<std::string>(argv + 1, argv + argc),
                           std::cin, std::cout, std::cerr);
}
