#include <iostream>
#include <string>
#include <vector>

#include "builder/build_cli.h"

int main(int argc, char** argv) {
  return slidedb::RunBuild(std::vector<std::string>(argv + 1, argv + argc),
                           std::cin, std::cout, std::cerr);
}
