#include "lib/storage/table_meta.h"

#include <nlohmann/json.hpp>

#include "lib/puzzle/index.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/symmetry.h"
#include "lib/storage/format.h"
#include "lib/storage/meta_json.h"

namespace slidedb {

TableMeta TableMeta::FromHistogram(const Board& board, int goal_blank,
                                   std::vector<uint64_t> histogram,
                                   Metric metric, RecordKind records) {
  TableMeta m;
  m.board = board;
  m.goal_blank = goal_blank;
  m.metric = metric;
  m.records = records;
  for (uint64_t count : histogram) m.states += count;
  m.max_distance = static_cast<int>(histogram.size()) - 1;
  m.histogram = std::move(histogram);
  m.page_records = PageStates(records);
  m.pages = static_cast<uint32_t>(PageCount(records, m.states));
  return m;
}

std::string TableMeta::Id() const { return TableId(board, goal_blank, metric); }

std::string TableMeta::ToJson() const {
  nlohmann::ordered_json j;
  meta_json::WriteHead(&j, nullptr, board, goal_blank, goal);
  j["metric"] = MetricName(metric);
  if (two_bit()) j["records"] = RecordKindName(records);
  j["serves"] = ServedGoalBlanks(board, goal_blank);
  j["states"] = states;
  j["max_distance"] = max_distance;
  j["histogram"] = histogram;
  j["page_records"] = page_records;
  j["pages"] = pages;
  j["record"] = two_bit()
                    ? "2 bits: distance mod 3, four states a byte, state i in "
                      "bits 2*(i%4)+1..2*(i%4); a neighbour one nearer has the "
                      "residue one less"
                    : "u8: distance << 2 | move (U=0 D=1 L=2 R=3), distance 63 "
                      "means 63 or more";
  meta_json::WriteProvenance(&j, built_by, built_at, build_seconds, threads);
  return j.dump();
}

namespace {

// The metadata read agree with one another and with the board (`serves`:
// the goal blanks it says it serves); Corruption naming what does not.
Status CheckConsistent(const TableMeta& m, const std::vector<int>& serves) {
  // Each inconsistency is named, so that slidedb-build --verify can say
  // what is wrong.
  auto bad = [](const std::string& what) {
    return Status::Corruption("table metadata is inconsistent: " + what);
  };
  const int max_cells = m.two_bit() ? kMaxTwoBitTableCells : kMaxTableCells;
  if (m.board.cells() > max_cells) {
    return bad("board " + m.board.Name() + " has more than " +
               std::to_string(max_cells) + " cells, the most a table of " +
               RecordKindName(m.records) + " records has");
  }
  if (m.two_bit() && m.metric != Metric::kStm) {
    return bad("a two-bit table is of the single-tile metric");
  }
  if (m.goal_blank < 0 || m.goal_blank >= m.board.cells()) {
    return bad("goal_blank " + std::to_string(m.goal_blank) +
               " is not a cell of " + m.board.Name());
  }
  const int stored_blank = StoredGoalBlank(m.board, m.goal_blank);
  if (stored_blank != m.goal_blank) {
    return bad("goal_blank " + std::to_string(m.goal_blank) +
               " is served by the table of goal_blank " +
               std::to_string(stored_blank) + " and is not stored");
  }
  if (serves != ServedGoalBlanks(m.board, m.goal_blank)) {
    return bad("serves is not every goal blank a symmetry of " +
               m.board.Name() + " takes " + std::to_string(m.goal_blank) +
               " to");
  }
  const uint64_t size = Indexer(m.board, m.goal_blank).size();
  if (m.states != size) {
    return bad("states is " + std::to_string(m.states) + ", not " +
               std::to_string(size));
  }
  if (m.page_records != PageStates(m.records)) {
    return bad("page_records is " + std::to_string(m.page_records) +
               ", not " + std::to_string(PageStates(m.records)));
  }
  const uint64_t pages = PageCount(m.records, m.states);
  if (m.pages != pages) {
    return bad("pages is " + std::to_string(m.pages) + ", not " +
               std::to_string(pages));
  }
  if (m.max_distance < 0 ||
      m.histogram.size() != static_cast<size_t>(m.max_distance) + 1) {
    return bad("max_distance is " + std::to_string(m.max_distance) +
               " but the histogram has " +
               std::to_string(m.histogram.size()) + " entries");
  }
  return Status::OK();
}

}  // namespace

Status TableMeta::FromJson(std::string_view json, TableMeta* out) {
  try {
    TableMeta m;
    nlohmann::json j;
    Status s = meta_json::ReadHead(json, "table", &j, &m.board, &m.goal_blank,
                                   &m.goal);
    if (!s.ok()) return s;
    if (j.contains("metric") &&
        !ParseMetric(j.at("metric").get<std::string>(), &m.metric)) {
      return Status::Corruption("table metadata: metric " +
                                j.at("metric").dump() +
                                " is not \"stm\" or \"mtm\"");
    }
    if (j.contains("records") &&
        !ParseRecordKind(j.at("records").get<std::string>(), &m.records)) {
      return Status::Corruption("table metadata: records " +
                                j.at("records").dump() +
                                " is not \"byte\" or \"two-bit\"");
    }
    m.states = j.at("states").get<uint64_t>();
    m.max_distance = j.at("max_distance").get<int>();
    m.histogram = j.at("histogram").get<std::vector<uint64_t>>();
    m.page_records = j.at("page_records").get<uint32_t>();
    m.pages = j.at("pages").get<uint32_t>();
    meta_json::ReadProvenance(
        j, {&m.built_by, &m.built_at, &m.build_seconds, &m.threads});
    s = CheckConsistent(m, j.at("serves").get<std::vector<int>>());
    if (!s.ok()) return s;
    *out = std::move(m);
  } catch (const nlohmann::json::exception& e) {
    return Status::Corruption(std::string("table metadata: ") + e.what());
  }
  return Status::OK();
}

TableMeta ServedTableMeta(const TableMeta& stored, int goal_blank) {
  TableMeta meta = stored;
  meta.goal_blank = goal_blank;
  meta.goal = FormatArrangement(
      CanonicalGoalArrangement(meta.board, goal_blank, "0"), "0");
  return meta;
}

}  // namespace slidedb
