// Checking a pattern database's entries (slidedb-build --verify): the
// search that built it (lib/search/pdb_build.h) runs again and every entry
// must be what it gives; the histogram must be the metadata's. A pattern
// database is a lower bound, not a distance a walk can prove, so it is
// recomputed rather than checked against its neighbours: the check costs
// what its build cost.
#ifndef SLIDEDB_LIB_ANALYSIS_PDB_CHECK_H_
#define SLIDEDB_LIB_ANALYSIS_PDB_CHECK_H_

#include <string>
#include <vector>

#include "lib/analysis/check.h"
#include "lib/storage/pdb_meta.h"

namespace slidedb {

// Checks each of `pdbs`, pattern databases of the database at `dir` read
// as a query reads them: their entries against a fresh build, their
// successor words, if any, against those the entries give, and their cross
// group's direct table, if any (lib/search/pdb_cross.h), against a fresh
// build of it, after its file's size. Appends a TableCheck for each to
// *checks, in order; tells options.progress, if set, as each begins and at
// each depth of its searches.
void CheckPdbs(const std::string& dir, const std::vector<PdbMeta>& pdbs,
               const CheckOptions& options, std::vector<TableCheck>* checks);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_PDB_CHECK_H_
