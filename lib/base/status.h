// Status lives in the public API, include/slidedb/status.h: the library and
// the programs built on it report failures the same way.
#ifndef SLIDEDB_LIB_BASE_STATUS_H_
#define SLIDEDB_LIB_BASE_STATUS_H_

#include "slidedb/status.h"

#endif  // SLIDEDB_LIB_BASE_STATUS_H_
