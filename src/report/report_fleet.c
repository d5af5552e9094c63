/* report_fleet.c - what a merged fleet result adds to the reports: each
 * rank's host, threads, I/Os and rate, and when its measured window
 * began next to the earliest; then per host the sums and the latency
 * percentiles of the union of its ranks' histograms.  DiskSpd's own
 * lines are left as they are: threads there are numbered across ranks.
 * The CSV gets rows of its own per rank, the HTML page a small table.
 */
#include "report/report_fleet.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lib/emit.h"
#include "lib/util.h"
#include "results/results_fleet.h"

/* Sums over the rows of the threads [first, first + n). */
struct fleet_sum {
	uint64_t ios, bytes;
	double iops, mib_s;	/* each rank's over its own window, added */
	struct hist lat;
};

static void sum_rank(const struct results *r, const struct fleet_rank *k,
		     struct agg *a, struct fleet_sum *s)
{
	uint64_t ios = 0, bytes = 0;
	uint32_t i;

	for (i = 0; i < r->nrows; i++) {
		const struct thread_target *row = &r->rows[i];

		if (row->thread < k->first_thread ||
		    row->thread - k->first_thread >= k->threads)
			continue;
		results_row_aggregate(r, row, DIR_COUNT, a);
		ios += a->ios;
		bytes += a->bytes;
		hist_merge(&s->lat, &a->lat);
	}
	s->ios += ios;
	s->bytes += bytes;
	if (k->test_time_s > 0) {
		s->iops += (double)ios / k->test_time_s;
		s->mib_s += (double)bytes / 1048576.0 / k->test_time_s;
	}
}

static uint64_t earliest_start(const struct results *r)
{
	uint64_t lo = UINT64_MAX;
	uint32_t i;

	for (i = 0; i < r->fleet.nranks; i++)
		if (r->fleet.ranks[i].window_start_unix_ns &&
		    r->fleet.ranks[i].window_start_unix_ns < lo)
			lo = r->fleet.ranks[i].window_start_unix_ns;
	return lo == UINT64_MAX ? 0 : lo;
}

static void put_dashes(FILE *f, unsigned int n)
{
	while (n--)
		fputc('-', f);
	fputc('\n', f);
}

static void put_ranks(const struct results *r, struct agg *a,
		      struct fleet_sum *s, FILE *f)
{
	uint64_t lo = earliest_start(r);
	uint32_t i;

	fputs("\nRanks (MPI)\n"
	      "rank | host             | threads |       bytes     |     I/Os     |    MiB/s   |  I/O per s | start (ms) | file\n",
	      f);
	put_dashes(f, 118);
	for (i = 0; i < r->fleet.nranks; i++) {
		const struct fleet_rank *k = &r->fleet.ranks[i];
		char th[32];

		memset(s, 0, sizeof(*s));
		hist_init(&s->lat);
		sum_rank(r, k, a, s);
		snprintf(th, sizeof(th), "%u-%u", k->first_thread,
			 k->first_thread + k->threads - (k->threads ? 1 : 0));
		fprintf(f, "%4u | %-16s | %7s | %15" PRIu64 " | %12" PRIu64
			" | %10.2f | %10.2f | %10.3f | %s\n", k->rank, k->host,
			th, s->bytes, s->ios, s->mib_s, s->iops,
			k->window_start_unix_ns && lo ?
				(double)(k->window_start_unix_ns - lo) / 1e6 :
				0.0,
			k->path);
	}
	put_dashes(f, 118);
}

static bool host_seen(const struct results *r, uint32_t upto)
{
	uint32_t i;

	for (i = 0; i < upto; i++)
		if (!strcmp(r->fleet.ranks[i].host, r->fleet.ranks[upto].host))
			return true;
	return false;
}

static void put_pct(const struct hist *h, double pct, FILE *f)
{
	if (hist_empty(h))
		fputs(" |        N/A", f);
	else
		fprintf(f, " | %10.3f", (double)hist_percentile(h, pct) / 1e6);
}

static void put_hosts(const struct results *r, struct agg *a,
		      struct fleet_sum *s, FILE *f)
{
	uint32_t i, j, nranks, threads;

