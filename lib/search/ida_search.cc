#include "lib/search/ida_search.h"

#include <algorithm>
#include <climits>
#include <mutex>
#include <string>
#include <type_traits>

#include "lib/base/out_of_memory.h"
#include "lib/search/ida_driver.h"
#include "lib/search/ida_run.h"
#include "lib/search/ida_words.h"
#include "lib/search/move_fsm.h"
#include "lib/search/pdb_encoding.h"
#include "lib/search/weighted_search.h"

namespace slidedb {

namespace {

template <class Entry>
std::vector<PdbValues> InMemory(const std::vector<std::vector<Entry>>& values) {
  std::vector<PdbValues> v;
  for (const auto& group : values) v.emplace_back(group);
  return v;
}

}  // namespace

PdbSearch::PdbSearch(const Board& board, int goal_blank,
                     const Partition& partition, PdbIndexKind index,
                     std::vector<std::vector<uint8_t>> values,
                     std::vector<std::vector<uint32_t>> words)
    : PdbSearch(board, goal_blank, partition, index, InMemory(values),
                InMemory(words)) {}

PdbSearch::PdbSearch(const Board& board, int goal_blank,
                     const Partition& partition, PdbIndexKind index,
                     std::vector<PdbValues> values,
                     std::vector<PdbValues> words)
    : board_(board),
      goal_blank_(goal_blank),
      partition_(partition),
      index_(index),
      fsm_(&MoveFsm::Shared(MoveFsm::kBuiltLength)) {
  const State goal = CanonicalGoal(board, goal_blank);
  int goal_cell[kMaxCells] = {};
  for (int c = 0; c < board.cells(); ++c) goal_cell[goal.tile[c]] = c;
  const int rows = board.rows(), cols = board.cols();
  reflects_ = rows == cols && board.Row(goal_blank) == board.Col(goal_blank);
  for (int c = 0; c < board.cells(); ++c) {
    mirror_cell_[c] = static_cast<uint8_t>(
        reflects_ ? board.Col(c) * cols + board.Row(c) : c);
  }
  // mirror[t]: the tile that sits, in the goal, on the reflection of t's
  // goal cell. The reflection is its own inverse.
  int mirror[kMaxCells] = {};
  for (int t = 1; t < board.cells(); ++t) {
    mirror[t] = goal.tile[mirror_cell_[goal_cell[t]]];
  }
  for (size_t g = 0; g < partition.size(); ++g) {
    Group group{
        partition[g],
        {},
        GroupIndexer(board, static_cast<int>(partition[g].size()), index),
        std::move(values[g]),
        words.empty() ? PdbValues() : std::move(words[g])};
    for (size_t i = 0; i < group.tiles.size(); ++i) {
      const int t = group.tiles[i];
      group.mirror_tiles.push_back(mirror[t]);
      group_of_[t] = static_cast<int>(g);
      slot_of_[t] = static_cast<uint8_t>(i);
    }
    groups_.push_back(std::move(group));
  }
  words_ = !words.empty() && index == PdbIndexKind::kBlankRegion &&
           std::all_of(words.begin(), words.end(), [](const PdbValues& w) {
             return w.entry_bits() == 32 && w.whole();
           });
  whole_ = std::all_of(groups_.begin(), groups_.end(),
                       [](const Group& group) { return group.values.whole(); });
  for (int t = 1; t < board.cells(); ++t) {
    mirror_tile_[t] = static_cast<uint8_t>(mirror[t]);
    mirror_group_of_[t] = group_of_[mirror[t]];
    mirror_slot_of_[t] = slot_of_[mirror[t]];
  }
  for (const Group& group : groups_) {
    if (!group.values.less_md()) continue;
    const GroupDistances d(board, goal_blank, group.tiles);
    for (size_t i = 0; i < group.tiles.size(); ++i) {
      // The reflection puts tile mirror_tiles[i], on cell c, as tiles[i] on
      // the mirror of c.
      const int t = group.tiles[i], m = group.mirror_tiles[i];
      for (int c = 0; c < board.cells(); ++c) {
        home_md_[t][c] = static_cast<uint8_t>(d(t, c));
        mirror_home_md_[m][c] = static_cast<uint8_t>(d(t, mirror_cell_[c]));
      }
    }
  }
}

void PdbSearch::AddCross(const Partition& cross,
                         std::vector<PdbValues> tables) {
  auto c = std::make_unique<Cross>();
  c->groups = static_cast<int>(cross.size());
  c->weight[0] = 1;
  for (int i = 1; i < kMaxCells; ++i) {
    c->weight[i] = i <= kMaxCrossTiles ? c->weight[i - 1] * board_.cells() : 0;
  }
  for (size_t g = 0; g < cross.size(); ++g) {
    for (size_t i = 0; i < cross[g].size(); ++i) {
      c->group_of[cross[g][i]] = static_cast<uint8_t>(g);
      c->slot_of[cross[g][i]] = static_cast<uint8_t>(i);
    }
  }
  // As the set's own reflection: without one (mirror_tile_ the identity)
  // the state itself again.
  for (int t = 1; t < board_.cells(); ++t) {
    c->mirror_group_of[t] = c->group_of[mirror_tile_[t]];
    c->mirror_slot_of[t] = c->slot_of[mirror_tile_[t]];
  }
  c->tables = std::move(tables);
  for (int g = 0; g < c->groups; ++g) c->table[g] = c->tables[g].data();
  cross_ = std::move(c);
}

uint64_t PdbSearch::pages_read() const {
  uint64_t pages = 0;
  for (const Group& g : groups_) pages += g.values.pages_read();
  return pages;
}

int PdbSearch::Heuristic(const State& s) const {
  return Run(*this, s, nullptr).heuristic();
}

struct PdbSearch::Cursor::Moves {
  Moves(const PdbSearch& search, const State& start, MoveOrder order)
      : run(IdaRooted<PdbSearch>(search, -1, order), start, nullptr) {}
  Run run;
  std::vector<Run::Undo> undos;
};

PdbSearch::Cursor::Cursor(const PdbSearch& search, const State& start,
                          MoveOrder order)
    : moves_(std::make_unique<Moves>(search, start, order)) {}

PdbSearch::Cursor::~Cursor() = default;

int PdbSearch::Cursor::heuristic() const { return moves_->run.heuristic(); }

void PdbSearch::Cursor::Push(Move m) {
  moves_->undos.emplace_back();
  moves_->run.Apply(moves_->run.Caller(m), &moves_->undos.back());
}

void PdbSearch::Cursor::Pop() {
  moves_->run.Pop(moves_->undos.back());
  moves_->undos.pop_back();
}

bool PdbSearch::Run::Collect(int depth, int prev, int bound, int split,
                             std::vector<IdaSubtree<Move>>* out) {
  if (depth == split) {
    out->emplace_back();
    out->back().length = static_cast<uint8_t>(depth);
    std::copy(moves_, moves_ + depth, out->back().moves);
    return false;
  }
  const int from = state_.blank;
  for (Move caller : kAllMoves) {
    const Move m = Caller(caller);
    const int mi = static_cast<int>(m);
    if (mi == (prev ^ 1)) continue;
    const int to = board_.Neighbor(from, m);
    if (to < 0 || search_.fsm_->Next(fsm_state_, caller) == MoveFsm::kSkip) {
      continue;
    }
    ++nodes_;
    length_ = depth;
    Undo undo;
    Push(m, &undo);
    const int f = depth + 1 + heuristic();
    bool goal_found = false;
    if (f > bound) {
      next_bound_ = std::min(next_bound_, f);
    } else if (sum_ == 0) {
      out->emplace_back();
      out->back().length = static_cast<uint8_t>(depth + 1);
      out->back().goal = true;
      std::copy(moves_, moves_ + depth + 1, out->back().moves);
      goal_found = true;
    } else {
      goal_found = Collect(depth + 1, mi, bound, split, out);
    }
    Pop(undo);
    if (goal_found) return true;
  }
  return false;
}

std::function<bool()> PdbSearch::PagesFailedCheck() const {
  return [this] { return PagesFailed(); };
}

bool PdbSearch::PagesFailed() const {
  for (const Group& g : groups_) {
    if (g.values.failed() || g.words.failed()) return true;
  }
  return false;
}

Status PdbSearch::PagesError() const {
  for (const Group& g : groups_) {
    for (const PdbValues* v : {&g.values, &g.words}) {
      Status s = v->error();
      if (!s.ok()) return s;
    }
  }
  return Status::OK();
}

uint64_t SearchHelpers::generation() {
  std::lock_guard<std::mutex> lock(mutex_);
  return generation_;
}

void SearchHelpers::Wake() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++generation_;
  }
  changed_.notify_all();
}

