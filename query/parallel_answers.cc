#include "query/parallel_answers.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "lib/base/out_of_memory.h"
#include "lib/base/threads.h"

namespace slidedb {

namespace {

// Makes a thread's own answerer into *answerer; false when memory runs out
// on the way (an exception must not leave the thread).
bool MakeAnswerer(const QueryConfig& config, Solver* solver,
                  std::optional<Answerer>* answerer) {
  return StatusIfOutOfMemory([&] {
           answerer->emplace(config, solver);
           return Status::OK();
         })
      .ok();
}

// Consecutive lines of a chunk, answered by one thread.
struct Piece {
  size_t begin = 0, end = 0;  // line numbers in the chunk
  std::string out;            // their answers, in order
  // Messages for standard error, each with the size `out` had when it was
  // said: the answers before it are written first.
  std::vector<std::pair<size_t, std::string>> errs;
  bool malformed = false, unsolvable = false, timed_out = false;
  bool db_error = false;  // the piece stopped at a line a table failed
  Status error;           // what failed then
};

struct Chunk {
  std::string text;           // the lines, back to back
  std::vector<size_t> start;  // line k is text[start[k], start[k + 1])
  bool would_wait = false;    // reading on would have waited for input
  std::vector<Piece> pieces;
  std::atomic<size_t> next_piece{0};
  size_t lines() const { return start.size() - 1; }
  std::string_view line(size_t k) const {
    return std::string_view(text).substr(start[k], start[k + 1] - start[k]);
  }
};

// Answers the chunk's pieces that no thread has taken yet.
void AnswerPieces(Chunk* c, Answerer* answerer, std::atomic<size_t>* done) {
  std::vector<std::string_view> lines;
  for (size_t p; (p = c->next_piece++) < c->pieces.size();) {
    Piece& piece = c->pieces[p];
    // Memory that runs out on the way is the piece's failure: an exception
    // would end the process, here or on another thread answering a piece.
    const Status oom = StatusIfOutOfMemory([&] {
      lines.clear();
      for (size_t k = piece.begin; k < piece.end; ++k) {
        lines.push_back(c->line(k));
      }
      answerer->AnswerMany(lines.data(), lines.size(), &piece.out,
                           [&piece](Outcome o, std::string* err) {
                             if (!err->empty()) {
                               piece.errs.emplace_back(piece.out.size(),
                                                       std::move(*err));
                             }
                             if (o == Outcome::kMalformed)
                               piece.malformed = true;
                             if (o == Outcome::kUnsolvable)
                               piece.unsolvable = true;
                             if (o == Outcome::kTimedOut)
                               piece.timed_out = true;
                             if (o == Outcome::kDatabaseError)
                               piece.db_error = true;
                           });
      return Status::OK();
    });
    if (!oom.ok()) {
      piece.db_error = true;
      piece.error = oom;
      piece.errs.emplace_back(piece.out.size(),
                              "slidedb-query: " + oom.message() + "\n");
    } else if (piece.db_error) {
      piece.error = answerer->last_error();
    }
    done->fetch_add(1, std::memory_order_acq_rel);
  }
}

// Threads that answer the pieces of the chunk posted last.
class Pool {
 public:
  // As many of `threads` as the system starts (the caller answers pieces
  // too).
  Pool(const QueryConfig& config, Solver* solver, int threads) {
    threads_.reserve(threads);
    for (int t = 0; t < threads; ++t) {
      const bool started = StartThread(&threads_, [this, &config, solver] {
        // A thread with no memory for its answerer leaves its pieces to the
        // others (the caller answers any left).
        std::optional<Answerer> answerer;
        if (!MakeAnswerer(config, solver, &answerer)) return;
        uint64_t seen = 0;
        while (true) {
          Chunk* c;
          {
            std::unique_lock<std::mutex> lock(mutex_);
            posted_.wait(lock, [&] { return stop_ || generation_ != seen; });
            if (stop_) return;
            seen = generation_;
            c = current_;
            if (c == nullptr) continue;
            ++inside_;
          }
          AnswerPieces(c, &*answerer, &done_);
          {
            std::lock_guard<std::mutex> lock(mutex_);
            --inside_;
          }
          finished_.notify_all();
        }
      });
      if (!started) break;
    }
  }

  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    posted_.notify_all();
    for (auto& t : threads_) t.join();
  }