	fputs("\nHosts (MPI)\n"
	      "host             | ranks | threads |       bytes     |     I/Os     |    MiB/s   |  I/O per s |  50th (ms) |  99th (ms) |   max (ms)\n",
	      f);
	put_dashes(f, 133);
	for (i = 0; i < r->fleet.nranks; i++) {
		if (host_seen(r, i))
			continue;
		memset(s, 0, sizeof(*s));
		hist_init(&s->lat);
		for (j = i, nranks = threads = 0; j < r->fleet.nranks; j++) {
			const struct fleet_rank *k = &r->fleet.ranks[j];

			if (strcmp(k->host, r->fleet.ranks[i].host))
				continue;
			sum_rank(r, k, a, s);
			nranks++;
			threads += k->threads;
		}
		fprintf(f, "%-16s | %5u | %7u | %15" PRIu64 " | %12" PRIu64
			" | %10.2f | %10.2f", r->fleet.ranks[i].host, nranks,
			threads, s->bytes, s->ios, s->mib_s, s->iops);
		put_pct(&s->lat, 50, f);
		put_pct(&s->lat, 99, f);
		put_pct(&s->lat, 100, f);
		fputc('\n', f);
	}
	put_dashes(f, 133);
}

/* "2 ranks (MPI) on 1 host, measured windows started within 0.015 ms" */
static void put_header(const struct results *r, FILE *f)
{
	uint64_t lo = earliest_start(r), hi = 0;
	uint32_t i, hosts = 0;

	if (!r->fleet.merged) {
		fprintf(f, "\nrank %u of %u (MPI): the result of this rank "
			"alone\n", r->fleet.ranks[0].rank, r->fleet.size);
		return;
	}
	for (i = 0; i < r->fleet.nranks; i++) {
		hosts += !host_seen(r, i);
		if (r->fleet.ranks[i].window_start_unix_ns > hi)
			hi = r->fleet.ranks[i].window_start_unix_ns;
	}
	fprintf(f, "\n%u ranks (MPI) on %u host%s, measured windows started "
		"within %.3f ms\n", r->fleet.size, hosts, hosts == 1 ? "" : "s",
		lo ? (double)(hi - lo) / 1e6 : 0.0);
}

int report_text_fleet(const struct results *r, FILE *f)
{
	struct fleet_sum *s;
	struct agg *a;

	if (!r->fleet.size || !r->fleet.nranks || r->no_results)
		return 0;
	a = malloc(sizeof(*a));
	s = malloc(sizeof(*s));
	if (!a || !s) {
		free(a);
		free(s);
		return -ENOMEM;
	}
	put_header(r, f);
	put_ranks(r, a, s, f);
	put_hosts(r, a, s, f);
	free(a);
	free(s);
	return 0;
}

/* ---- CSV and HTML ---------------------------------------------------- */

/* Rank @k's rows of direction @d (DIR_COUNT: both) into @a; its rates
 * over its own window. */
static void rank_agg(const struct results *r, const struct fleet_rank *k,
		     enum io_dir d, struct agg *one, struct agg *a)
{
	uint32_t i;

	memset(a, 0, sizeof(*a));
	hist_init(&a->lat);
	for (i = 0; i < r->nrows; i++) {
		const struct thread_target *row = &r->rows[i];

		if (row->thread < k->first_thread ||
		    row->thread - k->first_thread >= k->threads)
			continue;
		results_row_aggregate(r, row, d, one);
		a->ios += one->ios;
		a->bytes += one->bytes;
		hist_merge(&a->lat, &one->lat);
	}
	if (k->test_time_s > 0) {
		a->iops = (double)a->ios / k->test_time_s;
		a->mib_s = (double)a->bytes / 1048576.0 / k->test_time_s;
	}
}

