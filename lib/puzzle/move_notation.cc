#include "lib/puzzle/move_notation.h"

#include <string>

#include "lib/base/ascii.h"

namespace slidedb {

namespace {

// The blank's step that letter `m` means in convention `c`.
Move BlankStep(Move m, MoveConvention c) {
  return c == MoveConvention::kTile ? Inverse(m) : m;
}

}  // namespace

const char* MoveConventionName(MoveConvention c) {
  return c == MoveConvention::kTile ? "tile" : "blank";
}

bool ParseMoveConvention(std::string_view name, MoveConvention* c) {
  // In any case, as the metric's name.
  const std::string lower = AsciiLower(name);
  if (lower == "blank") {
    *c = MoveConvention::kBlank;
  } else if (lower == "tile") {
    *c = MoveConvention::kTile;
  } else {
    return false;
  }
  return true;
}

Status ParseMoves(std::string_view text, MoveConvention c,
                  std::vector<Move>* out) {
  out->clear();
  for (size_t i = 0; i < text.size();) {
    const char ch = text[i];
    if (ch == ' ' || ch == ',' || ch == '\t' || ch == '\n' || ch == '\r') {
      ++i;
      continue;
    }
    Move m;
    if (!ParseMoveLetter(ch, &m)) {
      return Status::InvalidArgument(
          "character " + std::to_string(i + 1) + " ('" +
          ShownInput(std::string_view(&ch, 1)) +
          "') is not a move: expected U, D, L or R, each optionally "
          "followed by a count");
    }
    const size_t letter = i++;
    int count = 0;
    bool counted = false;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      count = count * 10 + (text[i] - '0');
      counted = true;
      if (count > 999) break;
      ++i;
    }
    if (counted && (count < 1 || count > 999)) {
      return Status::InvalidArgument(
          "the count after character " + std::to_string(letter + 1) + " ('" +
          std::string(1, ch) + "') must be 1 to 999");
    }
    out->insert(out->end(), counted ? count : 1, BlankStep(m, c));
  }
  return Status::OK();
}

std::string FormatMoves(const std::vector<Move>& moves, MoveConvention c,
                        bool runs) {
  std::string s;
  for (size_t i = 0; i < moves.size();) {
    size_t j = i + 1;
    if (runs) {
      while (j < moves.size() && moves[j] == moves[i]) ++j;
    }
    // The letter of the blank's step in `c`: the same map both ways.
    const char letter = MoveLetter(BlankStep(moves[i], c));
    if (runs && !s.empty()) s += ' ';
    s += letter;
    if (j - i > 1) s += std::to_string(j - i);
    i = j;
  }
  return s;
}

}  // namespace slidedb
