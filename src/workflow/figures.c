/* figures.c - a test's figures from its results, the one computation the
 * suite and compare share.  See figures.h. */
#include "workflow/figures.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"

double *figures_interval_iops(const struct results *r, uint32_t *n)
{
	double *v;
	uint32_t i, k;
	int d;

	*n = 0;
	if (!r->nintervals || !r->interval_ms)
		return NULL;
	v = calloc(r->nintervals, sizeof(*v));
	if (!v)
		return NULL;
	for (i = 0; i < r->nrows; i++)
		for (d = 0; d < DIR_COUNT; d++)
			for (k = 0; r->rows[i].dir[d].intervals &&
				    k < r->nintervals; k++)
				v[k] += (double)r->rows[i].dir[d].intervals[k].ios;
	for (k = 0; k < r->nintervals; k++)
		v[k] /= r->interval_ms / 1000.0;
	*n = r->nintervals;
	return v;
}

/* Totals and latencies of all I/Os (@a[0]), reads (@a[1]), writes. */
static void figures_totals(const struct agg *a, struct cmp_detail *d)
{
	d->lat = a[0].lat;
	d->iops = a[0].iops;
	d->mib_s = a[0].mib_s;
	d->mean_ms = hist_mean_ns(&a[0].lat) / 1e6;
	d->p50_ms = (double)hist_percentile(&a[0].lat, 50) / 1e6;
	d->p99_ms = (double)hist_percentile(&a[0].lat, 99) / 1e6;
	d->p999_ms = (double)hist_percentile(&a[0].lat, 99.9) / 1e6;
	d->max_ms = (double)hist_percentile(&a[0].lat, 100) / 1e6;
	if (a[0].ios) {
		d->read_pct = 100.0 * (double)a[1].ios / (double)a[0].ios;
		d->write_pct = 100.0 * (double)a[2].ios / (double)a[0].ios;
	}
	d->read_iops = a[1].iops;
	d->write_iops = a[2].iops;
	if (a[1].ios && !hist_empty(&a[1].lat)) {
		d->read_mean_ms = hist_mean_ns(&a[1].lat) / 1e6;
		d->read_p50_ms = (double)hist_percentile(&a[1].lat, 50) / 1e6;
	}
	if (a[2].ios && !hist_empty(&a[2].lat))
		d->write_mean_ms = hist_mean_ns(&a[2].lat) / 1e6;
}

/* The kernel's witness: the first target's own device over the window,
 * beside what ioprobe did to every target on that device; the findings
 * name that device, so a second device's targets are not judged by it. */
static void figures_device(const struct results *r, struct cmp_detail *d)
{
	const struct devstat_set *s = &r->targets[0].devstat;
	struct interp_dev *v = &d->dev;
	struct agg a;
	uint32_t i;

	if (!strcmp(r->engine, "null"))
		return;		/* no I/O reached any device */
	v->measured = s->measured;
	v->counters = s->measured && s->n;
	if (!v->counters)
		return;
	str_copy(v->name, sizeof(v->name), s->dev[0].name);
	for (i = 0; i < r->ntargets; i++) {
		const struct devstat_set *o = &r->targets[i].devstat;

		if (!o->n || strcmp(o->dev[0].name, s->dev[0].name))
			continue;
		results_aggregate(r, (int)i, DIR_READ, &a);
		v->io_reads += a.ios;
		v->io_read_bytes += a.bytes;
		results_aggregate(r, (int)i, DIR_WRITE, &a);
		v->io_writes += a.ios;
		v->io_write_bytes += a.bytes;
	}
	v->dev_reads = s->dev[0].reads;
	v->dev_writes = s->dev[0].writes;
	v->dev_read_bytes = s->dev[0].read_sectors * DEVSTAT_SECTOR;
	v->dev_write_bytes = s->dev[0].write_sectors * DEVSTAT_SECTOR;
	for (i = 1; i < s->n; i++) {
		const struct devstat *b = &s->dev[i];

		if (b->role != DEVSTAT_BACKING)
			continue;
		str_copy(v->back_name, sizeof(v->back_name), b->name);
		v->back_reads = b->reads;
		v->back_writes = b->writes;
		v->back_read_bytes = b->read_sectors * DEVSTAT_SECTOR;
		v->back_write_bytes = b->write_sectors * DEVSTAT_SECTOR;
		break;
	}
}

/* The workload as the results' profile ran it: its first target. */
static void figures_workload(const struct results *r, struct cmp_detail *d)
{
	const struct target_opts *t;

	if (!r->profile.ntargets)
		return;
	t = &r->profile.targets[0];
	d->block_bytes = t->block_bytes;
	d->random = t->random;
	d->buffered = t->cache == CACHE_BUFFERED || t->cache == CACHE_MMAP;
	d->planned_inflight = (double)profile_thread_count(&r->profile) *
			      t->outstanding;
}

