#include "lib/answer/table_tools.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <vector>

#include "lib/analysis/distance_scan.h"
#include "lib/analysis/heuristic_report.h"
#include "lib/analysis/sample.h"
#include "lib/puzzle/notation.h"
#include "lib/answer/json_text.h"

namespace slidedb {

namespace {

// Output gathered in a string and handed to the stream in large pieces.
class Buffer {
 public:
  explicit Buffer(std::ostream& out) : out_(out) {}
  ~Buffer() { Flush(); }
  std::string* text() { return &text_; }
  void MaybeFlush() {
    if (text_.size() >= (1 << 16)) Flush();
  }
  void Flush() {
    out_ << text_;
    text_.clear();
    out_.flush();
  }

 private:
  std::ostream& out_;
  std::string text_;
};

std::string StateText(const TableToolContext& ctx, const State& s) {
  return FormatArrangement(ToArrangement(ctx.goal, s), ctx.blank_out);
}

void AppendStateLine(const TableToolContext& ctx, const State& s, int distance,
                     bool json, std::string* o) {
  if (json) {
    *o += "{\"state\":";
    AppendJsonString(o, StateText(ctx, s));
    *o += ",\"distance\":" + std::to_string(distance) + "}\n";
  } else {
    *o += StateText(ctx, s);
    *o += '\n';
  }
}

// A CSV field: quoted when it holds a comma or a quote (RFC 4180).
void AppendCsvField(std::string* o, const std::string& field) {
  if (field.find_first_of(",\"\n") == std::string::npos) {
    *o += field;
    return;
  }
  o->push_back('"');
  for (char c : field) {
    if (c == '"') o->push_back('"');
    o->push_back(c);
  }
  o->push_back('"');
}

std::string FormatRatio(double r) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", r);
  return buf;
}

// The note of a distance no state of the table is at (past its farthest).
std::string NoStateAt(const TableToolContext& ctx, int distance) {
  return "no state is " + std::to_string(distance) + " moves from the goal " +
         ctx.goal_text + " (the farthest are " +
         std::to_string(ctx.table->meta().max_distance) + ")";
}

}  // namespace

Status RunAtDistance(const TableToolContext& ctx, int distance, bool json,
                     std::ostream& out, std::string* note) {
  const Indexer& ix = ctx.table->indexer();
  uint64_t found = 0;
  {
    Buffer buf(out);
    ScanOptions scan = ctx.scan;
    scan.moves = false;
    Status s = ScanDistances(
        ctx.table,
        [&](Index i, int d, uint8_t) {
          if (d != distance) return;
          ++found;
          AppendStateLine(ctx, ix.StateAt(i), d, json, buf.text());
          buf.MaybeFlush();
        },
        scan);
    if (!s.ok()) return s;
  }
  if (found == 0) *note = NoStateAt(ctx, distance);
  return Status::OK();
}

Status RunSample(const TableToolContext& ctx, uint64_t n, int distance,
                 uint64_t seed, bool json, std::ostream& out,
                 std::string* note) {
  const Indexer& ix = ctx.table->indexer();
  std::vector<Index> picks;
  Status s = SampleStates(ctx.table, n, distance, seed, &picks, ctx.scan);
  if (!s.ok()) return s;
  {
    Buffer buf(out);
    for (Index i : picks) {
      int d = distance;
      if (d < 0) {
        s = TrueDistance(ctx.table, i, &d);
        if (!s.ok()) return s;
      }
      AppendStateLine(ctx, ix.StateAt(i), d, json, buf.text());
      buf.MaybeFlush();
    }
  }
  if (picks.empty() && distance >= 0) {
    *note = NoStateAt(ctx, distance);  // as --at-distance says it
  } else if (picks.size() < n) {
    const bool one = picks.size() == 1;
    *note =
        "only " + std::to_string(picks.size()) +
        (one ? " state " : " states ") +
        (distance < 0
             ? std::string(one ? "reaches" : "reach") + " the goal"
             : std::string(one ? "is " : "are ") + std::to_string(distance) +
                   (distance == 1 ? " move" : " moves") + " from the goal") +
        (one ? "; printed it" : "; printed all of them");
  }
  return Status::OK();
}

Status RunExport(const TableToolContext& ctx, bool json, std::ostream& out) {
  const Indexer& ix = ctx.table->indexer();
  Buffer buf(out);
  std::string* o = buf.text();
  if (!json) *o += "state,distance,move\n";
  const bool tile = ctx.convention == MoveConvention::kTile;
  // Said where the moves are the tiles' (a row of the blank's, the default,
  // stays as short as it was: an export runs to hundreds of millions).
  const std::string end = tile ? ",\"notation\":\"tile\"}\n" : "}\n";
  Status s = ScanDistances(
      ctx.table,
      [&](Index i, int d, uint8_t rec) {
        const std::string state = StateText(ctx, ix.StateAt(i));
        // The tiles' way is the opposite of the blank's.
        const Move m = tile ? Inverse(RecordMove(rec)) : RecordMove(rec);
        const std::string move =
            d == 0 ? std::string() : std::string(1, MoveLetter(m));
        if (json) {
          *o += "{\"state\":";
          AppendJsonString(o, state);
          *o += ",\"distance\":" + std::to_string(d) + ",\"move\":";
          *o += d == 0 ? "null" : "\"" + move + "\"";
          *o += end;
        } else {
          AppendCsvField(o, state);
          *o += ',' + std::to_string(d) + ',' + move + '\n';
        }
        buf.MaybeFlush();
      },
      ctx.scan);
  if (!s.ok()) return s;
  return Status::OK();
}

