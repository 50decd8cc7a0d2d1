#include "lib/puzzle/notation.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>
#include <vector>

#include "lib/base/ascii.h"
#include "lib/puzzle/move_notation.h"

namespace slidedb {

namespace {

// A list pasted whole ("[1,2,...,0]"): what to say of its first label that
// holds a bracket, else "".
std::string BracketSaid(const std::vector<std::string>& labels) {
  for (const std::string& label : labels) {
    if (label.find_first_of("[](){}") != std::string::npos) {
      return "tile '" + label +
             "' holds a bracket: write the state without brackets, such as "
             "1,2,3,4,5,6,7,8,0";
    }
  }
  return "";
}

// Splits one piece of text (a row, or the whole state) into labels.
Status Tokenize(std::string_view text, std::vector<std::string>* out) {
  const bool spaced = std::any_of(text.begin(), text.end(), IsLabelSeparator);
  if (!spaced) {
    out->reserve(out->size() + text.size());
    for (char c : text) {
      if (static_cast<unsigned char>(c) < 0x21 ||
          static_cast<unsigned char>(c) > 0x7e) {
        return Status::InvalidArgument(
            "unexpected character in a state (use plain ASCII labels)");
      }
      out->emplace_back(1, c);
    }
    return Status::OK();
  }
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && IsLabelSeparator(text[i])) ++i;
    size_t j = i;
    while (j < text.size() && !IsLabelSeparator(text[j])) {
      const unsigned char c = static_cast<unsigned char>(text[j]);
      if (c < 0x20 || c == 0x7f) {
        return Status::InvalidArgument("control character in a state");
      }
      ++j;
    }
    if (j > i) out->emplace_back(text.substr(i, j - i));
    i = j;
  }
  return Status::OK();
}

bool IsInteger(const std::string& s, long* value) {
  const char* end = s.data() + s.size();
  auto r = std::from_chars(s.data(), end, *value);
  return r.ec == std::errc() && r.ptr == end;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsLabelSeparator(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsLabelSeparator(s.back())) s.remove_suffix(1);
  return s;
}

// Whether `words` are the rows of one character a cell written between
// spaces ("123 456 780" on 3x3, as "123/456/780"): no commas, as many words
// as rows, each as long as a row. Words that are the cells themselves (as
// many as the cells) are never rows.
bool IsRowsBySpaces(std::string_view text, const std::vector<std::string>& words,
                    const Board& board) {
  if (text.find(',') != std::string_view::npos || board.rows() < 2 ||
      static_cast<int>(words.size()) != board.rows()) {
    return false;
  }
  return std::all_of(words.begin(), words.end(), [&](const std::string& w) {
    return static_cast<int>(w.size()) == board.cols();
  });
}

// The rows in `labels` split into their one-character cells.
Status SplitRows(std::vector<std::string>* labels) {
  std::vector<std::string> cells;
  for (const std::string& row : *labels) {
    Status s = Tokenize(row, &cells);
    if (!s.ok()) return s;
  }
  *labels = std::move(cells);
  return Status::OK();
}

// The state's text without its separators at the ends and without the
// quotes it was copied with ("1 2 3 4 5 6 7 8 0", as a shell or a page
// shows it); a quote anywhere else is refused, never taken for a tile's
// label, and so are an empty and a too long state.
Status Unquote(std::string_view* text) {
  std::string_view t = Trim(*text);
  if (t.size() >= 2 && (t.front() == '"' || t.front() == '\'') &&
      t.back() == t.front()) {
    t = Trim(t.substr(1, t.size() - 2));
  }
  if (t.find_first_of("\"'") != std::string_view::npos) {
    return Status::InvalidArgument(
        "quote characters are not tile labels: write the state without "
        "them, or quote the whole of it");
  }
  if (t.empty()) return Status::InvalidArgument("empty state");
  if (t.size() > kMaxStateLength) {
    return Status::InvalidArgument("a state of " + std::to_string(t.size()) +
                                   " characters is too long (at most " +
                                   std::to_string(kMaxStateLength) + ")");
  }
  *text = t;
  return Status::OK();
}