  // Sets the threads on `c`. REQUIRES: the chunk posted before was Waited
  // for.
  void Post(Chunk* c) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = 0;
      current_ = c;
      ++generation_;
    }
    posted_.notify_all();
  }

  // Until every piece of the posted chunk is answered and no thread is
  // inside it any more.
  void Wait(const Chunk* c) {
    std::unique_lock<std::mutex> lock(mutex_);
    finished_.wait(
        lock, [&] { return done_.load() == c->pieces.size() && inside_ == 0; });
    current_ = nullptr;
  }

  std::atomic<size_t>* done() { return &done_; }

 private:
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable posted_, finished_;
  Chunk* current_ = nullptr;     // guarded by mutex_
  uint64_t generation_ = 0;      // guarded by mutex_: chunks posted so far
  int inside_ = 0;               // guarded by mutex_: threads on current_
  bool stop_ = false;            // guarded by mutex_
  std::atomic<size_t> done_{0};  // pieces of current_ answered
};

// A state of a searched batch, read and not yet written.
struct Slot {
  std::string line, out, err;
  Outcome outcome = Outcome::kSolved;
  Status error;  // after kDatabaseError, what failed
  bool taken = false, ready = false;
};

// Writes a searched state's answer and flushes it; false after a database
// error.
bool WriteSlot(const Slot& s, std::ostream& out, std::ostream& err,
               BatchOutcome* outcome) {
  out << s.out;
  out.flush();
  err << s.err;
  outcome->malformed |= s.outcome == Outcome::kMalformed;
  outcome->unsolvable |= s.outcome == Outcome::kUnsolvable;
  outcome->timed_out |= s.outcome == Outcome::kTimedOut;
  if (s.outcome == Outcome::kDatabaseError) {
    outcome->db_ok = false;
    outcome->error = s.error;
  }
  return outcome->db_ok;
}

// The batch's states: those given, else standard input's lines.
class StateSource {
 public:
  StateSource(const std::vector<std::string>& states, std::istream& in)
      : states_(states), in_(in) {}

  // The next state, without a copy (a given state, or the line read into
  // the source's own buffer, valid until the next call); nullptr at the end.
  const std::string* Next() {
    if (!states_.empty()) {
      return next_ < states_.size() ? &states_[next_++] : nullptr;
    }
    return NextInputLine(in_, &line_) ? &line_ : nullptr;
  }

  // The next state into *line; false at the end.
  bool NextInto(std::string* line) {
    if (!states_.empty()) {
      if (next_ == states_.size()) return false;
      *line = states_[next_++];
      return true;
    }
    return NextInputLine(in_, line);
  }

  // Whether reading on might wait for input (or find its end): never for
  // the states given.
  bool MightWait() const {
    return states_.empty() && in_.rdbuf()->in_avail() <= 0;
  }

 private:
  const std::vector<std::string>& states_;
  std::istream& in_;
  size_t next_ = 0;
  std::string line_;
};

// The states of a searched batch read and not yet written, and what the
// threads answering them share.
struct SearchWindow {
  SearchHelpers helpers;
  QueryConfig shared;               // one thread a search, helped
  std::atomic<bool> cancel{false};  // after a database error
  std::mutex mu;
  std::condition_variable answered;
  std::deque<Slot> slots;  // guarded by mu; its slots stay put
  bool stop = false;       // guarded by mu
  int workers = 0;         // guarded by mu: threads answering slots
};

