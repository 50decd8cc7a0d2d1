#include "bench/puzzle.h"

#include <algorithm>
#include <random>

namespace slidedb::bench {

const int8_t kNeighbors[kCells][4] = {
    {1, 3, -1, -1}, {0, 2, 4, -1}, {1, 5, -1, -1},
    {0, 4, 6, -1},  {1, 3, 5, 7},  {2, 4, 8, -1},
    {3, 7, -1, -1}, {4, 6, 8, -1}, {5, 7, -1, -1},
};

std::vector<Tiles> RandomInstances(int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Tiles> out;
  out.reserve(count);
  while (static_cast<int>(out.size()) < count) {
    Tiles t = {1, 2, 3, 4, 5, 6, 7, 8, 0};
    std::shuffle(t.begin(), t.end(), rng);
    // On a board of odd width the goal (0 inversions) is reached exactly
    // from the arrangements with an even number of inversions.
    int inversions = 0;
    for (int i = 0; i < kCells; ++i) {
      for (int j = i + 1; j < kCells; ++j) {
        inversions += t[i] != 0 && t[j] != 0 && t[i] > t[j];
      }
    }
    if (inversions % 2 == 0) out.push_back(t);
  }
  return out;
}

std::string ToText(const Tiles& t) {
  std::string s(kCells, '0');
  for (int c = 0; c < kCells; ++c) s[c] = static_cast<char>('0' + t[c]);
  return s;
}

State ToState(const Tiles& t) {
  State s;
  for (int c = 0; c < kCells; ++c) s.tile[c] = t[c];
  s.blank = static_cast<uint8_t>(BlankOf(t));
  return s;
}

int BlankOf(const Tiles& t) {
  for (int c = 0; c < kCells; ++c) {
    if (t[c] == 0) return c;
  }
  return -1;
}

uint32_t PermutationRank(const Tiles& t) {
  static constexpr uint32_t kFactorial[kCells] = {40320, 5040, 720, 120, 24,
                                                  6,     2,    1,   1};
  unsigned unused = (1u << kCells) - 1;
  uint32_t rank = 0;
  for (int c = 0; c < kCells; ++c) {
    const unsigned bit = 1u << t[c];
    rank += static_cast<uint32_t>(__builtin_popcount(unused & (bit - 1))) *
            kFactorial[c];
    unused &= ~bit;
  }
  return rank;
}

}  // namespace slidedb::bench
