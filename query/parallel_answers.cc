#include "query/parallel_answers.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace slidedb {

namespace {

// Consecutive lines of a chunk, answered by one thread.
struct Piece {
  size_t begin = 0, end = 0;  // line numbers in the chunk
  std::string out;            // their answers, in order
  // Messages for standard error, each with the size `out` had when it was
  // said: the answers before it are written first.
  std::vector<std::pair<size_t, std::string>> errs;
  bool malformed = false, unsolvable = false;
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
                           if (o == Outcome::kMalformed) piece.malformed = true;
                           if (o == Outcome::kUnsolvable)
                             piece.unsolvable = true;
                           if (o == Outcome::kDatabaseError)
                             piece.db_error = true;
                         });
    if (piece.db_error) piece.error = answerer->database_error();
    done->fetch_add(1, std::memory_order_acq_rel);
  }
}

// Threads that answer the pieces of the chunk posted last.
class Pool {
 public:
  Pool(const QueryConfig& config, Solver* solver, int threads) {
    for (int t = 0; t < threads; ++t) {
      threads_.emplace_back([this, &config, solver] {
        Answerer answerer(config, solver);
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
          AnswerPieces(c, &answerer, &done_);
          {
            std::lock_guard<std::mutex> lock(mutex_);
            --inside_;
          }
          finished_.notify_all();
        }
      });
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
    finished_.wait(lock, [&] {
      return done_.load() == c->pieces.size() && inside_ == 0;
    });
    current_ = nullptr;
  }

  std::atomic<size_t>* done() { return &done_; }

 private:
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable posted_, finished_;
  Chunk* current_ = nullptr;  // guarded by mutex_
  uint64_t generation_ = 0;   // guarded by mutex_: chunks posted so far
  int inside_ = 0;            // guarded by mutex_: threads on current_
  bool stop_ = false;         // guarded by mutex_
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
  if (s.outcome == Outcome::kDatabaseError) {
    outcome->db_ok = false;
    outcome->error = s.error;
  }
  return outcome->db_ok;
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
                            int workers,
                            const std::vector<std::string>& states,
                            std::istream& in, std::ostream& out,
                            std::ostream& err) {
  SearchHelpers helpers;
  QueryConfig shared = config;
  shared.limits.threads = 1;
  if (workers > 0) shared.limits.helpers = &helpers;
  std::atomic<bool> cancel{false};  // after a database error
  if (shared.limits.cancel == nullptr) shared.limits.cancel = &cancel;
  std::mutex mu;
  std::condition_variable answered;
  std::deque<Slot> window;  // guarded by mu; its slots stay put
  bool stop = false;        // guarded by mu
  auto work = [&] {
    Answerer answerer(shared, solver);
    for (;;) {
      const uint64_t generation = helpers.generation();
      Slot* s = nullptr;
      {
        std::lock_guard<std::mutex> lock(mu);
        if (stop) return;
        for (Slot& x : window) {
          if (!x.taken) {
            s = &x;
            break;
          }
        }
        if (s != nullptr) s->taken = true;
      }
      if (s == nullptr) {
        helpers.HelpOrWait(generation);
        continue;
      }
      const Outcome o = answerer.Answer(s->line, &s->out, &s->err);
      {
        std::lock_guard<std::mutex> lock(mu);
        s->outcome = o;
        if (o == Outcome::kDatabaseError) s->error = answerer.database_error();
        s->ready = true;
      }
      answered.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < workers; ++t) pool.emplace_back(work);
  Answerer own(shared, solver);
  const size_t ahead = workers > 0 ? kChunkLines : 1;
  BatchOutcome outcome;
  size_t next_state = 0;
  bool at_end = false;
  std::string line;
  std::unique_lock<std::mutex> lock(mu);
  for (;;) {
    while (!at_end && window.size() < ahead) {
      if (!window.empty() && states.empty() && in.rdbuf()->in_avail() <= 0) {
        break;  // reading on might wait: the answers pending come first
      }
      lock.unlock();
      if (!states.empty()) {
        at_end = next_state == states.size();
        if (!at_end) line = states[next_state++];
      } else {
        at_end = !NextInputLine(in, &line);
      }
      lock.lock();
      if (at_end) break;
      window.emplace_back().line = std::move(line);
      helpers.Wake();
    }
    if (window.empty()) break;
    Slot& front = window.front();
    if (pool.empty()) {
      front.outcome = own.Answer(front.line, &front.out, &front.err);
      if (front.outcome == Outcome::kDatabaseError) {
        front.error = own.database_error();
      }
      front.ready = true;
    }
    answered.wait(lock, [&] { return front.ready; });
    const Slot done = std::move(front);
    window.pop_front();
    lock.unlock();
    const bool ok = WriteSlot(done, out, err, &outcome);
    lock.lock();
    if (!ok) break;
  }
  stop = true;
  cancel = true;
  lock.unlock();
  helpers.Wake();
  for (std::thread& t : pool) t.join();
  out.flush();
  return outcome;
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
    return AnswerSearches(config, solver, threads > 1 ? threads : 0, states,
                          in, out, err);
  }
  // A walk takes well under a microsecond: pieces of 64 lines, and threads
  // only for chunks of 256 lines or more. The walks of a two-bit table
  // (2x7) take microseconds, several at once (Answerer::AnswerMany): pieces
  // of 512 lines keep them going.
  const bool two_bit =
      solver->WalksTwoBit(config.board, GoalBlank(config), config.metric);
  const size_t piece_lines = two_bit ? 512 : 64;
  constexpr size_t kShareFrom = 256;
  size_t next_state = 0;
  std::string line;
  // Reads the next chunk into *c; false when the input is at its end.
  auto read = [&](Chunk* c) {
    c->text.clear();
    c->start.assign(1, 0);
    c->would_wait = false;
    while (c->lines() < kChunkLines) {
      if (!states.empty()) {
        if (next_state == states.size()) break;
        c->text += states[next_state++];
      } else {
        if (!NextInputLine(in, &line)) break;
        c->text += line;
      }
      c->start.push_back(c->text.size());
      if (states.empty() && in.rdbuf()->in_avail() <= 0) {
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
      piece.malformed = piece.unsolvable = piece.db_error = false;
      piece.error = Status::OK();
    }
    c->next_piece = 0;
    return c->lines() > 0;
  };

  BatchOutcome outcome;
  // Writes a chunk's answers; false after a database error.
  auto write = [&](const Chunk& c) {
    for (const Piece& piece : c.pieces) {
      size_t at = 0;
      for (const auto& [end, message] : piece.errs) {
        out.write(piece.out.data() + at, end - at);
        at = end;
        out.flush();
        err << message;
      }
      out.write(piece.out.data() + at, piece.out.size() - at);
      outcome.malformed |= piece.malformed;
      outcome.unsolvable |= piece.unsolvable;
      if (piece.db_error) {
        outcome.db_ok = false;
        outcome.error = piece.error;
        break;
      }
    }
    if (c.would_wait || !outcome.db_ok) out.flush();
    return outcome.db_ok;
  };

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
      if (!write(*previous)) return outcome;
      previous = nullptr;
    }
    const bool got = read(c);
    if (previous != nullptr) finish(previous);
    if (got) post(c);
    if (previous != nullptr && !write(*previous)) {
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
