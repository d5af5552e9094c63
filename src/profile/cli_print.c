/* cli_print.c - the print column of the switch table: a profile back to
 * the DiskSpd switches that give it (cli_print_switches() in cli.h).
 * Flags, integers and sizes are printed from their row alone (when they
 * differ from the default); the rows whose reader is a function of
 * cli_switches.c have a printer here.  Parsing the printed switches
 * gives the same profile (tests/unit/test_cli_print.c, over every row of
 * tests/diskspd-golden/cmdline.tsv).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "profile/cli.h"
#include "profile/cli_internal.h"
#include "profile/cli_table.h"

struct sw_out {
	char *buf;
	size_t len, used;
	bool full;
};

__attribute__((format(printf, 2, 3)))
static void put(struct sw_out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->used, o->len - o->used, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= o->len - o->used)
		o->full = true;
	else
		o->used += (size_t)n;
}

void cli_pr_block(const struct profile *p, const struct target_opts *t,
		  struct sw_out *o)
{
	(void)p;
	if (t->block_bytes != 64 * 1024)
		put(o, " -b%" PRIu64, t->block_bytes);
}

void cli_pr_base(const struct profile *p, const struct target_opts *t,
		 struct sw_out *o)
{
	(void)p;
	if (t->range_len_bytes)
		put(o, " -B%" PRIu64 ":%" PRIu64, t->base_bytes,
		    t->range_len_bytes);
	else if (t->base_bytes)
		put(o, " -B%" PRIu64, t->base_bytes);
}

void cli_pr_etw(const struct profile *p, const struct target_opts *t,
		struct sw_out *o)
{
	const struct etw_opts *e = &p->etw;
	const struct { bool on; const char *name; } names[] = {
		{ e->process, "PROCESS" }, { e->thread, "THREAD" },
		{ e->image_load, "IMAGE_LOAD" }, { e->disk_io, "DISK_IO" },
		{ e->network, "NETWORK" }, { e->registry, "REGISTRY" },
		{ e->page_faults, "MEMORY_PAGE_FAULTS" },
		{ e->hard_faults, "MEMORY_HARD_FAULTS" },
		{ e->paged_memory, "p" }, { e->perf_timer, "q" },
		{ e->system_timer, "s" }, { e->cycles_counter, "c" },
	};
	size_t i;

	(void)t;
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (names[i].on)
			put(o, " -e%s", names[i].name);
}

void cli_pr_f(const struct profile *p, const struct target_opts *t,
	      struct sw_out *o)
{
	(void)p;
	if (t->max_bytes)
		put(o, " -f%" PRIu64, t->max_bytes);
	if (t->hint_random || t->hint_sequential || t->hint_temporary)
		put(o, " -f%s%s%s", t->hint_random ? "r" : "",
		    t->hint_sequential ? "s" : "",
		    t->hint_temporary ? "t" : "");
}

void cli_pr_throttle(const struct profile *p, const struct target_opts *t,
		     struct sw_out *o)
{
	(void)p;
	if (t->throttle_iops)
		put(o, " -g%" PRIu64 "i", t->throttle_iops);
	else if (t->throttle_bytes_per_ms)
		put(o, " -g%" PRIu64, t->throttle_bytes_per_ms);
}

void cli_pr_affinity(const struct profile *p, const struct target_opts *t,
		     struct sw_out *o)
{
	uint32_t i, group = 0;

	(void)t;
	if (!p->affinity_given)
		return;
	put(o, " -a");
	for (i = 0; i < p->ncpus; i++) {
		if (p->cpus[i] / 64 != group) {
			group = p->cpus[i] / 64;
			put(o, "%sg%" PRIu32, i ? "," : "", group);
		}
		put(o, "%s%" PRIu32, i || group ? "," : "", p->cpus[i] % 64);
	}
}

void cli_pr_flush(const struct profile *p, const struct target_opts *t,
		  struct sw_out *o)
{
	static const char letter[] = { 0, 'v', 'n', 'i' };

	(void)p;
	if (t->flush != FLUSH_NONE && (unsigned int)t->flush < 4)
		put(o, " -N%c", letter[t->flush]);
}

void cli_pr_r(const struct profile *p, const struct target_opts *t,
	      struct sw_out *o)
{
	(void)p;
	if (!t->random || (t->random_pct != 100 && !t->random_align_bytes))
		return;
	if (t->random_align_bytes)
		put(o, " -r%" PRIu64, t->random_align_bytes);
	else
		put(o, " -r");
}

void cli_pr_rs(const struct profile *p, const struct target_opts *t,
	       struct sw_out *o)
{
	(void)p;
	if (t->random && t->random_pct != 100)
		put(o, " -rs%" PRIu32, t->random_pct);
}

void cli_pr_rd(const struct profile *p, const struct target_opts *t,
	       struct sw_out *o)
{
	uint32_t i, n = t->ndist;

	(void)p;
	if (t->dist == DIST_NONE)
		return;
	/* the parser adds the rest of the target as a last range */
	if (n > 1 && !t->dist_ranges[n - 1].span)
		n--;
	put(o, " -rd%s", t->dist == DIST_PCT ? "pct" : "abs");
	for (i = 0; i < n; i++)
		put(o, "%s%" PRIu32 "/%" PRIu64, i ? ":" : "",
		    t->dist_ranges[i].io_pct, t->dist_ranges[i].span);
}

