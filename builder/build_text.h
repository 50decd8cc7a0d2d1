// What slidedb-build prints and stamps, in one place for the plain build
// (build_cli.cc, build_twobit.cc) and the one under mpirun (build_mpi.cc).
#ifndef SLIDEDB_BUILDER_BUILD_TEXT_H_
#define SLIDEDB_BUILDER_BUILD_TEXT_H_

#include <cstdint>
#include <string>

namespace slidedb {

class DatabaseWriter;

// "43,589,145,600": a number with commas between thousands.
std::string WithCommas(uint64_t v);

// "16.4 GB": bytes in decimal gigabytes (megabytes, kilobytes below one).
std::string Gigabytes(uint64_t bytes);

// The time now, UTC, ISO 8601: a table's built_at.
std::string Now();

// The bytes of the regular files under `dir`.
uint64_t DirectoryBytes(const std::string& dir);

// What became of the database at `dir` when writing it failed, as this
// process's writer left it (CurrentCommitStage): "nothing changed in DIR",
// or that the new one is in place but its folder's sync failed.
std::string AfterAFailedWrite(const std::string& dir);

// What a build says when `writer`'s Commit could not remove the old
// database it swapped out (DatabaseWriter::left_behind).
std::string OldDatabaseLeft(const DatabaseWriter& writer);

}  // namespace slidedb

#endif  // SLIDEDB_BUILDER_BUILD_TEXT_H_
