/* report.c - the report helpers every renderer shares: dispatch on the
 * requested format. */
#include "report/report.h"

#include <errno.h>
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
