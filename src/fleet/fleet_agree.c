/* fleet_agree.c - the ranks agree on the outcome of a step each takes on
 * its own (a suite's checks, its test file claim, a test kept in the
 * history): rank 0 learns every rank's status and message, the first
 * rank that failed decides, and every rank gets that status, so all go
 * on or all stop together.
 */
#include "fleet/fleet_agree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"

/* Rank 0: the first failed rank in the gathered @all into @why. */
static int agree_pick(const struct fleet *f, char *all, const uint64_t *lens,
		      char *why, size_t len)
{
	char host[RESULTS_FLEET_HOST];
	uint64_t off = 0;
	uint32_t k;
	int st;

	for (k = 0; k < f->size; off += lens[k], k++) {
		char *text = all + off, *nl;

		nl = memchr(text, '\n', lens[k]);
		if (!nl || sscanf(text, "%d %63s", &st, host) != 2) {
			snprintf(why, len, "rank %u: sent an unreadable answer",
				 k);
			return 1;
		}
		if (!st)
			continue;
		snprintf(why, len, "rank %u (%s): %.*s", k, host,
			 (int)(lens[k] - (uint64_t)(nl + 1 - text)), nl + 1);
		return st;
	}
	return 0;
}

int fleet_agree(struct fleet *f, int status, const char *msg, int *out,
		char *why, size_t len, double timeout_s)
{
	uint64_t *lens = NULL, v = 0;
	char *text = NULL, *all = NULL;
	int n, ret;

	if (len)
		why[0] = '\0';
	n = asprintf(&text, "%d %s\n%s", status, f->host[0] ? f->host : "-",
		     status && msg ? msg : "");
	if (n < 0)
		return -ENOMEM;
	ret = fleet_gather(f, text, (uint64_t)n, &all, &lens, timeout_s);
	free(text);
	if (!ret && !f->rank)
		v = (uint64_t)agree_pick(f, all, lens, why, len);
	free(all);
	free(lens);
	if (!ret)
		ret = fleet_bcast(f, &v, timeout_s);
	if (!ret)
		*out = (int)v;
	return ret;
}
