// A file-size limit (ulimit -f) as a write that fails, not a death.
#ifndef SLIDEDB_CLI_FILE_SIZE_LIMIT_H_
#define SLIDEDB_CLI_FILE_SIZE_LIMIT_H_

#include <signal.h>

namespace slidedb {

// A write past RLIMIT_FSIZE sends SIGXFSZ, whose default action kills the
// process (exit 153 in a shell, nothing said, a build's copy left behind).
// Ignored, the write fails with EFBIG instead, and the tools say so as they
// say a full disk: exit 74, "nothing changed" for a build (docs/ERRORS.md).
// Called first thing in each tool's main.
inline void WritesFailPastFileSizeLimit() { signal(SIGXFSZ, SIG_IGN); }

}  // namespace slidedb

#endif  // SLIDEDB_CLI_FILE_SIZE_LIMIT_H_
