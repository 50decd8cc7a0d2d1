// The compact path of Answerer::Answer: the question as most people and
// programs ask it ("867254301": one printable character per cell, a solved
// answer) answered without building the strings of an Arrangement and a
// Problem. Tiles are bytes, sets of tiles are bit sets, and the numbering
// of the default goal is a rank in the start's own set of bytes. Anything
// else (separators, rows, long labels, unsolvable starts, --steps, the
// extras) returns false and goes the general way, which also writes every
// error. tests/answerer_test.cc compares the two paths' bytes.
#include <charconv>
#include <cstring>
#include <string_view>

#include "lib/puzzle/parity.h"
#include "lib/puzzle/state.h"
#include "lib/answer/answerer.h"

namespace slidedb {

namespace {

// A label byte that the compact path takes: printable ASCII that separates
// nothing (no space, comma or '/') and that JSON writes as itself (no '"'
// or '\').
bool PlainByte(char c) {
  const unsigned char b = static_cast<unsigned char>(c);
  return b >= 0x21 && b <= 0x7e && c != ',' && c != '/' && c != '"' &&
         c != '\'' && c != '\\';
}

// One label of one plain byte.
bool PlainLabel(const std::string& l) { return l.size() == 1 && PlainByte(l[0]); }

// The number of bytes of `set` below byte b.
int Below(const uint64_t set[4], unsigned char b) {
  int n = 0;
  for (int w = 0; w < (b >> 6); ++w) n += __builtin_popcountll(set[w]);
  return n + __builtin_popcountll(set[b >> 6] & ((uint64_t{1} << (b & 63)) - 1));
}

// Whether the n - 1 tiles of `tiles` are all digits, numbered as a typo
// the general way refuses (NumbersMissOne): "123405796" for 123405786.
bool DigitsWithATypo(const uint64_t tiles[4], int n) {
  const uint64_t digits = (tiles[0] >> '0') & 0x3FF;
  return __builtin_popcountll(digits) == n - 1 && NumbersMissOne(digits);
}

// The set of tile bytes of `input` (n bytes, each plain) and the cell of its
// one blank (`blank_label`, or 0 for any of 0 _ . -); false when a byte is
// not plain, there is no blank or two, or a tile comes twice: the general
// way then reads the input and words the error.
bool ReadTiles(std::string_view input, char blank_label, uint64_t tiles[4],
               int* blank_cell) {
  int blank = -1;
  for (size_t c = 0; c < input.size(); ++c) {
    const char ch = input[c];
    if (!PlainByte(ch)) return false;
    const bool is_blank =
        blank_label != 0 ? ch == blank_label
                         : ch == '0' || ch == '_' || ch == '.' || ch == '-';
    if (is_blank) {
      if (blank >= 0) return false;
      blank = static_cast<int>(c);
      continue;
    }
    const unsigned char b = static_cast<unsigned char>(ch);
    const uint64_t bit = uint64_t{1} << (b & 63);
    if ((tiles[b >> 6] & bit) != 0) return false;  // a tile twice
    tiles[b >> 6] |= bit;
  }
  *blank_cell = blank;
  return blank >= 0;
}

// What a compact answer writes: the start and the goal as written, the
// path found, and the letters of moves and the labels of tiles.
struct CompactAnswer {
  std::string_view start, goal;
  const Path* path;
  const char* letter;  // by Move
  const char* label;   // by table number
  std::string_view note;  // Answerer::NotOptimalNote
};

// Writes `text` at *w, moving *w past it.
void Put(char** w, std::string_view text) {
  std::memcpy(*w, text.data(), text.size());
  *w += text.size();
}

void PutDistance(char** w, const CompactAnswer& a) {
  *w = std::to_chars(*w, *w + 8, a.path->distance()).ptr;
}

void PutMoves(char** w, const CompactAnswer& a) {
  for (Move m : a.path->moves) *(*w)++ = a.letter[static_cast<int>(m)];
}

// The answer as WriteJson writes it, after `head`, up to its nodes.
char* PutJson(char* w, std::string_view head, const CompactAnswer& a) {
  Put(&w, head);
  *w++ = '"';
  Put(&w, a.start);
  Put(&w, "\",\"goal\":\"");
  Put(&w, a.goal);
  Put(&w, "\",\"solvable\":true,\"distance\":");
  PutDistance(&w, a);
  Put(&w, ",\"metric\":\"stm\",\"moves\":\"");
  PutMoves(&w, a);
  Put(&w, "\",\"notation\":\"blank\",\"tiles\":[");
  const int d = a.path->distance();
  for (int k = 0; k < d; ++k) {
    if (k > 0) *w++ = ',';
    const char l = a.label[a.path->tiles[k]];
    if (l >= '0' && l <= '9') {
      *w++ = l;
    } else {
      *w++ = '"';
      *w++ = l;
      *w++ = '"';
    }
  }
  *w++ = ']';
  return w;
}

// The answer as WriteText writes it.
char* PutText(char* w, const CompactAnswer& a) {
  const int d = a.path->distance();
  Put(&w, a.start);
  Put(&w, " -> ");
  Put(&w, a.goal);
  Put(&w, ": ");
  PutDistance(&w, a);
  Put(&w, d == 1 ? " move" : " moves");
  Put(&w, a.note);
  *w++ = '\n';
  if (d > 0) {
    Put(&w, "  moves: ");
    PutMoves(&w, a);
    Put(&w, "\n  tiles:");
    for (uint8_t t : a.path->tiles) {
      *w++ = ' ';
      *w++ = a.label[t];
    }
    *w++ = '\n';
  }
  return w;
}

}  // namespace

void Answerer::PlanCompact() {
  CompactPlan& plan = compact_;
  const int n = config_.board.cells();
  plan.usable = false;
  if (n > 9 || config_.steps || config_.extras.any() ||
      config_.metric != Metric::kStm ||
      config_.convention != MoveConvention::kBlank ||
      !PlainLabel(config_.blank_out) || config_.notation.blank.size() > 1 ||
      (config_.notation.blank.size() == 1 &&
       !PlainByte(config_.notation.blank[0]))) {
    return;
  }
  plan.blank = config_.notation.blank.empty() ? 0 : config_.notation.blank[0];
  plan.blank_out = config_.blank_out[0];
  for (Move m : kAllMoves) plan.letter[static_cast<int>(m)] = MoveLetter(m);
  int goal_blank = n - 1;
  if (config_.goal) {
    const Arrangement& g = *config_.goal;
    goal_blank = g.blank;
    std::string text;
    int t = 0;
    for (int c = 0; c < n; ++c) {
      if (c == g.blank) {
        text.push_back(plan.blank_out);
        continue;
      }
      if (!PlainLabel(g.labels[c])) return;
      const unsigned char b = static_cast<unsigned char>(g.labels[c][0]);
      plan.goal_tiles[b >> 6] |= uint64_t{1} << (b & 63);
      plan.goal_number[b] = static_cast<uint8_t>(++t);
      plan.goal_label[t] = g.labels[c][0];
      text.push_back(g.labels[c][0]);
    }
    plan.goal_text = text;
  }
  plan.goal_parity =
      ParityClass(config_.board, CanonicalGoal(config_.board, goal_blank));
  plan.usable = true;
  compact_on_ = true;
}

bool Answerer::AnswerCompact(std::string_view input, std::string* out,
                             Status* status) {
  const CompactPlan& plan = compact_;
  const Board& board = config_.board;
  const int n = board.cells();
  if (input.size() != static_cast<size_t>(n)) return false;
  uint64_t tiles[4] = {};
  int blank = -1;
  if (!ReadTiles(input, plan.blank, tiles, &blank)) return false;

  // The start in table labels, and the labels of the table's tiles.
  const bool own_goal = config_.goal.has_value();
  char label[16];
  State& start = problem_.start;
  if (own_goal) {
    if (std::memcmp(tiles, plan.goal_tiles, sizeof tiles) != 0) return false;
    for (int c = 0; c < n; ++c) {
      start.tile[c] =
          c == blank ? 0
                     : plan.goal_number[static_cast<unsigned char>(input[c])];
    }
    std::memcpy(label, plan.goal_label, sizeof label);
  } else {
    if (DigitsWithATypo(tiles, n)) return false;
    // The default goal: the start's tiles in byte order (which is their
    // numeric order when all are digits), then the blank.
    for (int c = 0; c < n; ++c) {
      if (c == blank) {
        start.tile[c] = 0;
        continue;
      }
      const int t = Below(tiles, static_cast<unsigned char>(input[c])) + 1;
      start.tile[c] = static_cast<uint8_t>(t);
      label[t] = input[c];
    }
  }
  start.blank = static_cast<uint8_t>(blank);
  if (ParityClass(board, start) != plan.goal_parity) return false;
  problem_.board = board;
  problem_.goal_blank = own_goal ? config_.goal->blank : n - 1;
  problem_.solvable = true;
  // The limits as given unless a budget or more threads change them: a
  // table's walk needs no copy of them (InputLimits).
  *status = config_.max_seconds > 0 || search_threads_ > config_.limits.threads
                ? solver_->Solve(problem_, &path_, InputLimits())
                : solver_->Solve(problem_, &path_, config_.limits);
  if (!status->ok()) return true;

  // The start and the goal as written.
  char start_text[16], goal_text[16];
  std::memcpy(start_text, input.data(), n);
  start_text[blank] = plan.blank_out;
  std::string_view goal = plan.goal_text;
  if (!own_goal) {
    for (int t = 1; t < n; ++t) goal_text[t - 1] = label[t];
    goal_text[n - 1] = plan.blank_out;
    goal = std::string_view(goal_text, n);
  }
  const std::string note = NotOptimalNote(path_);
  const CompactAnswer answer{
      std::string_view(start_text, n), goal, &path_, plan.letter, label, note};
  // The answer, as WriteJson and WriteText write it, into room made at
  // the end of *out (its bound: the fixed words, two states, and at most
  // six bytes a move: the letter, a comma and a quoted tile).
  const int d = path_.distance();
  const size_t at = out->size();
  out->resize(at + json_head_.size() + 2 * n + 128 + note.size() + 6 * d);
  char* const begin = out->data() + at;
  char* const end = config_.json ? PutJson(begin, json_head_, answer)
                                 : PutText(begin, answer);
  out->resize(at + (end - begin));
  if (config_.json) {
    AppendSearchJson(path_, out);
    *out += "}\n";
  }
  ++compact_answers_;
  return true;
}

}  // namespace slidedb
