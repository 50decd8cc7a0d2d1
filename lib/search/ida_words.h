// PdbSearch::WordRun (lib/search/ida_search.h): the search of Run
// (lib/search/ida_run.h) over pattern databases by blank region that have
// successor words (lib/search/pdb_words.h). A child's entry is its
// parent's plus or minus one, as a bit of the parent's word says: the
// children the bound prunes cost no index and no read of memory, and only
// those it goes into (and, with cross tables, those their entries then
// drop) have their indexes computed and their words fetched.
// It makes the same moves in the same order as Run: the same states, the
// same path. With the cross partition's tables (PdbSearch::AddCross,
// lib/search/pdb_cross.h) it also drops the children whose cross sums put
// them over the bound: a subset of those states, in the same order (the
// same path where the driver splits the iterations alike: see
// PdbSearch::AddCross). Included by ida_search.cc only.
#ifndef SLIDEDB_LIB_SEARCH_IDA_WORDS_H_
#define SLIDEDB_LIB_SEARCH_IDA_WORDS_H_

#include <algorithm>
#include <cstdint>

#include "lib/search/ida_run.h"
#include "lib/search/ida_search.h"
#include "lib/search/move_fsm.h"
#include "lib/search/pdb_words.h"

namespace slidedb {

class PdbSearch::WordRun : public PdbSearch::Run {
 public:
  using Run::Run;

  // Run::Search, over the words (Run's own while they are being read in:
  // PdbSearch::ReadWordsInBackground). Push and Collect are Run's: the
  // words of the state reached are read here.
  bool Search(int bound) {
    if (!search_.words_ready()) return Run::Search(bound);
    const int prev =
        length_ == 0 ? root_prev_ : static_cast<int>(moves_[length_ - 1]);
    for (size_t g = 0; g < search_.groups_.size(); ++g) {
      const int gi = static_cast<int>(g);
      const PdbValues& words = search_.groups_[g].words;
      word_[g] = words.Word(Index(gi, state_.blank));
      if (search_.reflects_) {
        mirror_word_[g] = words.Word(MirrorIndex(gi, state_.blank));
      }
    }
    if (search_.cross_ != nullptr) CrossOfState();
    return Dfs(length_, prev, fsm_state_, sum_, mirror_sum_, bound);
  }

 private:
  // A child: the blank to `to` by move m, tile `tile` the other way; its
  // entries' changes (+1 or -1), f, and once it is gone into, the indexes
  // of its groups' entries.
  struct Kid {
    Move m;
    int to;
    uint8_t tile;
    int g, mg, step, mirror_step, f;
    int32_t fsm;
    uint64_t place, index, mirror_place, mirror_index;
    // The cross partition's (lib/search/pdb_cross.h): the moved tile's
    // group, its index and entry, and the same in the reflection.
    int cg, cmg, cvalue, cmirror_value;
    int64_t cindex, cmirror_index;
  };

  // The cross partition's indexes, entries and sums of state_.
  void CrossOfState() {
    const Cross& x = *search_.cross_;
    for (int g = 0; g < x.groups; ++g) cross_index_[g] = cross_mirror_[g] = 0;
    for (int c = 0; c < board_.cells(); ++c) {
      const int t = state_.tile[c];
      if (t == 0) continue;
      cross_index_[x.group_of[t]] += c * x.weight[x.slot_of[t]];
      cross_mirror_[x.mirror_group_of[t]] +=
          search_.mirror_cell_[c] * x.weight[x.mirror_slot_of[t]];
    }
    cross_sum_ = cross_mirror_sum_ = 0;
    for (int g = 0; g < x.groups; ++g) {
      cross_value_[g] = x.table[g][cross_index_[g]];
      cross_mirror_value_[g] = x.table[g][cross_mirror_[g]];
      cross_sum_ += cross_value_[g];
      cross_mirror_sum_ += cross_mirror_value_[g];
    }
  }

  // The child's cross indexes (one addition each); its entries asked of
  // the caches.
  [[gnu::always_inline]] void CrossLocate(int from, Kid* kid) const {
    const Cross& x = *search_.cross_;
    Kid& k = *kid;
    const int t = k.tile;
    k.cg = x.group_of[t];
    k.cindex = cross_index_[k.cg] + (from - k.to) * x.weight[x.slot_of[t]];
    k.cmg = x.mirror_group_of[t];
    k.cmirror_index = cross_mirror_[k.cmg] + (search_.mirror_cell_[from] -
                                              search_.mirror_cell_[k.to]) *
                                                 x.weight[x.mirror_slot_of[t]];
    __builtin_prefetch(x.table[k.cg] + k.cindex, 0, 3);
    __builtin_prefetch(x.table[k.cmg] + k.cmirror_index, 0, 3);
  }

