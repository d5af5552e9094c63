/* report_devstat.c - the device counters of each target over the measured
 * window, as every report shows them (see report_devstat.h): reads and
 * writes the device completed, MiB, merges, the average time per I/O from
 * the kernel's ticks, the average queue size (weighted ticks ÷ window)
 * and the utilisation (io_ticks ÷ window), under ioprobe's own counts of
 * the same window.  A target without a block device says that the cache
 * question cannot be answered from the kernel.
 */
#include "report/report_devstat.h"

#include <inttypes.h>

#include "lib/emit.h"
#include "lib/util.h"
#include "report/chart_page.h"
#include "results/devstat.h"

#define MIB 1048576.0

static const char *const role_text[DEVSTAT_ROLES] = {
	"device", "whole disk", "loop backing", "backing disk",
};

static bool any_measured(const struct results *r)
{
	uint32_t i;

	for (i = 0; i < r->ntargets; i++)
		if (r->targets[i].devstat.measured)
			return true;
	return false;
}

/* ioprobe's reads and writes of @target in the window. */
static void own_counts(const struct results *r, uint32_t target,
		       struct agg *rd, struct agg *wr)
{
	results_aggregate(r, (int)target, DIR_READ, rd);
	results_aggregate(r, (int)target, DIR_WRITE, wr);
}

static const char *no_counters(const struct target_info *t)
{
	return t->fs_type[0] ? t->fs_type : "no block device";
}

static void text_target(const struct results *r, uint32_t i, FILE *f)
{
	const struct target_info *t = &r->targets[i];
	const struct devstat_set *s = &t->devstat;
	struct agg rd, wr;
	uint32_t j;

	if (!s->measured)
		return;
	fprintf(f, "target: %s\n", t->path);
	if (!s->n) {
		fprintf(f, "  no device counters (%s): the cache question "
			   "cannot be answered from the kernel\n",
			no_counters(t));
		return;
	}
	own_counts(r, i, &rd, &wr);
	fputs("  source               |      reads |     writes |   read MiB |"
	      "  write MiB |   merges |  ms/IO | queue |   util\n", f);
	fprintf(f, "  %-20s | %10" PRIu64 " | %10" PRIu64 " | %10.2f | %10.2f"
		   " |\n", "ioprobe", rd.ios, wr.ios, (double)rd.bytes / MIB,
		(double)wr.bytes / MIB);
	for (j = 0; j < s->n; j++) {
		const struct devstat *d = &s->dev[j];
		char name[64];

		snprintf(name, sizeof(name), "%s (%s)", d->name,
			 role_text[d->role]);
		fprintf(f, "  %-20s | %10" PRIu64 " | %10" PRIu64 " | %10.2f |"
			   " %10.2f | %8" PRIu64 " | %6.3f | %5.2f | %5.1f%%\n",
			name, d->reads, d->writes,
			(double)d->read_sectors * DEVSTAT_SECTOR / MIB,
			(double)d->write_sectors * DEVSTAT_SECTOR / MIB,
			d->read_merges + d->write_merges, devstat_avg_ms(d),
			devstat_queue(d), devstat_util_pct(d));
	}
}

void report_devstat_text(const struct results *r, FILE *f)
{
	uint32_t i;

	if (r->no_results || !any_measured(r))
		return;
	fputs("\nDevice counters (kernel, measured window)\n"
	      "-----------------------------------------\n", f);
	for (i = 0; i < r->ntargets; i++)
		text_target(r, i, f);
}

/* ------------------------------------------------------------------ xml */

static void ind(FILE *f, unsigned int lvl)
{
	while (lvl--)
		fputs("  ", f);
}

static void xu64(FILE *f, unsigned int lvl, const char *name, uint64_t v)
{
	ind(f, lvl);
	fprintf(f, "<%s>%" PRIu64 "</%s>\n", name, v, name);
}

static void xdbl(FILE *f, unsigned int lvl, const char *name, double v)
{
	ind(f, lvl);
	fprintf(f, "<%s>%.3f</%s>\n", name, v, name);
}

static void xstr(FILE *f, unsigned int lvl, const char *name, const char *v)
{
	ind(f, lvl);
	fprintf(f, "<%s>", name);
	emit_escaped(f, v);
	fprintf(f, "</%s>\n", name);
}

static void xml_device(const struct devstat *d, unsigned int lvl, FILE *f)
{
	ind(f, lvl);
	fputs("<BlockDevice>\n", f);
	xstr(f, lvl + 1, "Name", d->name);
	xstr(f, lvl + 1, "Role", devstat_role_names[d->role]);
	xu64(f, lvl + 1, "Reads", d->reads);
	xu64(f, lvl + 1, "Writes", d->writes);
	xu64(f, lvl + 1, "ReadBytes", d->read_sectors * DEVSTAT_SECTOR);
	xu64(f, lvl + 1, "WriteBytes", d->write_sectors * DEVSTAT_SECTOR);
	xu64(f, lvl + 1, "ReadMerges", d->read_merges);
	xu64(f, lvl + 1, "WriteMerges", d->write_merges);
	xdbl(f, lvl + 1, "AverageMsPerIo", devstat_avg_ms(d));
	xdbl(f, lvl + 1, "AverageQueueSize", devstat_queue(d));
	xdbl(f, lvl + 1, "UtilizationPercent", devstat_util_pct(d));
	xdbl(f, lvl + 1, "WindowSeconds", (double)d->window_ns / 1e9);
	ind(f, lvl);
	fputs("</BlockDevice>\n", f);
}

