/* engine.h - the interface every I/O backend implements.
 *
 * A worker owns one engine instance.  It stages requests with queue(),
 * pushes them to the kernel with submit() (one syscall for the batch where
 * the backend allows), and collects finished ones with reap().  Sync
 * engines complete inside queue() and report it with ENGINE_COMPLETED; the
 * worker then treats the request as reaped, so one loop serves all.
 */
#ifndef IOPROBE_ENGINE_H
#define IOPROBE_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct io_req {
	void *buf;		/* aligned, allocated before timing starts */
	uint64_t offset;	/* bytes */
	uint32_t len;		/* bytes */
	uint32_t done;		/* bytes transferred so far (short I/O) */
	int fd;
	uint32_t file_index;	/* registered-file index, engine-private use */
	bool write;
	int32_t result;		/* bytes or -errno, set by reap/queue */
	uint32_t slot;		/* index in the worker's slot array */
	uint32_t target;	/* worker-local target index */
	uint64_t issue_ns;	/* stamp of the batch that issued it */
	uint64_t complete_ns;	/* completion stamp, set by the worker for
				 * engines that complete inside queue() */
	int32_t buf_index;	/* registered-buffer index, -1 = not one */
};

enum engine_status {
	ENGINE_QUEUED = 0,	/* staged; submit() sends it */
	ENGINE_COMPLETED = 1,	/* done already (sync engines), result set */
	ENGINE_BUSY = 2,	/* no room: submit/reap first */
};

/* Longest a reap() blocks before returning to the worker's loop. */
#define ENGINE_WAIT_NS 100000000ull

struct engine;

/* What an engine asks of the worker that drives it (engine_ops.caps). */
enum engine_caps {
	/* queue() completes every request (ENGINE_COMPLETED): the worker
	 * stamps each one itself, there is nothing to reap. */
	ENGINE_CAP_COMPLETES_IN_QUEUE = 1u << 0,
	/* serves targets from memory maps: the worker hands them over with
	 * set_maps() right after engine_open_ops(). */
	ENGINE_CAP_NEEDS_MAP = 1u << 1,
};

struct engine_ops {
	const char *name;
	unsigned int caps;	/* enum engine_caps bits */
	/* reap() also submits what queue() staged, in the same system
	 * call, so a worker need not call submit() before it. */
	bool reap_submits;
	/* Set up for @depth requests in flight over @nfds files.  0 or -errno;
	 * -ENOSYS/-EPERM/-EOPNOTSUPP make engine_open() try the next one. */
	int (*init)(struct engine *e, unsigned int depth, const int *fds,
		    unsigned int nfds);
	/* Register @nbufs buffers of @len bytes (optional; may be NULL).
	 * 0 or -errno; a failure is not fatal: the engine goes on with
	 * unregistered buffers and the worker notes it. */
	int (*register_buffers)(struct engine *e, void *const *bufs,
				unsigned int nbufs, size_t len);
	/* ENGINE_CAP_NEEDS_MAP: the map of file @i (as passed to init) in
	 * @maps[i], NULL where a file has none (served by pread/pwrite);
	 * @durable[i]: msync every write before it completes (-N).
	 * 0 or -errno. */
	int (*set_maps)(struct engine *e, void *const *maps,
			const bool *durable, unsigned int nmaps);
	int (*queue)(struct engine *e, struct io_req *req);
	/* Submit what queue() staged; submitted count or -errno.  An engine
	 * may defer the system call to the next reap() so that one call
	 * submits and waits (io_uring); the worker always reaps after a
	 * submit while requests are in flight. */
	int (*submit)(struct engine *e);
	/* Wait for at least @min completions, store up to @max pointers in
	 * @done; count or -errno.  -EINTR returns 0.  Waits are bounded
	 * (ENGINE_WAIT_NS): a timeout returns what is there, possibly 0, so
	 * the worker sees the stop flag within a fraction of a second. */
	int (*reap)(struct engine *e, struct io_req **done, unsigned int min,
		    unsigned int max);
	void (*exit)(struct engine *e);
};

struct engine {
	const struct engine_ops *ops;
	void *priv;		/* backend state */
	uint64_t syscalls;	/* submit+reap system calls made (for null:
				 * reap round trips, as if each were one) */
	uint64_t ios;		/* I/Os completed */
};

/* Backends, in fallback order. */
extern const struct engine_ops engine_uring_ops;
extern const struct engine_ops engine_aio_ops;
extern const struct engine_ops engine_sync_ops;
extern const struct engine_ops engine_null_ops;
/* -Sm: memory-mapped targets, memcpy inside queue().  Not in the name
 * registry: the worker chooses it for -Sm whatever --engine says. */
extern const struct engine_ops engine_mmap_ops;

/* Hooks for engines that complete everything inside queue(): nothing to
 * submit, nothing to reap, nothing to free. */
int engine_noop_submit(struct engine *e);
int engine_noop_reap(struct engine *e, struct io_req **done, unsigned int min,
		     unsigned int max);
void engine_noop_exit(struct engine *e);

/* Look an engine up by name ("io_uring", "libaio", "sync", "null") or
 * alias (profile/engine_name.h); NULL if unknown. */
const struct engine_ops *engine_find(const char *name);
/* Open @e: the named engine, or with @name NULL the first of io_uring,
 * libaio, sync that initialises.  When a fallback happened, @note gets one
 * line saying why (e.g. "io_uring unavailable (Operation not permitted),
 * using libaio").  0 or -errno. */
int engine_open(struct engine *e, const char *name, unsigned int depth,
		const int *fds, unsigned int nfds, char *note, size_t notelen);
/* Open @e with the backend @ops itself (no fallback); 0 or -errno with
 * @note filled. */
int engine_open_ops(struct engine *e, const struct engine_ops *ops,
		    unsigned int depth, const int *fds, unsigned int nfds,
		    char *note, size_t notelen);
void engine_close(struct engine *e);

#endif
