// LoadPdbs: a goal's pattern databases, read from the database, as a
// search (lib/search/ida_search.h): their entries read whole or a page at a
// time, their successor words mapped, and read in behind the searches when
// the system has not kept them in memory.
#ifndef SLIDEDB_LIB_SOLVE_PDB_LOAD_H_
#define SLIDEDB_LIB_SOLVE_PDB_LOAD_H_

#include <atomic>
#include <memory>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/search/ida_search.h"
#include "lib/search/page_budget.h"
#include "lib/storage/database.h"

namespace slidedb {

// The pattern databases of a goal in `db` as a search: read whole (`whole`)
// or a page at a time as the search asks for their entries. NotFound when
// none were built for that goal. Their successor words too, when each group
// has them. A reading whole stops between pages once `*stop` is set
// (DeadlineExceeded: a server that closes while it reopens its databases).
Status LoadPdbs(const Database& db, const Board& board, int goal_blank,
                bool whole, const std::shared_ptr<PageBudget>& budget,
                std::shared_ptr<const PdbSearch>* out,
                const std::atomic<bool>* stop = nullptr);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SOLVE_PDB_LOAD_H_
