/* test_fleet_merge.c - the exact merge of the ranks' results, without
 * MPI: counts add up, threads are renumbered after the previous ranks',
 * histograms merge bucket by bucket (every percentile equals that of one
 * histogram of all the values), -D series add by interval, the window is
 * the span of the ranks'; mismatched results are refused; the "fleet"
 * facts survive JSON; {rank} and {host} expand and a host that could
 * leave its folder is refused. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fleet/fleet_expand.h"
#include "lib/rng.h"
#include "results/results_fleet.h"
#include "results/results_json.h"

#define NINT 3

/* Rank @rank's own result: @threads rows on one target, each row's reads
 * recorded from @rng (also into @all), interval k holding k + 1 + rank
 * I/Os. */
static struct results *rank_result(uint32_t rank, uint32_t threads,
				   uint64_t start_ns, double secs,
				   struct rng *rng, struct hist *all)
{
	struct results *r = calloc(1, sizeof(*r));
	uint32_t i, k, j;

	assert_non_null(r);
	results_init(r);
	profile_init(&r->profile);
	r->profile.ntargets = 1;
	r->profile.targets[0].path = strdup("/s/f-{rank}");
	r->ntargets = 1;
	strcpy(r->targets[0].path, rank ? "/s/f-1" : "/s/f-0");
	assert_int_equal(results_alloc_rows(r, threads, NINT), 0);
	r->interval_ms = 1000;
	r->thread_count = threads;
	r->test_time_s = secs;
	r->window_start_unix_ns = start_ns;
	r->ios_per_call = 1.0;
	for (i = 0; i < threads; i++) {
		struct dir_stats *d = &r->rows[i].dir[DIR_READ];
		uint32_t n = 1000 + 500 * rank + i;

		r->rows[i].thread = i;
		for (j = 0; j < n; j++) {
			/* a different spread per rank: P99 of the union is
			 * not any rank's own P99 */
			uint64_t v = 1000 + rng_next(rng) % (50000u * (rank + 1));

			hist_record(&d->lat, v);
			hist_record(all, v);
		}
		d->ios = n;
		d->bytes = (uint64_t)n * 4096;
		for (k = 0; k < NINT; k++)
			d->intervals[k].ios = k + 1 + rank;
	}
	assert_int_equal(results_fleet_own(r, rank, 2, rank ? "b" : "a"), 0);
	return r;
}

static void free_result(struct results *r)
{
	results_release(r);
	free(r);
}

static void test_merge_exact(void **state)
{
	struct hist *all = malloc(sizeof(*all));
	struct interval_stat series[NINT];
	struct results *a, *b;
	struct agg *g = malloc(sizeof(*g));
	struct rng rng;
	unsigned int i;

	(void)state;
	assert_non_null(all);
	assert_non_null(g);
	hist_init(all);
	rng_seed(&rng, 7, 0, 0);
	a = rank_result(0, 2, 5000000000ull, 2.0, &rng, all);
	b = rank_result(1, 3, 5000400000ull, 2.0, &rng, all);
	assert_int_equal(results_fleet_merge(a, b), 0);
	assert_int_equal(b->nrows, 0);
	assert_int_equal(a->thread_count, 5);
	assert_int_equal(a->nrows, 5);
	for (i = 0; i < 5; i++)
		assert_int_equal(a->rows[i].thread, i);
	results_aggregate(a, -1, DIR_COUNT, g);
	assert_int_equal(g->ios, 1000 + 1001 + 1500 + 1501 + 1502);
	assert_int_equal(g->lat.count, all->count);
	assert_int_equal(g->lat.min_ns, all->min_ns);
	assert_int_equal(g->lat.max_ns, all->max_ns);
	assert_memory_equal(g->lat.buckets, all->buckets, sizeof(all->buckets));
	for (i = 0; i < RESULTS_NPCT; i++)
		assert_int_equal(hist_percentile(&g->lat, results_pcts[i].pct),
				 hist_percentile(all, results_pcts[i].pct));
	results_series(a, -1, DIR_COUNT, series);
	for (i = 0; i < NINT; i++)	/* 2 rows of rank 0, 3 of rank 1 */
		assert_int_equal(series[i].ios, 2 * (i + 1) + 3 * (i + 2));
	/* the span: 0.4 ms between the starts, 2 s each */
	assert_true(a->test_time_s > 2.0003 && a->test_time_s < 2.0005);
	assert_int_equal(a->fleet.nranks, 2);
	assert_true(a->fleet.merged);
	assert_int_equal(a->fleet.ranks[1].first_thread, 2);
	assert_string_equal(a->fleet.ranks[1].host, "b");
	assert_string_equal(a->fleet.ranks[1].path, "/s/f-1");
	assert_ptr_equal(results_fleet_rank_of(a, 4), &a->fleet.ranks[1]);
	assert_ptr_equal(results_fleet_rank_of(a, 1), &a->fleet.ranks[0]);
	assert_null(results_fleet_rank_of(a, 5));
	free_result(a);
	free_result(b);
	free(all);
	free(g);
}

