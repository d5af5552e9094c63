/* report_csv.c - the CSV report (-Rcsv): one header line, then one row per
 * target and direction (read, write, total) and three rows for all
 * targets together, for spreadsheets and scripts that compare runs.
 *
 * RFC 4180 quoting (a field holding , " CR or LF is quoted, quotes are
 * doubled), LF line ends, '.' as the decimal point in every locale.
 * Latency columns are empty when the direction has no latency samples
 * (no -L, or no I/O of that direction).  io_errors, the I/Os that failed
 * (any phase, both directions), is on the total rows only: the read and
 * write rows leave it empty, so a column sum counts each failure once.
 */
#include <errno.h>
#include <inttypes.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/hist.h"
#include "lib/emit.h"
#include "report/report_devstat.h"
#include "report/report_fleet.h"
#include "report/report.h"
#include "results/results.h"
#include "lib/util.h"

#define CSV_ALL_TARGETS "(all targets)"

static const char csv_header[] =
	"label,target,direction,iops,mib_s,mean_ms,p50_ms,p90_ms,p99_ms,"
	"p999_ms,max_ms,block_bytes,threads,outstanding,write_pct,pattern,"
	"cache_mode,duration_s,test_time_s,ios,bytes,io_errors";

static const char *const csv_dirs[] = { "read", "write", "total" };

/* One field, quoted when it must be, behind an apostrophe when a
 * spreadsheet would run it (emit_csv_guard), then ',' or the line end. */
