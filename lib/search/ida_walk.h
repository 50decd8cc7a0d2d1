// IdaWalk: one depth-first search (a metric's Run, lib/search/ida_driver.h)
// taken from subtree to subtree of an iteration in their order, as the
// split lists them level by level and each thread searches them. To(t)
// leaves it at t's root by taking back the moves past those t shares with
// the root it is at and making the rest, where a new Run would be made from
// the start and every move of t made again: a move ranks its tile's groups
// anew, and the start all of them. Subtrees in order share most of their
// moves, so the split of an iteration costs a move or two a subtree rather
// than its depth. A metric whose Run keeps no Undo (Push(step, &undo),
// Pop(undo)) gets a new Run for each subtree. Included by ida_driver.h.
#ifndef SLIDEDB_LIB_SEARCH_IDA_WALK_H_
#define SLIDEDB_LIB_SEARCH_IDA_WALK_H_

#include <optional>
#include <vector>

#include "lib/puzzle/state.h"

namespace slidedb {

struct IdaShared;
template <class Step>
struct IdaSubtree;

// What a Run's move changes, for taking it back (char for a Run without).
template <class Run>
struct IdaUndoOf {
  using type = char;
};
template <class Run>
requires requires { typename Run::Undo; }
struct IdaUndoOf<Run> {
  using type = typename Run::Undo;
};

template <class Run, class Owner>
class IdaWalk {
 public:
  using Step = typename Run::Step;
  using Undo = typename IdaUndoOf<Run>::type;
  static constexpr bool kTakesBack = requires(Run & r, Step s, Undo u) {
    r.Push(s, &u);
    r.Pop(u);
  };

  IdaWalk(const Owner& owner, const State& start, IdaShared* shared)
      : owner_(owner), start_(start), shared_(shared) {}

  // The run at the root of subtree t, its counters those of a new run.
  Run& To(const IdaSubtree<Step>& t) {
    if constexpr (kTakesBack) {
      if (run_.has_value()) {
        size_t common = 0;
        while (common < made_.size() && common < t.length &&
               made_[common].step == t.moves[common]) {
          ++common;
        }
        while (made_.size() > common) {
          run_->Pop(made_.back().undo);
          made_.pop_back();
        }
        run_->Restart();
      } else {
        run_.emplace(owner_, start_, shared_);
      }
      for (size_t k = made_.size(); k < t.length; ++k) {
        made_.push_back({t.moves[k], {}});
        run_->Push(t.moves[k], &made_.back().undo);
      }
    } else {
      run_.emplace(owner_, start_, shared_);
      for (int k = 0; k < t.length; ++k) run_->Push(t.moves[k]);
    }
    return *run_;
  }
  // The run's search did not come back to the subtree's root (it found
  // the goal, or stopped): the next To starts a new run.
  void Lost() {
    run_.reset();
    made_.clear();
  }

 private:
  const Owner& owner_;
  const State& start_;
  IdaShared* const shared_;
  std::optional<Run> run_;
  // The moves made from the start (as deep as a subtree's root), and what
  // each changed.
  struct Made {
    Step step;
    Undo undo;
  };
  std::vector<Made> made_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_IDA_WALK_H_
