// One Table and one Solver shared by several threads (lib/storage/table.h,
// lib/solve/solver.h): pages load once and every thread reads the same answers as
// a lone thread. Also run under ThreadSanitizer, which reports any data
// race these threads provoke.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"
#include "lib/solve/walk.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "lib/storage/table.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

constexpr int kThreads = 8;

class ConcurrencyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Status s = Database::Open(testing::TestDatabase(), &db_);
    ASSERT_TRUE(s.ok()) << s.ToString();
    const TableMeta* meta = db_->Find(Board(3, 3), 8);
    ASSERT_NE(meta, nullptr);
    meta_ = *meta;
    std::unique_ptr<Table> whole;
    ASSERT_TRUE(db_->OpenTable(*meta, &whole).ok());
    records_.resize(meta->states);
    for (Index i = 0; i < meta->states; ++i) {
      ASSERT_TRUE(whole->Get(i, &records_[i]).ok());
    }
  }

  // A table that reads its pages from records_ on first use, counting the
  // reads of each page.
  std::unique_ptr<Table> LazyTable() {
    reads_ = std::make_unique<std::atomic<int>[]>(meta_.pages);
    for (uint32_t p = 0; p < meta_.pages; ++p) reads_[p] = 0;
    return std::make_unique<Table>(meta_, [this](uint32_t page, PageData* out) {
      reads_[page].fetch_add(1);
      const size_t begin = static_cast<size_t>(page) * kPageRecords;
      const size_t end = std::min(records_.size(), begin + kPageRecords);
      *out = PageData::Own(
          std::string(records_.begin() + begin, records_.begin() + end));
      return Status::OK();
    });
  }

  // Random reachable states of the 3x3 table, the same for every run.
  std::vector<Index> RandomIndexes(int n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<Index> pick(0, meta_.states - 1);
    std::vector<Index> out(n);
    for (Index& i : out) i = pick(rng);
    return out;
  }

  // The distance a record chain gives by itself: the stored distance (the
  // 3x3 table has none saturated).
  int StoredDistance(Index i) const { return RecordDistance(records_[i]); }

  std::unique_ptr<Database> db_;
  TableMeta meta_;
  std::vector<uint8_t> records_;
  std::unique_ptr<std::atomic<int>[]> reads_;
};

TEST_F(ConcurrencyTest, ThreadsShareOneLazyTable) {
  std::unique_ptr<Table> table = LazyTable();
  ASSERT_EQ(table->pages_loaded(), 0u);
  std::atomic<int> wrong{0}, failed{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (Index i : RandomIndexes(400, 100 + t)) {
        const State start = table->indexer().StateAt(i);
        Path path;
        int distance = -1;
        if (!WalkToGoal(table.get(), start, &path).ok() ||
            !DistanceToGoal(table.get(), start, &distance).ok()) {
          ++failed;
          continue;
        }
        if (path.distance() != StoredDistance(i) ||
            distance != StoredDistance(i)) {
          ++wrong;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failed.load(), 0);
  EXPECT_EQ(wrong.load(), 0);
  // Every page the walks met is published once, whatever the races.
  uint32_t read_pages = 0;
  for (uint32_t p = 0; p < meta_.pages; ++p) read_pages += reads_[p] > 0;
  EXPECT_EQ(table->pages_loaded(), read_pages);
  EXPECT_GT(read_pages, 0u);
}

TEST_F(ConcurrencyTest, LoadAllRacingReadersSeeEveryRecord) {
  std::unique_ptr<Table> table = LazyTable();
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      if (t == 0) {
        if (!table->LoadAll().ok()) ++wrong;
        return;
      }
      for (Index i : RandomIndexes(2000, 7 * t)) {
        uint8_t rec;
        if (!table->GetLoaded(i, &rec) && !table->Get(i, &rec).ok()) {
          ++wrong;
        } else if (rec != records_[i]) {
          ++wrong;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(table->pages_loaded(), meta_.pages) << "each page counted once";
  for (Index i = 0; i < meta_.states; i += 97) {
    uint8_t rec;
    ASSERT_TRUE(table->GetLoaded(i, &rec)) << "index " << i;
    EXPECT_EQ(rec, records_[i]);
  }
}

TEST_F(ConcurrencyTest, SharedSolverOpensEachTableOnceAndAgrees) {
  Solver shared(db_.get());
  const std::vector<std::pair<Board, int>> tables = {
      {Board(3, 3), 8}, {Board(3, 3), 0}, {Board(2, 4), 7}, {Board(2, 5), 9}};
  // What a lone Solver answers, to compare with.
  Solver alone(db_.get());
  std::vector<std::vector<int>> want(tables.size());
  std::vector<std::vector<State>> starts(tables.size());
  for (size_t k = 0; k < tables.size(); ++k) {
    Table* table;
    ASSERT_TRUE(alone.GetTable(tables[k].first, tables[k].second, &table).ok());
    std::mt19937 rng(static_cast<uint32_t>(k));
    for (int n = 0; n < 200; ++n) {
      const State s = table->indexer().StateAt(rng() % table->indexer().size());
      int d;
      ASSERT_TRUE(DistanceToGoal(table, s, &d).ok());
      starts[k].push_back(s);
      want[k].push_back(d);
    }
  }
  std::vector<std::vector<Table*>> seen(kThreads);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 3; ++round) {
        for (size_t j = 0; j < tables.size(); ++j) {
          const size_t k = (j + t) % tables.size();  // threads race apart
          Table* table = nullptr;
          if (!shared.GetTable(tables[k].first, tables[k].second, &table)
                   .ok()) {
            ++wrong;
            continue;
          }
          if (round == 0) seen[t].push_back(table);
          for (size_t n = 0; n < starts[k].size(); ++n) {
            Path path;
            if (!WalkToGoal(table, starts[k][n], &path).ok() ||
                path.distance() != want[k][n]) {
              ++wrong;
            }
          }
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  // Every thread got the same Table for the same key: held once.
  for (int t = 0; t < kThreads; ++t) {
    std::vector<Table*> mine(tables.size());
    for (size_t j = 0; j < tables.size(); ++j) {
      mine[(j + t) % tables.size()] = seen[t][j];
    }
    for (size_t k = 0; k < tables.size(); ++k) {
      Table* table;
      ASSERT_TRUE(shared.GetTable(tables[k].first, tables[k].second, &table)
                      .ok());
      EXPECT_EQ(mine[k], table) << "thread " << t << ", table " << k;
    }
  }
}

TEST_F(ConcurrencyTest, MissingTableIsNotFoundFromEveryThread) {
  Solver shared(db_.get());
  std::atomic<int> not_found{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      Table* table;
      if (shared.GetTable(Board(3, 4), 11, &table).IsNotFound()) ++not_found;
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(not_found.load(), kThreads);
}

}  // namespace
}  // namespace slidedb
