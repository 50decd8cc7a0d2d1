#include "lib/solve/pdb_load.h"

#include <algorithm>
#include <atomic>
#include <vector>

#include "lib/base/out_of_memory.h"
#include "lib/base/threads.h"
#include "lib/storage/format.h"

namespace slidedb {

namespace {

// The entries of the groups of `metas` in values[group]: read whole
// (`whole`, stopped between pages once `*stop` is set) or a page at a time
// as the search asks for them, against `budget`.
Status ReadGroups(const Database& db, const std::vector<const PdbMeta*>& metas,
                  bool whole, const std::shared_ptr<PageBudget>& budget,
                  const std::atomic<bool>* stop,
                  std::vector<PdbValues>* values) {
  values->resize(metas.size());
  if (!whole) {
    for (const PdbMeta* m : metas) {
      PdbValues& v = (*values)[m->group];
      v = PdbValues(
          m->entries, m->entry_bits, m->page_records,
          [&db, m](uint32_t page, std::string* bytes) {
            return db.ReadPdbPage(*m, page, bytes);
          },
          budget);
      // The system refused its memory (ResourceExhausted).
      if (v.failed()) return v.error();
    }
    return Status::OK();
  }
  // The groups side by side, one a core: a read is mostly the system
  // giving the process fresh memory and the decompression, which go as
  // fast on each core (the 5x5 databases by blank region, 362 MB: 0.14 s
  // rather than 0.31 s on two; BENCHMARKS.md).
  std::vector<Status> read(metas.size());
  std::atomic<size_t> next{0};
  const auto work = [&] {
    for (size_t i; (i = next++) < metas.size();) {
      const PdbMeta* m = metas[i];
      // What the reading needs, passed by one pointer: a lambda of three
      // captures is more than std::function holds in itself, and its
      // allocation on the heap moved RocksDB's blocks so that the copies
      // of their pages ran slower (slidedb-serve --preload on 4x4 started
      // in 0.34 s rather than 0.27 s; BENCHMARKS.md).
      const struct {
        const Database* db;
        const PdbMeta* meta;
        const std::atomic<bool>* stop;
      } from{&db, m, stop};
      // On every core: memory that runs out in the reading (RocksDB's
      // blocks, past the entries' own region) is the group's failure.
      read[i] = StatusIfOutOfMemory([&] {
        return PdbValues::InMemory(
            m->entries, m->entry_bits,
            [&from](const PdbValues::Put& put) {
              return from.db->ReadPdb(*from.meta, put, from.stop);
            },
            &(*values)[m->group]);
      });
    }
  };
  RunOnThreads(std::min<int>(Cores(), metas.size()), work);
  for (const Status& s : read) {
    if (!s.ok()) return s;
  }
  return Status::OK();
}

// The successor words of the groups of `metas`, which all have them, in
// words[group], their files mapped (read whole or a page at a time alike:
// the system's page cache, which no budget counts).
Status MapWords(const Database& db, const std::vector<const PdbMeta*>& metas,
                std::vector<PdbValues>* words) {
  words->resize(metas.size());
  for (const PdbMeta* m : metas) {
    Status s =
        PdbValues::MapFile(db.PdbWordPath(*m), m->entries, &(*words)[m->group]);
    if (!s.ok()) {
      words->clear();
      return s.IsNotFound() ? Status::Corruption(
                                  "pattern database " +
                                  PdbMetaKey(m->TableId(), m->group) +
                                  " lacks its successor words: " + s.message())
                            : s;
    }
  }
  return Status::OK();
}

// The cross partition's tables of the groups of `metas` in tables[group]
// and their tiles in cross[group], their files mapped as the words are;
// none when no group has one. REQUIRES: CrossSetOk(metas).ok().
Status MapCross(const Database& db, const std::vector<const PdbMeta*>& metas,
                Partition* cross, std::vector<PdbValues>* tables) {
  if (!AllHaveCross(metas)) return Status::OK();
  cross->resize(metas.size());
  tables->resize(metas.size());
  for (const PdbMeta* m : metas) {
    (*cross)[m->group] = m->cross_tiles;
    Status s = PdbValues::MapFile(db.PdbCrossPath(*m), m->cross_bytes(),
                                  &(*tables)[m->group], 8);
    if (!s.ok()) {
      tables->clear();
      return s.IsNotFound()
                 ? Status::Corruption("pattern database " +
                                      PdbMetaKey(m->TableId(), m->group) +
                                      " lacks its cross table: " + s.message())
                 : s;
    }
  }
  return Status::OK();
}

// The share of the bytes of these mapped files in memory, 0 to 1 (1 for
// none): a words' file is about three times a cross table.
double ResidentShare(const std::vector<PdbValues>& words,
                     const std::vector<PdbValues>& tables) {
  double resident = 0, all = 0;
  for (const auto* files : {&words, &tables}) {
    for (const PdbValues& f : *files) {
      resident += f.ResidentShare(256) * static_cast<double>(f.bytes());
      all += static_cast<double>(f.bytes());
    }
  }
  return all == 0 ? 1.0 : resident / all;
}

}  // namespace

Status LoadPdbs(const Database& db, const Board& board, int goal_blank,
                bool whole, const std::shared_ptr<PageBudget>& budget,
                std::shared_ptr<const PdbSearch>* out,
                const std::atomic<bool>* stop) {
  const std::vector<const PdbMeta*> metas = db.FindPdbs(board, goal_blank);
  if (metas.empty()) {
    return Status::NotFound(
        "no pattern databases for " + TableId(board, goal_blank) + " (board " +
        board.Name() + ", goal blank on cell " + std::to_string(goal_blank) +
        ") in the database " + db.dir());
  }
  // A set a search cannot load whole (a group missing or twice, mixed
  // partitions or numberings, cross groups not as it needs them) is
  // refused, with words or without, as slidedb-build --verify names it.
  Status s = PdbSetOk(metas);
  if (!s.ok()) return s;
  const Partition& partition = metas[0]->partition;
  // A search over successor words reads the entries of its start state
  // only: a page at a time, even when whole is asked for (read whole, the
  // 5x5 groups by blank region cost each process 0.2-0.4 s and 362 MB).
  // But when the system holds under half of the words in memory (a cold
  // page cache), they are read in from the disk in order behind the
  // searches, which read the entries until then
  // (PdbSearch::ReadWordsInBackground): from a cold cache, #40 of Korf
  // and Felner's took 1.10 s so against 2.02 s, #38 4.39 s against 5.52 s
  // (BENCHMARKS.md, "the twenty-third session").
  const bool has_words = AllHaveWords(metas);
  std::vector<PdbValues> values, words;
  s = has_words ? MapWords(db, metas, &words) : Status::OK();
  if (!s.ok()) return s;
  // The cross partition's tables, searched with the words (pdb_cross.h).
  Partition cross;
  std::vector<PdbValues> tables;
  if (has_words) s = MapCross(db, metas, &cross, &tables);
  if (!s.ok()) return s;
  const double resident = ResidentShare(words, tables);
  // Cold, the searches read the entries for a while, whole, so that the
  // words' reading has the disk alone (with the entries read a page at a
  // time beside it, #40 took 1.90 s against 1.52 s before). Under a
  // memory budget, only when it has room for them, held while the search
  // lives; else as when warm.
  bool cold = has_words && resident < 0.5;
  std::unique_ptr<PageBudget::Reservation> held;
  if (cold) {
    uint64_t bytes = 0;
    for (const PdbMeta* m : metas) bytes += m->stored_bytes();
    cold = PageBudget::Reserve(budget, bytes,
                               "the entries of " + TableId(board, goal_blank) +
                                   " while their words are read in",
                               &held)
               .ok();
  }
  s = ReadGroups(db, metas, has_words ? cold : whole, budget, stop, &values);
  if (!s.ok()) return s;
  auto search =
      std::make_shared<PdbSearch>(board, goal_blank, partition, metas[0]->index,
                                  std::move(values), std::move(words));
  if (!tables.empty()) search->AddCross(cross, std::move(tables));
  if (cold) search->ReadWordsInBackground(std::move(held));
  *out = std::move(search);
  return Status::OK();
}

}  // namespace slidedb
