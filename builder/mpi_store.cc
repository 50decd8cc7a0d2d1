#include "builder/mpi_store.h"

#include <algorithm>
#include <atomic>
#include <string>

#include "lib/base/threads.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/record.h"
#include "lib/puzzle/residue_walk.h"
#include "lib/puzzle/state.h"

namespace slidedb {
namespace {

constexpr uint8_t kUnknown = 0xFF;  // no distance reaches 255
constexpr uint64_t kBlock = 1 << 16;
constexpr int kLongestWalk = 254;

// The move from state i to its neighbour one step nearer the goal with the
// lowest index, and that neighbour. False if it has none.
bool Nearer(const TwoBitTable& table, const Indexer& indexer, uint64_t i,
            Move* move, uint64_t* parent) {
  const uint8_t r = table.Get(i);
  if (r == kTwoBitUnreached) return false;
  ResidueStep next;
  bool found = false;
  const Status s = StepNearer(
      indexer, indexer.StateAt(static_cast<Index>(i)), static_cast<Index>(i), r,
      [&table](Index j, uint8_t* v) {
        *v = table.Get(j);
        return Status::OK();
      },
      &next, &found);
  if (!s.ok()) return false;  // (reads of an in-memory table do not fail)
  *move = next.move;
  *parent = next.index;
  return found;
}

uint8_t Load(const uint8_t* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
void Store(uint8_t* p, uint8_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }

}  // namespace

Status RecordsFromTwoBit(const TwoBitTable& table, const Indexer& indexer,
                         int threads, std::vector<uint8_t>* records) {
  const uint64_t size = indexer.size();
  if (table.size() != size) {
    return Status::Corruption("the two-bit table has " +
                              std::to_string(table.size()) + " states, not " +
                              std::to_string(size));
  }
  records->assign(size, kUnknown);
  uint8_t* dist = records->data();
  const uint64_t goal =
      indexer.IndexOf(CanonicalGoal(indexer.board(), indexer.goal_blank()));
  if (table.Get(goal) != 0) return Status::Corruption("the goal is not at 0");
  dist[goal] = 0;
  const uint64_t blocks = (size + kBlock - 1) / kBlock;
  std::atomic<bool> bad{false};

  // Each state's best move, two bits a state, set once found (by OR: a
  // thread that walks into a stretch another is filling writes the same).
  std::vector<uint8_t> moves((size + 3) / 4, 0);

  // Pass 1: distances and moves, each state's by a walk to a state whose
  // distance is known.
  auto distances = [&](std::atomic<uint64_t>* next) {
    std::vector<uint64_t> path;
    for (uint64_t b; !bad && (b = next->fetch_add(1)) < blocks;) {
      const uint64_t end = std::min(size, (b + 1) * kBlock);
      for (uint64_t i = b * kBlock; i < end; ++i) {
        path.clear();
        uint64_t j = i;
        while (Load(dist + j) == kUnknown) {
          Move m;
          uint64_t parent;
          if (path.size() > kLongestWalk ||
              !Nearer(table, indexer, j, &m, &parent)) {
            bad = true;
            return;
          }
          __atomic_fetch_or(&moves[j >> 2],
                            static_cast<uint8_t>(static_cast<int>(m)
                                                 << TwoBitTable::Shift(j)),
                            __ATOMIC_RELAXED);
          path.push_back(j);
          j = parent;
        }
        int d = Load(dist + j);
        while (!path.empty()) {
          Store(dist + path.back(), static_cast<uint8_t>(++d));
          path.pop_back();
        }
      }
    }
  };
  // Pass 2: each distance becomes its record.
  auto encode = [&](std::atomic<uint64_t>* next) {
    for (uint64_t b; (b = next->fetch_add(1)) < blocks;) {
      const uint64_t end = std::min(size, (b + 1) * kBlock);
      for (uint64_t i = b * kBlock; i < end; ++i) {
        const auto m =
            static_cast<Move>(moves[i >> 2] >> TwoBitTable::Shift(i) & 3);
        dist[i] = EncodeRecord(dist[i], m);
      }
    }
  };
  // Fewer threads when the system cannot start them all: the blocks are
  // shared out by the counter.
  auto run = [&](const auto& pass) {
    std::atomic<uint64_t> next{0};
    RunOnThreads(threads, [&] { pass(&next); });
  };
  run(distances);
  if (!bad) run(encode);
  if (bad) {
    return Status::Corruption(
        "the two-bit table is not a table of distances to its goal");
  }
  return Status::OK();
}

Status StoreTwoBitTable(DatabaseWriter* writer, const TableMeta& meta,
                        const TwoBitTable& table, const Indexer& indexer,
                        int threads) {
  std::vector<uint8_t> records;
  Status s = RecordsFromTwoBit(table, indexer, threads, &records);
  if (!s.ok()) return s;
  return writer->PutTable(meta, records);
}

}  // namespace slidedb
