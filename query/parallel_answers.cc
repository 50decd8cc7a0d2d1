#include "query/parallel_answers.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "lib/base/out_of_memory.h"
#include "lib/base/threads.h"
#include "query/searched_batch.h"
#include "query/stop_signal.h"

namespace slidedb {

namespace {

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
  // Memory ran out answering it (a database error too), worded only when
  // written: on the thread that answered, the words might run out again.
  bool ran_out = false;
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
    piece.ran_out = RanOutOfMemory([&] {
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
      if (piece.db_error) piece.error = answerer->last_error();
    });
    piece.db_error = piece.db_error || piece.ran_out;
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

// Reads the next chunk of a walked batch into *c, in pieces of
// `piece_lines`; false when the input is at its end.
bool ReadChunk(StateSource* source, size_t piece_lines, Chunk* c) {
  c->text.clear();
  c->start.assign(1, 0);
  c->would_wait = false;
  while (c->lines() < kChunkLines) {
    const std::string* state = source->Next();
    if (state == nullptr) break;
    // Cut short where a stop ended the input: not answered.
    if (StopSignal() != 0 && source->EndedMidLine()) break;
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
    piece.db_error = piece.ran_out = false;
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
    if (piece.ran_out) {
      const Status oom = Status::ResourceExhausted(OutOfMemoryText(false));
      out.flush();
      err << "slidedb-query: " << oom.message() << "\n";
      outcome->db_ok = false;
      outcome->error = oom;
      break;
    }
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
  // Before the pool, which outlives neither them nor an exception (its
  // threads are joined first).
  Chunk chunks[2];
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
    if (StopSignal() != 0) {  // the chunk under way written, no more read
      if (previous != nullptr) {
        finish(previous);
        WriteChunk(*previous, out, err, &outcome);
      }
      break;
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
