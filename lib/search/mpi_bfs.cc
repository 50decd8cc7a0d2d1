#include "lib/search/mpi_bfs.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstring>
#include <new>
#include <string>

#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"
#include "lib/search/index_batch.h"

namespace slidedb {
namespace {

// Bit 2k of the result is set where the value of pair k of `x` is `v`.
inline uint64_t PairsEqual(uint64_t x, uint8_t v) {
  const uint64_t y = x ^ (0x5555555555555555ull * v);
  return ~(y | y >> 1) & 0x5555555555555555ull;
}

// The states each rank owns, but the last's: a multiple of 64.
uint64_t PartStates(uint64_t size, int ranks) {
  const uint64_t words = (size + 63) / 64;
  const uint64_t per_rank = (words + ranks - 1) / ranks;
  return std::max<uint64_t>(per_rank, 1) * 64;
}

template <typename T>
uint64_t Capacity(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}

// One rank's share of one search.
class RankSearch {
 public:
  RankSearch(const Indexer& indexer, MPI_Comm comm,
             const MpiBfsOptions& options)
      : indexer_(indexer), comm_(comm), options_(options) {
    MPI_Comm_size(comm, &ranks_);
    MPI_Comm_rank(comm, &rank_);
    size_ = indexer.size();
    part_ = PartStates(size_, ranks_);
    begin_ = MpiPartBegin(size_, ranks_, rank_);
    end_ = MpiPartBegin(size_, ranks_, rank_ + 1);
    const uint64_t n = end_ - begin_;
    bytes_.assign((n + 63) / 64 * 16, 0xFF);
    expanded_.assign((n + 63) / 64, 0);
    // The bits past the last state count as expanded.
    if (n % 64 != 0) expanded_.back() = ~0ull << (n % 64);
    // A batch's bytes and the buffers' displacements are ints.
    const uint64_t most =
        static_cast<uint64_t>(INT_MAX) / kMaxIndexBatchBytes / ranks_;
    cap_ = std::clamp<uint64_t>(options.round_indexes, 1, most);
    outbox_.resize(ranks_);
    send_counts_.resize(ranks_);
    send_displs_.resize(ranks_);
    recv_counts_.resize(ranks_);
    recv_displs_.resize(ranks_);
  }

  // Sets the goal (on its owner) to 0.
  void Start() {
    const uint64_t goal = indexer_.IndexOf(
        CanonicalGoal(indexer_.board(), indexer_.goal_blank()));
    if (goal >= begin_ && goal < end_) Claim(goal - begin_, 0);
  }

  // Expands the level of residue `r`, claiming neighbours with `next`.
  MpiBfsLevel Level(uint8_t r, uint8_t next) {
    MpiBfsLevel stats;
    uint64_t word = 0;
    found_ = 0;
    for (;;) {
      bool full = false;
      while (!full && word < expanded_.size()) {
        full = ExpandWord(word++, r, next, &stats);
      }
      Exchange(next, &stats);
      ++stats.rounds;
      int done = word >= expanded_.size() ? 1 : 0;
      int all_done = 0;
      MPI_Allreduce(&done, &all_done, 1, MPI_INT, MPI_MIN, comm_);
      if (all_done) break;
    }
    uint64_t sums[5] = {found_, stats.expanded, stats.remote, stats.raw_bytes,
                        stats.sent_bytes};
    MPI_Allreduce(MPI_IN_PLACE, sums, 5, MPI_UINT64_T, MPI_SUM, comm_);
    stats.level.states = sums[0];
    stats.expanded = sums[1];
    stats.remote = sums[2];
    stats.raw_bytes = sums[3];
    stats.sent_bytes = sums[4];
    stats.peak_bytes = Capacity(bytes_) + Capacity(expanded_) + peak_buffers_;
    MPI_Allreduce(MPI_IN_PLACE, &stats.peak_bytes, 1, MPI_UINT64_T, MPI_MAX,
                  comm_);
    return stats;
  }