static enum interp_media media_of(const struct target_info *t)
{
	return t->rotational == 1 ? MEDIA_ROTATIONAL :
	       t->rotational == 0 ? MEDIA_FLASH : MEDIA_UNKNOWN;
}

/* Append @v to @buf with "+" between targets, as the history's device
 * column does, each distinct value once. */
static void join_distinct(char *buf, size_t len, const char *v)
{
	size_t n = strlen(buf), k = strlen(v);
	const char *p;

	for (p = buf; k && (p = strstr(p, v)); p += k)
		if ((p == buf || p[-1] == '+') && (!p[k] || p[k] == '+'))
			return;	/* already there */
	if (!n)
		str_copy(buf, len, v);
	else if (k && n + 1 < len)
		snprintf(buf + n, len - n, "+%s", v);
}

/* Media, device, filesystem and fill time of every target, not the first
 * alone: "vda+vdb", the media of all when they agree (else mixed), the
 * fill times added. */
static void figures_targets(const struct results *r, struct cmp_detail *d)
{
	uint32_t i;

	d->media = media_of(&r->targets[0]);
	for (i = 0; i < r->ntargets && i < PROFILE_MAX_TARGETS; i++) {
		const struct target_info *t = &r->targets[i];

		if (media_of(t) != d->media)
			d->media = MEDIA_MIXED;
		join_distinct(d->device, sizeof(d->device), t->device);
		join_distinct(d->fs_type, sizeof(d->fs_type), t->fs_type);
		d->fill_s += t->fill_seconds;
	}
}

int figures_from_results(const struct results *r, struct cmp_detail *d)
{
	struct agg *a = calloc(3, sizeof(*a));
	uint32_t i;

	memset(d, 0, sizeof(*d));
	hist_init(&d->lat);
	if (!a)
		return -ENOMEM;
	results_aggregate(r, -1, DIR_COUNT, &a[0]);
	results_aggregate(r, -1, DIR_READ, &a[1]);
	results_aggregate(r, -1, DIR_WRITE, &a[2]);
	figures_totals(a, d);
	free(a);
	figures_workload(r, d);
	for (i = 0; i < r->nrows; i++)
		d->inflight += r->rows[i].mean_inflight;
	d->interval_iops = figures_interval_iops(r, &d->nintervals);
	d->interval_p99_ms = results_interval_p99_ms(r);
	d->interval_s = r->interval_ms / 1000.0;
	if (r->ntargets) {
		figures_targets(r, d);
		figures_device(r, d);
		d->size_bytes = r->targets[0].size_bytes;
	}
	str_copy(d->date, sizeof(d->date), r->sys.start_time);
	str_copy(d->host, sizeof(d->host), r->sys.hostname);
	str_copy(d->kernel, sizeof(d->kernel), r->sys.kernel);
	str_copy(d->version, sizeof(d->version), r->version);
	str_copy(d->switches, sizeof(d->switches),
		 r->profile.cmdline ? r->profile.cmdline : "");
	d->mem_bytes = r->sys.mem_bytes;
	d->test_time_s = r->test_time_s;
	figures_headline(r, d);
	d->loaded = true;
	return 0;
}

void figures_release(struct cmp_detail *d)
{
	free(d->interval_iops);
	d->interval_iops = NULL;
	free(d->interval_p99_ms);
	d->interval_p99_ms = NULL;
	d->nintervals = 0;
	d->loaded = false;
}

void figures_interp(const struct cmp_detail *d, const char *name,
		    uint64_t file_bytes, struct interp_test *t)
{
	memset(t, 0, sizeof(*t));
	t->name = name;
	t->iops = d->iops;
	t->read_iops = d->read_iops;
	t->write_iops = d->write_iops;
	t->mib_s = d->mib_s;
	t->mean_ms = d->mean_ms;
	t->p50_ms = d->p50_ms;
	t->p99_ms = d->p99_ms;
	t->max_ms = d->max_ms;
	t->read_mean_ms = d->read_mean_ms;
	t->write_mean_ms = d->write_mean_ms;
	t->read_p50_ms = d->read_p50_ms;
	t->inflight = d->inflight > 0 ? d->inflight : d->planned_inflight;
	t->block_bytes = d->block_bytes;
	t->random = d->random;
	t->buffered = d->buffered;
	t->file_bytes = file_bytes;
	t->interval_iops = d->interval_iops;
	t->nintervals = d->nintervals;
	t->interval_s = d->interval_s;
	t->media = d->media;
	t->device = d->device;
	t->dev = d->dev;
}
