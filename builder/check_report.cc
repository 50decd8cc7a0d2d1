#include "builder/check_report.h"

#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>

#include "builder/build_text.h"
#include "cli/exit_codes.h"
#include "lib/storage/database.h"

namespace slidedb {

namespace {

void WriteText(const std::string& dir, const CheckReport& report,
               std::ostream& out) {
  out << "checking " << dir << "\n";
  for (const auto& p : report.problems) out << "  database: " << p << "\n";
  int bad = 0;
  for (const auto& t : report.tables) {
    const bool pdb = t.kind == "pdb";
    out << (pdb ? "pattern database " : "") << t.table << ": ";
    if (t.ok()) {
      out << "ok, " << WithCommas(t.states)
          << (pdb ? " entries, " : " states, ") << std::fixed
          << std::setprecision(2) << t.seconds << " s\n";
      continue;
    }
    ++bad;
    out << t.problems << (t.problems == 1 ? " problem" : " problems") << "\n";
    for (const auto& p : t.listed) {
      out << "  ";
      if (p.index >= 0) {
        out << "index " << p.index << ", state " << p.state << ": ";
      }
      out << p.what << "\n";
    }
    if (t.listed.size() < t.problems) {
      out << "  ... and " << t.problems - t.listed.size() << " more\n";
    }
  }
  size_t pdbs = 0;
  for (const auto& t : report.tables) pdbs += t.kind == "pdb";
  const size_t tables = report.tables.size() - pdbs;
  out << (report.ok() ? "ok: " : "FAILED: ");
  if (tables > 0 || pdbs == 0) {
    out << tables << (tables == 1 ? " table" : " tables");
  }
  if (tables > 0 && pdbs > 0) out << " and ";
  if (pdbs > 0) {
    out << pdbs << (pdbs == 1 ? " pattern database" : " pattern databases");
  }
  out << " checked, " << bad << " with problems";
  if (!report.problems.empty()) {
    out << ", " << report.problems.size() << " database problem"
        << (report.problems.size() == 1 ? "" : "s");
  }
  out << "\n";
}

void WriteJson(const std::string& dir, const CheckReport& report,
               std::ostream& out) {
  nlohmann::ordered_json j;
  j["db"] = dir;
  j["ok"] = report.ok();
  j["problems"] = report.problems;
  j["tables"] = nlohmann::json::array();
  for (const auto& t : report.tables) {
    nlohmann::ordered_json tj;
    tj["table"] = t.table;
    tj["kind"] = t.kind;
    tj["ok"] = t.ok();
    tj["states"] = t.states;
    tj["seconds"] = t.seconds;
    tj["problems"] = t.problems;
    tj["listed"] = nlohmann::json::array();
    for (const auto& p : t.listed) {
      nlohmann::ordered_json pj;
      if (p.index >= 0) {
        pj["index"] = p.index;
        pj["state"] = p.state;
      }
      pj["what"] = p.what;
      tj["listed"].push_back(std::move(pj));
    }
    j["tables"].push_back(std::move(tj));
  }
  // Keys and page bytes may be anything: replace bytes that are not UTF-8.
  out << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
      << "\n";
}

}  // namespace

std::function<void(const CheckProgress&)> ProgressLines(std::ostream& err) {
  return [&err](const CheckProgress& p) {
    const std::string what = (p.pdb ? "pattern database " : "table ") + p.table;
    switch (p.stage) {
      case CheckProgress::Stage::kBegins:
        err << "checking " << what;
        if (p.pdb) {
          err << " (" << WithCommas(p.size)
              << " entries): its search runs again";
        }
        break;
      case CheckProgress::Stage::kSearch:
        err << what << "  depth " << std::setw(2) << p.depth << "  total "
            << std::setw(13) << WithCommas(p.total) << "  " << std::fixed
            << std::setprecision(3) << p.seconds << " s";
        break;
      case CheckProgress::Stage::kWords:
        err << what << ": its successor words";
        break;
      case CheckProgress::Stage::kCross:
        err << what << ": its cross table (" << WithCommas(p.size)
            << " bytes): its search runs again";
        break;
      case CheckProgress::Stage::kPages:
      case CheckProgress::Stage::kStates:
        err << what << ": " << WithCommas(p.total) << " of " << WithCommas(p.of)
            << (p.stage == CheckProgress::Stage::kPages ? " pages read"
                                                        : " states checked")
            << " (" << (p.of ? 100 * p.total / p.of : 100) << "%)  "
            << std::fixed << std::setprecision(1) << p.seconds << " s";
        break;
    }
    err << std::endl;
  };
}

int RunCheck(const std::string& dir, const CheckOptions& options, bool json,
             std::ostream& out, std::ostream& err) {
  CheckReport report;
  const Status s = CheckDatabase(dir, options, &report);
  if (!s.ok()) {
    err << "slidedb-build: " << s.message();
    // No database there: what to build, or why the path is none (a file,
    // a folder of other files), as the other tools say it.
    if (s.IsNotFound() && LocateDatabase(dir).IsNotFound()) {
      err << MissingDatabaseHint(dir);
    }
    err << "\n";
    return kExitNoInput;
  }
  if (json) {
    WriteJson(dir, report, out);
  } else {
    WriteText(dir, report, out);
  }
  return report.ok() ? kExitOk : kExitFailure;
}

}  // namespace slidedb
