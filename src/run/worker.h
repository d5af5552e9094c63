/* worker.h - one benchmark thread: its engine, buffers, generators,
 * throttles and statistics rows.
 *
 * run.c fills the configuration part of a struct worker, starts it with
 * worker_start() and steers it only through the shared phase flag.  The
 * worker writes nothing shared except its own rows (which nobody reads
 * until it is joined) and its published progress counter.
 */
#ifndef IOPROBE_WORKER_H
#define IOPROBE_WORKER_H

#include <stddef.h>
#include <stdint.h>

#include "run/worker_types.h"

struct workload;

/* -p (parallel async I/O): every queue slot walks its own sequential
 * pointer, starting where the thread starts.  @rel is one slot's pointer
 * relative to the range base (initially wl->next_seq right after
 * workload_init); returns the absolute offset to issue and advances @rel
 * by the stride, wrapping like the thread's own pointer. */
uint64_t worker_parallel_next(const struct workload *wl, uint64_t *rel);

/* Start @w's thread; it sets up, counts itself in shared->nready, waits
 * while the phase is PHASE_INIT, then runs until PHASE_STOP (run.c's
 * answer to a signal too) or a failed I/O.
 * 0 or -errno. */
int worker_start(struct worker *w);
/* Wait for @w's thread to finish; fills w->err on failure. */
void worker_join(struct worker *w);

/* Bytes of a worker's private loop state (memplan.c's estimate): per
 * thread, and per target the thread drives, each cache-line aligned. */
size_t worker_state_bytes(void);
size_t worker_target_bytes(void);

#endif
