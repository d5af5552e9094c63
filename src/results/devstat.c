/* devstat.c - the figures every report derives from a device's window
 * counters, computed once here so the formats agree.  See devstat.h. */
#include "results/devstat.h"

const char *const devstat_role_names[DEVSTAT_ROLES] = {
	"device", "disk", "backing", "backing_disk",
};

uint64_t devstat_ios(const struct devstat *d)
{
	return d->reads + d->writes;
}

uint64_t devstat_bytes(const struct devstat *d)
{
	return (d->read_sectors + d->write_sectors) * DEVSTAT_SECTOR;
}

double devstat_avg_ms(const struct devstat *d)
{
	uint64_t n = devstat_ios(d);

	return n ? (double)(d->read_ticks_ms + d->write_ticks_ms) /
			   (double)n : 0.0;
}

double devstat_queue(const struct devstat *d)
{
	return d->window_ns ? (double)d->queue_ticks_ms * 1e6 /
				      (double)d->window_ns : 0.0;
}

double devstat_util_pct(const struct devstat *d)
{
	double u;

	if (!d->window_ns)
		return 0.0;
	u = 100.0 * (double)d->io_ticks_ms * 1e6 / (double)d->window_ns;
	return u > 100.0 ? 100.0 : u;	/* ticks round up to 1 ms */
}
