// WalkManyToGoal (lib/solve/walk.h): a batch's walks of a two-bit table,
// many at once, give each start what WalkToGoal gives it alone: the same
// path, and on a damaged table the same error for each walk that meets the
// damage and the same path for every other.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/record.h"
#include "lib/search/bfs.h"
#include "lib/search/twobit_table.h"
#include "lib/solve/walk.h"
#include "lib/storage/format.h"
#include "lib/storage/table.h"
#include "lib/storage/table_meta.h"

namespace slidedb {
namespace {

// A stored two-bit table as a reader sees it, its pages cut from `bits`.
std::unique_ptr<Table> StoredTwoBit(const Indexer& ix,
                                    const std::vector<uint64_t>& histogram,
                                    const TwoBitTable* bits) {
  const TableMeta meta =
      TableMeta::FromHistogram(ix.board(), ix.goal_blank(), histogram,
                               Metric::kStm, RecordKind::kTwoBit);
  return std::make_unique<Table>(meta, [bits, states = meta.states](
                                           uint32_t page, PageData* out) {
    const uint64_t first = uint64_t{page} * kTwoBitPageStates;
    const uint64_t n = std::min<uint64_t>(kTwoBitPageStates, states - first);
    const char* begin = reinterpret_cast<const char*>(bits->data()) + first / 4;
    *out =
        PageData::Own(std::string(begin, RecordBytes(RecordKind::kTwoBit, n)));
    return Status::OK();
  });
}

// Each start walked alone and all of them together: the same statuses,
// messages and paths. Returns how many walks failed.
int ExpectWalksAgree(Table* table, const std::vector<State>& starts) {
  std::vector<Path> many(starts.size());
  std::vector<Status> statuses(starts.size());
  WalkManyToGoal(table, starts.data(), starts.size(), many.data(),
                 statuses.data());
  int failed = 0;
  for (size_t k = 0; k < starts.size(); ++k) {
    SCOPED_TRACE("start " + std::to_string(k));
    Path alone;
    const Status s = WalkToGoal(table, starts[k], &alone);
    EXPECT_EQ(statuses[k].ToString(), s.ToString());
    if (s.ok()) {
      EXPECT_EQ(many[k].moves, alone.moves);
      EXPECT_EQ(many[k].tiles, alone.tiles);
    }
    failed += !s.ok();
  }
  return failed;
}

TEST(WalkManyTest, SameAsOneAtATimeOnGoodAndDamagedTables) {
  const Indexer ix(Board(2, 5), 9);
  BfsResult bytes;
  ASSERT_TRUE(RunBfs(ix, 1, nullptr, &bytes).ok());
  TwoBitTable bits = TwoBitFromRecords(bytes.records);
  std::mt19937_64 rng(3);
  std::vector<State> starts;
  for (int k = 0; k < 3000; ++k)
    starts.push_back(ix.StateAt(rng() % ix.size()));
  // A state halfway out, and starts on it and next to it.
  Index damaged = 0;
  while (RecordDistance(bytes.records[damaged]) != 20) ++damaged;
  const State at = ix.StateAt(damaged);
  for (Move m : kAllMoves) {
    State t = at;
    if (ApplyMove(ix.board(), m, &t)) starts.push_back(t);
  }
  starts.push_back(at);

  std::unique_ptr<Table> good = StoredTwoBit(ix, bytes.histogram, &bits);
  EXPECT_EQ(ExpectWalksAgree(good.get(), starts), 0);
  // One step farther than it is: walks from it find no nearer neighbour.
  bits.Set(damaged, static_cast<uint8_t>((bits.Get(damaged) + 1) % 3));
  std::unique_ptr<Table> bad = StoredTwoBit(ix, bytes.histogram, &bits);
  EXPECT_GT(ExpectWalksAgree(bad.get(), starts), 0);
  // Unreached.
  bits.Set(damaged, kTwoBitUnreached);
  std::unique_ptr<Table> unreached = StoredTwoBit(ix, bytes.histogram, &bits);
  EXPECT_GT(ExpectWalksAgree(unreached.get(), starts), 0);
}

}  // namespace
}  // namespace slidedb
