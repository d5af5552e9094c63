/* results_fleet.c - a fleet run's rank facts, and the exact merge of the
 * ranks' results: rows are moved, never summarised, so histograms merge
 * bucket by bucket wherever a report adds rows up.
 */
#include "results/results_fleet.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "results/results.h"

void results_fleet_release(struct results_fleet *f)
{
	free(f->ranks);
	memset(f, 0, sizeof(*f));
}

int results_fleet_own(struct results *r, uint32_t rank, uint32_t size,
		      const char *host)
{
	struct fleet_rank *k;

	results_fleet_release(&r->fleet);
	k = calloc(1, sizeof(*k));
	if (!k)
		return -ENOMEM;
	k->rank = rank;
	str_copy(k->host, sizeof(k->host), host);
	if (r->ntargets)
		str_copy(k->path, sizeof(k->path), r->targets[0].path);
	k->threads = r->thread_count;
	k->window_start_unix_ns = r->window_start_unix_ns;
	k->test_time_s = r->test_time_s;
	r->fleet.size = size;
	r->fleet.nranks = 1;
	r->fleet.ranks = k;
	return 0;
}

/* I/Os of every row, for weighting the per-rank I/Os per call. */
static uint64_t rows_ios(const struct results *r)
{
	uint64_t n = 0;
	uint32_t i;

	for (i = 0; i < r->nrows; i++)
		n += r->rows[i].dir[DIR_READ].ios + r->rows[i].dir[DIR_WRITE].ios;
	return n;
}

static void merge_calls(struct results *dst, const struct results *src)
{
	double a = (double)rows_ios(dst), b = (double)rows_ios(src);
	double calls = 0.0;

	if (dst->ios_per_call > 0.0)
		calls += a / dst->ios_per_call;
	if (src->ios_per_call > 0.0)
		calls += b / src->ios_per_call;
	dst->ios_per_call = calls > 0.0 ? (a + b) / calls : 0.0;
}

static void merge_warnings(struct results *dst, const struct results *src,
			   uint32_t rank)
{
	uint32_t i;

	for (i = 0; i < src->nwarnings && i < ARRAY_SIZE(src->warnings); i++)
		results_warn(dst, "rank %u: %s", rank, src->warnings[i]);
}

/* The measured window of the merged result: from the earliest start to
 * the latest end over the ranks (the longest window when a start is not
 * known). */
static void merge_window(struct results *dst)
{
	const struct results_fleet *f = &dst->fleet;
	uint64_t lo = UINT64_MAX, hi = 0;
	double longest = 0.0;
	uint32_t i;

	for (i = 0; i < f->nranks; i++) {
		const struct fleet_rank *k = &f->ranks[i];
		uint64_t end = k->window_start_unix_ns +
			       (uint64_t)(k->test_time_s * 1e9);

		if (k->test_time_s > longest)
			longest = k->test_time_s;
		if (!k->window_start_unix_ns) {
			lo = 0;
			continue;
		}
		if (k->window_start_unix_ns < lo)
			lo = k->window_start_unix_ns;
		if (end > hi)
			hi = end;
	}
	dst->test_time_s = lo && hi > lo ? (double)(hi - lo) / 1e9 : longest;
	dst->window_start_unix_ns = lo && lo != UINT64_MAX ? lo : 0;
}

static int merge_check(const struct results *dst, const struct results *src)
{
	if (!dst->fleet.nranks || src->fleet.nranks != 1 ||
	    dst->fleet.size != src->fleet.size)
		return -EINVAL;
	if (dst->ntargets != src->ntargets ||
	    dst->nintervals != src->nintervals ||
	    dst->interval_ms != src->interval_ms)
		return -EINVAL;
	if (dst->fleet.nranks >= RESULTS_FLEET_MAX_RANKS)
		return -EINVAL;
	return 0;
}

int results_fleet_merge(struct results *dst, struct results *src)
{
	uint32_t off = dst->thread_count, i;
	struct thread_target *rows;
	struct fleet_rank *ranks;
	int ret = merge_check(dst, src);

	if (ret)
		return ret;
	rows = realloc(dst->rows, ((size_t)dst->nrows + src->nrows + 1) *
				  sizeof(*rows));
	if (!rows)
		return -ENOMEM;
	dst->rows = rows;
	ranks = realloc(dst->fleet.ranks,
			(dst->fleet.nranks + 1) * sizeof(*ranks));
	if (!ranks)
		return -ENOMEM;
	dst->fleet.ranks = ranks;
	merge_calls(dst, src);
	for (i = 0; i < src->nrows; i++) {
		rows[dst->nrows] = src->rows[i];
		rows[dst->nrows++].thread += off;
	}
	free(src->rows);	/* the intervals are dst's now */
	src->rows = NULL;
	src->nrows = 0;
	/* one rank's per-interval percentiles are not the fleet's, and
	 * percentiles do not add up: the merged result has none */
	free(dst->ipct);
	dst->ipct = NULL;
	dst->nipct = 0;
	ranks[dst->fleet.nranks] = src->fleet.ranks[0];
	ranks[dst->fleet.nranks++].first_thread = off;
	dst->fleet.merged = true;
	dst->thread_count += src->thread_count;
	if (!dst->io_failure.failed && src->io_failure.failed) {
		dst->io_failure = src->io_failure;
		dst->io_failure.thread += off;
	}
	dst->interrupted |= src->interrupted;
	dst->no_results |= src->no_results;
	if (!dst->engine_note[0])
		str_copy(dst->engine_note, sizeof(dst->engine_note),
			 src->engine_note);
	merge_warnings(dst, src, src->fleet.ranks[0].rank);
	merge_window(dst);
	return 0;
}

const struct fleet_rank *results_fleet_rank_of(const struct results *r,
					       uint32_t thread)
{
	uint32_t i;

	for (i = 0; i < r->fleet.nranks; i++) {
		const struct fleet_rank *k = &r->fleet.ranks[i];

		if (thread >= k->first_thread &&
		    thread - k->first_thread < k->threads)
			return k;
	}
	return NULL;
}