static void test_merge_failure_renumbered(void **state)
{
	struct hist *all = malloc(sizeof(*all));
	struct results *a, *b;
	struct rng rng;

	(void)state;
	assert_non_null(all);
	hist_init(all);
	rng_seed(&rng, 8, 0, 0);
	a = rank_result(0, 2, 1, 1.0, &rng, all);
	b = rank_result(1, 1, 1, 1.0, &rng, all);
	b->io_failure = (struct io_failure){ .failed = true, .thread = 0,
					     .err = EIO };
	results_warn(b, "thread 0 is slow");
	assert_int_equal(results_fleet_merge(a, b), 0);
	assert_true(a->io_failure.failed);
	assert_int_equal(a->io_failure.thread, 2);
	assert_int_equal(a->nwarnings, 1);
	assert_string_equal(a->warnings[0], "rank 1: thread 0 is slow");
	free_result(a);
	free_result(b);
	free(all);
}

static void test_merge_refused(void **state)
{
	struct hist *all = malloc(sizeof(*all));
	struct results *a, *b, *c;
	struct rng rng;

	(void)state;
	assert_non_null(all);
	hist_init(all);
	rng_seed(&rng, 9, 0, 0);
	a = rank_result(0, 1, 1, 1.0, &rng, all);
	b = rank_result(1, 1, 1, 1.0, &rng, all);
	b->interval_ms = 500;	/* other -D intervals */
	assert_int_equal(results_fleet_merge(a, b), -EINVAL);
	assert_int_equal(b->nrows, 1);	/* left as it was */
	c = rank_result(1, 1, 1, 1.0, &rng, all);
	results_fleet_release(&c->fleet);	/* no fleet facts */
	assert_int_equal(results_fleet_merge(a, c), -EINVAL);
	assert_int_equal(a->nrows, 1);
	free_result(a);
	free_result(b);
	free_result(c);
	free(all);
}

static char *to_json(const struct results *r, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	assert_non_null(f);
	assert_int_equal(results_to_json(r, f), 0);
	fclose(f);
	return buf;
}

static void test_json_round_trip(void **state)
{
	struct hist *all = malloc(sizeof(*all));
	struct results *a, *b, *back = calloc(1, sizeof(*back));
	char err[512] = "", *text, *again;
	size_t len, len2;
	struct rng rng;

	(void)state;
	assert_non_null(all);
	assert_non_null(back);
	hist_init(all);
	rng_seed(&rng, 10, 0, 0);
	a = rank_result(0, 1, 42, 1.0, &rng, all);
	b = rank_result(1, 2, 43, 1.0, &rng, all);
	assert_int_equal(results_fleet_merge(a, b), 0);
	text = to_json(a, &len);
	results_init(back);
	assert_int_equal(results_from_json("t", text, len, back, err,
					   sizeof(err)), 0);
	assert_string_equal(err, "");
	assert_int_equal(back->fleet.size, 2);
	assert_true(back->fleet.merged);
	assert_int_equal(back->fleet.nranks, 2);
	assert_int_equal(back->fleet.ranks[1].window_start_unix_ns, 43);
	assert_int_equal(back->fleet.ranks[1].threads, 2);
	again = to_json(back, &len2);
	assert_int_equal(len, len2);
	assert_memory_equal(text, again, len);
	free(again);
	results_release(back);
	free(text);
	/* a single process's file has no "fleet" and loads without one */
	results_fleet_release(&a->fleet);
	text = to_json(a, &len);
	assert_null(strstr(text, "\"fleet\""));
	results_init(back);
	assert_int_equal(results_from_json("t", text, len, back, err,
					   sizeof(err)), 0);
	assert_int_equal(back->fleet.size, 0);
	results_release(back);
	free(text);
	free(back);
	free_result(a);
	free_result(b);
	free(all);
}

static void test_expand(void **state)
{
	struct profile p, q;
	char err[512] = "";

	(void)state;
	profile_init(&p);
	p.ntargets = 2;
	p.targets[0].path = strdup("/mnt/{host}/io-{rank}.dat");
	p.targets[1].path = strdup("/mnt/shared.dat");
	p.targets[1].create_bytes = 1 << 20;
	p.noutputs = 1;
	p.outputs[0].path = strdup("/r/{rank}.json");
	assert_true(fleet_shared_create(&p));
	assert_int_equal(fleet_expand_profile(&q, &p, 3, "node-7.lan", err,
					      sizeof(err)), 0);
	assert_string_equal(q.targets[0].path, "/mnt/node-7.lan/io-3.dat");
	assert_string_equal(q.targets[1].path, "/mnt/shared.dat");
	assert_string_equal(q.outputs[0].path, "/r/3.json");
	profile_release(&q);
	assert_int_equal(fleet_expand_profile(&q, &p, 0, "a/b", err,
					      sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "invalid host name 'a/b'"));
	assert_int_equal(fleet_expand_profile(&q, &p, 0, "..", err,
					      sizeof(err)), -EINVAL);
	assert_int_equal(fleet_expand_profile(&q, &p, 0, "", err,
					      sizeof(err)), -EINVAL);
	/* without {host} any host name will do */
	free(p.targets[0].path);
	p.targets[0].path = strdup("/mnt/io-{rank}");
	assert_int_equal(fleet_expand_profile(&q, &p, 12, "a/b", err,
					      sizeof(err)), 0);
	assert_string_equal(q.targets[0].path, "/mnt/io-12");
	profile_release(&q);
	p.targets[1].create_bytes = 0;
	assert_false(fleet_shared_create(&p));
	profile_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_merge_exact),
		cmocka_unit_test(test_merge_failure_renumbered),
		cmocka_unit_test(test_merge_refused),
		cmocka_unit_test(test_json_round_trip),
		cmocka_unit_test(test_expand),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
