/* fleet_nompi.c - the fleet of an ioprobe built without MPI: there is
 * none; every rank a launcher starts runs alone.
 */
#include "fleet/fleet.h"

#include <errno.h>
#include <stdlib.h>

#include "lib/util.h"

bool fleet_built(void)
{
	return false;
}

void fleet_library(char *buf, size_t len)
{
	if (len)
		buf[0] = '\0';
}

int fleet_init(struct fleet *f, char *err, size_t errlen)
{
	(void)f;
	return errf(err, errlen, ENOSYS, "this ioprobe is built without MPI");
}

void fleet_finalize(struct fleet *f)
{
	(void)f;
}

void fleet_abort(struct fleet *f, int code)
{
	(void)f;
	exit(code);
}

int fleet_allmax(struct fleet *f, uint64_t *v, int n, double timeout_s)
{
	(void)f;
	(void)v;
	(void)n;
	(void)timeout_s;
	return -ENOSYS;
}

int fleet_gather(struct fleet *f, const char *data, uint64_t len,
		 char **out, uint64_t **lens, double timeout_s)
{
	(void)f;
	(void)data;
	(void)len;
	(void)timeout_s;
	*out = NULL;
	*lens = NULL;
	return -ENOSYS;
}

int fleet_bcast(struct fleet *f, uint64_t *v, double timeout_s)
{
	(void)f;
	(void)v;
	(void)timeout_s;
	return -ENOSYS;
}

int fleet_watch_start(struct fleet *f)
{
	(void)f;
	return 0;
}

bool fleet_watch_poll(struct fleet *f, uint32_t *from)
{
	(void)f;
	(void)from;
	return false;
}

int fleet_watch_tell(struct fleet *f)
{
	(void)f;
	return 0;
}

int fleet_watch_end(struct fleet *f, double timeout_s)
{
	(void)f;
	(void)timeout_s;
	return 0;
}
