/* run_devstat.c - the block device counters under each target at the edges of
 * the measured window.  See devstat.h.
 *
 * /sys/class/block/<dev>/stat holds, in order: reads completed, reads
 * merged, sectors read, ms reading, writes completed, writes merged,
 * sectors written, ms writing, I/Os in flight, ms with I/O in flight
 * (io_ticks), weighted ms (time_in_queue), then discard and flush counts
 * (Documentation/block/stat.rst).  Every field but the in-flight count
 * only grows, so the window's share is end - start.
 */
#include "run/run_devstat.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/util.h"
#include "run/target_sysfs.h"

#define DEVSTAT_FIELDS 11

static int devstat_read(const char *name, uint64_t *v)
{
	char path[PATH_MAX], line[512];
	int n;

	snprintf(path, sizeof(path), "/sys/class/block/%s/stat", name);
	if (read_first_line(path, line, sizeof(line)))
		return -1;
	n = sscanf(line, "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		   " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		   " %" SCNu64 " %" SCNu64 " %" SCNu64,
		   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7],
		   &v[8], &v[9], &v[10]);
	return n == DEVSTAT_FIELDS ? 0 : -1;
}

static void devstat_set_from(struct devstat *d, const uint64_t *v)
{
	d->reads = v[0];
	d->read_merges = v[1];
	d->read_sectors = v[2];
	d->read_ticks_ms = v[3];
	d->writes = v[4];
	d->write_merges = v[5];
	d->write_sectors = v[6];
	d->write_ticks_ms = v[7];
	d->io_ticks_ms = v[9];
	d->queue_ticks_ms = v[10];
}

/* Add device @name as @role unless the set has it or it has no counters. */
static void devstat_add(struct devstat_set *s, const char *name,
			enum devstat_role role)
{
	uint64_t v[DEVSTAT_FIELDS];
	struct devstat *d;
	uint32_t i;

	if (!name[0] || s->n >= DEVSTAT_MAX)
		return;
	for (i = 0; i < s->n; i++)
		if (!strcmp(s->dev[i].name, name))
			return;
	if (devstat_read(name, v))
		return;
	d = &s->dev[s->n++];
	memset(d, 0, sizeof(*d));
	str_copy(d->name, sizeof(d->name), name);
	d->role = role;
	devstat_set_from(d, v);
}

/* A loop device's backing file lives on another device, which does the
 * real I/O: add that device and its whole disk. */
static void devstat_add_backing(struct devstat_set *s, const char *loop)
{
	char path[PATH_MAX], file[PATH_MAX], name[64], disk[64];
	struct stat st;

	if (strncmp(loop, "loop", 4))
		return;
	snprintf(path, sizeof(path), "/sys/class/block/%s/loop/backing_file",
		 loop);
	if (read_first_line(path, file, sizeof(file)) || stat(file, &st) ||
	    target_dev_name(st.st_dev, name, sizeof(name)))
		return;
	devstat_add(s, name, DEVSTAT_BACKING);
	target_disk_of(name, disk, sizeof(disk));
	devstat_add(s, disk, DEVSTAT_BACKING_DISK);
}

void devstat_begin(struct results *r, uint64_t now_ns)
{
	char disk[64];
	uint32_t i, j;

	for (i = 0; i < r->ntargets; i++) {
		struct devstat_set *s = &r->targets[i].devstat;
		const char *dev = r->targets[i].device;

		memset(s, 0, sizeof(*s));
		s->measured = true;
		if (!dev[0])
			continue;	/* tmpfs, NFS, overlay: no counters */
		devstat_add(s, dev, DEVSTAT_DEVICE);
		target_disk_of(dev, disk, sizeof(disk));
		devstat_add(s, disk, DEVSTAT_DISK);
		devstat_add_backing(s, disk);
		for (j = 0; j < s->n; j++)
			s->dev[j].window_ns = now_ns;
	}
}

static uint64_t since(uint64_t end, uint64_t start)
{
	return end >= start ? end - start : 0;	/* a counter reset */
}

/* @d held the start reading: make it the window's share of @e. */
static void devstat_delta(struct devstat *d, const struct devstat *e,
			  uint64_t now_ns)
{
	d->reads = since(e->reads, d->reads);
	d->read_merges = since(e->read_merges, d->read_merges);
	d->read_sectors = since(e->read_sectors, d->read_sectors);
	d->read_ticks_ms = since(e->read_ticks_ms, d->read_ticks_ms);
	d->writes = since(e->writes, d->writes);
	d->write_merges = since(e->write_merges, d->write_merges);
	d->write_sectors = since(e->write_sectors, d->write_sectors);
	d->write_ticks_ms = since(e->write_ticks_ms, d->write_ticks_ms);
	d->io_ticks_ms = since(e->io_ticks_ms, d->io_ticks_ms);
	d->queue_ticks_ms = since(e->queue_ticks_ms, d->queue_ticks_ms);
	d->window_ns = since(now_ns, d->window_ns);
}

void devstat_end(struct results *r, uint64_t now_ns)
{
	uint64_t v[DEVSTAT_FIELDS];
	struct devstat e;
	uint32_t i, j, k;

	for (i = 0; i < r->ntargets; i++) {
		struct devstat_set *s = &r->targets[i].devstat;

		for (j = k = 0; j < s->n; j++) {
			if (devstat_read(s->dev[j].name, v))
				continue;	/* gone: dropped */
			devstat_set_from(&e, v);
			devstat_delta(&s->dev[j], &e, now_ns);
			if (k != j)
				s->dev[k] = s->dev[j];
			k++;
		}
		s->n = k;
	}
}
