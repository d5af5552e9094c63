/* test_memplan.c - the memory estimate of a profile and the refusal of
 * one that does not fit, with the available memory passed in. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "run/memplan.h"
#include "profile/profile.h"
#include "results/results.h"
#include "run/worker.h"

#define KIB 1024ull
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)
#define STACK (8 * MIB)

/* One target "f.dat" with -b@block -t@threads -o@depth. */
static void one_target(struct profile *p, uint64_t block, uint32_t threads,
		       uint32_t depth)
{
	profile_init(p);
	target_opts_init(&p->targets[0]);
	p->ntargets = 1;
	p->targets[0].block_bytes = block;
	p->targets[0].threads = threads;
	p->targets[0].outstanding = depth;
}

static void test_buffers(void **state)
{
	struct profile p;
	struct memplan m;

	(void)state;
	one_target(&p, 64 * MIB, 4, 32);
	memplan_estimate(&p, STACK, &m);
	/* 32 slots plus one write buffer per thread */
	assert_int_equal(m.buffers_bytes, 4 * 33 * 64 * MIB);
	assert_int_equal(m.nthreads, 4);
	assert_int_equal(m.depth_max, 32);
	assert_int_equal(m.block_max, 64 * MIB);
	assert_true(m.total_bytes > m.buffers_bytes);
	assert_int_equal(m.virtual_bytes, m.total_bytes + 4 * STACK);
	profile_release(&p);
}

static void test_block_rounded(void **state)
{
	struct profile p;
	struct memplan m;

	(void)state;
	one_target(&p, 3000, 1, 1);
	memplan_estimate(&p, STACK, &m);
	assert_int_equal(m.buffers_bytes, 2 * 4096);
	profile_release(&p);
}

static void test_refuse_buffers(void **state)
{
	struct profile p;
	struct memplan m;
	char err[512] = "";

	(void)state;
	one_target(&p, 64 * MIB, 4, 32);
	memplan_estimate(&p, STACK, &m);
	assert_int_equal(memplan_check(&m, &p, 64 * GIB, UINT64_MAX, err,
				       sizeof(err)), 0);
	/* 8.3 GiB is above 80% of 10 GiB */
	assert_int_equal(memplan_check(&m, &p, 10 * GIB, UINT64_MAX, err,
				       sizeof(err)), -ENOMEM);
	assert_non_null(strstr(err, "-b64M with -t4 -o32 needs 8.2 GiB of "
				    "I/O buffers"));
	assert_non_null(strstr(err, "80% of the 10.0 GiB available"));
	assert_null(strchr(err, '\n'));
	profile_release(&p);
}

static void test_wsrc_only_with_writes(void **state)
{
	struct profile p;
	struct memplan m;
	char err[512] = "";

	(void)state;
	one_target(&p, 4 * KIB, 1, 1);
	p.targets[0].wbuf = WBUF_SOURCE;
	p.targets[0].wbuf_source_bytes = 4 * GIB;
	memplan_estimate(&p, STACK, &m);
	assert_int_equal(m.wsrc_bytes, 0);	/* -w0: never loaded */
	p.targets[0].write_pct = 50;
	memplan_estimate(&p, STACK, &m);
	assert_int_equal(m.wsrc_bytes, 4 * GIB);
	assert_int_equal(memplan_check(&m, &p, 4 * GIB, UINT64_MAX, err,
				       sizeof(err)), -ENOMEM);
	assert_non_null(strstr(err, "-Z4G needs 4.0 GiB of write source"));
	profile_release(&p);
}

static void test_many_threads(void **state)
{
	struct profile p;
	struct memplan m;
	char err[512] = "";

	(void)state;
	one_target(&p, 4 * KIB, 65536, 1);
	memplan_estimate(&p, STACK, &m);
	assert_true(m.stats_bytes >= 65536ull * sizeof(struct thread_target));
	assert_int_equal(memplan_check(&m, &p, 4 * GIB, UINT64_MAX, err,
				       sizeof(err)), -ENOMEM);
	assert_non_null(strstr(err, "-t65536 needs"));
	assert_non_null(strstr(err, "latency histograms"));
	/* the address space limit counts whole stacks: 512 GiB */
	assert_int_equal(memplan_check(&m, &p, 1024 * GIB, 64 * GIB, err,
				       sizeof(err)), -ENOMEM);
	assert_non_null(strstr(err, "-t65536 needs 512.0 GiB of thread "
				    "stacks"));
	assert_non_null(strstr(err, "64.0 GiB limit"));
	profile_release(&p);
}