// answerer.Answer of `line`; memory that runs out on its way is a database
// error (ResourceExhausted in *error, said in *err, as any other is): an
// exception here would end the process, other threads still answering.
Outcome AnswerOrOutOfMemory(Answerer& answerer, const std::string& line,
                            std::string* out, std::string* err, Status* error) {
  Status oom;
  const Outcome o =
      CatchOutOfMemory([&] { return answerer.Answer(line, out, err); },
                       [&](const std::string& text) {
                         oom = Status::ResourceExhausted(text);
                         *err += "slidedb-query: " + text + "\n";
                         return Outcome::kDatabaseError;
                       });
  if (o == Outcome::kDatabaseError) {
    *error = oom.ok() ? answerer.last_error() : oom;
  }
  return o;
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
    Status error;
    const Outcome o =
        AnswerOrOutOfMemory(*answerer, s->line, &s->out, &s->err, &error);
    {
      std::lock_guard<std::mutex> lock(w->mu);
      s->outcome = o;
      s->error = error;
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
  while (!*at_end && w->slots.size() < ahead) {
    if (!w->slots.empty() && source->MightWait()) break;
    lock.unlock();
    *at_end = !source->NextInto(line);
    lock.lock();
    if (*at_end) break;
    w->slots.emplace_back().line = std::move(*line);
    w->helpers.Wake();
  }
}

// A batch of searched states (pattern databases, IDA*), in input order:
// `workers` threads each answer the next state read ahead, and one with no
// state left to take helps another's search (SearchHelpers: it takes
// subtrees of that search's iteration in progress), so that every thread
// works until the last answer; with no workers the calling thread answers
// the states one at a time. Each answer is written and flushed as soon as
// it and those before it are known, and the input is never waited for
// while an answer is pending.
BatchOutcome AnswerSearches(const QueryConfig& config, Solver* solver,
                            int workers, const std::vector<std::string>& states,
                            std::istream& in, std::ostream& out,
                            std::ostream& err) {
  SearchWindow w;
  w.shared = config;
  w.shared.limits.threads = 1;
  if (workers > 0) w.shared.limits.helpers = &w.helpers;
  if (w.shared.limits.cancel == nullptr) w.shared.limits.cancel = &w.cancel;
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
  const size_t ahead = workers > 0 ? kChunkLines : 1;
  BatchOutcome outcome;
  StateSource source(states, in);
  bool at_end = false;
  std::string line;
  std::unique_lock<std::mutex> lock(w.mu);
  for (;;) {
    FillWindow(&w, &source, ahead, lock, &at_end, &line);
    if (w.slots.empty()) break;
    Slot& front = w.slots.front();
    // With no worker (none started, or none had memory for its answerer)
    // the calling thread answers the state itself.
    w.answered.wait(
        lock, [&] { return front.ready || (w.workers == 0 && !front.taken); });
    if (!front.ready) {
      front.taken = true;
      front.outcome = AnswerOrOutOfMemory(own, front.line, &front.out,
                                          &front.err, &front.error);
      front.ready = true;
    }
    const Slot done = std::move(front);
    w.slots.pop_front();
    lock.unlock();
    const bool ok = WriteSlot(done, out, err, &outcome);
    lock.lock();
    if (!ok) break;
  }
  w.stop = true;
  w.cancel = true;
  lock.unlock();
  w.helpers.Wake();
  for (std::thread& t : pool) t.join();
  out.flush();
  return outcome;
}

// Reads the next chunk of a walked batch into *c, in pieces of
// `piece_lines`; false when the input is at its end.
bool ReadChunk(StateSource* source, size_t piece_lines, Chunk* c) {
  c->text.clear();
  c->start.assign(1, 0);
  c->would_wait = false;
  while (c->lines() < kChunkLines) {
    const std::string* state = source->Next();
    if (state == nullptr) break;
    c->text += *state;
    c->start.push_back(c->text.size());
    if (source->MightWait()) {
      c->would_wait = true;  // or at the end: either way, answer now
      break;
    }
  }
  c->pieces.resize((c->lines() + piece_lines - 1) / piece_lines);
  for (size_t p = 0; p < c->pieces.size(); ++p) {
    Piece& piece = c->pieces[p];
    piece.begin = p * piece_lines;
    piece.end = std::min(c->lines(), piece.begin + piece_lines);
    piece.out.clear();
    piece.errs.clear();
    piece.malformed = piece.unsolvable = piece.timed_out = false;
    piece.db_error = false;
    piece.error = Status::OK();
  }
  c->next_piece = 0;
  return c->lines() > 0;
}

// Writes a chunk's answers, each message to standard error after the
// answers before it; false after a database error.
bool WriteChunk(const Chunk& c, std::ostream& out, std::ostream& err,
                BatchOutcome* outcome) {
  for (const Piece& piece : c.pieces) {
    size_t at = 0;
    for (const auto& [end, message] : piece.errs) {
      out.write(piece.out.data() + at, end - at);
      at = end;
      out.flush();
      err << message;
    }
    out.write(piece.out.data() + at, piece.out.size() - at);
    outcome->malformed |= piece.malformed;
    outcome->unsolvable |= piece.unsolvable;
    outcome->timed_out |= piece.timed_out;
    if (piece.db_error) {
      outcome->db_ok = false;
      outcome->error = piece.error;
      break;
    }
  }
  if (c.would_wait || !outcome->db_ok) out.flush();
  return outcome->db_ok;
}

}  // namespace

