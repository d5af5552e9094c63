/* report.c - the report helpers every renderer shares: dispatch on the
 * requested format and DiskSpd's size notation (8KiB, 1.50GiB). */
#include "report/report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

int report_write(const struct results *r, enum result_format fmt, FILE *f)
{
	switch (fmt) {
	case FORMAT_TEXT:
		return report_text(r, f);
	case FORMAT_XML:
		return report_xml(r, f);
	case FORMAT_JSON:
		return report_json(r, f);
	case FORMAT_CSV:
		return report_csv(r, f);
	case FORMAT_HTML:
		return report_html(r, f);
	}
	return -EINVAL;
}

void report_fmt_size(char *buf, size_t len, uint64_t bytes)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB" };
	int u;

	for (u = 3; u >= 0; u--) {
		uint64_t one = 1ull << (10 * (u + 1));

		if (bytes < one)
			continue;
		if (bytes % one == 0)
			snprintf(buf, len, "%" PRIu64 "%s", bytes / one,
				 unit[u]);
		else
			snprintf(buf, len, "%.2f%s", (double)bytes / (double)one,
				 unit[u]);
		return;
	}
	snprintf(buf, len, "%" PRIu64, bytes);
}
