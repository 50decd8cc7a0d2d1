#include "query/searched_batch.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

#include "lib/base/out_of_memory.h"
#include "lib/base/threads.h"
#include "query/stop_signal.h"

namespace slidedb {

bool MakeAnswerer(const QueryConfig& config, Solver* solver,
                  std::optional<Answerer>* answerer) {
  return !RanOutOfMemory([&] { answerer->emplace(config, solver); });
}

namespace {

// A state of a searched batch, read and not yet written.
struct Slot {
  std::string line, out, err;
  Outcome outcome = Outcome::kSolved;
  Status error;  // after kDatabaseError, what failed
  // Memory ran out answering it (a database error too), worded only when
  // written: on the thread that answered, the words might run out again.
  bool ran_out = false;
  bool taken = false, ready = false;
};

// Writes a searched state's answer and flushes it; false after a database
// error.
bool WriteSlot(const Slot& s, std::ostream& out, std::ostream& err,
               BatchOutcome* outcome) {
  out << s.out;
  out.flush();
  err << s.err;
  if (s.ran_out) {
    const Status oom = Status::ResourceExhausted(OutOfMemoryText(false));
    err << "slidedb-query: " << oom.message() << "\n";
    outcome->db_ok = false;
    outcome->error = oom;
    return false;
  }
  outcome->malformed |= s.outcome == Outcome::kMalformed;
  outcome->unsolvable |= s.outcome == Outcome::kUnsolvable;
  outcome->timed_out |= s.outcome == Outcome::kTimedOut;
  if (s.outcome == Outcome::kDatabaseError) {
    outcome->db_ok = false;
    outcome->error = s.error;
  }
  return outcome->db_ok;
}

// The states of a searched batch read and not yet written, and what the
// threads answering them share.
struct SearchWindow {
  SearchHelpers helpers;
  QueryConfig shared;  // one thread a search, helped
  std::mutex mu;
  std::condition_variable answered;
  std::deque<Slot> slots;  // guarded by mu; its slots stay put
  bool stop = false;       // guarded by mu
  int workers = 0;         // guarded by mu: threads answering slots
};

// answerer.Answer of the slot's line into it, by the thread that took it;
// memory that runs out on its way marks the slot (ran_out): an exception
// here would end the process, other threads still answering. The caller
// hands the slot over (ready) under the window's lock.
void AnswerSlot(Answerer& answerer, Slot* s) {
  Outcome o = Outcome::kDatabaseError;
  Status error;
  s->ran_out = RanOutOfMemory([&] {
    o = answerer.Answer(s->line, &s->out, &s->err);
    if (o == Outcome::kDatabaseError) error = answerer.last_error();
  });
  s->outcome = s->ran_out ? Outcome::kDatabaseError : o;
  s->error = std::move(error);
}

// A worker of AnswerSearches: answers the first state no thread has taken,
// or, with none, helps another thread's search, until the batch stops.
void AnswerWindow(SearchWindow* w, Solver* solver) {
  std::optional<Answerer> answerer;
  if (!MakeAnswerer(w->shared, solver, &answerer)) {
    {  // the slots are left to the others, or to the caller with none
      std::lock_guard<std::mutex> lock(w->mu);
      --w->workers;
    }
    w->answered.notify_all();
    return;
  }
  for (;;) {
    const uint64_t generation = w->helpers.generation();
    Slot* s = nullptr;
    {
      std::lock_guard<std::mutex> lock(w->mu);
      if (w->stop) return;
      for (Slot& x : w->slots) {
        if (!x.taken) {
          s = &x;
          break;
        }
      }
      if (s != nullptr) s->taken = true;
    }
    if (s == nullptr) {
      w->helpers.HelpOrWait(generation);
      continue;
    }
    AnswerSlot(*answerer, s);
    {
      std::lock_guard<std::mutex> lock(w->mu);
      s->ready = true;
    }
    w->answered.notify_all();
  }
}

// Reads states into the window until it holds `ahead`, the input ends
// (*at_end), or reading on might wait while answers are pending (those
// come first). REQUIRES: `lock` holds w->mu; it is let go while reading.
void FillWindow(SearchWindow* w, StateSource* source, size_t ahead,
                std::unique_lock<std::mutex>& lock, bool* at_end,
                std::string* line) {
  while (!*at_end && w->slots.size() < ahead && StopSignal() == 0) {
    if (!w->slots.empty() && source->MightWait()) break;
    lock.unlock();
    *at_end = !source->NextInto(line);
    lock.lock();
    // Cut short where a stop ended the input: not answered.
    if (*at_end || (StopSignal() != 0 && source->EndedMidLine())) break;
    w->slots.emplace_back().line = std::move(*line);
    w->helpers.Wake();
  }
}

// The calling thread's part of AnswerSearches: reads `ahead` states into
// the window and writes each answer once it and those before it are
// known, answering a state itself when no worker is left.
// REQUIRES: `lock` holds w->mu.
void AnswerInOrder(SearchWindow* w, Answerer* own, StateSource source,
                   size_t ahead, std::unique_lock<std::mutex>& lock,
                   std::ostream& out, std::ostream& err,
                   BatchOutcome* outcome) {
  bool at_end = false;
  std::string line;
  for (;;) {
    FillWindow(w, &source, ahead, lock, &at_end, &line);
    if (w->slots.empty()) break;
    Slot& front = w->slots.front();
    // With no worker (none started, or none had memory for its answerer)
    // the calling thread answers the state itself.
    w->answered.wait(
        lock, [&] { return front.ready || (w->workers == 0 && !front.taken); });
    if (!front.ready) {
      front.taken = true;
      AnswerSlot(*own, &front);
      front.ready = true;
    }
    // Its search may have been stopped: unwritten.
    if (StopSignal() != 0) break;
    const Slot done = std::move(front);
    w->slots.pop_front();
    lock.unlock();
    const bool ok = WriteSlot(done, out, err, outcome);
    lock.lock();
    if (!ok) break;
  }
}

}  // namespace

BatchOutcome AnswerSearches(const QueryConfig& config, Solver* solver,
                            int workers, const std::vector<std::string>& states,
                            std::istream& in, std::ostream& out,
                            std::ostream& err) {
  SearchWindow w;
  w.shared = config;
  w.shared.limits.threads = 1;
  if (workers > 0) w.shared.limits.helpers = &w.helpers;
  // A stop (query/stop_signal.h) sets it too, and so stops the searches.
  std::atomic<bool>* cancel = nullptr;
  if (w.shared.limits.cancel == nullptr) {
    cancel = BatchCancel();
    cancel->store(StopSignal() != 0);
    w.shared.limits.cancel = cancel;
  }
  // Made before any worker starts: memory that runs out here leaves no
  // thread running behind it.
  Answerer own(w.shared, solver);
  std::vector<std::thread> pool;
  pool.reserve(std::max(workers, 0));
  for (int t = 0; t < workers; ++t) {
    // Fewer workers when the system cannot start them all; with none, the
    // calling thread answers every line itself.
    {
      std::lock_guard<std::mutex> lock(w.mu);
      ++w.workers;
    }
    if (!StartThread(&pool, [&w, solver] { AnswerWindow(&w, solver); })) {
      std::lock_guard<std::mutex> lock(w.mu);
      --w.workers;
      break;
    }
  }
  BatchOutcome outcome;
  std::unique_lock<std::mutex> lock(w.mu, std::defer_lock);
  // The workers stop and are joined before this frame is left, by an
  // exception too (memory that runs out on this thread: the caller says
  // so once no thread runs).
  auto finish = [&] {
    if (!lock.owns_lock()) lock.lock();
    w.stop = true;
    if (cancel != nullptr) cancel->store(true);
    lock.unlock();
    w.helpers.Wake();
    for (std::thread& t : pool) t.join();
  };
  try {
    lock.lock();
    AnswerInOrder(&w, &own, StateSource(states, in),
                  workers > 0 ? kChunkLines : 1, lock, out, err, &outcome);
  } catch (...) {
    finish();
    throw;
  }
  finish();
  out.flush();
  return outcome;
}

}  // namespace slidedb