void cli_pr_format(const struct profile *p, const struct target_opts *t,
		   struct sw_out *o)
{
	(void)t;
	if (p->print_profile_only)
		put(o, " -Rp");
	if (p->format != FORMAT_TEXT)
		put(o, " -R%s", result_format_name(p->format));
}

void cli_pr_s(const struct profile *p, const struct target_opts *t,
	      struct sw_out *o)
{
	(void)p;
	if (t->stride_bytes)
		put(o, " -s%s%" PRIu64, t->interlocked ? "i" : "",
		    t->stride_bytes);
	else if (t->interlocked)
		put(o, " -si");
}

void cli_pr_cache(const struct profile *p, const struct target_opts *t,
		  struct sw_out *o)
{
	static const char mode[] = { 'b', 'u', 'r', 'm' };

	(void)p;
	if (t->cache == CACHE_BUFFERED && !t->write_through)
		return;
	if (t->cache == CACHE_DIRECT && t->write_through)
		put(o, " -Sh");
	else if (t->cache == CACHE_BUFFERED)
		put(o, " -Sw");
	else
		put(o, " -S%c%s", mode[t->cache], t->write_through ? "w" : "");
}

void cli_pr_verbose(const struct profile *p, const struct target_opts *t,
		    struct sw_out *o)
{
	(void)t;
	if (p->verbose)
		put(o, " -v");
	if (p->verbose_stats)
		put(o, " -vs");
}

void cli_pr_w(const struct profile *p, const struct target_opts *t,
	      struct sw_out *o)
{
	(void)p;
	if (t->write_pct)
		put(o, " -w%" PRIu32, t->write_pct);
}

void cli_pr_seed(const struct profile *p, const struct target_opts *t,
		 struct sw_out *o)
{
	(void)t;
	if (p->seed_given)
		put(o, " -z%" PRIu64, p->seed);
}

/* -Zr first: after it a -Z or -Z<size> still sets the buffer */
void cli_pr_wbuf(const struct profile *p, const struct target_opts *t,
		 struct sw_out *o)
{
	if (p->random_write_data || t->wbuf == WBUF_RANDOM_PER_IO)
		put(o, " -Zr");
	if (t->wbuf == WBUF_ZERO)
		put(o, " -Z");
	else if (t->wbuf == WBUF_SOURCE)
		put(o, " -Z%" PRIu64 "%s%s", t->wbuf_source_bytes,
		    t->wbuf_source_path ? "," : "",
		    t->wbuf_source_path ? t->wbuf_source_path : "");
}

/* A flag, integer or size row: printed when it differs from @dflt. */
static void print_plain(const struct cli_sw *r, const char *base,
			const char *dflt, struct sw_out *o)
{
	switch (r->kind) {
	case SW_FLAG:
		if (*(const bool *)(base + r->off))
			put(o, " -%s", r->name);
		break;
	case SW_U32:
		if (*(const uint32_t *)(base + r->off) !=
		    *(const uint32_t *)(dflt + r->off))
			put(o, " -%s%" PRIu32, r->name,
			    *(const uint32_t *)(base + r->off));
		break;
	case SW_SIZE:
		if (*(const uint64_t *)(base + r->off))
			put(o, " -%s%" PRIu64, r->name,
			    *(const uint64_t *)(base + r->off));
		break;
	default:
		break;
	}
}

int cli_print_switches(const struct profile *p, char *buf, size_t len)
{
	struct profile *dp;	/* the defaults */
	const struct target_opts *t, *dt;
	struct sw_out o = { buf, len, 0, false };
	size_t i;

	if (!len)
		return -ENAMETOOLONG;
	buf[0] = '\0';
	dp = malloc(sizeof(*dp));
	if (!dp)
		return -ENOMEM;
	profile_init(dp);
	target_opts_init(&dp->targets[0]);
	dt = &dp->targets[0];
	t = p->ntargets ? &p->targets[0] : dt;
	for (i = 0; i < cli_nswitches; i++) {
		const struct cli_sw *r = &cli_switches[i];

		if (r->print)
			r->print(p, t, &o);
		else if (r->in == SW_IN_PROFILE)
			print_plain(r, (const char *)p, (const char *)dp, &o);
		else
			print_plain(r, (const char *)t, (const char *)dt, &o);
	}
	free(dp);
	if (o.full)
		return -ENAMETOOLONG;
	if (o.used)	/* no leading space */
		memmove(buf, buf + 1, o.used);
	return 0;
}