static void csv_text(FILE *f, const char *s)
{
	char guard = emit_csv_guard(s);	/* not run by a spreadsheet */

	if (!s[strcspn(s, ",\"\r\n")]) {
		if (guard)
			fputc(guard, f);
		fputs(s, f);
		return;
	}
	fputc('"', f);
	if (guard)
		fputc(guard, f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void csv_lat(FILE *f, const struct hist *h, double pct)
{
	if (!hist_empty(h))
		fprintf(f, "%.6f", (double)hist_percentile(h, pct) / 1e6);
	fputc(',', f);
}

/* One rank row: the columns of report_csv.c's, @extra empty fields (the
 * device's) at the end. */
static void csv_rank_row(const struct results *r, const struct fleet_rank *k,
			 enum io_dir d, const struct agg *a,
			 unsigned int extra, FILE *f)
{
	static const char *const dirs[] = { "read", "write", "total" };
	char target[128];

	csv_text(f, r->profile.label ? r->profile.label : "");
	snprintf(target, sizeof(target), "(rank %u on %s)", k->rank,
		 k->host[0] ? k->host : "-");
	fputc(',', f);
	csv_text(f, target);
	fprintf(f, ",%s,%.2f,%.2f,", dirs[d], a->iops, a->mib_s);
	if (!hist_empty(&a->lat))
		fprintf(f, "%.6f", hist_mean_ns(&a->lat) / 1e6);
	fputc(',', f);
	csv_lat(f, &a->lat, 50);
	csv_lat(f, &a->lat, 90);
	csv_lat(f, &a->lat, 99);
	csv_lat(f, &a->lat, 99.9);
	csv_lat(f, &a->lat, 100);
	/* block, threads, outstanding, write_pct, pattern, cache_mode */
	fprintf(f, ",%u,,,,,%" PRIu32 ",%.6f,%" PRIu64 ",%" PRIu64 ",",
		k->threads, r->profile.duration_s, k->test_time_s, a->ios,
		a->bytes);
	while (extra--)
		fputc(',', f);
	fputc('\n', f);
}

int report_csv_fleet(const struct results *r, const char *tail_header,
		     FILE *f)
{
	unsigned int extra = 0;
	struct agg *a;
	uint32_t i;
	int d;

	if (!r->fleet.size || !r->fleet.nranks || r->no_results)
		return 0;
	a = malloc(2 * sizeof(*a));
	if (!a)
		return -ENOMEM;
	for (; *tail_header; tail_header++)
		extra += *tail_header == ',';
	for (i = 0; i < r->fleet.nranks; i++)
		for (d = DIR_READ; d <= DIR_COUNT; d++) {
			rank_agg(r, &r->fleet.ranks[i], (enum io_dir)d, &a[1],
				 &a[0]);
			csv_rank_row(r, &r->fleet.ranks[i], (enum io_dir)d,
				     &a[0], extra, f);
		}
	free(a);
	return 0;
}

static void html_pct(FILE *f, const struct hist *h, double pct)
{
	if (hist_empty(h))
		fputs("<td>N/A</td>", f);
	else
		fprintf(f, "<td>%.3f</td>",
			(double)hist_percentile(h, pct) / 1e6);
}

int report_html_fleet(const struct results *r, FILE *f)
{
	uint64_t lo = earliest_start(r);
	struct agg *a;
	uint32_t i;

	if (!r->fleet.size || !r->fleet.nranks || r->no_results)
		return 0;
	a = malloc(2 * sizeof(*a));
	if (!a)
		return -ENOMEM;
	fprintf(f, "<h2>Ranks (MPI)</h2>\n<div class=\"panel\">\n<table><tr>"
		"<th>rank</th><th class=\"l\">host</th><th>threads</th>"
		"<th>I/Os</th><th>IOPS</th><th>MiB/s</th><th>p50 (ms)</th>"
		"<th>p99 (ms)</th><th>start (ms)</th><th class=\"l\">file</th>"
		"</tr>\n");
	for (i = 0; i < r->fleet.nranks; i++) {
		const struct fleet_rank *k = &r->fleet.ranks[i];

		rank_agg(r, k, DIR_COUNT, &a[1], &a[0]);
		fprintf(f, "<tr><td>%u</td><td class=\"l\">", k->rank);
		emit_escaped(f, k->host);
		fprintf(f, "</td><td>%u</td><td>%" PRIu64 "</td><td>%.2f</td>"
			"<td>%.2f</td>", k->threads, a[0].ios, a[0].iops,
			a[0].mib_s);
		html_pct(f, &a[0].lat, 50);
		html_pct(f, &a[0].lat, 99);
		fprintf(f, "<td>%.3f</td><td class=\"l\">",
			k->window_start_unix_ns && lo ?
				(double)(k->window_start_unix_ns - lo) / 1e6 :
				0.0);
		emit_escaped(f, k->path);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n</div>\n", f);
	free(a);
	return 0;
}

static void attr(FILE *f, const char *name, const char *v)
{
	fprintf(f, " %s=\"", name);
	emit_escaped(f, v);
	fputc('"', f);
}

void report_xml_fleet(const struct results *r, FILE *f, unsigned int lvl)
{
	uint32_t i;

	if (!r->fleet.size || !r->fleet.nranks)
		return;
	fprintf(f, "%*s<Fleet Ranks=\"%u\" Merged=\"%s\">\n", (int)lvl * 2, "",
		r->fleet.size, r->fleet.merged ? "true" : "false");
	for (i = 0; i < r->fleet.nranks; i++) {
		const struct fleet_rank *k = &r->fleet.ranks[i];

		fprintf(f, "%*s<Rank Id=\"%u\"", (int)(lvl + 1) * 2, "",
			k->rank);
		attr(f, "Host", k->host);
		attr(f, "Path", k->path);
		fprintf(f, " FirstThread=\"%u\" Threads=\"%u\" "
			"WindowStartUnixNs=\"%" PRIu64 "\" TestTimeSeconds="
			"\"%.6f\"/>\n", k->first_thread, k->threads,
			k->window_start_unix_ns, k->test_time_s);
	}
	fprintf(f, "%*s</Fleet>\n", (int)lvl * 2, "");
}
