// The inside of PdbSearch (lib/search/ida_search.h): Run, one depth-first
// search in single-tile moves with its incremental heuristic, the move
// automaton's state, and the path so far; the metric the IDA* driver
// (lib/search/ida_driver.h) takes. Included by ida_search.cc only.
#ifndef SLIDEDB_LIB_SEARCH_IDA_RUN_H_
#define SLIDEDB_LIB_SEARCH_IDA_RUN_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <vector>

#include "lib/search/ida_driver.h"
#include "lib/search/ida_search.h"
#include "lib/search/move_fsm.h"

namespace slidedb {

// The single-tile metric's name in messages: none.
inline constexpr char kSingleTileName[] = "";

// One search: the state it is at, each group's value for it and for its
// reflection (with their md, for entries stored less theirs), the moves
// made so far and where they leave the automaton of skipped move sequences.
// Its depth limit is far beyond the diameter of any board of up to 25
// cells: deeper searches give up rather than overrun the path. Search takes
// the children with the smallest heuristic first, Collect in move order:
// the split must not depend on the threads.
class PdbSearch::Run
    : public IdaRun<Move, Path, /*kDepth=*/250, kSingleTileName> {
 public:
  // A run whose root does not take the move rooted.root (-1: any).
  Run(const IdaRooted<PdbSearch>& rooted, const State& start, IdaShared* shared)
      : IdaRun(shared),
        search_(rooted.search),
        board_(rooted.search.board_),
        root_prev_(rooted.root < 0 ? -1 : rooted.root ^ 1),
        order_(rooted.order),
        state_(start) {
    for (int c = 0; c < board_.cells(); ++c) {
      const int t = state_.tile[c];
      if (t == 0) continue;
      PlaceOn(t, c);
      md_[search_.group_of_[t]] += search_.home_md_[t][c];
      mirror_md_[search_.mirror_group_of_[t]] += search_.mirror_home_md_[t][c];
    }
    for (size_t g = 0; g < search_.groups_.size(); ++g) {
      set_[g] = mirror_set_[g] = 0;
      for (size_t i = 0; i < search_.groups_[g].tiles.size(); ++i) {
        set_[g] |= 1u << cells_[g][i];
        mirror_set_[g] |= 1u << mirror_cells_[g][i];
      }
      Replace(static_cast<int>(g), static_cast<int>(g));
      value_[g] =
          md_[g] +
          search_.groups_[g].values[Index(static_cast<int>(g), state_.blank)];
      sum_ += value_[g];
      if (search_.reflects_) {
        mirror_value_[g] =
            mirror_md_[g] +
            search_.groups_[g]
                .values[MirrorIndex(static_cast<int>(g), state_.blank)];
        mirror_sum_ += mirror_value_[g];
      }
    }
  }

  int heuristic() const { return std::max(sum_, mirror_sum_); }
  // The move of the search's board that stands for the caller's move m,
  // and the other way round: the same move, or mirrored (IdaRooted::order).
  Move Caller(Move m) const { return order_.Searched(m); }
  int sum() const { return sum_; }

  // Makes move `m` (legal) the next of the path.
  void Push(Move m) {
    Apply(m);
    fsm_state_ = search_.fsm_->Next(fsm_state_, Caller(m));
  }

  // What a move changes, for Pop to put back.
  struct Undo {
    int from, to, g, mg, value, mirror_value, md, mirror_md, sum, mirror_sum,
        length;
    uint8_t tile;
    uint64_t place, mirror_place;
    int32_t fsm;
  };
  // Push(m), which Pop(*undo) takes back.
  void Push(Move m, Undo* undo) {
    Save(m, undo);
    Push(m);
  }
  // Push(m) past the automaton, which a move it skips would leave
  // nowhere: for searches that take every move (PdbSearch::Cursor).
  void Apply(Move m, Undo* undo) {
    Save(m, undo);
    Apply(m);
  }
  void Pop(const Undo& u) {
    state_.tile[u.to] = u.tile;
    state_.tile[u.from] = 0;
    state_.blank = static_cast<uint8_t>(u.from);
    PlaceOn(u.tile, u.to);
    value_[u.g] = u.value;
    mirror_value_[u.mg] = u.mirror_value;
    md_[u.g] = u.md;
    mirror_md_[u.mg] = u.mirror_md;
    place_[u.g] = u.place;
    mirror_place_[u.mg] = u.mirror_place;
    sum_ = u.sum;
    mirror_sum_ = u.mirror_sum;
    fsm_state_ = u.fsm;
    length_ = u.length;
  }

  // Searches the subtree below the path pushed so far for the goal within
  // `bound` moves; true if found (or stopped, or abandoned).
  bool Search(int bound) {
    const int prev =
        length_ == 0 ? root_prev_ : static_cast<int>(moves_[length_ - 1]);
    const bool whole = search_.whole_;
    if (search_.index_ == PdbIndexKind::kBlankRegion) {
      return whole ? Dfs<true, true>(length_, prev, fsm_state_, sum_,
                                     mirror_sum_, bound)
                   : Dfs<true, false>(length_, prev, fsm_state_, sum_,
                                      mirror_sum_, bound);
    }
    return whole ? Dfs<false, true>(length_, prev, fsm_state_, sum_,
                                    mirror_sum_, bound)
                 : Dfs<false, false>(length_, prev, fsm_state_, sum_,
                                     mirror_sum_, bound);
  }

  // Appends, in move order, the subtrees below the path pushed so far
  // rooted `split` moves deep within `bound`, and stops at the first goal
  // found on the way (a subtree with `goal`); true then.
  bool Collect(int bound, int split, std::vector<IdaSubtree<Move>>* out) {
    const int prev =
        length_ == 0 ? root_prev_ : static_cast<int>(moves_[length_ - 1]);
    return Collect(length_, prev, bound, split, out);
  }

  void TakeAnswer(Path* path) const {
    path->moves.assign(moves_, moves_ + length_);
    path->tiles.assign(tiles_, tiles_ + length_);
  }

 protected:
  // Collect below the path of `depth` moves, the last `prev`
  // (ida_search.cc).
  bool Collect(int depth, int prev, int bound, int split,
               std::vector<IdaSubtree<Move>>* out);

  // Push(m) but for the automaton's state.
  void Apply(Move m) {
    const int from = state_.blank;
    const int to = board_.Neighbor(from, m);
    const uint8_t tile = state_.tile[to];
    state_.tile[from] = tile;
    state_.tile[to] = 0;
    state_.blank = static_cast<uint8_t>(to);
    PlaceOn(tile, from);
    const int g = search_.group_of_[tile];
    const int mg = search_.mirror_group_of_[tile];
    Replace(g, mg);
    md_[g] += search_.home_md_[tile][from] - search_.home_md_[tile][to];
    sum_ -= value_[g];
    value_[g] = md_[g] + search_.groups_[g].values[Index(g, to)];
    sum_ += value_[g];
    mirror_md_[mg] +=
        search_.mirror_home_md_[tile][from] - search_.mirror_home_md_[tile][to];
    if (search_.reflects_) {
      mirror_sum_ -= mirror_value_[mg];
      mirror_value_[mg] =
          mirror_md_[mg] + search_.groups_[mg].values[MirrorIndex(mg, to)];
      mirror_sum_ += mirror_value_[mg];
    }
    moves_[length_] = m;
    tiles_[length_] = tile;
    ++length_;
  }
  // What Apply(m) changes, into *u.
  void Save(Move m, Undo* u) const {
    u->from = state_.blank;
    u->to = board_.Neighbor(u->from, m);
    u->tile = state_.tile[u->to];
    u->g = search_.group_of_[u->tile];
    u->mg = search_.mirror_group_of_[u->tile];
    u->value = value_[u->g];
    u->mirror_value = mirror_value_[u->mg];
    u->md = md_[u->g];
    u->mirror_md = mirror_md_[u->mg];
    u->place = place_[u->g];
    u->mirror_place = mirror_place_[u->mg];
    u->sum = sum_;
    u->mirror_sum = mirror_sum_;
    u->fsm = fsm_state_;
    u->length = length_;
  }

  // Moves tile t onto cell c in its group's cells and, reflected, in
  // those of the group of the reflection it stands for, and in the masks
  // of their cells.
  void PlaceOn(int t, int c) {
    const int g = search_.group_of_[t];
    MoveTile(t, g, search_.mirror_group_of_[t], cells_[g][search_.slot_of_[t]],
             c);
  }
  // The same for tile t of groups g and mg from cell a to cell b.
  [[gnu::always_inline]] void MoveTile(int t, int g, int mg, int a, int b) {
    cells_[g][search_.slot_of_[t]] = static_cast<uint8_t>(b);
    set_[g] ^= (1u << a) ^ (1u << b);
    const int ma = search_.mirror_cell_[a], mb = search_.mirror_cell_[b];
    mirror_cells_[mg][search_.mirror_slot_of_[t]] = static_cast<uint8_t>(mb);
    mirror_set_[mg] ^= (1u << ma) ^ (1u << mb);
  }
  // Tile t of groups g and mg slides from cell `from` into the blank on
  // `to`: the state, and the cells of the groups.
  [[gnu::always_inline]] void Slide(int t, int g, int mg, int from, int to) {
    state_.tile[to] = static_cast<uint8_t>(t);
    state_.tile[from] = 0;
    state_.blank = static_cast<uint8_t>(from);
    MoveTile(t, g, mg, from, to);
  }
  // The placement index of group g's cells and that of the reflection's
  // group mg, ranked anew (the search updates them move by move; a move
  // changes just these two).
  void Replace(int g, int mg) {
    place_[g] = search_.groups_[g].indexer.placement().IndexOf(cells_[g]);
    mirror_place_[mg] =
        search_.groups_[mg].indexer.placement().IndexOf(mirror_cells_[mg]);
  }
  // By blank region, the index of `group`'s entry once its tile in `slot`
  // of `cells` (their mask `set`) has slid from `to` onto `from`, the blank
  // then on `to`, its placement's index `place`: the cell changed for the
  // moment. (Not by placement, where the index is the placement's: a byte
  // stored may alias all that the compiler holds, which it then reads
  // again.)
  [[gnu::always_inline]] static uint64_t RegionIndex(const Group& group,
                                                     uint64_t place,
                                                     uint8_t* cells, int slot,
                                                     uint32_t set, int from,
                                                     int to) {
    cells[slot] = static_cast<uint8_t>(from);
    const uint64_t index = group.indexer.regions().FromPlacement(
        place, cells, set ^ (1u << from) ^ (1u << to), to);
    cells[slot] = static_cast<uint8_t>(to);
    return index;
  }
  // Entry i of `values`; kWhole says at compile time that every group's
  // entries were read whole (no page's flag to look at).
  template <bool kWhole>
  static uint8_t Entry(const PdbValues& values, uint64_t i) {
    if constexpr (kWhole) {
      return values.Whole(i);
    } else {
      return values[i];
    }
  }
  uint64_t Index(int g, int blank) const {
    return search_.groups_[g].indexer.IndexOf(cells_[g], blank);
  }
  uint64_t MirrorIndex(int g, int blank) const {
    return search_.groups_[g].indexer.IndexOf(mirror_cells_[g],
                                              search_.mirror_cell_[blank]);
  }

  // A child of the state Dfs is at, with what it changes: the tile moved
  // and its group's (and its reflection's group's) md, placement index,
  // entry's index and value, the sums, f and the automaton's state.
  struct Child {
    Move m;
    int to;
    uint8_t tile;
    int g, mg;
    int new_md, new_value, new_sum, new_mirror_md, new_mirror, new_mirror_sum,
        f;
    int32_t fsm;
    uint64_t place, mirror_place, index, mirror_index;
    const PdbValues *values, *mirror_values;  // the two groups' entries
  };

  // A child of the state: the blank moves from `from` to `to` (move m,
  // the automaton then in `fsm`). Its group's placement index follows
  // from the parent's by the one tile moved (PatternIndexer::Moved), its
  // entry is asked of the caches; the state itself stays as it is.
  // Inline even when it is long (by blank region): it is the inside of
  // Dfs's first loop, and a call costs a tenth of it.
  template <bool kByRegion>
  [[gnu::always_inline]] void MakeChild(Move m, int from, int to, int32_t fsm,
                                        Child* child) {
    Child& k = *child;
    k.fsm = fsm;
    k.m = m;
    k.to = to;
    k.tile = state_.tile[to];
    k.g = search_.group_of_[k.tile];
    const int slot = search_.slot_of_[k.tile];
    const Group& group = search_.groups_[k.g];
    k.values = &group.values;
    const uint32_t set = set_[k.g];
    k.place = place_[k.g] +
              group.indexer.placement().Moved(set, slot, to, from, [&](int c) {
                return search_.slot_of_[state_.tile[c]];
              });
    k.new_md = md_[k.g] + search_.home_md_[k.tile][from] -
               search_.home_md_[k.tile][to];
    // The entry by placement first: with the blank in the set's region 0
    // (most often) it is the entry, asked for before the region is known.
    k.values->Prefetch(k.place);
    k.index = k.place;
    if constexpr (kByRegion) {
      k.index = RegionIndex(group, k.place, cells_[k.g], slot, set, from, to);
      if (k.index != k.place) k.values->Prefetch(k.index);
    }
  }

  // The reflection's side of a child: its indexes, its entry asked for
  // (by placement for every child, by blank region for those the sum
  // keeps: Dfs).
  template <bool kByRegion>
  [[gnu::always_inline]] void MakeMirror(int from, Child* child) {
    Child& k = *child;
    const int to = k.to;
    k.mg = search_.mirror_group_of_[k.tile];
    if (search_.reflects_) {
      const int mslot = search_.mirror_slot_of_[k.tile];
      const int mfrom = search_.mirror_cell_[from],
                mto = search_.mirror_cell_[to];
      const Group& mirror_group = search_.groups_[k.mg];
      k.mirror_values = &mirror_group.values;
      const uint32_t mirror_set = mirror_set_[k.mg];
      k.mirror_place =
          mirror_place_[k.mg] +
          mirror_group.indexer.placement().Moved(
              mirror_set, mslot, mto, mfrom, [&](int mc) {
                return search_
                    .mirror_slot_of_[state_.tile[search_.mirror_cell_[mc]]];
              });
      k.mirror_values->Prefetch(k.mirror_place);
      k.new_mirror_md = mirror_md_[k.mg] +
                        search_.mirror_home_md_[k.tile][from] -
                        search_.mirror_home_md_[k.tile][k.to];
      k.mirror_index = k.mirror_place;
      if constexpr (kByRegion) {
        k.mirror_index =
            RegionIndex(mirror_group, k.mirror_place, mirror_cells_[k.mg],
                        mslot, mirror_set, mfrom, mto);
        if (k.mirror_index != k.mirror_place) {
          k.mirror_values->Prefetch(k.mirror_index);
        }
      }
    }
  }

  // Searches on from depth `depth` (the state reached by `depth` moves, the
  // last `prev`, -1 for none) for the goal within `bound` moves. By
  // placement every child's entry and its reflection's are asked for
  // together, one wait on memory for both, though the first drops some
  // children whose reflection was asked for (4x4 0.91x the time of asking
  // for the reflection after; 5x5 the same: BENCHMARKS.md, the
  // fifty-third session). By blank region, where an index costs more,
  // the reflection's only for the children the first keeps (the tenth
  // session measured the other way slower on 5x5). Kept whole as the hot
  // loop of the search.
  template <bool kByRegion, bool kWhole>
  bool Dfs(int depth, int prev, int32_t fsm, int sum, int mirror_sum,
           int bound) {
    const bool reflects = search_.reflects_;
    Child kids[4];
    int count = 0;
    const int from = state_.blank;
    for (Move caller : kAllMoves) {
      const Move m = Caller(caller);
      const int mi = static_cast<int>(m);
      if (mi == (prev ^ 1)) continue;
      const int to = board_.Neighbor(from, m);
      if (to < 0) continue;
      const int32_t next_fsm = search_.fsm_->Next(fsm, caller);
      if (next_fsm == MoveFsm::kSkip) continue;
      MakeChild<kByRegion>(m, from, to, next_fsm, &kids[count]);
      if constexpr (!kByRegion) MakeMirror<kByRegion>(from, &kids[count]);
      ++count;
    }
    // The children the sum alone prunes; the automaton's rows of the
    // others asked for (by blank region, their reflection's entries too).
    // The children stay where they are; live[] and open[] list them.
    uint8_t live[4], open[4];
    int live_count = 0;
    for (int i = 0; i < count; ++i) {
      Child& k = kids[i];
      ++nodes_;
      if (PastLimits()) return true;
      k.new_value = k.new_md + Entry<kWhole>(*k.values, k.index);
      k.new_sum = sum - value_[k.g] + k.new_value;
      const int f = depth + 1 + k.new_sum;
      if (f > bound) {
        if (f < next_bound_) next_bound_ = f;
        continue;
      }
      live[live_count++] = static_cast<uint8_t>(i);
      search_.fsm_->Prefetch(k.fsm);
      if constexpr (kByRegion) MakeMirror<kByRegion>(from, &k);
    }
    // The children within the bound, the smallest heuristic first (in the
    // last iteration the goal tends to come sooner; ties keep move order).
    int open_count = 0;
    for (int i = 0; i < live_count; ++i) {
      Child& k = kids[live[i]];
      k.new_mirror = 0;
      k.new_mirror_sum = mirror_sum;
      if (reflects) {
        k.new_mirror =
            k.new_mirror_md + Entry<kWhole>(*k.mirror_values, k.mirror_index);
        k.new_mirror_sum = mirror_sum - mirror_value_[k.mg] + k.new_mirror;
      }
      k.f = depth + 1 + std::max(k.new_sum, k.new_mirror_sum);
      if (k.f > bound) {
        if (k.f < next_bound_) next_bound_ = k.f;
        continue;
      }
      int j = open_count++;
      for (; j > 0 && kids[open[j - 1]].f > k.f; --j) open[j] = open[j - 1];
      open[j] = live[i];
    }
    for (int i = 0; i < open_count; ++i) {
      const Child& k = kids[open[i]];
      const int old_mirror = reflects ? mirror_value_[k.mg] : 0;
      Slide(k.tile, k.g, k.mg, k.to, from);
      moves_[depth] = k.m;
      tiles_[depth] = k.tile;
      if (k.new_sum == 0) {  // every tile home: the goal
        length_ = depth + 1;
        return true;
      }
      const int old_value = value_[k.g], old_md = md_[k.g];
      const uint64_t old_place = place_[k.g];
      value_[k.g] = k.new_value;
      md_[k.g] = k.new_md;
      place_[k.g] = k.place;
      int old_mirror_md = 0;
      uint64_t old_mirror_place = 0;
      if (reflects) {
        old_mirror_md = mirror_md_[k.mg];
        old_mirror_place = mirror_place_[k.mg];
        mirror_value_[k.mg] = k.new_mirror;
        mirror_md_[k.mg] = k.new_mirror_md;
        mirror_place_[k.mg] = k.mirror_place;
      }
      if (Dfs<kByRegion, kWhole>(depth + 1, static_cast<int>(k.m), k.fsm,
                                 k.new_sum, k.new_mirror_sum, bound)) {
        return true;
      }
      value_[k.g] = old_value;
      md_[k.g] = old_md;
      place_[k.g] = old_place;
      if (reflects) {
        mirror_value_[k.mg] = old_mirror;
        mirror_md_[k.mg] = old_mirror_md;
        mirror_place_[k.mg] = old_mirror_place;
      }
      Slide(k.tile, k.g, k.mg, from, k.to);
    }
    return false;
  }

  const PdbSearch& search_;
  const Board& board_;
  // At the root, the move taken "before" it: its inverse is not taken.
  const int root_prev_;
  const MoveOrder order_;  // the caller's (Caller)
  State state_;
  // cells_[g][i]: the cell of group g's i-th tile; mirror_cells_[g][i]:
  // the reflection of the cell of group g's i-th mirror tile.
  uint8_t cells_[kMaxCells][kMaxPatternTiles] = {};
  uint8_t mirror_cells_[kMaxCells][kMaxPatternTiles] = {};
  // The masks of those cells, and their placements' indexes
  // (PatternIndexer's).
  uint32_t set_[kMaxCells] = {};
  uint32_t mirror_set_[kMaxCells] = {};
  uint64_t place_[kMaxCells] = {};
  uint64_t mirror_place_[kMaxCells] = {};
  int value_[kMaxCells] = {};
  int mirror_value_[kMaxCells] = {};
  int md_[kMaxCells] = {};  // each group's md (0 for a byte-stored group)
  int mirror_md_[kMaxCells] = {};
  int sum_ = 0;
  int mirror_sum_ = 0;
  int32_t fsm_state_ = MoveFsm::kStart;  // after the moves pushed
  int length_ = 0;
  Move moves_[kMaxDepth + 1];
  uint8_t tiles_[kMaxDepth + 1];
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_IDA_RUN_H_
