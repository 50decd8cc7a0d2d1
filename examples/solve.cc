// Solves each STATE with the installed slidedb library:
//   solve DB STATE...
#include <iostream>
#include <memory>

#include "slidedb/slidedb.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: solve DB STATE...\n";
    return 64;
  }
  std::unique_ptr<slidedb::Db> db;
  slidedb::Status s = slidedb::Db::Open(argv[1], &db);
  if (!s.ok()) {
    std::cerr << "solve: " << s.ToString() << "\n";
    return 66;
  }
  int status = 0;
  for (int i = 2; i < argc; ++i) {
    slidedb::Solution solution;
    s = db->Solve(argv[i], slidedb::Options(), &solution);
    if (!s.ok()) {
      std::cerr << "solve: " << s.ToString() << "\n";
      status = 65;
    } else if (!solution.solvable) {
      std::cout << solution.start << ": unsolvable\n";
    } else {
      std::cout << solution.start << " -> " << solution.goal << ": "
                << solution.distance << " moves " << solution.moves << "\n";
    }
  }
  return status;
}
