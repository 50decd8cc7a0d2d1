// slidedb-fsm-paths: how close the automaton of skipped move sequences
// (lib/search/move_fsm.h) comes to a search with no duplicates at all.
// From the blank on one cell, for each depth d: the states d moves away
// and no nearer (a breadth-first search of the board's grids), the paths
// of d moves the automaton keeps, and the paths that only never undo the
// last move. The first count is what any pruning of duplicates can reach,
// an automaton per blank cell too. Built and run by bench/suites/fsm_paths.sh.
//
// With --on-board L, the automaton is the one found on the board itself
// for sequences of up to L moves (bench/fsm_board.h), not the built one.
//
//   slidedb-fsm-paths [--board RxC] [--cell C] [--depth D] [--on-board L]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "bench/fsm_board.h"
#include "lib/puzzle/board.h"
#include "lib/search/move_fsm.h"

namespace slidedb {
namespace {

using Grid = unsigned __int128;  // 5 bits a cell: up to 25 cells

int TileAt(Grid g, int cell) {
  return static_cast<int>((g >> (5 * cell)) & 31);
}
Grid WithTile(Grid g, int cell, int tile) {
  g &= ~(Grid{31} << (5 * cell));
  return g | (Grid{static_cast<unsigned>(tile)} << (5 * cell));
}

// As lib/search/move_fsm.h's CountPaths, over the automaton on the board.
void CountFrom(const Board& board, const BoardFsm& fsm, int cell, int depth,
               int prev, int32_t state, std::vector<int64_t>* paths) {
  ++(*paths)[depth];
  if (depth + 1 == static_cast<int>(paths->size())) return;
  for (Move m : kAllMoves) {
    const int to = board.Neighbor(cell, m);
    if (to < 0 || static_cast<int>(m) == (prev ^ 1)) continue;
    const int32_t next = fsm.Next(state, m);
    if (next == SkipAutomaton::kSkip) continue;
    CountFrom(board, fsm, to, depth + 1, static_cast<int>(m), next, paths);
  }
}
std::vector<int64_t> CountPaths(const Board& board, int cell, int max_length,
                                const BoardFsm& fsm) {
  std::vector<int64_t> paths(static_cast<size_t>(max_length) + 1);
  CountFrom(board, fsm, cell, 0, -1, fsm.Start(cell), &paths);
  return paths;
}

struct Args {
  Board board{5, 5};
  int cell = 12, depth = 18, on_board = 0;
};

// The command line into *args; false (and why, on stderr) when it is bad.
bool Parse(int argc, char** argv, Args* args) {
  const char* usage =
      "usage: slidedb-fsm-paths [--board RxC] [--cell C] [--depth D] "
      "[--on-board L]\n";
  if (argc % 2 == 0) {
    std::fputs(usage, stderr);
    return false;
  }
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--board") == 0) {
      if (!Board::Parse(argv[i + 1], &args->board).ok()) {
        std::fprintf(stderr, "slidedb-fsm-paths: bad --board %s\n",
                     argv[i + 1]);
        return false;
      }
    } else if (std::strcmp(argv[i], "--cell") == 0) {
      args->cell = std::atoi(argv[i + 1]);
    } else if (std::strcmp(argv[i], "--depth") == 0) {
      args->depth = std::atoi(argv[i + 1]);
    } else if (std::strcmp(argv[i], "--on-board") == 0) {
      args->on_board = std::atoi(argv[i + 1]);
    } else {
      std::fputs(usage, stderr);
      return false;
    }
  }
  // Depth 19 holds about 1 GB of states, each depth about 2.2 times more.
  if (args->cell < 0 || args->cell >= args->board.cells() || args->depth < 0 ||
      args->depth > 22) {
    std::fprintf(stderr, "slidedb-fsm-paths: --cell 0-%d, --depth 0-22\n",
                 args->board.cells() - 1);
    return false;
  }
  if (args->on_board < 0 || args->on_board > MoveFsm::kMaxLength) {
    std::fprintf(stderr, "slidedb-fsm-paths: --on-board 0-%d\n",
                 MoveFsm::kMaxLength);
    return false;
  }
  return true;
}

int Main(int argc, char** argv) {
  Args args;
  if (!Parse(argc, argv, &args)) return 64;
  const Board& board = args.board;
  const int cell = args.cell, depth = args.depth, on_board = args.on_board;
  const MoveFsm& fsm = MoveFsm::Shared(MoveFsm::kBuiltLength);
  std::unique_ptr<BoardFsm> made;
  if (on_board > 0) made = std::make_unique<BoardFsm>(board, on_board);
  const std::vector<int64_t> kept = made ? CountPaths(board, cell, depth, *made)
                                         : CountPaths(board, cell, depth, &fsm);
  const std::vector<int64_t> undo = CountPaths(board, cell, depth, nullptr);

  Grid start = 0;
  for (int c = 0, t = 1; c < board.cells(); ++c) {
    start = WithTile(start, c, c == cell ? 0 : t++);
  }
  std::printf("%s, blank on cell %d, automaton of %d moves%s (%zu states)\n",
              board.Name().c_str(), cell, made ? on_board : fsm.max_length(),
              made ? " on the board" : "",
              made ? made->states() : fsm.states());
  std::printf("depth states kept undo kept/states undo/states\n");
  std::vector<Grid> before, layer = {start}, next;
  for (int d = 0; d <= depth; ++d) {
    const double states = static_cast<double>(layer.size());
    std::printf("%d %zu %lld %lld %.4f %.4f\n", d, layer.size(),
                static_cast<long long>(kept[d]),
                static_cast<long long>(undo[d]), kept[d] / states,
                undo[d] / states);
    std::fflush(stdout);
    if (d == depth) break;
    next.clear();
    for (Grid g : layer) {
      int blank = 0;
      while (TileAt(g, blank) != 0) ++blank;
      for (Move m : kAllMoves) {
        const int to = board.Neighbor(blank, m);
        if (to >= 0)
          next.push_back(WithTile(WithTile(g, blank, TileAt(g, to)), to, 0));
      }
    }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    // The board's graph is bipartite: a neighbour of depth d is d - 1 or
    // d + 1 moves away.
    std::vector<Grid> farther;
    std::set_difference(next.begin(), next.end(), before.begin(), before.end(),
                        std::back_inserter(farther));
    before = std::move(layer);
    layer = std::move(farther);
  }
  return 0;
}

}  // namespace
}  // namespace slidedb

int main(int argc, char** argv) { return slidedb::Main(argc, argv); }