namespace {

// The heuristics' report as one JSON object.
std::string HeuristicsJson(const std::string& board, const std::string& goal,
                           const HeuristicReport& report) {
  std::string o = "{\"board\":\"" + board + "\",\"goal\":";
  AppendJsonString(&o, goal);
  o += ",\"states\":" + std::to_string(report.states);
  for (const HeuristicStats& h : report.heuristics) {
    o += ",\"" + std::string(HeuristicName(h.kind)) + "\":{\"admissible\":";
    o += h.admissible ? "true" : "false";
    o += ",\"consistent\":";
    o += h.consistent ? "true" : "false";
    o += ",\"mean_ratio\":" + FormatRatio(h.mean_ratio) +
         ",\"exact\":" + std::to_string(h.exact) + ",\"error_counts\":{";
    bool first = true;
    for (const auto& [e, n] : h.error_counts) {
      if (!first) o += ',';
      first = false;
      o += '"';
      o += std::to_string(e);
      o += "\":" + std::to_string(n);
    }
    o += "}}";
  }
  o += "}\n";
  return o;
}

// The heuristics' error counts as CSV rows.
std::string HeuristicsCsv(const HeuristicReport& report) {
  std::string o = "heuristic,error,count\n";
  for (const HeuristicStats& h : report.heuristics) {
    for (const auto& [e, n] : h.error_counts) {
      o += std::string(HeuristicName(h.kind)) + ',' + std::to_string(e) + ',' +
           std::to_string(n) + '\n';
    }
  }
  return o;
}

// The text table of the error distribution: one row per value of h* - h
// that occurs, a column per heuristic.
std::string ErrorDistributionText(const HeuristicReport& report) {
  char line[160];
  int lo = 0, hi = 0;
  for (const HeuristicStats& h : report.heuristics) {
    if (!h.error_counts.empty()) {
      lo = std::min(lo, h.error_counts.begin()->first);
      hi = std::max(hi, h.error_counts.rbegin()->first);
    }
  }
  std::string o = "\nstates by error h* - h\n";
  std::snprintf(line, sizeof line, "%8s", "h* - h");
  o += line;
  for (const HeuristicStats& h : report.heuristics) {
    std::snprintf(line, sizeof line, " %16s", HeuristicName(h.kind));
    o += line;
  }
  o += '\n';
  for (int e = lo; e <= hi; ++e) {
    bool any = false;
    for (const HeuristicStats& h : report.heuristics) {
      any = any || h.error_counts.count(e) > 0;
    }
    if (!any) continue;
    std::snprintf(line, sizeof line, "%8d", e);
    o += line;
    for (const HeuristicStats& h : report.heuristics) {
      auto it = h.error_counts.find(e);
      std::snprintf(line, sizeof line, " %16llu",
                    static_cast<unsigned long long>(
                        it == h.error_counts.end() ? 0 : it->second));
      o += line;
    }
    o += '\n';
  }
  return o;
}

// The heuristics' report as text: a summary line a heuristic, then the
// error distribution.
std::string HeuristicsText(const std::string& board, const std::string& goal,
                           const HeuristicReport& report) {
  char line[160];
  std::string o = board + " goal " + goal + ": " +
                  std::to_string(report.states) +
                  " states; h* is the exact distance\n\n";
  std::snprintf(line, sizeof line, "%-16s %-10s %-10s %-10s %s\n", "heuristic",
                "admissible", "consistent", "mean h/h*", "exact (h = h*)");
  o += line;
  for (const HeuristicStats& h : report.heuristics) {
    const double pct = 100.0 * static_cast<double>(h.exact) /
                       static_cast<double>(report.states);
    std::snprintf(line, sizeof line, "%-16s %-10s %-10s %-10s %llu (%.2f%%)\n",
                  HeuristicName(h.kind), h.admissible ? "yes" : "no",
                  h.consistent ? "yes" : "no",
                  FormatRatio(h.mean_ratio).c_str(),
                  static_cast<unsigned long long>(h.exact), pct);
    o += line;
  }
  return o + ErrorDistributionText(report);
}

}  // namespace

Status RunHeuristics(const TableToolContext& ctx, const std::string& format,
                     std::ostream& out) {
  HeuristicReport report;
  Status s = MeasureHeuristics(ctx.table, &report);
  if (!s.ok()) return s;
  const std::string board = ctx.table->indexer().board().Name();
  if (format == "json") {
    out << HeuristicsJson(board, ctx.goal_text, report);
  } else if (format == "csv") {
    out << HeuristicsCsv(report);
  } else {
    out << HeuristicsText(board, ctx.goal_text, report);
  }
  out.flush();
  return Status::OK();
}

Status OpenTableTool(const QueryConfig& config, Solver* solver,
                     WholeTableTool tool, TableToolContext* ctx) {
  Status s = CheckWholeTable(config, solver, tool);
  if (!s.ok()) return s;
  s = solver->GetTable(config.board, GoalBlank(config), &ctx->table,
                       config.metric);
  if (!s.ok()) return s;
  const Arrangement goal = GoalArrangement(config);
  s = MakeProblem(config.board, goal, goal, &ctx->goal);
  if (!s.ok()) return Status::InvalidArgument("goal: " + s.message());
  ctx->goal_text = FormatArrangement(goal, config.blank_out);
  ctx->blank_out = config.blank_out;
  ctx->convention = config.convention;
  ctx->scan.deadline = config.limits.deadline;
  ctx->scan.cancel = config.limits.cancel;
  return Status::OK();
}

}  // namespace slidedb
