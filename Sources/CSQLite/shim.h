#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

/* The system SQLite (libsqlite3-dev on Debian: 3.40 with FTS5 compiled in). */
#include <sqlite3.h>

#endif
