/* report_xml_el.c - the element writers of the XML results (see
 * report_xml_el.h). */
#include "report/report_xml_el.h"

#include <inttypes.h>
#include <math.h>

#include "lib/emit.h"

void xml_ind(FILE *f, unsigned int lvl)
{
	unsigned int i;

	for (i = 0; i < lvl; i++)
		fputs("  ", f);
}

void xml_open(FILE *f, unsigned int lvl, const char *name)
{
	xml_ind(f, lvl);
	fprintf(f, "<%s>\n", name);
}

void xml_close(FILE *f, unsigned int lvl, const char *name)
{
	xml_ind(f, lvl);
	fprintf(f, "</%s>\n", name);
}

void xml_u64(FILE *f, unsigned int lvl, const char *name, uint64_t v)
{
	xml_ind(f, lvl);
	fprintf(f, "<%s>%" PRIu64 "</%s>\n", name, v, name);
}

void xml_i64(FILE *f, unsigned int lvl, const char *name, int64_t v)
{
	xml_ind(f, lvl);
	fprintf(f, "<%s>%" PRId64 "</%s>\n", name, v, name);
}

void xml_dbl(FILE *f, unsigned int lvl, const char *name, int prec,
	     double v)
{
	xml_ind(f, lvl);
	fprintf(f, "<%s>%.*f</%s>\n", name, prec, isfinite(v) ? v : 0.0, name);
}

void xml_str(FILE *f, unsigned int lvl, const char *name, const char *v)
{
	xml_ind(f, lvl);
	fprintf(f, "<%s>", name);
	emit_escaped(f, v);
	fprintf(f, "</%s>\n", name);
}
