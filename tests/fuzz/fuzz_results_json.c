/* fuzz_results_json.c - libFuzzer target for the JSON results reader
 * (results_load_json, results/results_json.c), which takes a path: the input goes
 * into an in-memory file.  A result that loads is rendered in every
 * format, as `ioprobe show` would, so the renderers meet every state the
 * reader accepts. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_util.h"
#include "report/report.h"
#include "results/results.h"
#include "results/results_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum result_format fmts[] = {
		FORMAT_TEXT, FORMAT_XML, FORMAT_JSON, FORMAT_CSV, FORMAT_HTML,
	};
	struct results r;
	char path[64], err[1024] = "";
	FILE *f;
	int ret;

	fuzz_file(data, size, path, sizeof(path));
	results_init(&r);
	ret = results_load_json(path, &r, err, sizeof(err));
	if (ret && !err[0] && ret != -ENOMEM)
		abort();	/* every failure must say why */
	if (!ret) {
		f = fopen("/dev/null", "we");
		if (!f)
			abort();
		for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++)
			report_write(&r, fmts[i], f);
		fclose(f);
	}
	results_release(&r);
	return 0;
}