// The labels of a state written as rows between slashes ("123/456/780"),
// each row as long as the board is wide.
Status ReadSlashedRows(std::string_view text, const Board& board,
                       std::vector<std::string>* labels) {
  int row = 0;
  size_t start = 0;
  while (true) {
    const size_t slash = text.find('/', start);
    const std::string_view piece = Trim(text.substr(
        start, slash == std::string_view::npos ? slash : slash - start));
    std::vector<std::string> row_labels;
    Status s = Tokenize(piece, &row_labels);
    if (!s.ok()) return s;
    ++row;
    if (static_cast<int>(row_labels.size()) != board.cols()) {
      return Status::InvalidArgument(
          "row " + std::to_string(row) + " has " +
          std::to_string(row_labels.size()) + " cells; a " + board.Name() +
          " board has " + std::to_string(board.cols()) + " per row");
    }
    labels->insert(labels->end(), row_labels.begin(), row_labels.end());
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (row != board.rows()) {
    return Status::InvalidArgument(std::to_string(row) + " rows given; a " +
                                   board.Name() + " board has " +
                                   std::to_string(board.rows()));
  }
  return Status::OK();
}

// Whether `text` is moves as a scramble is written (ParseMoves' letters
// U D L R with counts), not a position.
bool LooksLikeMoves(std::string_view text) {
  std::vector<Move> moves;
  return ParseMoves(text, MoveConvention::kBlank, &moves).ok() &&
         !moves.empty();
}

// The square board of `cells` cells, 2x2 to 8x8 ("4x4"), or "".
std::string BoardOfCells(size_t cells) {
  for (int side = 2; side <= 8; ++side) {
    if (static_cast<size_t>(side * side) == cells) {
      return std::to_string(side) + "x" + std::to_string(side);
    }
  }
  return "";
}

// The labels of a state written without slashes: a label a cell, or rows
// between spaces (IsRowsBySpaces).
Status ReadCells(std::string_view text, const Board& board,
                 std::vector<std::string>* labels) {
  const int n = board.cells();
  Status s = Tokenize(text, labels);
  if (!s.ok()) return s;
  if (IsRowsBySpaces(text, *labels, board)) {
    s = SplitRows(labels);
    if (!s.ok()) return s;
  }
  if (static_cast<int>(labels->size()) != n) {
    std::string msg = std::to_string(labels->size()) +
                      (labels->size() == 1 ? " cell" : " cells") +
                      " given; a " + board.Name() + " board has " +
                      std::to_string(n);
    if (n > 9 && labels->size() > static_cast<size_t>(n) &&
        text.find_first_of(", \t") == std::string_view::npos) {
      // Run together, each character a label: too many.
      msg +=
          " (on boards of more than 9 cells separate the labels with "
          "commas or spaces)";
    } else if (LooksLikeMoves(text)) {
      msg += " ('" + std::string(text) +
             "' reads as moves, not a position: a position lists the tile "
             "of every cell, and a solve's moves are checked by verify or "
             "analyse)";
    } else if (const std::string other = BoardOfCells(labels->size());
               !other.empty()) {
      msg += " (" + std::to_string(labels->size()) + " cells make a " + other +
             " board: give board " + other + ")";
    }
    return Status::InvalidArgument(msg);
  }
  return Status::OK();
}

// The cell of the one blank among `labels`; an error for no blank, two,
// or a tile twice.
Status FindBlank(const std::vector<std::string>& labels,
                 const NotationOptions& options, int* blank_cell) {
  int blank = -1;
  uint64_t seen_chars[4] = {};  // one-character tiles seen, by byte
  for (int c = 0; c < static_cast<int>(labels.size()); ++c) {
    const std::string& l = labels[c];
    const bool is_blank = options.blank.empty()
                              ? l.size() == 1 && (l[0] == '0' || l[0] == '_' ||
                                                  l[0] == '.' || l[0] == '-')
                              : l == options.blank;
    if (is_blank) {
      if (blank >= 0) {
        return Status::InvalidArgument("more than one blank ('" +
                                       labels[blank] + "' and '" + l + "')");
      }
      blank = c;
      continue;
    }
    // At most 11 tiles: comparing with the earlier ones beats a set, and
    // one-character labels need only a bit each.
    if (l.size() == 1) {
      const unsigned char ch = static_cast<unsigned char>(l[0]);
      const uint64_t bit = uint64_t{1} << (ch & 63);
      if ((seen_chars[ch >> 6] & bit) != 0) {
        return Status::InvalidArgument("tile '" + l + "' appears twice");
      }
      seen_chars[ch >> 6] |= bit;
    } else {
      for (int e = 0; e < c; ++e) {
        if (e != blank && labels[e] == l) {
          return Status::InvalidArgument("tile '" + l + "' appears twice");
        }
      }
    }
  }
  if (blank < 0) {
    if (const std::string bracket = BracketSaid(labels); !bracket.empty()) {
      return Status::InvalidArgument("no blank: " + bracket);
    }
    return Status::InvalidArgument(options.blank.empty()
                                       ? "no blank: write it as 0, _, . or -"
                                       : "no blank: the blank was set to '" +
                                             options.blank + "'");
  }
  *blank_cell = blank;
  return Status::OK();
}

}  // namespace

