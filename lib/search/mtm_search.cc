#include "lib/search/mtm_search.h"

#include <algorithm>
#include <climits>
#include <vector>

#include "lib/search/ida_driver.h"

namespace slidedb {

namespace {

// Axes: 0 vertical, 1 sideways; -1 before the first move.
constexpr Move kMoveOf[2][2] = {{Move::kUp, Move::kDown},
                                {Move::kLeft, Move::kRight}};

// The bound of the header from the walking distances v (vertical) and h
// (sideways), knowing that the previous move was on `prev_axis`.
inline int Bound(int v, int h, int prev_axis) {
  int b = v + h;
  if (prev_axis == 0) {
    b = std::max(b, std::max(2 * v, 2 * h - 1));
  } else if (prev_axis == 1) {
    b = std::max(b, std::max(2 * h, 2 * v - 1));
  } else {
    b = std::max(b, 2 * std::max(v, h) - 1);
  }
  return b;
}

}  // namespace

// One MTM move: the direction the blank goes and how many cells. Outside
// the anonymous namespace, as MtmSearch::Run (which has external linkage)
// holds them.
struct MtmMove {
  Move move = Move::kUp;
  uint8_t cells = 0;
  friend bool operator==(const MtmMove&, const MtmMove&) = default;
};

// The multi-tile metric's name in messages.
inline constexpr char kMultiTileName[] = "MTM ";

// One depth-first search: the state it is at, its two table states, and
// the moves made so far; the metric the IDA* driver
// (lib/search/ida_driver.h) takes. Its depth limit is far beyond the MTM
// diameter of any board of up to 25 cells; its Collect is Search, stopped
// `split` moves deep.
class MtmSearch::Run : public IdaRun<MtmMove, std::vector<MtmMove>,
                                     /*kDepth=*/200, kMultiTileName> {
 public:
  // A run whose root takes no move on the axis rooted.root (-1: any).
  Run(const IdaRooted<MtmSearch>& rooted, const State& start, IdaShared* shared)
      : IdaRun(shared),
        root_axis_(rooted.root),
        board_(rooted.search.board_),
        fsm_(*rooted.search.fsm_),
        rows_(rooted.search.rows_.get()),
        columns_(rooted.search.columns_.get()),
        ordered_rows_(rooted.search.ordered_rows_.get()),
        ordered_columns_(rooted.search.ordered_columns_.get()),
        state_(start),
        v_(rows_ != nullptr ? rows_->IdOf(start) : 0),
        h_(columns_ != nullptr ? columns_->IdOf(start) : 0) {}

  int v() const {
    return ordered_rows_ != nullptr ? ordered_rows_->Distance(state_)
                                    : rows_->Distance(v_);
  }
  int h() const {
    return ordered_columns_ != nullptr ? ordered_columns_->Distance(state_)
                                       : columns_->Distance(h_);
  }
  // The last move's axis; at the root, the axis its moves skip (-1: none).
  int prev_axis() const {
    return length_ == 0 ? root_axis_
                        : static_cast<int>(moves_[length_ - 1].move) / 2;
  }
  void TakeAnswer(std::vector<MtmMove>* moves) const {
    moves->assign(moves_, moves_ + length_);
  }

  // Makes `m` (legal) the next move of the path.
  void Push(MtmMove m) {
    const int axis = static_cast<int>(m.move) / 2;
    const WalkingDistance* wd = axis == 0 ? rows_ : columns_;
    WalkingDistance::Id* w = axis == 0 ? &v_ : &h_;
    for (int i = 0; i < m.cells; ++i) {
      const int to = board_.Neighbor(state_.blank, m.move);
      const uint8_t tile = state_.tile[to];
      state_.tile[state_.blank] = tile;
      state_.tile[to] = 0;
      state_.blank = static_cast<uint8_t>(to);
      if (wd != nullptr) {
        *w = wd->Step(*w, (static_cast<int>(m.move) & 1) != 0,
                      wd->GoalLineOf(tile));
      }
    }
    moves_[length_++] = m;
    fsm_state_ = fsm_.Next(fsm_state_, fsm_.Symbol(m.move, m.cells));
  }

  // What a move changes, for Pop to put back: the IDA* driver walks one
  // run from subtree to subtree (lib/search/ida_walk.h).
  struct Undo {
    State state;
    WalkingDistance::Id v, h;
    int length;
    int32_t fsm;
  };
  // Push(m), which Pop(undo) takes back.
  void Push(MtmMove m, Undo* undo) {
    *undo = {state_, v_, h_, length_, fsm_state_};
    Push(m);
  }
  void Pop(const Undo& u) {
    state_ = u.state;
    v_ = u.v;
    h_ = u.h;
    length_ = u.length;
    fsm_state_ = u.fsm;
  }

  // Searches below the path pushed so far for the goal within `bound`
  // moves; true if found (or stopped, or abandoned).
  bool Search(int bound) {
    return Dfs<false>(length_, prev_axis(), PrevAxisValue(), fsm_state_, bound,
                      0, nullptr);
  }

  // Appends, in the order Search visits them, the subtrees rooted `split`
  // moves deep within `bound`, and stops at the first goal found on the
  // way (a subtree with `goal`); true then.
  bool Collect(int bound, int split, std::vector<IdaSubtree<MtmMove>>* out) {
    return Dfs<true>(length_, prev_axis(), PrevAxisValue(), fsm_state_, bound,
                     split, out);
  }

 private:
  using Subtree = IdaSubtree<MtmMove>;

  void AddSubtree(int length, bool goal, std::vector<Subtree>* out) const {
    out->emplace_back();
    out->back().length = static_cast<uint8_t>(length);
    out->back().goal = goal;
    std::copy(moves_, moves_ + length, out->back().moves);
  }

  // The distance of the table of the last move's axis (-1 before any).
  int PrevAxisValue() const {
    const int axis = prev_axis();
    return axis < 0 ? -1 : axis == 0 ? v() : h();
  }

  // at[dir][k]: where the ordered table's entry is for the blank moved
  // k + 1 cells along `axis` in direction `dir` (a line of an ordered
  // table's board has at most kLine cells), fetched; state_ is left as it
  // was.
  static constexpr int kLine = OrderedWalkingDistance::kMaxLines;
  void FetchLine(const OrderedWalkingDistance& ordered, int axis,
                 uint64_t at[2][kLine]) {
    const int from = state_.blank;
    for (int dir = 0; dir < 2; ++dir) {
      const Move m = kMoveOf[axis][dir];
      int cells = 0;
      while (ApplyMove(board_, m, &state_)) {
        at[dir][cells++] = ordered.Fetch(state_);
      }
      while (state_.blank != from) ApplyMove(board_, Inverse(m), &state_);
    }
  }

  // `prev_value`: PrevAxisValue(), known to the caller. Children turn, so
  // it is the value of the table they leave alone.
  template <bool kCollect>
  bool Dfs(int depth, int prev_axis, int prev_value, int32_t fsm_state,
           int bound, int split, std::vector<Subtree>* out) {
    if (kCollect && depth == split) {
      AddSubtree(depth, false, out);
      return false;
    }
    for (int axis = 0; axis < 2; ++axis) {
      if (axis == prev_axis) continue;
      const WalkingDistance* wd = axis == 0 ? rows_ : columns_;
      WalkingDistance::Id* w = axis == 0 ? &v_ : &h_;
      const OrderedWalkingDistance* ordered =
          axis == 0 ? ordered_rows_ : ordered_columns_;
      const int other = prev_axis >= 0 ? prev_value : axis == 0 ? h() : v();
      // The ordered table's entries of this axis' children, asked of the
      // memory together: each is a read far in a large table.
      uint64_t at[2][kLine];
      if (ordered != nullptr) FetchLine(*ordered, axis, at);
      for (int dir = 0; dir < 2; ++dir) {
        const Move m = kMoveOf[axis][dir];
        const WalkingDistance::Id saved = *w;
        int cells = 0;
        for (int to = board_.Neighbor(state_.blank, m); to >= 0;
             to = board_.Neighbor(state_.blank, m)) {
          const uint8_t tile = state_.tile[to];
          state_.tile[state_.blank] = tile;
          state_.tile[to] = 0;
          state_.blank = static_cast<uint8_t>(to);
          // The plain table's place, which the ordered tables do not need.
          if (ordered == nullptr) {
            *w = wd->Step(*w, dir == 1, wd->GoalLineOf(tile));
          }
          ++cells;
          const int32_t next_fsm = fsm_.Next(fsm_state, fsm_.Symbol(m, cells));
          if (next_fsm == MtmMoveFsm::kSkip) continue;
          ++nodes_;
          if (!kCollect && PastLimits()) return true;
          const int d = ordered != nullptr
                            ? ordered->DistanceAt(at[dir][cells - 1])
                            : wd->Distance(*w);
          const int f =
              depth + 1 +
              (axis == 0 ? Bound(d, other, axis) : Bound(other, d, axis));
          if (f > bound) {
            next_bound_ = std::min(next_bound_, f);
            continue;
          }
          moves_[depth] = {m, static_cast<uint8_t>(cells)};
          if (d + other == 0) {  // both tables at the goal's: the goal
            length_ = depth + 1;
            if (kCollect) AddSubtree(length_, true, out);
            return true;
          }
          if (Dfs<kCollect>(depth + 1, axis, d, next_fsm, bound, split, out)) {
            return true;
          }
        }
        // Back the way it came.
        const Move back = Inverse(m);
        for (int i = 0; i < cells; ++i) {
          const int to = board_.Neighbor(state_.blank, back);
          state_.tile[state_.blank] = state_.tile[to];
          state_.tile[to] = 0;
          state_.blank = static_cast<uint8_t>(to);
        }
        *w = saved;
      }
    }
    return false;
  }

  const int root_axis_;
  const Board& board_;
  const MtmMoveFsm& fsm_;
  const WalkingDistance* rows_;  // or none: the ordered ones
  const WalkingDistance* columns_;
  const OrderedWalkingDistance* ordered_rows_;  // or none: the plain ones
  const OrderedWalkingDistance* ordered_columns_;
  State state_;
  WalkingDistance::Id v_, h_;
  MtmMove moves_[kMaxDepth + 1];
  int length_ = 0;
  int32_t fsm_state_ = MtmMoveFsm::kStart;  // after moves_
};

MtmSearch::MtmSearch(const Board& board, int goal_blank, MtmHeuristic heuristic)
    : MtmSearch(board, goal_blank, heuristic, SearchLimits()) {}

MtmSearch::MtmSearch(const Board& board, int goal_blank, MtmHeuristic heuristic,
                     const SearchLimits& limits)
    : board_(board), goal_blank_(goal_blank), heuristic_(heuristic) {
  if (heuristic == MtmHeuristic::kWalkingDistance) {
    rows_ = std::make_unique<WalkingDistance>(board, goal_blank,
                                              /*columns=*/false, limits);
    columns_ = std::make_unique<WalkingDistance>(board, goal_blank,
                                                 /*columns=*/true, limits);
    if (!rows_->complete() || !columns_->complete()) {
      made_ = Status::DeadlineExceeded(
          "stopped at its limit while making the multi-tile "
          "walking-distance tables of " +
          board.Name());
      return;
    }
  }
  fsm_ = MtmMoveFsm::Shared(board, [&limits] { return PastLimits(limits); });
  if (fsm_ == nullptr) {
    made_ = Status::DeadlineExceeded(
        "stopped at its limit while making the multi-tile move automaton of " +
        board.Name());
    return;
  }
  if (heuristic == MtmHeuristic::kOrderedWalkingDistance) {
    made_ = OrderedWalkingDistance::Make(board, goal_blank, /*columns=*/false,
                                         limits, &ordered_rows_);
    if (made_.ok()) {
      made_ = OrderedWalkingDistance::Make(board, goal_blank,
                                           /*columns=*/true, limits,
                                           &ordered_columns_);
    }
  }
}

Status MtmSearch::Make(const Board& board, int goal_blank,
                       MtmHeuristic heuristic, const SearchLimits& limits,
                       std::shared_ptr<const MtmSearch>* out) {
  std::shared_ptr<MtmSearch> made(
      new MtmSearch(board, goal_blank, heuristic, limits));
  if (!made->made_.ok()) return made->made_;
  *out = std::move(made);
  return Status::OK();
}

int MtmSearch::Heuristic(const State& s) const {
  const Run run(*this, s, nullptr);
  return Bound(run.v(), run.h(), -1);
}

int MtmSearch::WalkingDistanceSum(const State& s) const {
  const Run run(*this, s, nullptr);
  return run.v() + run.h();
}

Status MtmSearch::Within(const State& start, int bound, bool* within,
                         const SearchLimits& limits, int off_axis) const {
  *within = false;
  const IdaRooted<MtmSearch> rooted(*this, off_axis);
  const Run root(rooted, start, nullptr);
  if (root.v() + root.h() == 0) {
    *within = bound >= 0;
    return Status::OK();
  }
  if (Bound(root.v(), root.h(), off_axis) > bound) return Status::OK();
  // A budget (answer_by) is a deadline: the answer is exact or none.
  SearchLimits bounded = limits;
  bounded.deadline = std::min(limits.deadline, limits.answer_by);
  IdaIteration<std::vector<MtmMove>> it;
  Status s = IdaIterate<Run>(rooted, start, bound, bounded, nullptr, &it);
  *within = it.found;
  return s;
}

Status MtmSearch::Solve(const State& start, Path* path, int* mtm_length,
                        const SearchLimits& limits) const {
  // The driver walks one run from subtree to subtree, as PdbSearch's.
  static_assert(IdaWalk<Run, MtmSearch>::kTakesBack);
  StartPath(path);
  *mtm_length = 0;
  const Run root(*this, start, nullptr);
  if (root.v() + root.h() == 0) return Status::OK();
  uint64_t nodes = 0;
  std::vector<MtmMove> moves;
  bool found = false;
  int proven;
  Status s = IdaDeepen<Run>(*this, start, Bound(root.v(), root.h(), -1), limits,
                            nullptr, INT_MAX, &proven, &nodes, &moves, &found);
  path->nodes = static_cast<int64_t>(nodes);
  if (!s.ok() || !found) return s;
  State at = start;
  for (const MtmMove& m : moves) {
    for (int i = 0; i < m.cells; ++i) {
      uint8_t tile = 0;
      ApplyMove(board_, m.move, &at, &tile);
      path->moves.push_back(m.move);
      path->tiles.push_back(tile);
    }
  }
  *mtm_length = static_cast<int>(moves.size());
  return Status::OK();
}

}  // namespace slidedb
