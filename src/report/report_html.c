/* report_html.c - one self-contained HTML page for a single run (-Rhtml):
 * headline figures, when, where and how (report_html_where.c), a latency
 * percentile chart, the -D charts over time (report_html_time.c), the
 * per-target and per-thread tables, the parameters and the system facts.
 *
 * CSS and SVG are inline, drawn with the chart kit (chart*.c), so the
 * page needs no script and no network: it can be mailed or attached to a
 * ticket as it is.  Every string from the run (paths, host name, command
 * line) is escaped.
 */
#include "report/report_devstat.h"
#include "report/report.h"
#include "lib/emit.h"
#include "report/chart.h"
#include "report/chart_page.h"
#include "report/report_fleet.h"
#include "report/report_html_targets.h"
#include "report/report_html_time.h"
#include "report/report_html_where.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "results/hist.h"
#include "profile/profile.h"
#include "results/results.h"
#include "lib/fmt.h"
#include "lib/util.h"

/* Chart geometry (SVG user units = CSS px). */
#define CH_W 1000
#define CH_H 360
#define CH_L 70		/* left margin: y labels */
#define CH_R 50
#define CH_T 20
#define CH_B 50		/* bottom margin: x labels */

#define COL_READ "#2563eb"
#define COL_WRITE "#ea580c"

static void card(FILE *f, const char *key, const char *value,
		 const char *unit, const char *detail)
{
	fputs("<div class=\"card\"><div class=\"k\">", f);
	emit_escaped(f, key);
	fputs("</div><div class=\"v\">", f);
	emit_escaped(f, value);
	fputs(" <span class=\"u\">", f);
	emit_escaped(f, unit);
	fputs("</span></div>", f);
	if (detail && *detail) {
		fputs("<div class=\"d\">", f);
		emit_escaped(f, detail);
		fputs("</div>", f);
	}
	fputs("</div>\n", f);
}

static void lat_card(FILE *f, const char *key, const struct hist *h,
		     double pct)
{
	char v[32], u[16];

	if (!h->count) {
		card(f, key, "n/a", "", "latency not measured (-L)");
		return;
	}
	chart_fmt_latency_parts(v, sizeof(v), u, sizeof(u),
				(double)hist_percentile(h, pct) / 1e6);
	card(f, key, v, u, "");
}

/* @a: read, write, total aggregates over the whole run. */
static void put_cards(const struct results *r, const struct agg *a, FILE *f)
{
	const struct hist *h = &a[DIR_COUNT].lat;
	char v[32], d[160], x[32], y[32];

	if (r->burst.found) {
		/* the mean mixes two phases: lead with the one that lasts */
		fmt_count(v, sizeof(v), r->burst.sustained_iops);
		fmt_count(x, sizeof(x), r->burst.burst_iops);
		fmt_count(y, sizeof(y), a[DIR_COUNT].iops);
		snprintf(d, sizeof(d), "burst %s IOPS for the first %.0f s; "
			 "mean %s", x, r->burst.drop_s, y);
		card(f, "Sustained IOPS", v, "", d);
	} else {
		fmt_count(v, sizeof(v), a[DIR_COUNT].iops);
		fmt_count(x, sizeof(x), a[DIR_READ].iops);
		fmt_count(y, sizeof(y), a[DIR_WRITE].iops);
		snprintf(d, sizeof(d), "read %s, write %s", x, y);
		card(f, "IOPS", v, "", d);
	}
	if (a[DIR_COUNT].mib_s >= 1000)
		fmt_count(v, sizeof(v), a[DIR_COUNT].mib_s);
	else
		snprintf(v, sizeof(v), "%.1f", a[DIR_COUNT].mib_s);
	fmt_count(x, sizeof(x), (double)a[DIR_COUNT].ios);
	snprintf(d, sizeof(d), "%s I/Os in %.2f s", x, r->test_time_s);
	card(f, "Throughput", v, "MiB/s", d);
	if (h->count) {
		chart_fmt_latency_parts(v, sizeof(v), x, sizeof(x),
					hist_mean_ns(h) / 1e6);
		fmt_latency_ms(y, sizeof(y), hist_stddev_ns(h) / 1e6);
		snprintf(d, sizeof(d), "σ %s", y);
		card(f, "Mean latency", v, x, d);
	} else {
		card(f, "Mean latency", "n/a", "", "latency not measured (-L)");
	}
	lat_card(f, "p99", h, 99);
	lat_card(f, "p99.9", h, 99.9);
	lat_card(f, "Max", h, 100);
}

