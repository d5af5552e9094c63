/* report_suite.c - the suite's -Rjson output: one object per test with
 * its names and headline figures, in run order.  See report_suite.h. */
#include "report/report_suite.h"

#include <errno.h>
#include <json-c/json.h>

#include "lib/emit.h"

static json_object *row_object(const struct suite_json_row *r)
{
	json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	json_object_object_add(o, "test", json_object_new_string(r->test));
	json_object_object_add(o, "label", json_object_new_string(r->label));
	json_object_object_add(o, "cmdline",
			       json_object_new_string(r->cmdline));
	json_object_object_add(o, "iops", json_object_new_double(r->iops));
	json_object_object_add(o, "mib_s", json_object_new_double(r->mib_s));
	json_object_object_add(o, "mean_ms",
			       json_object_new_double(r->mean_ms));
	json_object_object_add(o, "p99_ms", json_object_new_double(r->p99_ms));
	json_object_object_add(o, "p999_ms",
			       json_object_new_double(r->p999_ms));
	json_object_object_add(o, "max_ms", json_object_new_double(r->max_ms));
	json_object_object_add(o, "figure",
			       json_object_new_string(r->figure ? r->figure :
								  "window"));
	json_object_object_add(o, "window_iops",
			       json_object_new_double(r->window_iops));
	if (r->burst_iops > 0) {
		json_object_object_add(o, "burst_iops",
				       json_object_new_double(r->burst_iops));
		json_object_object_add(o, "burst_s",
				       json_object_new_double(r->burst_s));
	}
	json_object_object_add(o, "json", json_object_new_string(r->json));
	return o;
}

int report_suite_json(const struct suite_json_row *rows, size_t n, FILE *f)
{
	json_object *a = json_object_new_array();
	size_t i;

	if (!a)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		json_object *o = row_object(&rows[i]);

		if (!o) {
			json_object_put(a);
			return -ENOMEM;
		}
		json_object_array_add(a, o);
	}
	emit_utf8(f, json_object_to_json_string_ext(a,
						    JSON_C_TO_STRING_PRETTY));
	fputc('\n', f);
	json_object_put(a);
	return 0;
}
