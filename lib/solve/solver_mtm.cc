// Solver's multi-tile searches of boards past full tables (4x4, 3x5, 4x5
// ...): made once, on a thread of their own, and kept.
#include <algorithm>
#include <chrono>
#include <thread>

#include "lib/base/out_of_memory.h"
#include "lib/search/mtm_prepared.h"
#include "lib/solve/solver.h"
#include "lib/storage/format.h"

namespace slidedb {

Status Solver::GetMtmSearch(const Problem& p, const SearchLimits& limits,
                            std::shared_ptr<const MtmSearch>* search) {
  if (!MtmSearch::Supports(p.board)) {
    return Status::NotSupported(
        "board " + p.board.Name() +
        " has no search in the multi-tile metric: its walking-distance "
        "tables are too big to make (of the boards over 12 cells, 4x4, 3x5, "
        "5x3, 4x5 and 5x4 have one; boards of up to 12 cells have tables: "
        "slidedb-build --metric mtm)");
  }
  const MtmHeuristic heuristic =
      MtmSearch::Supports(p.board, MtmHeuristic::kOrderedWalkingDistance)
          ? MtmHeuristic::kOrderedWalkingDistance
          : MtmHeuristic::kWalkingDistance;
  const MtmKey key{p.board.rows(), p.board.cols(), p.goal_blank, heuristic};
  auto find = [&]() -> bool {
    std::shared_lock<std::shared_mutex> lock(mutex_);
    auto it = mtm_searches_.find(key);
    if (it == mtm_searches_.end()) return false;
    *search = it->second;
    return true;
  };
  if (find()) return Status::OK();
  std::unique_lock<std::mutex> lock(making_mutex_);
  for (;;) {
    if (find()) return Status::OK();
    if (making_ == nullptr || making_->done) {
      Status s = StartMakingMtm(p, heuristic, key);
      if (!s.ok()) return s;
    }
    // Wait for the making (this search's, or another's before it) until
    // this question's limits; the making goes on without it.
    const std::shared_ptr<MtmMaking> m = making_;
    while (!m->done) {
      if (SearchLimits::Clock::now() >=
              std::min(limits.deadline, limits.answer_by) ||
          limits.Cancelled()) {
        return MakingDeadline(p, *m, key);
      }
      made_.wait_for(lock, std::chrono::milliseconds(20));
    }
    if (m->key == key && !m->status.ok()) return m->status;
  }
}

Status Solver::MakingDeadline(const Problem& p, const MtmMaking& making,
                              const MtmKey& key) {
  const auto& [rows, cols, goal_blank, heuristic] = making.key;
  const std::string made =
      "the multi-tile search of " + TableId(Board(rows, cols), goal_blank);
  std::string m = "stopped at its limit while ";
  if (making.key == key) {
    m += made + " was being made";
  } else {
    // One is made at a time: this question's comes after.
    m += "waiting for " + made + " to be made, before this question's (" +
         TableId(p.board, p.goal_blank) + ")";
  }
  // What a later question finds: the making goes on while the process
  // lives (a server's), not past a one-shot query's end. A board whose
  // tables are compiled in (4x4) only unpacks them.
  int max_length;
  const int32_t* next;
  size_t size;
  const bool prepared =
      PreparedMtmMoveFsm(rows, cols, &max_length, &next, &size);
  return Status::DeadlineExceeded(
      m +
      (prepared ? "; its tables are unpacked once a process (about 0.05 s "
                  "on two cores)"
                : "; its tables take seconds to make, once a process (about "
                  "25 s on 4x5 and 5x4)") +
      ", and the making goes on for the questions after while the process "
      "lives");
}

// REQUIRES: making_mutex_ held, no making under way.
Status Solver::StartMakingMtm(const Problem& p, MtmHeuristic heuristic,
                              const MtmKey& key) {
  if (maker_.joinable()) maker_.join();  // done: it ends at once
  auto m = std::make_shared<MtmMaking>();
  m->key = key;
  making_ = m;
  const bool refused = RanOutOfMemory([&] {
    maker_ = std::thread([this, m, p, heuristic] {
      // Nothing may leave this thread: an exception here would end the
      // process. What went wrong is said to the questions that wait.
      Status s;
      try {
        s = StatusIfOutOfMemory(
            [&] { return MakeAndKeepMtm(p, heuristic, m->key); });
      } catch (const std::exception& e) {
        s = Status::Internal(e.what());
      }
      {
        std::lock_guard<std::mutex> lock(making_mutex_);
        m->done = true;
        m->status = s;
      }
      made_.notify_all();
    });
  });
  if (!refused) return Status::OK();
  making_ = nullptr;
  return Status::ResourceExhausted(
      "no thread could be started to make the multi-tile search of " +
      TableId(p.board, p.goal_blank));
}

Status Solver::MakeAndKeepMtm(const Problem& p, MtmHeuristic heuristic,
                              const MtmKey& key) {
  if (open_hook_) open_hook_("mtm " + TableId(p.board, p.goal_blank));
  // Made to its end unless the Solver goes first: a question's limits stop
  // only its wait.
  SearchLimits limits;
  limits.cancel = &stop_making_;
  std::shared_ptr<const MtmSearch> made;
  Status s = MakeMtmSearch(p, heuristic, limits, &made);
  if (!s.ok()) return s;
  std::unique_lock<std::shared_mutex> lock(mutex_);
  // The memory kept stays bounded: past kMtmKeptBytes, the others go.
  size_t kept = made->memory_bytes();
  for (const auto& [k, other] : mtm_searches_) kept += other->memory_bytes();
  if (kept > kMtmKeptBytes) mtm_searches_.clear();
  mtm_searches_.emplace(key, std::move(made));
  return Status::OK();
}

Solver::~Solver() {
  stop_making_ = true;
  std::thread maker;
  {
    std::lock_guard<std::mutex> lock(making_mutex_);
    maker = std::move(maker_);
  }
  if (maker.joinable()) maker.join();
}

Status Solver::MakeMtmSearch(const Problem& p, MtmHeuristic heuristic,
                             const SearchLimits& limits,
                             std::shared_ptr<const MtmSearch>* out) {
  // The search's own tables, reserved at the most they hold while made,
  // then at what they hold.
  const uint64_t making =
      MtmSearch::MakingBytes(p.board, p.goal_blank, heuristic);
  const std::string what = "the multi-tile search of " +
                           TableId(p.board, p.goal_blank) +
                           " (its walking-distance tables)";
  std::unique_ptr<PageBudget::Reservation> reservation;
  Status s = PageBudget::Reserve(page_budget_, making, what, &reservation);
  if (s.IsResourceExhausted()) {
    // The searches kept for later questions give theirs back (those in use
    // keep them until their questions end), and it is asked again.
    std::unique_lock<std::shared_mutex> lock(mutex_);
    mtm_searches_.clear();
    lock.unlock();
    s = PageBudget::Reserve(page_budget_, making, what, &reservation);
  }
  if (!s.ok()) return s;
  std::shared_ptr<const MtmSearch> made;
  s = MtmSearch::Make(p.board, p.goal_blank, heuristic, limits, &made);
  if (!s.ok()) return s;
  if (reservation == nullptr) {
    *out = std::move(made);
    return Status::OK();
  }
  reservation->Shrink(made->memory_bytes());
  // The reservation lives as long as the search: dropped from the kept
  // ones, a search in use still holds its memory.
  struct Held {
    std::unique_ptr<PageBudget::Reservation> reservation;
    std::shared_ptr<const MtmSearch> search;
  };
  auto held = std::make_shared<Held>(Held{std::move(reservation), made});
  *out = std::shared_ptr<const MtmSearch>(held, made.get());
  return Status::OK();
}

Status Solver::SolveMtm(const Problem& p, Path* path,
                        const SearchLimits& limits) {
  path->moves.clear();
  path->tiles.clear();
  path->metric = Metric::kMtm;
  // The search is always optimal: a budget (answer_by) is a deadline.
  SearchLimits bounded = limits;
  bounded.deadline = std::min(limits.deadline, limits.answer_by);
  std::shared_ptr<const MtmSearch> search;
  Status s = GetMtmSearch(p, bounded, &search);
  if (!s.ok()) return s;
  int length;
  s = search->Solve(p.start, path, &length, bounded);
  path->metric = Metric::kMtm;
  // Stopped at answer_by: a budget, or a cut before a server's deadline
  // (AnswerLimits), which only the face can tell apart and advise on.
  if (s.IsDeadlineExceeded() && limits.answer_by < limits.deadline &&
      SearchLimits::Clock::now() >= limits.answer_by) {
    return Status::DeadlineExceeded(
        s.message() +
        ": the multi-tile search answers optimally or not at all");
  }
  return s;
}

}  // namespace slidedb