static void latency_chart(const struct agg *a, FILE *f)
{
	const struct hist *h = &a[DIR_COUNT].lat;
	const char *names[2], *cols[2];
	struct chart_axis x, y;
	double lo = (double)h->min_ns / 1e6, xmax;
	size_t n = 0;

	xmax = ceil(log10((double)h->count));
	if (xmax < 2)
		xmax = 2;
	if (xmax > 9)
		xmax = 9;
	x = (struct chart_axis){ .lo = 0, .hi = xmax, .p0 = CH_L,
				 .p1 = CH_W - CH_R };
	chart_axis_log(&y, lo < 0.001 ? 0.001 : lo, (double)h->max_ns / 1e6,
		       CH_H - CH_B, CH_T);
	chart_begin(f, CH_W, CH_H, "latency by percentile");
	chart_grid_y(f, &y, CH_L, CH_W - CH_R, chart_fmt_ms);
	chart_grid_nines(f, &x, CH_T, CH_H - CH_B);
	chart_axis_title_y(f, &y, 14, "latency");
	chart_pct_curve(f, &a[DIR_READ].lat, &x, &y, COL_READ);
	chart_pct_curve(f, &a[DIR_WRITE].lat, &x, &y, COL_WRITE);
	chart_end(f);
	if (a[DIR_READ].lat.count)
		names[n] = "read", cols[n++] = COL_READ;
	if (a[DIR_WRITE].lat.count)
		names[n] = "write", cols[n++] = COL_WRITE;
	chart_legend(f, names, cols, n);
}

static void lat_td(FILE *f, const struct hist *h, double pct)
{
	if (h->count)
		fprintf(f, "<td>%.3f</td>", (double)hist_percentile(h, pct) / 1e6);
	else
		fputs("<td>N/A</td>", f);
}

