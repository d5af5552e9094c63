/* report_sweep.c - a sweep's table and findings as text, and its -Rjson
 * object (the same figures, one object per point).  See report_sweep.h;
 * the page is report_sweep_html.c. */
#include "report/report_sweep.h"

#include <errno.h>
#include <json-c/json.h>
#include <string.h>

#include "lib/emit.h"
#include "lib/fmt.h"

const char *sweep_kind_switch(enum sweep_kind k)
{
	return k == SWEEP_BLOCK ? "-b" : k == SWEEP_DEPTH ? "-o" : "-t";
}

static void text_row(const struct sweep_view *v, size_t i, FILE *f)
{
	const struct sweep_point *p = &v->pts[i];
	char a[32], m[32], p50[32], p99[32];

	fmt_count(a, sizeof(a), p->iops);
	fmt_latency_ms(m, sizeof(m), p->mean_ms);
	fmt_latency_ms(p50, sizeof(p50), p->p50_ms);
	fmt_latency_ms(p99, sizeof(p99), p->p99_ms);
	/* fmt_latency_ms writes "µs": two bytes for one column */
	fprintf(f, "%-8s %10s %9.1f %*s %*s %*s %8.1f %9.1f%s\n", p->name, a,
		p->mib_s, strstr(m, "µ") ? 11 : 10, m,
		strstr(p50, "µ") ? 11 : 10, p50, strstr(p99, "µ") ? 11 : 10,
		p99, p->inflight, p->little,
		(int)i == v->knee ? "  <- knee" : "");
}

int report_sweep_text(const struct sweep_view *v, FILE *f)
{
	size_t i;

	fprintf(f, "\n%-8s %10s %9s %10s %10s %10s %8s %10s\n",
		sweep_kind_switch(v->kind), "IOPS", "MiB/s", "avg lat",
		"P50 lat", "P99 lat", "depth", "IOPS×avg");
	for (i = 0; i < v->npts; i++)
		text_row(v, i, f);
	fprintf(f, "  depth: achieved mean I/Os in flight; IOPS×avg: "
		   "Little's law (IOPS × mean latency)\n");
	if (v->nfind)
		fprintf(f, "\nfindings:\n");
	for (i = 0; i < v->nfind; i++)
		fprintf(f, "  - %s\n", v->find[i]);
	return ferror(f) ? -EIO : 0;
}

static json_object *point_object(const struct sweep_point *p)
{
	json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	json_object_object_add(o, "value", json_object_new_uint64(p->value));
	json_object_object_add(o, "name", json_object_new_string(p->name));
	json_object_object_add(o, "iops", json_object_new_double(p->iops));
	json_object_object_add(o, "mib_s", json_object_new_double(p->mib_s));
	json_object_object_add(o, "mean_ms",
			       json_object_new_double(p->mean_ms));
	json_object_object_add(o, "p50_ms", json_object_new_double(p->p50_ms));
	json_object_object_add(o, "p99_ms", json_object_new_double(p->p99_ms));
	json_object_object_add(o, "max_ms", json_object_new_double(p->max_ms));
	json_object_object_add(o, "inflight",
			       json_object_new_double(p->inflight));
	json_object_object_add(o, "little", json_object_new_double(p->little));
	json_object_object_add(o, "json", json_object_new_string(p->json));
	return o;
}

int report_sweep_json(const struct sweep_view *v, FILE *f)
{
	json_object *top = json_object_new_object(), *a, *fa;
	size_t i;

	if (!top)
		return -ENOMEM;
	json_object_object_add(top, "switch",
			       json_object_new_string(sweep_kind_switch(v->kind)));
	json_object_object_add(top, "label", v->label ?
			       json_object_new_string(v->label) : NULL);
	json_object_object_add(top, "cmdline",
			       json_object_new_string(v->switches ?
						      v->switches : ""));
	a = json_object_new_array();
	fa = json_object_new_array();
	json_object_object_add(top, "points", a);
	json_object_object_add(top, "findings", fa);
	if (!a || !fa) {
		json_object_put(top);
		return -ENOMEM;
	}
	for (i = 0; i < v->npts; i++)
		json_object_array_add(a, point_object(&v->pts[i]));
	for (i = 0; i < v->nfind; i++)
		json_object_array_add(fa, json_object_new_string(v->find[i]));
	json_object_object_add(top, "knee", v->knee >= 0 ?
			       json_object_new_string(v->pts[v->knee].name) :
			       NULL);
	emit_utf8(f, json_object_to_json_string_ext(
			     top, JSON_C_TO_STRING_PRETTY |
				  JSON_C_TO_STRING_NOSLASHESCAPE));
	fputc('\n', f);
	json_object_put(top);
	return ferror(f) ? -EIO : 0;
}