static void test_series(void **state)
{
	struct profile p;
	struct memplan m;
	char err[512] = "";

	(void)state;
	one_target(&p, 4 * KIB, 16, 1);
	p.iops_interval_ms = 1;
	p.duration_s = 86400;
	memplan_estimate(&p, STACK, &m);
	/* 16 rows x 2 directions x 86.4 M intervals */
	assert_int_equal(m.series_bytes, 16ull * 2 * 86400000ull *
						 sizeof(struct interval_stat));
	assert_int_equal(memplan_check(&m, &p, 64 * GIB, UINT64_MAX, err,
				       sizeof(err)), -ENOMEM);
	assert_non_null(strstr(err, "-D1 over -d86400 with -t16 needs"));
	profile_release(&p);
}

static void test_pool(void **state)
{
	struct profile p;
	struct memplan m;

	(void)state;
	profile_init(&p);
	p.ntargets = 2;
	target_opts_init(&p.targets[0]);
	target_opts_init(&p.targets[1]);
	p.targets[0].block_bytes = 8 * KIB;
	p.targets[1].block_bytes = 4 * KIB;
	p.pool_threads = 3;
	p.pool_requests = 8;	/* 4 per target at equal weights */
	memplan_estimate(&p, STACK, &m);
	assert_int_equal(m.nthreads, 3);
	/* each thread: 8 slots + 2 write buffers of the larger block */
	assert_int_equal(m.buffers_bytes, 3 * 10 * 8 * KIB);
	assert_int_equal(m.stats_bytes, 6 * sizeof(struct thread_target));
	profile_release(&p);
}

/* The per-thread state counts the worker's real structures: one more
 * target in a pool thread (same 8 slots) costs one struct wt, which is
 * 2,304 bytes on x86-64, not the 1,024 the estimate once assumed. */
static void test_worker_state(void **state)
{
	struct profile p;
	struct memplan one, two;

	(void)state;
	profile_init(&p);
	target_opts_init(&p.targets[0]);
	target_opts_init(&p.targets[1]);
	p.pool_threads = 1;
	p.pool_requests = 8;
	p.ntargets = 1;
	memplan_estimate(&p, STACK, &one);
	p.ntargets = 2;
	memplan_estimate(&p, STACK, &two);
	assert_int_equal(two.threads_bytes - one.threads_bytes,
			 worker_target_bytes());
	assert_true(worker_target_bytes() > 1024);
	assert_true(one.threads_bytes > worker_state_bytes() +
					worker_target_bytes());
	profile_release(&p);
}

static void test_saturates(void **state)
{
	struct profile p;
	struct memplan m;
	char err[512] = "";

	(void)state;
	one_target(&p, 1 * GIB, 65536, 65536);
	p.ntargets = 64;
	for (uint32_t i = 1; i < 64; i++)
		p.targets[i] = p.targets[0];
	memplan_estimate(&p, STACK, &m);
	assert_int_equal(m.virtual_bytes, UINT64_MAX);
	assert_int_equal(memplan_check(&m, &p, UINT64_MAX / 2, UINT64_MAX - 1,
				       err, sizeof(err)), -ENOMEM);
	p.ntargets = 1;
	profile_release(&p);
}

static void test_format(void **state)
{
	char b[32];

	(void)state;
	memplan_format(100, b, sizeof(b));
	assert_string_equal(b, "100 bytes");
	memplan_format(4096, b, sizeof(b));
	assert_string_equal(b, "4.0 KiB");
	memplan_format(8 * GIB + GIB / 2, b, sizeof(b));
	assert_string_equal(b, "8.5 GiB");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buffers),
		cmocka_unit_test(test_block_rounded),
		cmocka_unit_test(test_refuse_buffers),
		cmocka_unit_test(test_wsrc_only_with_writes),
		cmocka_unit_test(test_many_threads),
		cmocka_unit_test(test_series),
		cmocka_unit_test(test_pool),
		cmocka_unit_test(test_worker_state),
		cmocka_unit_test(test_saturates),
		cmocka_unit_test(test_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
