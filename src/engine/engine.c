/* engine.c - the engine registry: lookup by name, and engine_open()'s
 * fallback from io_uring to libaio to sync when a backend cannot be set
 * up on this kernel (disabled by sysctl or seccomp, too old).  The
 * fallback is for the default only: an engine named with --engine runs
 * or the run fails with the reason.
 */
#include "engine/engine.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lib/util.h"
#include "profile/engine_name.h"

/* Fallback order for the automatic choice. */
static const struct engine_ops *const engine_order[] = {
	&engine_uring_ops,
	&engine_aio_ops,
	&engine_sync_ops,
};

/* Every backend --engine can name (engine_name.c holds the names). */
static const struct engine_ops *const engine_named[] = {
	&engine_uring_ops,
	&engine_aio_ops,
	&engine_sync_ops,
	&engine_null_ops,
};

const struct engine_ops *engine_find(const char *name)
{
	const char *canonical = engine_name_canonical(name);
	size_t i;

	if (!canonical)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(engine_named); i++)
		if (!strcmp(canonical, engine_named[i]->name))
			return engine_named[i];
	return NULL;
}

/* Errors that mean "this backend is not available here", not "this run
 * is broken": the next engine in the chain is tried. */
static bool engine_unavailable(int err)
{
	return err == -ENOSYS || err == -EPERM || err == -EOPNOTSUPP ||
	       err == -EACCES;
}

static int engine_try(struct engine *e, const struct engine_ops *ops,
		      unsigned int depth, const int *fds, unsigned int nfds)
{
	int ret;

	memset(e, 0, sizeof(*e));
	e->ops = ops;
	ret = ops->init(e, depth, fds, nfds);
	if (ret) {
		memset(e, 0, sizeof(*e));
		return ret;
	}
	return 0;
}

int engine_open(struct engine *e, const char *name, unsigned int depth,
		const int *fds, unsigned int nfds, char *note, size_t notelen)
{
	const struct engine_ops *want = NULL;
	const char *failed = NULL;
	size_t i;
	int ret, failed_err = 0;

	if (note && notelen)
		note[0] = '\0';
	if (name) {
		want = engine_find(name);
		if (!want)
			return errf(note, notelen, EINVAL,
				    "unknown engine '%s': expected io_uring, libaio, sync or null",
				    name);
		/* An engine asked for by name is that engine or an error:
		 * falling back would measure something else under its name. */
		ret = engine_try(e, want, depth, fds, nfds);
		if (ret)
			return errf(note, notelen, -ret,
				    "cannot set up engine '%s': %s (asked for "
				    "with --engine; without it ioprobe falls "
				    "back to the next engine)", want->name,
				    strerror(-ret));
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(engine_order); i++) {
		ret = engine_try(e, engine_order[i], depth, fds, nfds);
		if (!ret)
			break;
		if (!engine_unavailable(ret) || i + 1 == ARRAY_SIZE(engine_order))
			return errf(note, notelen, -ret,
				    "cannot set up engine '%s': %s",
				    engine_order[i]->name, strerror(-ret));
		/* The first failure is the reason the user does not get the
		 * engine asked for (or the default); keep that one. */
		if (!failed) {
			failed = engine_order[i]->name;
			failed_err = ret;
		}
	}
	if (failed && note && notelen)
		snprintf(note, notelen, "%s unavailable (%s), using %s",
			 failed, strerror(-failed_err), e->ops->name);
	return 0;
}

int engine_open_ops(struct engine *e, const struct engine_ops *ops,
		    unsigned int depth, const int *fds, unsigned int nfds,
		    char *note, size_t notelen)
{
	int ret;

	if (note && notelen)
		note[0] = '\0';
	ret = engine_try(e, ops, depth, fds, nfds);
	if (ret)
		return errf(note, notelen, -ret, "cannot set up engine '%s': %s",
			    ops->name, strerror(-ret));
	return 0;
}

void engine_close(struct engine *e)
{
	if (e->ops && e->ops->exit)
		e->ops->exit(e);
	e->ops = NULL;
	e->priv = NULL;
}

int engine_noop_submit(struct engine *e)
{
	(void)e;
	return 0;
}

int engine_noop_reap(struct engine *e, struct io_req **done, unsigned int min,
		     unsigned int max)
{
	(void)e;
	(void)done;
	(void)min;
	(void)max;
	return 0;
}

void engine_noop_exit(struct engine *e)
{
	(void)e;
}