Status ParseArrangement(std::string_view text, const Board& board,
                        const NotationOptions& options, Arrangement* out) {
  Status s = Unquote(&text);
  if (!s.ok()) return s;
  std::vector<std::string> labels;
  s = text.find('/') != std::string_view::npos
          ? ReadSlashedRows(text, board, &labels)
          : ReadCells(text, board, &labels);
  if (!s.ok()) return s;
  int blank = -1;
  s = FindBlank(labels, options, &blank);
  if (!s.ok()) return s;
  out->labels = std::move(labels);
  out->blank = blank;
  return Status::OK();
}

void SortLabels(std::vector<std::string>* labels) {
  // One character each: numeric order (all digits) and string order are
  // both the order of the characters.
  if (std::all_of(labels->begin(), labels->end(),
                  [](const std::string& l) { return l.size() == 1; })) {
    // The bytes in ascending order by counting, with no comparisons to
    // mispredict, written back in place: no string moves.
    uint64_t present[4] = {};
    size_t count[256] = {};
    for (const std::string& l : *labels) {
      const unsigned char b = static_cast<unsigned char>(l[0]);
      present[b >> 6] |= uint64_t{1} << (b & 63);
      ++count[b];
    }
    size_t i = 0;
    for (int w = 0; w < 4; ++w) {
      for (uint64_t bits = present[w]; bits != 0; bits &= bits - 1) {
        const int b = w * 64 + __builtin_ctzll(bits);
        for (size_t k = 0; k < count[b]; ++k) {
          (*labels)[i++][0] = static_cast<char>(b);
        }
      }
    }
    return;
  }
  std::vector<std::pair<long, size_t>> keys(labels->size());
  bool numeric = true;
  for (size_t i = 0; i < labels->size() && numeric; ++i) {
    numeric = IsInteger((*labels)[i], &keys[i].first);
    keys[i].second = i;
  }
  if (numeric) {
    // Equal numbers ("1", "01") keep their order of appearance.
    std::sort(keys.begin(), keys.end());
    std::vector<std::string> sorted;
    sorted.reserve(labels->size());
    for (const auto& k : keys) sorted.push_back(std::move((*labels)[k.second]));
    *labels = std::move(sorted);
  } else {
    std::sort(labels->begin(), labels->end());
  }
}

Arrangement DefaultGoal(const Board& board, const Arrangement& start) {
  const int n = board.cells();
  Arrangement goal;
  goal.labels.reserve(n);
  for (int c = 0; c < n; ++c) {
    if (c != start.blank) goal.labels.push_back(start.labels[c]);
  }
  SortLabels(&goal.labels);
  goal.labels.push_back(start.labels[start.blank]);
  goal.blank = n - 1;
  return goal;
}

namespace {

// Why tiles numbered as the start's are do not make a clear default goal
// (every label a number), or "": two labels of one number ("01" and "1");
// or a typo's numbering (NumbersMissOne: "16" for 15), whose goal in order
// would hold the typo too (a start in order answered as solved). Numbers
// that start elsewhere or miss more are a puzzle's own (a 15-puzzle's last
// 3x3, 6,7,8,10,11,12,14,15); a number past 63 or below 0 leaves a span
// wider than any board's tiles, so no typo. Allocates nothing on the way
// to "": a batch asks it of every line.
std::string NumberingProblem(const Arrangement& start) {
  const auto number = [&](size_t c, long* value) {
    return static_cast<int>(c) != start.blank &&
           IsInteger(start.labels[c], value);
  };
  uint64_t small = 0;  // the numbers 0 to 63 seen, a bit each
  bool other = false;  // a number past 63 or below 0, or one twice
  for (size_t c = 0; c < start.labels.size(); ++c) {
    long value;
    if (!number(c, &value)) continue;
    const uint64_t bit = value >= 0 && value < 64 ? uint64_t{1} << value : 0;
    other = other || bit == 0 || (small & bit) != 0;
    small |= bit;
  }
  for (size_t a = 0; other && a < start.labels.size(); ++a) {
    long x, y;
    for (size_t b = a + 1; number(a, &x) && b < start.labels.size(); ++b) {
      if (number(b, &y) && x == y) {
        return "'" + start.labels[a] + "' and '" + start.labels[b] +
               "' are the same number";
      }
    }
  }
  if (other || !NumbersMissOne(small)) return "";
  const int least = std::countr_zero(small);
  return "the tiles are numbered " + std::to_string(least) + " to " +
         std::to_string(63 - std::countl_zero(small)) + " with " +
         std::to_string(least + std::countr_one(small >> least)) + " missing";
}

}  // namespace

