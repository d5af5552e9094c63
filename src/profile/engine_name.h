/* engine_name.h - the names --engine accepts, the one table both the
 * command line and the engine registry read.
 *
 * The profile layer sits below the engines, so the names live here: the
 * CLI checks a name with engine_name_canonical() and engine_find() maps
 * the canonical name to its backend.
 */
#ifndef IOPROBE_ENGINE_NAME_H
#define IOPROBE_ENGINE_NAME_H

/* The canonical engine name ("io_uring", "libaio", "sync", "null") of
 * @name or one of its aliases ("uring", "aio", "psync"); NULL if @name
 * (possibly NULL) names no engine. */
const char *engine_name_canonical(const char *name);

#endif