void SearchHelpers::HelpOrWait(uint64_t generation) {
  std::unique_lock<std::mutex> lock(mutex_);
  Offer* offer = nullptr;
  changed_.wait(lock, [&] {
    for (Offer* o : offers_) {
      if (!o->drained) {
        offer = o;
        return true;
      }
    }
    return generation_ != generation;
  });
  if (offer == nullptr) return;
  ++offer->inside;
  lock.unlock();
  offer->run();
  lock.lock();
  offer->drained = true;
  --offer->inside;
  lock.unlock();
  changed_.notify_all();
}

void SearchHelpers::Post(Offer* offer) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    offers_.push_back(offer);
  }
  changed_.notify_all();
}

void SearchHelpers::Withdraw(Offer* offer) {
  std::unique_lock<std::mutex> lock(mutex_);
  offers_.erase(std::find(offers_.begin(), offers_.end(), offer));
  changed_.wait(lock, [offer] { return offer->inside == 0; });
}

Status PdbSearch::SolveOptimally(const State& start, Path* path,
                                 const SearchLimits& limits, int* proven,
                                 int stop_at, MoveOrder order) const {
  StartPath(path);
  const IdaRooted<PdbSearch> rooted(*this, -1, order);
  const Run root(rooted, start, nullptr);
  *proven = root.heuristic();
  if (root.sum() == 0) return Status::OK();
  uint64_t nodes = 0;
  Path found;
  bool has_found = false;
  const auto deepen = [&](auto* run) {
    using R = std::remove_pointer_t<decltype(run)>;
    return IdaDeepen<R>(rooted, start, root.heuristic(), limits,
                        PagesFailedCheck(), stop_at, proven, &nodes, &found,
                        &has_found);
  };
  Status s = words_ ? deepen(static_cast<WordRun*>(nullptr))
                    : deepen(static_cast<Run*>(nullptr));
  path->nodes = static_cast<int64_t>(nodes);
  if (has_found) {
    path->moves = std::move(found.moves);
    path->tiles = std::move(found.tiles);
  }
  return s;
}

