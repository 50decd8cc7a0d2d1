// Checking a pattern database's entries (slidedb-build --verify): the
// search that built it (lib/search/pdb_build.h) runs again and every entry
// must be what it gives; the histogram must be the metadata's. A pattern
// database is a lower bound, not a distance a walk can prove, so it is
// recomputed rather than checked against its neighbours: the check costs
// what its build cost.
#ifndef SLIDEDB_LIB_ANALYSIS_PDB_CHECK_H_
#define SLIDEDB_LIB_ANALYSIS_PDB_CHECK_H_

#include <cstdint>
#include <vector>

#include "lib/analysis/check.h"
#include "lib/search/pdb_values.h"
#include "lib/storage/pdb_meta.h"

namespace slidedb {

// Compares `values` (values[i]: entry i) with a fresh build of the pattern
// database `meta` describes; adds what it finds to *check (check->states:
// the entries).
void CheckPdbEntries(const PdbMeta& meta, const std::vector<uint8_t>& values,
                     int threads, int max_listed, TableCheck* check);
// Compares the stored successor words `words` (32-bit entries) with those
// computed from the entries `values` (lib/search/pdb_words.h), after
// CheckPdbEntries.
void CheckPdbWords(const PdbMeta& meta, const std::vector<uint8_t>& values,
                   const PdbValues& words, int threads, int max_listed,
                   TableCheck* check);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_PDB_CHECK_H_
