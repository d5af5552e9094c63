/* report_html_where.c - when, where and how a run was measured (see
 * report_html_where.h). */
#include "report/report_html_where.h"

#include <inttypes.h>

#include "lib/fmt.h"
#include "report/chart_page.h"

void report_html_device(char *buf, size_t len, const struct target_info *t)
{
	snprintf(buf, len, "%s, %s", t->device[0] ? t->device :
		 "unknown device", t->is_block_device ?
		 "no filesystem (device)" : t->fs_type[0] ? t->fs_type :
		 "unknown filesystem");
}

void report_html_where(const struct results *r, FILE *f)
{
	char k[64], b[400];
	uint32_t i;

	chart_where_begin(f);
	chart_where_row(f, "date", r->sys.start_time, false);
	chart_where_row(f, "host", r->sys.hostname, false);
	chart_where_row(f, "kernel", r->sys.kernel, false);
	chart_where_row(f, "switches", r->profile.cmdline, true);
	chart_where_row(f, "engine", r->engine, false);
	for (i = 0; i < r->ntargets; i++) {
		const struct target_info *t = &r->targets[i];

		snprintf(k, sizeof(k), r->ntargets > 1 ? "target %" PRIu32 :
			 "target", i + 1);
		chart_where_row(f, k, t->path, true);
		report_html_device(b, sizeof(b), t);
		chart_where_row(f, "  device, filesystem", b, false);
		fmt_size(b, sizeof(b), t->size_bytes);
		chart_where_row(f, "  file size", b, false);
	}
	chart_where_row(f, "ioprobe version", r->version, false);
	chart_where_end(f);
}