/* The short table: results_pcts from min to 6-nines, then max. */
static void percentile_table(const struct agg *a, FILE *f)
{
	size_t i;

	fputs("<table><tr><th class=\"l\">%-ile</th><th>read (ms)</th>"
	      "<th>write (ms)</th><th>total (ms)</th></tr>\n", f);
	for (i = 0; i <= RESULTS_PCT_MAX; i++) {
		const struct results_pct *p = &results_pcts[i];

		if (i > RESULTS_PCT_6NINES && i < RESULTS_PCT_MAX)
			continue;
		fprintf(f, "<tr><td class=\"l\">%s</td>", p->label);
		lat_td(f, &a[DIR_READ].lat, p->pct);
		lat_td(f, &a[DIR_WRITE].lat, p->pct);
		lat_td(f, &a[DIR_COUNT].lat, p->pct);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void thread_table(const struct results *r, struct agg *a, FILE *f)
{
	uint32_t i;

	fputs("<table><tr><th>thread</th><th class=\"l\">target</th>"
	      "<th>read I/Os</th><th>write I/Os</th><th>IOPS</th>"
	      "<th>MiB/s</th><th>mean (ms)</th><th>p99 (ms)</th>"
	      "<th>mean in flight</th></tr>\n", f);
	for (i = 0; i < r->nrows; i++) {
		const struct thread_target *row = &r->rows[i];

		results_row_aggregate(r, row, DIR_COUNT, a);
		fprintf(f, "<tr><td>%" PRIu32 "</td><td class=\"l\">",
			row->thread);
		emit_escaped(f, r->targets[row->target].path);
		fputs("</td>", f);
		chart_td_number(f, (double)row->dir[DIR_READ].ios, 0);
		chart_td_number(f, (double)row->dir[DIR_WRITE].ios, 0);
		chart_td_number(f, a->iops, 2);
		chart_td_number(f, a->mib_s, 2);
		if (a->lat.count)
			fprintf(f, "<td>%.3f</td><td>%.3f</td>",
				hist_mean_ns(&a->lat) / 1e6,
				(double)hist_percentile(&a->lat, 99) / 1e6);
		else
			fputs("<td>N/A</td><td>N/A</td>", f);
		fprintf(f, "<td>%.1f</td></tr>\n", row->mean_inflight);
	}
	fputs("</table>\n", f);
}

static void dt(FILE *f, const char *k, const char *v)
{
	fputs("<dt>", f);
	emit_escaped(f, k);
	fputs("</dt><dd>", f);
	emit_escaped(f, v && *v ? v : "unknown");
	fputs("</dd>", f);
}

static void dtu(FILE *f, const char *k, uint64_t v, const char *unit)
{
	char b[64];

	snprintf(b, sizeof(b), "%" PRIu64 "%s", v, unit);
	dt(f, k, b);
}

static void dts(FILE *f, const char *k, uint64_t bytes)
{
	char b[32];

	fmt_size(b, sizeof(b), bytes);
	dt(f, k, b);
}

static const char *cache_name(const struct target_opts *t)
{
	switch (t->cache) {
	case CACHE_DIRECT:
		return t->write_through ? "O_DIRECT|O_DSYNC (-Sh)" :
					  "O_DIRECT (-Su)";
	case CACHE_REMOTE:
		return "O_DIRECT, remote (-Sr)";
	case CACHE_MMAP:
		return "memory mapped (-Sm)";
	case CACHE_BUFFERED:
	default:
		return t->write_through ? "page cache, O_DSYNC (-Sw)" :
					  "page cache";
	}
}

static void params(const struct results *r, FILE *f)
{
	const struct profile *p = &r->profile;
	char b[128];
	uint32_t i;

	fputs("<div class=\"panel\"><dl>", f);
	dtu(f, "duration", p->duration_s, " s");
	dtu(f, "warm-up", p->warmup_s, " s");
	dtu(f, "cool-down", p->cooldown_s, " s");
	snprintf(b, sizeof(b), "%.2f s%s", r->test_time_s,
		 r->interrupted ? " (interrupted)" : "");
	dt(f, "measured", b);
	dtu(f, "threads", r->thread_count, "");
	dt(f, "engine", r->engine);
	if (r->engine_note[0])
		dt(f, "engine note", r->engine_note);
	snprintf(b, sizeof(b), "%.2f", r->ios_per_call);
	dt(f, "I/Os per syscall", b);
	dtu(f, "seed", p->seed, "");
	for (i = 0; i < p->ntargets; i++) {
		const struct target_opts *t = &p->targets[i];

		dt(f, "target", t->path);
		dts(f, "  block size", t->block_bytes);
		dt(f, "  pattern", t->random ? "random" :
			t->interlocked ? "sequential, interlocked" :
			"sequential");
		snprintf(b, sizeof(b), "%" PRIu32 "%% writes", t->write_pct);
		dt(f, "  mix", b);
		snprintf(b, sizeof(b), "%" PRIu32 " per thread, %" PRIu32
			 " threads", t->outstanding, t->threads);
		dt(f, "  outstanding", b);
		dt(f, "  cache", cache_name(t));
	}
	fputs("</dl></div>\n", f);
}

static void sysfacts(const struct results *r, FILE *f)
{
	const struct system_info *s = &r->sys;
	char b[64];
	uint32_t i;

	fputs("<div class=\"panel\"><dl>", f);
	dt(f, "host", s->hostname);
	dt(f, "start", s->start_time);
	dt(f, "kernel", s->kernel);
	dt(f, "CPU", s->cpu_model);
	snprintf(b, sizeof(b), "%" PRIu32 " CPUs, %" PRIu32 " cores",
		 s->cpu_count, s->core_count);
	dt(f, "CPUs", b);
	dts(f, "memory", s->mem_bytes);
	dt(f, "clocksource", s->clocksource);
	dt(f, "governor", s->governor);
	dt(f, "ioprobe", r->version);
	for (i = 0; i < r->ntargets; i++) {
		const struct target_info *t = &r->targets[i];

		dt(f, "target", t->path);
		dts(f, "  size", t->size_bytes);
		dt(f, "  filesystem", t->is_block_device ? "none (device)" :
			t->fs_type);
		dt(f, "  device", t->device);
		dt(f, "  model", t->model);
		dt(f, "  rotational", t->rotational < 0 ? "unknown" :
			t->rotational ? "yes" : "no");
		dt(f, "  scheduler", t->scheduler);
		snprintf(b, sizeof(b), "%" PRIu32 " / %" PRIu32 " bytes",
			 t->logical_block, t->physical_block);
		dt(f, "  logical / physical block", b);
		dtu(f, "  queue depth", t->hw_queue_depth, "");
		dt(f, "  interrupt CPUs", t->irq_cpus);
	}
	fputs("</dl></div>\n", f);
}

static void head(const struct results *r, FILE *f)
{
	uint32_t i;

	chart_page_begin(f, r->profile.cmdline, NULL);
	fputs("<h1>ioprobe report</h1>\n<div class=\"sub\"><code>", f);
	emit_escaped(f, r->profile.cmdline);
	fputs("</code></div>\n<div class=\"sub\">", f);
	emit_escaped(f, r->sys.hostname);
	fputs(" · ", f);
	emit_escaped(f, r->sys.start_time);
	fputs(" · engine ", f);
	emit_escaped(f, r->engine);
	fputs(" · ioprobe ", f);
	emit_escaped(f, r->version);
	fputs("</div>\n", f);
	if (r->interrupted)
		fputs("<div class=\"warn\">interrupted: the figures cover the "
		      "shortened window</div>\n", f);
	for (i = 0; i < r->nwarnings && i < ARRAY_SIZE(r->warnings); i++) {
		fputs("<div class=\"warn\">", f);
		emit_escaped(f, r->warnings[i]);
		fputs("</div>\n", f);
	}
}

/* The findings of a plain run (the ones it printed on stderr), right
 * under the cards. */
static void findings(const struct results *r, FILE *f)
{
	uint32_t i;

	if (!r->findings_known)
		return;
	fputs("<h2>Findings</h2>\n<ul class=\"findings\">\n", f);
	if (!r->nfindings)
		fputs("<li class=\"finding\">nothing stands out: no wall, no "
		      "stalls, no sign of a cache</li>\n", f);
	for (i = 0; i < r->nfindings && i < RESULTS_FINDINGS; i++) {
		fputs("<li class=\"finding\">", f);
		emit_escaped(f, r->findings[i].text);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
}

static int body(const struct results *r, struct agg *a, FILE *f)
{
	enum io_dir d;
	int ret = 0;

	for (d = DIR_READ; d <= DIR_COUNT; d++)
		results_aggregate(r, -1, d, &a[d]);
	fputs("<div class=\"cards\">\n", f);
	put_cards(r, a, f);
	fputs("</div>\n", f);
	findings(r, f);
	report_html_where(r, f);
	if (a[DIR_COUNT].lat.count) {
		fputs("<h2>Latency by percentile</h2>\n<div class=\"panel\">\n",
		      f);
		latency_chart(a, f);
		percentile_table(a, f);
		fputs("</div>\n", f);
	}
	ret = report_html_time(r, f);
	if (!ret)
		ret = report_html_targets(r, f);
	if (!ret)
		ret = report_html_fleet(r, f);
	fputs("<h2>Per thread</h2>\n<div class=\"panel\">\n", f);
	thread_table(r, &a[3], f);
	fputs("</div>\n", f);
	report_devstat_html(r, f);
	return ret;
}

/* A red banner when an I/O failed: the run failed, whatever it shows.
 * Styled inline so a run without errors renders as before. */
static void failure_banner(const struct results *r, FILE *f)
{
	struct errno_count c[RESULTS_ERRNOS];
	char buf[768];
	uint64_t n = results_errors(r, -1, c);

	if (!n && !r->io_failure.failed)
		return;
	fputs("<div class=\"fail\" style=\"background:#fee2e2;color:#991b1b;"
	      "border-left:6px solid #dc2626;padding:10px 14px;margin:8px 0;"
	      "font-size:15px;font-weight:600\">FAILED: ", f);
	results_fmt_errnos(c, buf, sizeof(buf));
	fprintf(f, "%" PRIu64 " I/O%s failed (", n, n == 1 ? "" : "s");
	emit_escaped(f, buf);
	fputs(r->profile.continue_on_error ? "), continued" :
	      "), stopped at the first", f);
	if (r->io_failure.failed) {
		results_fmt_failure(r, buf, sizeof(buf));
		fputs("<br>first: ", f);
		emit_escaped(f, buf);
	}
	fputs("</div>\n", f);
}

int report_html(const struct results *r, FILE *f)
{
	struct agg *a;
	int ret;

	head(r, f);
	failure_banner(r, f);
	if (r->no_results) {
		fputs("<div class=\"warn\">The test was interrupted before the "
		      "measurements began. No results are displayed.</div>\n", f);
		report_html_where(r, f);
	} else {
		a = malloc(4 * sizeof(*a));
		if (!a)
			return -ENOMEM;
		ret = body(r, a, f);
		free(a);
		if (ret)
			return ret;
	}
	fputs("<div class=\"grid\"><div><h2>Parameters</h2>\n", f);
	params(r, f);
	fputs("</div><div><h2>System</h2>\n", f);
	sysfacts(r, f);
	fputs("</div></div>\n", f);
	chart_page_end(f, r->version);
	return ferror(f) ? -EIO : 0;
}