BatchOutcome AnswerInParallel(const QueryConfig& config, Solver* solver,
                              int threads,
                              const std::vector<std::string>& states,
                              std::istream& in, std::ostream& out,
                              std::ostream& err) {
  // A search takes milliseconds to minutes a line: states side by side,
  // one a thread, and threads whose states are done help the searches
  // still running, so that none idles while the batch's last states run.
  if (solver->Searches(config.board, GoalBlank(config), config.metric)) {
    return AnswerSearches(config, solver, threads > 1 ? threads : 0, states, in,
                          out, err);
  }
  // A walk takes well under a microsecond: pieces of 64 lines, and threads
  // only for chunks of 256 lines or more. The walks of a two-bit table
  // (2x7) take microseconds, several at once (Answerer::AnswerMany): pieces
  // of 512 lines keep them going.
  const bool two_bit =
      solver->WalksTwoBit(config.board, GoalBlank(config), config.metric);
  const size_t piece_lines = two_bit ? 512 : 64;
  constexpr size_t kShareFrom = 256;
  StateSource source(states, in);
  BatchOutcome outcome;
  Answerer answerer(config, solver);
  std::unique_ptr<Pool> pool;
  std::atomic<size_t> own_done{0};
  // The main thread's share of chunk c, then the wait for the others.
  auto finish = [&](Chunk* c) {
    AnswerPieces(c, &answerer, pool ? pool->done() : &own_done);
    if (pool) pool->Wait(c);
  };
  auto post = [&](Chunk* c) {
    if (pool == nullptr && threads > 1 && c->lines() >= kShareFrom) {
      pool = std::make_unique<Pool>(config, solver, threads - 1);
    }
    if (pool) pool->Post(c);
  };

  Chunk chunks[2];
  Chunk* previous = nullptr;  // posted and not yet written
  for (int k = 0;; k ^= 1) {
    Chunk* c = &chunks[k];
    // Reading might wait for input that follows only once the answers so
    // far are seen: those are finished and written first.
    if (previous != nullptr && previous->would_wait) {
      finish(previous);
      if (!WriteChunk(*previous, out, err, &outcome)) return outcome;
      previous = nullptr;
    }
    const bool got = ReadChunk(&source, piece_lines, c);
    if (previous != nullptr) finish(previous);
    if (got) post(c);
    if (previous != nullptr && !WriteChunk(*previous, out, err, &outcome)) {
      if (got) finish(c);  // no thread may still be answering it
      return outcome;
    }
    if (!got) break;
    previous = c;
  }
  out.flush();
  return outcome;
}

}  // namespace slidedb
