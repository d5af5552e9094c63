/* report_text_targets.c - the text report's "Per target" section: what
 * all threads did on each target and on all of them (results_targets.h),
 * for a striped volume against its members or several disks in one run.
 * It comes after DiskSpd's tables and its rows never start with
 * "total:", so tools that read DiskSpd's text find what they expect. */
#include "report/report_text_targets.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "results/results_targets.h"

static void put_dashes(FILE *f, unsigned int n)
{
	while (n--)
		fputc('-', f);
	fputc('\n', f);
}

static void put_row(const char *name, const struct target_sum *s,
		    const char *path, bool lat, FILE *f)
{
	fprintf(f, "%6s | %12" PRIu64 " | %10.2f | %10.2f | %6.1f%%", name,
		s->ios, s->mib_s, s->iops, s->share_pct);
	if (lat && s->has_lat)
		fprintf(f, " | %8.3f | %9.3f", s->lat_mean_ns / 1e6,
			(double)s->lat_p99_ns / 1e6);
	else if (lat)
		fprintf(f, " | %8s | %9s", "N/A", "N/A");
	if (path[0])
		fprintf(f, " | %s", path);
	fputc('\n', f);
}

int report_text_targets(const struct results *r, FILE *f)
{
	bool lat = r->profile.measure_latency;
	unsigned int width = lat ? 86 : 63;
	struct target_summary *s;
	char name[16];
	uint32_t i;

	if (!results_targets_shown(r))
		return 0;
	s = malloc(sizeof(*s));
	if (!s)
		return -ENOMEM;
	if (results_target_summary(r, s)) {
		free(s);
		return -ENOMEM;
	}
	fputs("\nPer target (all threads, reads and writes; latency from the "
	      "merged histograms)\n", f);
	fprintf(f, "target |     I/Os     |    MiB/s   |  I/O per s |  share  %s"
		"|  file\n", lat ? "|  AvgLat  | P99 (ms)  " : "");
	put_dashes(f, width);
	for (i = 0; i < s->n; i++) {
		snprintf(name, sizeof(name), "%" PRIu32, s->t[i].target);
		put_row(name, &s->t[i], r->targets[s->t[i].target].path, lat,
			f);
	}
	put_dashes(f, width);
	put_row("all", &s->all, "", lat, f);
	free(s);
	return 0;
}