  // Drops from open[] the children whose cross sums, or their
  // reflection's, put them over the bound (each one's f for the next).
  void CrossPrune(int depth, int bound, Kid* kids, uint8_t* open,
                  int* open_count) {
    const Cross& x = *search_.cross_;
    int kept = 0;
    for (int i = 0; i < *open_count; ++i) {
      Kid& k = kids[open[i]];
      k.cvalue = x.table[k.cg][k.cindex];
      k.cmirror_value = x.table[k.cmg][k.cmirror_index];
      const int f = depth + 1 +
                    std::max(cross_sum_ - cross_value_[k.cg] + k.cvalue,
                             cross_mirror_sum_ - cross_mirror_value_[k.cmg] +
                                 k.cmirror_value);
      if (f > bound) {
        if (f < next_bound_) next_bound_ = f;
        continue;
      }
      open[kept++] = open[i];
    }
    *open_count = kept;
  }

  // What going into a child changes of the cross partition's, to put back.
  struct CrossUndo {
    int64_t index, mirror_index;
    int value, mirror_value, sum, mirror_sum;
  };
  void CrossEnter(const Kid& k, CrossUndo* u) {
    *u = {cross_index_[k.cg],         cross_mirror_[k.cmg], cross_value_[k.cg],
          cross_mirror_value_[k.cmg], cross_sum_,           cross_mirror_sum_};
    cross_sum_ += k.cvalue - cross_value_[k.cg];
    cross_mirror_sum_ += k.cmirror_value - cross_mirror_value_[k.cmg];
    cross_index_[k.cg] = k.cindex;
    cross_value_[k.cg] = k.cvalue;
    cross_mirror_[k.cmg] = k.cmirror_index;
    cross_mirror_value_[k.cmg] = k.cmirror_value;
  }
  void CrossLeave(const Kid& k, const CrossUndo& u) {
    cross_index_[k.cg] = u.index;
    cross_value_[k.cg] = u.value;
    cross_mirror_[k.cmg] = u.mirror_index;
    cross_mirror_value_[k.cmg] = u.mirror_value;
    cross_sum_ = u.sum;
    cross_mirror_sum_ = u.mirror_sum;
  }

  // The tile the blank's move m (to cell `to`) moves, its groups, and what
  // the move does to their entries, from the words: +1 or -1 (0 for the
  // reflection when there is none).
  [[gnu::always_inline]] void Steps(Move m, int to, Kid* kid) const {
    Kid& k = *kid;
    k.tile = state_.tile[to];
    k.g = search_.group_of_[k.tile];
    k.mg = search_.mirror_group_of_[k.tile];
    // The tile moves the other way from the blank; in the reflection, the
    // transposed way (kUp and kLeft, kDown and kRight swap).
    const Move tile_move = Inverse(m);
    const auto lowers = [](uint32_t word, int slot, Move d) {
      return (word >> PdbWordBit(slot, d) & 1u) != 0;
    };
    k.step = lowers(word_[k.g], search_.slot_of_[k.tile], tile_move) ? -1 : 1;
    k.mirror_step = 0;
    if (search_.reflects_) {
      const auto mirror_move =
          static_cast<Move>(static_cast<int>(tile_move) ^ 2);
      k.mirror_step = lowers(mirror_word_[k.mg],
                             search_.mirror_slot_of_[k.tile], mirror_move)
                          ? -1
                          : 1;
    }
  }

  // The child's indexes; its words asked of the caches.
  [[gnu::always_inline]] void Locate(int from, Kid* kid) {
    Kid& k = *kid;
    const int slot = search_.slot_of_[k.tile];
    const Group& group = search_.groups_[k.g];
    const uint32_t set = set_[k.g];
    k.place = place_[k.g] + group.indexer.placement().Moved(
                                set, slot, k.to, from, [&](int c) {
                                  return search_.slot_of_[state_.tile[c]];
                                });
    k.index = RegionIndex(group, k.place, cells_[k.g], slot, set, from, k.to);
    group.words.PrefetchWord(k.index);
    if (!search_.reflects_) return;
    const int mslot = search_.mirror_slot_of_[k.tile];
    const int mfrom = search_.mirror_cell_[from],
              mto = search_.mirror_cell_[k.to];
    const Group& mgroup = search_.groups_[k.mg];
    const uint32_t mset = mirror_set_[k.mg];
    k.mirror_place =
        mirror_place_[k.mg] +
        mgroup.indexer.placement().Moved(mset, mslot, mto, mfrom, [&](int mc) {
          return search_.mirror_slot_of_[state_.tile[search_.mirror_cell_[mc]]];
        });
    k.mirror_index = RegionIndex(mgroup, k.mirror_place, mirror_cells_[k.mg],
                                 mslot, mset, mfrom, mto);
    mgroup.words.PrefetchWord(k.mirror_index);
  }

