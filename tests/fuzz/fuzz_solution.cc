// Fuzz target: parsing a proposed solution (slidedb-query --verify MOVES,
// lib/analysis/verify.h) and playing it on a 3x3 table. Byte 0 picks the labels the
// tiles carry; the rest is the solution text.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lib/analysis/verify.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/search/bfs.h"
#include "lib/storage/table.h"
#include "lib/storage/table_meta.h"
#include "tests/fuzz/require.h"

namespace {


struct Fixture {
  std::unique_ptr<slidedb::Table> table;
  slidedb::Problem problems[2];
};

const Fixture& Get() {
  static const Fixture* fixture = [] {
    auto* f = new Fixture;
    const slidedb::Board board(3, 3);
    slidedb::BfsResult bfs;
    Require(slidedb::RunBfs(slidedb::Indexer(board, 8), 1, nullptr, &bfs).ok());
    slidedb::TableMeta meta =
        slidedb::TableMeta::FromHistogram(board, 8, bfs.histogram);
    f->table = slidedb::Table::FromRecords(meta, bfs.records);
    // Digits, and labels of more than one character.
    const char* starts[2][2] = {{"867254301", "123456780"},
                                {"h,f,g,b,e,dd,c,_,a", "a,b,c,dd,e,f,g,h,_"}};
    for (int k = 0; k < 2; ++k) {
      slidedb::Arrangement start, goal;
      Require(slidedb::ParseArrangement(starts[k][0], board, {}, &start).ok());
      Require(slidedb::ParseArrangement(starts[k][1], board, {}, &goal).ok());
      Require(slidedb::MakeProblem(board, start, goal, &f->problems[k]).ok());
      Require(f->problems[k].solvable);
    }
    return f;
  }();
  return *fixture;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const Fixture& f = Get();
  const slidedb::Problem& p = f.problems[data[0] & 1];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1,
                              size - 1);
  std::vector<slidedb::SolutionStep> steps;
  if (!slidedb::ParseSolution(text, p.label, &steps).ok()) return 0;
  slidedb::Verdict v;
  Require(slidedb::VerifySolution(f.table.get(), p.start, steps, &v).ok());
  Require(v.length == static_cast<int>(steps.size()));
  Require(v.optimal_length == 31);  // both starts are 867254301
  Require(v.legal == (v.illegal_step == 0));
  Require(v.illegal_move == v.illegal_step);  // single-tile moves
  Require(!v.reaches_goal || (v.legal && v.gap() >= 0 && v.gap() % 2 == 0));
  return 0;
}