  // Gathers the parts into *out on rank 0 (out may be null there), and
  // frees this rank's part.
  void Gather(TwoBitTable* out) {
    constexpr uint64_t kPiece = uint64_t{1} << 26;
    expanded_ = std::vector<uint64_t>();
    if (rank_ == 0 && out != nullptr) {
      // Out of memory: the caller's MPI_Abort ends every rank
      // (RunMpiTwoBitBfs).
      if (!out->Reset(size_).ok()) throw std::bad_alloc();
      if (!bytes_.empty()) {
        std::memcpy(out->data(), bytes_.data(), bytes_.size());
      }
    }
    if (rank_ == 0) bytes_ = std::vector<uint8_t>();
    for (int src = 1; src < ranks_; ++src) {
      const uint64_t first = MpiPartBegin(size_, ranks_, src) / 4;
      const uint64_t last = first + (MpiPartBegin(size_, ranks_, src + 1) -
                                     MpiPartBegin(size_, ranks_, src) + 63) /
                                        64 * 16;
      for (uint64_t at = first; at < last; at += kPiece) {
        const int n = static_cast<int>(std::min(kPiece, last - at));
        if (rank_ == 0) {
          uint8_t* to = out != nullptr ? out->data() + at : nullptr;
          std::vector<uint8_t> sink;
          if (to == nullptr) {
            sink.resize(n);
            to = sink.data();
          }
          MPI_Recv(to, n, MPI_UINT8_T, src, 0, comm_, MPI_STATUS_IGNORE);
        } else if (rank_ == src) {
          MPI_Send(bytes_.data() + (at - first), n, MPI_UINT8_T, 0, 0, comm_);
        }
      }
    }
    bytes_ = std::vector<uint8_t>();
  }

 private:
  void Claim(uint64_t local, uint8_t v) {
    uint8_t& b = bytes_[local >> 2];
    const int shift = TwoBitTable::Shift(local);
    b = static_cast<uint8_t>(b & ~((3u ^ v) << shift));
  }
  bool Unreached(uint64_t local) const {
    return ((bytes_[local >> 2] >> TwoBitTable::Shift(local)) & 3) ==
           kTwoBitUnreached;
  }

  // Expands the states of word `w` of residue `r` not expanded yet. Returns
  // whether some batch is full.
  bool ExpandWord(uint64_t w, uint8_t r, uint8_t next, MpiBfsLevel* stats) {
    uint64_t done = expanded_[w];
    if (done == ~0ull) return false;
    const Board& board = indexer_.board();
    bool full = false;
    for (int half = 0; half < 2; ++half) {
      uint64_t x;
      std::memcpy(&x, bytes_.data() + w * 16 + half * 8, 8);
      uint64_t match = PairsEqual(x, r);
      while (match != 0) {
        const int k = half * 32 + __builtin_ctzll(match) / 2;
        match &= match - 1;
        if (done >> k & 1) continue;
        done |= 1ull << k;
        ++stats->expanded;
        const uint64_t i = begin_ + w * 64 + k;
        const State s = indexer_.StateAt(static_cast<Index>(i));
        for (Move m : kAllMoves) {
          State t = s;
          if (!ApplyMove(board, m, &t)) continue;
          const uint64_t j = indexer_.AfterMove(static_cast<Index>(i), m, t);
          if (j >= begin_ && j < end_) {
            if (Unreached(j - begin_)) {
              Claim(j - begin_, next);
              ++found_;
            }
            continue;
          }
          const int owner = static_cast<int>(j / part_);
          std::vector<uint64_t>& box = outbox_[owner];
          box.push_back(j - static_cast<uint64_t>(owner) * part_);
          if (box.size() >= cap_) full = true;
        }
      }
    }
    expanded_[w] = done;
    return full;
  }