static void csv_field(FILE *f, const char *s, bool last)
{
	char guard = emit_csv_guard(s);

	if (s[strcspn(s, ",\"\r\n")]) {
		fputc('"', f);
		if (guard)
			fputc(guard, f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		if (guard)
			fputc(guard, f);
		fputs(s, f);
	}
	fputc(last ? '\n' : ',', f);
}

/* Number fields never need quoting: rates with 2 decimals, times in ms
 * with 6 (whole nanoseconds). */
static void csv_f2(FILE *f, double v)
{
	fprintf(f, "%.2f,", v);
}

static void csv_f6(FILE *f, double v)
{
	fprintf(f, "%.6f,", v);
}

static void csv_ms(FILE *f, const struct hist *h, double pct)
{
	if (hist_empty(h))
		fputc(',', f);
	else
		csv_f6(f, (double)hist_percentile(h, pct) / 1e6);
}

static const char *csv_pattern(const struct target_opts *t)
{
	if (!t->random)
		return "sequential";
	return t->random_pct >= 100 ? "random" : "mixed";
}

static void csv_cache_mode(const struct target_opts *t, char *buf,
			   size_t len)
{
	unsigned int c = (unsigned int)t->cache;

	snprintf(buf, len, "%s%s",
		 c < CACHE_MODE_COUNT ? cache_mode_names[c] : "unknown",
		 t->write_through ? "+writethrough" : "");
}

/* The per-target settings columns; for all targets a column holds the
 * value the targets share, or is empty when they differ. */
struct csv_opts {
	char block[24], threads[16], outstanding[16], write_pct[16];
	char pattern[16], cache[32];
};

static uint32_t csv_target_threads(const struct results *r, uint32_t target)
{
	uint32_t i, n = 0;

	for (i = 0; i < r->nrows; i++)
		n += r->rows[i].target == target;
	return n;
}

static void csv_opts_of(const struct results *r, uint32_t i,
			struct csv_opts *o)
{
	const struct target_opts *t = &r->profile.targets[i];

	snprintf(o->block, sizeof(o->block), "%" PRIu64, t->block_bytes);
	snprintf(o->threads, sizeof(o->threads), "%" PRIu32,
		 csv_target_threads(r, i));
	snprintf(o->outstanding, sizeof(o->outstanding), "%" PRIu32,
		 t->outstanding);
	snprintf(o->write_pct, sizeof(o->write_pct), "%" PRIu32, t->write_pct);
	str_copy(o->pattern, sizeof(o->pattern), csv_pattern(t));
	csv_cache_mode(t, o->cache, sizeof(o->cache));
}

static void csv_keep_common(char *acc, size_t len, const char *v,
			    bool first)
{
	if (first)
		str_copy(acc, len, v);
	else if (strcmp(acc, v))
		acc[0] = '\0';
}

static void csv_opts_all(const struct results *r, struct csv_opts *o)
{
	struct csv_opts t;
	uint32_t i, n = r->ntargets;

	if (n > r->profile.ntargets)
		n = r->profile.ntargets;
#define CSV_KEEP(field) \
	csv_keep_common(o->field, sizeof(o->field), t.field, !i)
	memset(o, 0, sizeof(*o));
	for (i = 0; i < n; i++) {
		csv_opts_of(r, i, &t);
		CSV_KEEP(block);
		CSV_KEEP(outstanding);
		CSV_KEEP(write_pct);
		CSV_KEEP(pattern);
		CSV_KEEP(cache);
	}
#undef CSV_KEEP
	snprintf(o->threads, sizeof(o->threads), "%" PRIu32, r->thread_count);
}

static void csv_row(const struct results *r, int target, enum io_dir dir,
		    const struct csv_opts *o, const struct agg *a, FILE *f)
{
	const char *label = r->profile.label ? r->profile.label : "";

	csv_field(f, label, false);
	csv_field(f, target < 0 ? CSV_ALL_TARGETS : r->targets[target].path,
		  false);
	csv_field(f, csv_dirs[dir], false);
	csv_f2(f, a->iops);
	csv_f2(f, a->mib_s);
	if (hist_empty(&a->lat))
		fputc(',', f);
	else
		csv_f6(f, hist_mean_ns(&a->lat) / 1e6);
	csv_ms(f, &a->lat, 50);
	csv_ms(f, &a->lat, 90);
	csv_ms(f, &a->lat, 99);
	csv_ms(f, &a->lat, 99.9);
	csv_ms(f, &a->lat, 100);
	csv_field(f, o->block, false);
	csv_field(f, o->threads, false);
	csv_field(f, o->outstanding, false);
	csv_field(f, o->write_pct, false);
	csv_field(f, o->pattern, false);
	csv_field(f, o->cache, false);
	fprintf(f, "%" PRIu32 ",%.6f,%" PRIu64 ",%" PRIu64 ",",
		r->profile.duration_s, r->test_time_s, a->ios, a->bytes);
	if (dir == DIR_COUNT) {
		struct errno_count c[RESULTS_ERRNOS];

		fprintf(f, "%" PRIu64, results_errors(r, target, c));
	}
	report_devstat_csv(r, target, (int)dir, f);
	fputc('\n', f);
}

static int csv_rows(const struct results *r, int target, FILE *f)
{
	struct csv_opts o;
	struct agg *a = malloc(sizeof(*a));
	unsigned int d;

	if (!a)
		return -ENOMEM;
	if (target < 0)
		csv_opts_all(r, &o);
	else
		csv_opts_of(r, (uint32_t)target, &o);
	for (d = 0; d <= DIR_COUNT; d++) {
		results_aggregate(r, target, (enum io_dir)d, a);
		csv_row(r, target, (enum io_dir)d, &o, a, f);
	}
	free(a);
	return 0;
}

int report_csv(const struct results *r, FILE *f)
{
	locale_t c_loc, old_loc = (locale_t)0;
	uint32_t i;
	int ret = 0;

	/* '.' decimal point whatever locale the caller set. */
	c_loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	if (c_loc)
		old_loc = uselocale(c_loc);
	fputs(csv_header, f);
	fprintf(f, "%s\n", report_devstat_csv_header);
	for (i = 0; !ret && i < r->ntargets && i < r->profile.ntargets; i++)
		ret = csv_rows(r, (int)i, f);
	if (!ret)
		ret = csv_rows(r, -1, f);
	if (!ret)
		ret = report_csv_fleet(r, report_devstat_csv_header, f);
	if (c_loc) {
		uselocale(old_loc);
		freelocale(c_loc);
	}
	if (!ret && ferror(f))
		ret = -EIO;
	return ret;
}
