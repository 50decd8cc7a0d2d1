// slidedb_compare_tables A B: whether databases A and B hold the same
// tables with the same records, byte for byte, and the same metadata but for
// how they were built (built_by, built_at, build_seconds, threads). Used by
// the distributed build's tests and scripts (tests/mpi/, scripts/mpi_*.sh).
// Prints one line a table; exits 0 when all agree, 1 when not, 2 when a
// database cannot be read.
#include <iostream>
#include <memory>
#include <string>

#include "lib/storage/database.h"
#include "lib/storage/table.h"

namespace slidedb {
namespace {

TableMeta WithoutProvenance(TableMeta meta) {
  meta.built_by.clear();
  meta.built_at.clear();
  meta.build_seconds = 0;
  meta.threads = 1;
  return meta;
}

int Main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: slidedb_compare_tables DB_A DB_B\n";
    return 2;
  }
  std::unique_ptr<Database> a, b;
  Status s = Database::Open(argv[1], &a);
  if (s.ok()) s = Database::Open(argv[2], &b);
  if (!s.ok()) {
    std::cerr << s.message() << "\n";
    return 2;
  }
  if (a->table_ids() != b->table_ids()) {
    std::cout << "the databases hold different tables\n";
    return 1;
  }
  std::vector<const TableMeta*> metas_a, metas_b;
  s = a->Tables(&metas_a);
  if (s.ok()) s = b->Tables(&metas_b);
  if (!s.ok()) {
    std::cerr << s.message() << "\n";
    return 2;
  }
  int differ = 0;
  for (size_t t = 0; t < metas_a.size(); ++t) {
    const std::string id = a->table_ids()[t];
    if (WithoutProvenance(*metas_a[t]).ToJson() !=
        WithoutProvenance(*metas_b[t]).ToJson()) {
      std::cout << id << ": the metadata differ\n";
      ++differ;
      continue;
    }
    std::unique_ptr<Table> ta, tb;
    s = a->OpenTable(*metas_a[t], &ta, Database::PageLoading::kOnUse);
    if (s.ok())
      s = b->OpenTable(*metas_b[t], &tb, Database::PageLoading::kOnUse);
    if (!s.ok()) {
      std::cerr << id << ": " << s.message() << "\n";
      return 2;
    }
    uint64_t first_difference = metas_a[t]->states;
    for (Index i = 0; i < metas_a[t]->states; ++i) {
      uint8_t ra = 0, rb = 0;
      // Two-bit tables: the stored residues (Get would work out records).
      if (ta->two_bit() && tb->two_bit()) {
        s = ta->GetResidue(i, &ra);
        if (s.ok()) s = tb->GetResidue(i, &rb);
      } else {
        s = ta->Get(i, &ra);
        if (s.ok()) s = tb->Get(i, &rb);
      }
      if (!s.ok()) {
        std::cerr << id << ": " << s.message() << "\n";
        return 2;
      }
      if (ra != rb) {
        first_difference = i;
        break;
      }
    }
    if (first_difference != metas_a[t]->states) {
      std::cout << id << ": records differ, first at index " << first_difference
                << "\n";
      ++differ;
    } else {
      std::cout << id << ": the same " << metas_a[t]->states << " records\n";
    }
  }
  return differ == 0 ? 0 : 1;
}

}  // namespace
}  // namespace slidedb

int main(int argc, char** argv) { return slidedb::Main(argc, argv); }