void report_devstat_xml(const struct results *r, unsigned int lvl, FILE *f)
{
	uint32_t i, j;

	if (r->no_results || !any_measured(r))
		return;
	ind(f, lvl);
	fputs("<DeviceCounters>\n", f);
	for (i = 0; i < r->ntargets; i++) {
		const struct devstat_set *s = &r->targets[i].devstat;

		if (!s->measured)
			continue;
		ind(f, lvl + 1);
		fputs("<Target>\n", f);
		xstr(f, lvl + 2, "Path", r->targets[i].path);
		if (!s->n)
			xstr(f, lvl + 2, "NoCounters",
			     no_counters(&r->targets[i]));
		for (j = 0; j < s->n; j++)
			xml_device(&s->dev[j], lvl + 2, f);
		ind(f, lvl + 1);
		fputs("</Target>\n", f);
	}
	ind(f, lvl);
	fputs("</DeviceCounters>\n", f);
}

/* ------------------------------------------------------------------ csv */

const char report_devstat_csv_header[] =
	",device,device_ios,device_mib,device_merges,device_avg_ms,"
	"device_queue,device_util_pct";

void report_devstat_csv(const struct results *r, int target, int dir,
			FILE *f)
{
	const struct devstat *d;
	uint64_t ios, sectors, merges;

	if (target < 0 || !r->targets[target].devstat.n) {
		fputs(",,,,,,,", f);
		return;
	}
	d = &r->targets[target].devstat.dev[0];
	ios = dir == DIR_READ ? d->reads : dir == DIR_WRITE ? d->writes :
							     devstat_ios(d);
	sectors = dir == DIR_READ ? d->read_sectors :
		  dir == DIR_WRITE ? d->write_sectors :
				     d->read_sectors + d->write_sectors;
	merges = dir == DIR_READ ? d->read_merges :
		 dir == DIR_WRITE ? d->write_merges :
				    d->read_merges + d->write_merges;
	fputc(',', f);
	fputs(d->name, f);	/* a kernel name: never quoted */
	fprintf(f, ",%" PRIu64 ",%.2f,%" PRIu64 ",", ios,
		(double)sectors * DEVSTAT_SECTOR / MIB, merges);
	if (dir == DIR_COUNT)
		fprintf(f, "%.3f,%.2f,%.1f", devstat_avg_ms(d),
			devstat_queue(d), devstat_util_pct(d));
	else
		fputs(",,", f);
}

/* ----------------------------------------------------------------- html */

static void html_row(const char *name, const char *role, uint64_t reads,
		     uint64_t writes, double rmib, double wmib, FILE *f)
{
	fputs("<tr><td class=\"l\">", f);
	emit_escaped(f, name);
	fputs("</td><td class=\"l\">", f);
	emit_escaped(f, role);
	fputs("</td>", f);
	chart_td_number(f, (double)reads, 0);
	chart_td_number(f, (double)writes, 0);
	chart_td_number(f, rmib, 2);
	chart_td_number(f, wmib, 2);
}

static void html_target(const struct results *r, uint32_t i, FILE *f)
{
	const struct devstat_set *s = &r->targets[i].devstat;
	struct agg rd, wr;
	uint32_t j;

	own_counts(r, i, &rd, &wr);
	html_row("ioprobe", r->targets[i].path, rd.ios, wr.ios,
		 (double)rd.bytes / MIB, (double)wr.bytes / MIB, f);
	fputs("<td></td><td></td><td></td><td></td></tr>\n", f);
	if (!s->n) {
		fputs("<tr><td class=\"l\" colspan=\"10\">no device counters (",
		      f);
		emit_escaped(f, no_counters(&r->targets[i]));
		fputs("): the cache question cannot be answered from the "
		      "kernel</td></tr>\n", f);
	}
	for (j = 0; j < s->n; j++) {
		const struct devstat *d = &s->dev[j];

		html_row(d->name, role_text[d->role], d->reads, d->writes,
			 (double)d->read_sectors * DEVSTAT_SECTOR / MIB,
			 (double)d->write_sectors * DEVSTAT_SECTOR / MIB, f);
		fprintf(f, "<td>%" PRIu64 "</td><td>%.3f</td><td>%.2f</td>"
			   "<td>%.1f%%</td></tr>\n",
			d->read_merges + d->write_merges, devstat_avg_ms(d),
			devstat_queue(d), devstat_util_pct(d));
	}
}

void report_devstat_html(const struct results *r, FILE *f)
{
	uint32_t i;

	if (r->no_results || !any_measured(r))
		return;
	fputs("<h2>Device counters (kernel, measured window)</h2>\n"
	      "<div class=\"panel\">\n<table><tr><th class=\"l\">source</th>"
	      "<th class=\"l\">role</th><th>reads</th><th>writes</th>"
	      "<th>read MiB</th><th>write MiB</th><th>merges</th>"
	      "<th>ms/IO</th><th>queue</th><th>util</th></tr>\n", f);
	for (i = 0; i < r->ntargets; i++)
		if (r->targets[i].devstat.measured)
			html_target(r, i, f);
	fputs("</table>\n</div>\n", f);
}