  // Sends every batch to its owner and claims what comes in.
  void Exchange(uint8_t next, MpiBfsLevel* stats) {
    send_.clear();
    for (int d = 0; d < ranks_; ++d) {
      std::vector<uint64_t>& box = outbox_[d];
      stats->remote += box.size();
      stats->raw_bytes += box.size() * 8;
      SortUnique(&box);
      const size_t at = send_.size();
      if (options_.encode) {
        EncodeIndexBatch(box, &send_);
      } else {
        send_.resize(at + box.size() * 8);
        if (!box.empty())
          std::memcpy(send_.data() + at, box.data(), box.size() * 8);
      }
      send_displs_[d] = static_cast<int>(at);
      send_counts_[d] = static_cast<int>(send_.size() - at);
    }
    stats->sent_bytes += send_.size();
    MPI_Alltoall(send_counts_.data(), 1, MPI_INT, recv_counts_.data(), 1,
                 MPI_INT, comm_);
    uint64_t total = 0;
    for (int d = 0; d < ranks_; ++d) {
      recv_displs_[d] = static_cast<int>(total);
      total += static_cast<uint64_t>(recv_counts_[d]);
    }
    recv_.resize(total);
    MPI_Alltoallv(send_.data(), send_counts_.data(), send_displs_.data(),
                  MPI_UINT8_T, recv_.data(), recv_counts_.data(),
                  recv_displs_.data(), MPI_UINT8_T, comm_);
    uint64_t buffers = Capacity(send_) + Capacity(recv_);
    for (const auto& box : outbox_) buffers += Capacity(box);
    peak_buffers_ = std::max(peak_buffers_, buffers);
    for (auto& box : outbox_) box.clear();
    auto claim = [&](uint64_t local) {
      if (Unreached(local)) {
        Claim(local, next);
        ++found_;
      }
    };
    if (options_.encode) {
      // Each source's batch is its own encoding (its deltas restart at 0).
      for (int d = 0; d < ranks_; ++d) {
        DecodeIndexBatch(recv_.data() + recv_displs_[d], recv_counts_[d],
                         claim);
      }
    } else {
      for (uint64_t at = 0; at + 8 <= total; at += 8) {
        uint64_t local;
        std::memcpy(&local, recv_.data() + at, 8);
        claim(local);
      }
    }
  }

  const Indexer& indexer_;
  MPI_Comm comm_;
  MpiBfsOptions options_;
  int ranks_ = 1;
  int rank_ = 0;
  uint64_t size_ = 0;
  uint64_t part_ = 0;
  uint64_t begin_ = 0;
  uint64_t end_ = 0;
  uint64_t cap_ = 0;
  std::vector<uint8_t> bytes_;                 // this rank's part of the table
  std::vector<uint64_t> expanded_;             // one bit a state of the part
  std::vector<std::vector<uint64_t>> outbox_;  // per owner, its local indexes
  std::vector<uint8_t> send_, recv_;
  std::vector<int> send_counts_, send_displs_, recv_counts_, recv_displs_;
  uint64_t found_ = 0;
  uint64_t peak_buffers_ = 0;
};

}  // namespace

uint64_t MpiPartBegin(uint64_t size, int ranks, int rank) {
  return std::min(size, PartStates(size, ranks) * static_cast<uint64_t>(rank));
}

Status RunMpiTwoBitBfs(const Indexer& indexer, MPI_Comm comm,
                       const MpiBfsOptions& options,
                       const std::function<void(const MpiBfsLevel&)>& on_level,
                       TwoBitTable* out, std::vector<uint64_t>* histogram) {
  const auto t0 = std::chrono::steady_clock::now();
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const uint64_t size = indexer.size();
  RankSearch search(indexer, comm, options);
  search.Start();

  std::vector<uint64_t> counts = {1};
  uint64_t total = 1;
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
        .count();
  };
  if (rank == 0 && on_level) {
    MpiBfsLevel first;
    first.level = BfsLevel{0, 1, 1, seconds()};
    on_level(first);
  }
  int depth = 0;
  for (;; ++depth) {
    MpiBfsLevel level = search.Level(static_cast<uint8_t>(depth % 3),
                                     static_cast<uint8_t>((depth + 1) % 3));
    if (level.level.states == 0) break;
    counts.push_back(level.level.states);
    total += level.level.states;
    level.level.depth = depth + 1;
    level.level.total = total;
    level.level.seconds = seconds();
    if (rank == 0 && on_level) on_level(level);
  }
  if (total != size) {
    return Status::Corruption("the search reached " + std::to_string(total) +
                              " of " + std::to_string(size) + " states");
  }
  search.Gather(out);
  if (rank == 0 && out != nullptr) out->set_max_distance(depth);
  if (histogram != nullptr) *histogram = std::move(counts);
  return Status::OK();
}

}  // namespace slidedb
