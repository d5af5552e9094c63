/* report_json.c - the -Rjson report: the ioprobe-result/1 document that
 * results/results_json.c writes and `ioprobe show` reads back. */
#include "report/report.h"
#include "results/results_json.h"

int report_json(const struct results *r, FILE *f)
{
	return results_to_json(r, f);
}