  // Run::Dfs over the words: the same children, pruned and ordered alike
  // (each pruned one's f, for the next bound, as Run computes it).
  bool Dfs(int depth, int prev, int32_t fsm, int sum, int mirror_sum,
           int bound) {
    const bool reflects = search_.reflects_;
    const bool cross = search_.cross_ != nullptr;
    Kid kids[4];
    uint8_t open[4];
    int count = 0, open_count = 0;
    const int from = state_.blank;
    for (Move caller : kAllMoves) {
      const Move m = Caller(caller);
      const int mi = static_cast<int>(m);
      if (mi == (prev ^ 1)) continue;
      const int to = board_.Neighbor(from, m);
      if (to < 0) continue;
      const int32_t next_fsm = search_.fsm_->Next(fsm, caller);
      if (next_fsm == MoveFsm::kSkip) continue;
      ++nodes_;
      if (PastLimits()) return true;
      Kid& k = kids[count];
      Steps(m, to, &k);
      int f = depth + 1 + sum + k.step;
      if (f > bound) {
        if (f < next_bound_) next_bound_ = f;
        continue;
      }
      if (reflects) {
        f = std::max(f, depth + 1 + mirror_sum + k.mirror_step);
        if (f > bound) {
          if (f < next_bound_) next_bound_ = f;
          continue;
        }
      }
      k.m = m;
      k.to = to;
      k.f = f;
      k.fsm = next_fsm;
      search_.fsm_->Prefetch(next_fsm);
      int j = open_count++;
      for (; j > 0 && kids[open[j - 1]].f > f; --j) open[j] = open[j - 1];
      open[j] = static_cast<uint8_t>(count++);
      if (cross) CrossLocate(from, &k);
    }
    // Words asked for before the cross entries are read: one wait on
    // memory for both (some of the children the cross tables then drop).
    for (int i = 0; i < open_count; ++i) Locate(from, &kids[open[i]]);
    if (cross) CrossPrune(depth, bound, kids, open, &open_count);
    for (int i = 0; i < open_count; ++i) {
      const Kid& k = kids[open[i]];
      Slide(k.tile, k.g, k.mg, k.to, from);
      moves_[depth] = k.m;
      tiles_[depth] = k.tile;
      if (sum + k.step == 0) {  // every tile home: the goal
        length_ = depth + 1;
        return true;
      }
      // Saved and put back whether or not there is a reflection.
      const uint64_t old_place = place_[k.g],
                     old_mirror_place = mirror_place_[k.mg];
      const uint32_t old_word = word_[k.g],
                     old_mirror_word = mirror_word_[k.mg];
      place_[k.g] = k.place;
      word_[k.g] = search_.groups_[k.g].words.Word(k.index);
      if (reflects) {
        mirror_place_[k.mg] = k.mirror_place;
        mirror_word_[k.mg] = search_.groups_[k.mg].words.Word(k.mirror_index);
      }
      CrossUndo undo;
      if (cross) CrossEnter(k, &undo);
      if (Dfs(depth + 1, static_cast<int>(k.m), k.fsm, sum + k.step,
              mirror_sum + k.mirror_step, bound)) {
        return true;
      }
      if (cross) CrossLeave(k, undo);
      place_[k.g] = old_place;
      word_[k.g] = old_word;
      mirror_place_[k.mg] = old_mirror_place;
      mirror_word_[k.mg] = old_mirror_word;
      Slide(k.tile, k.g, k.mg, from, k.to);
    }
    return false;
  }

  // The cross partition's index of each group, entry and sum, and the
  // same of the reflection (with AddCross).
  int64_t cross_index_[kMaxCells] = {}, cross_mirror_[kMaxCells] = {};
  int cross_value_[kMaxCells] = {}, cross_mirror_value_[kMaxCells] = {};
  int cross_sum_ = 0, cross_mirror_sum_ = 0;

  // Each group's word for the state, and its reflection's.
  uint32_t word_[kMaxCells] = {};
  uint32_t mirror_word_[kMaxCells] = {};
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_IDA_WORDS_H_
