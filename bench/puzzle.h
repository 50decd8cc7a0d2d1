// The 3x3 puzzle as the benchmark sees it: seeded random solvable
// instances, and a small state representation for the baseline solvers,
// independent of the library's own (lib/puzzle/state.h, lib/puzzle/index.h).
#ifndef SLIDEDB_BENCH_PUZZLE_H_
#define SLIDEDB_BENCH_PUZZLE_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "lib/puzzle/state.h"

namespace slidedb::bench {

inline constexpr int kSide = 3;
inline constexpr int kCells = 9;
// 9! arrangements of tiles and blank.
inline constexpr uint32_t kPermutations = 362880;

// tile[cell], 0 the blank. The goal is 123456780.
using Tiles = std::array<uint8_t, kCells>;

// `count` arrangements that reach 123456780, drawn uniformly with
// std::mt19937_64 seeded with `seed`: the same for every run and method.
std::vector<Tiles> RandomInstances(int count, uint64_t seed);

// "867254301".
std::string ToText(const Tiles& t);
// The library's state: the goal 123456780 is the canonical goal of table
// 3x3/b8, so the labels are the same.
State ToState(const Tiles& t);

// The cell of the blank.
int BlankOf(const Tiles& t);

// The rank of the arrangement among all 9! (Lehmer code): a perfect hash
// for the baselines' visited sets.
uint32_t PermutationRank(const Tiles& t);

// The cells next to each cell, -1 padded: kNeighbors[cell][k].
extern const int8_t kNeighbors[kCells][4];

}  // namespace slidedb::bench

#endif  // SLIDEDB_BENCH_PUZZLE_H_