Status CheckDefaultGoal(const Arrangement& start) {
  bool longer = false;
  const std::string* number = nullptr;
  const std::string* word = nullptr;
  for (size_t c = 0; c < start.labels.size(); ++c) {
    if (static_cast<int>(c) == start.blank) continue;
    const std::string& label = start.labels[c];
    longer = longer || label.size() > 1;
    long value;
    if (IsInteger(label, &value)) {
      number = &label;
    } else if (!label.empty() &&
               std::all_of(label.begin(), label.end(),
                           [](char d) { return d >= '0' && d <= '9'; })) {
      return Status::InvalidArgument("tile '" + label +
                                     "' is too large a number for a tile");
    } else {
      word = &label;
    }
  }
  if (longer && number != nullptr && word != nullptr) {
    if (const std::string bracket = BracketSaid(start.labels);
        !bracket.empty()) {
      return Status::InvalidArgument(bracket);
    }
    return Status::InvalidArgument(
        "the tiles mix numbers and other labels ('" + *number + "', '" + *word +
        "'), so the default goal (the tiles in order, blank last) is not "
        "clear: give the goal");
  }
  if (word != nullptr || number == nullptr) return Status::OK();
  const std::string problem = NumberingProblem(start);
  if (problem.empty()) return Status::OK();
  return Status::InvalidArgument(
      problem +
      ", so the default goal (the tiles in order, blank last) is not clear: "
      "a typo? Else give the goal");
}

Status CheckBlankLabel(const std::string& label) {
  if (label.size() > kMaxBlankLabelBytes) {
    return Status::InvalidArgument(
        "the blank's label is " + std::to_string(label.size()) +
        " bytes long; at most " + std::to_string(kMaxBlankLabelBytes));
  }
  for (char c : label) {
    // A quote too: no state holding one is read (Unquote).
    if (IsLabelSeparator(c) || c == '/' || c == '"' || c == '\'' ||
        static_cast<unsigned char>(c) < 0x20) {
      return Status::InvalidArgument(
          "the blank's label '" + ShownInput(label) +
          "' cannot hold spaces, commas, slashes, quotes or control "
          "characters");
    }
  }
  return Status::OK();
}

std::string OutputBlankLabel(const NotationOptions& options) {
  return options.blank.empty() ? "0" : options.blank;
}

std::string FormatArrangement(const Arrangement& a,
                              const std::string& blank_label) {
  // Written without separators only when ParseArrangement reads it back so:
  // one printable ASCII character per label (a label such as "\xe5" given
  // with spaces is kept apart by commas).
  auto one_char = [](const std::string& l) {
    return l.size() == 1 && static_cast<unsigned char>(l[0]) >= 0x21 &&
           static_cast<unsigned char>(l[0]) <= 0x7e;
  };
  bool compact = one_char(blank_label) && a.labels.size() <= 9;
  for (size_t c = 0; c < a.labels.size() && compact; ++c) {
    compact = static_cast<int>(c) == a.blank || one_char(a.labels[c]);
  }
  std::string out;
  if (compact) {
    out.resize(a.labels.size());
    for (size_t c = 0; c < a.labels.size(); ++c) {
      out[c] = static_cast<int>(c) == a.blank ? blank_label[0] : a.labels[c][0];
    }
    return out;
  }
  for (size_t c = 0; c < a.labels.size(); ++c) {
    if (c > 0) out += ',';
    out += static_cast<int>(c) == a.blank ? blank_label : a.labels[c];
  }
  return out;
}

std::string DrawArrangement(const Board& board, const Arrangement& a,
                            int indent) {
  size_t width = 1;
  for (const auto& l : a.labels) width = std::max(width, l.size());
  std::string out;
  for (int r = 0; r < board.rows(); ++r) {
    out.append(indent, ' ');
    for (int k = 0; k < board.cols(); ++k) {
      const int c = r * board.cols() + k;
      const std::string& l = c == a.blank ? std::string("_") : a.labels[c];
      if (k > 0) out += ' ';
      out.append(width - l.size(), ' ');
      out += l;
    }
    out += '\n';
  }
  return out;
}

}  // namespace slidedb