PdbSearch::~PdbSearch() {
  stop_reading_.store(true, std::memory_order_relaxed);
  if (words_reader_.joinable()) words_reader_.join();
}

void PdbSearch::ReadWordsInBackground(
    std::unique_ptr<PageBudget::Reservation> held) {
  if (!words_ || words_reader_.joinable()) return;
  std::vector<const PdbValues*> files;
  for (const Group& g : groups_) files.push_back(&g.words);
  if (cross_ != nullptr) {
    for (const PdbValues& t : cross_->tables) files.push_back(&t);
  }
  held_ = std::move(held);
  words_ready_.store(false, std::memory_order_release);
  const auto read = [this, files = std::move(files)] {
    // In steps of 32 MB (about 20 ms from a disk at 1.5 GB/s), so that a
    // search done before them stops the reading soon.
    constexpr uint64_t kStep = uint64_t{32} << 20;
    for (const PdbValues* f : files) {
      for (uint64_t at = 0; at < f->bytes(); at += kStep) {
        if (stop_reading_.load(std::memory_order_relaxed)) return;
        f->ReadIn(at, at + kStep);
      }
    }
    words_ready_.store(true, std::memory_order_release);
  };
  // A thread the system cannot start (ulimit -v): the searches read the
  // words as they are, faulted in where they look (the entries, read
  // whole, stay, and so does their reservation).
  if (RanOutOfMemory([&] { words_reader_ = std::thread(read); })) {
    words_ready_.store(true, std::memory_order_release);
  }
}

Status PdbSearch::Solve(const State& start, Path* path,
                        const SearchLimits& limits, MoveOrder order) const {
  Status s;
  if (limits.answer_by == SearchLimits::Clock::time_point::max()) {
    int proven;
    s = SolveOptimally(start, path, limits, &proven, INT_MAX, order);
  } else {
    s = SolveWithinBudget(*this, start, limits, path, order);
  }
  Status pages = PagesError();
  return pages.ok() ? s : pages;
}

Status PdbSearch::Within(const State& start, int bound, bool* within,
                         const SearchLimits& limits, int back,
                         MoveOrder order) const {
  const IdaRooted<PdbSearch> rooted(*this, back, order);
  const Run root(rooted, start, nullptr);
  *within = root.sum() == 0;
  if (!*within && root.heuristic() <= bound) {
    IdaIteration<Path> it;
    const int depth = std::min(bound, Run::kMaxDepth);
    Status s = words_ ? IdaIterate<WordRun>(rooted, start, depth, limits,
                                            PagesFailedCheck(), &it)
                      : IdaIterate<Run>(rooted, start, depth, limits,
                                        PagesFailedCheck(), &it);
    Status pages = PagesError();
    if (!pages.ok()) return pages;
    if (!s.ok()) return s;
    *within = it.found;
  }
  return Status::OK();
}

}  // namespace slidedb
