/* test_report_text.c - the text report against golden text for a
 * hand-built run (2 threads, 1 target, -L, -D, 70/30-style mix with known
 * latencies), DiskSpd's size notation, N/A cells and the no-results case. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/hist.h"
#include "profile/profile.h"
#include "report/report.h"
#include "results/results.h"
#include "lib/fmt.h"
#include "lib/util.h"

/* A latency that is its own bucket's midpoint, so percentiles are exact. */
static uint64_t exact(uint64_t ns)
{
	return hist_bucket_mid(hist_index(ns));
}

static void record(struct hist *h, uint64_t ns, unsigned int n)
{
	while (n--)
		hist_record(h, exact(ns));
}

static void set_iv(struct dir_stats *d, uint64_t a, uint64_t b)
{
	d->intervals[0].ios = a;
	d->intervals[1].ios = b;
}

/* Thread 0: 100 reads (60 at ~1 ms, 40 at ~3 ms), 50 writes at ~5 ms;
 * thread 1: 200 reads at ~2 ms, no writes.  8 KiB blocks, 2 s window,
 * two 1 s intervals. */
static void build(struct results *r, bool writes)
{
	struct profile *p = &r->profile;
	struct target_opts *t;
	struct thread_target *row;

	results_init(r);
	profile_init(p);
	p->cmdline = strdup("ioprobe -b8K -d2 -W0 -h -L -D -t2 -r -w30 /tmp/io.dat");
	p->duration_s = 2;
	p->warmup_s = 0;
	p->measure_latency = true;
	p->iops_interval_ms = 1000;
	p->ntargets = 1;
	t = &p->targets[0];
	target_opts_init(t);
	t->path = strdup("/tmp/io.dat");
	t->block_bytes = 8192;
	t->threads = 2;
	t->random = true;
	t->random_pct = 100;
	t->write_pct = writes ? 30 : 0;
	t->cache = CACHE_DIRECT;
	t->write_through = true;

	str_copy(r->version, sizeof(r->version), "0.1.0");
	str_copy(r->engine, sizeof(r->engine), "io_uring");
	str_copy(r->sys.hostname, sizeof(r->sys.hostname), "box");
	str_copy(r->sys.start_time, sizeof(r->sys.start_time),
		 "2024/07/01 12:00:00 UTC");
	str_copy(r->sys.kernel, sizeof(r->sys.kernel), "Linux 6.1.0 x86_64");
	str_copy(r->sys.cpu_model, sizeof(r->sys.cpu_model), "Test CPU");
	r->sys.cpu_count = 2;
	r->sys.core_count = 2;
	r->sys.socket_count = 1;
	r->sys.node_count = 1;
	r->sys.mem_bytes = 8ull << 30;
	str_copy(r->sys.governor, sizeof(r->sys.governor), "performance");
	str_copy(r->sys.clocksource, sizeof(r->sys.clocksource), "tsc");

	r->ntargets = 1;
	str_copy(r->targets[0].path, sizeof(r->targets[0].path), "/tmp/io.dat");
	r->targets[0].size_bytes = 16ull << 20;
	str_copy(r->targets[0].fs_type, 32, "ext4");
	str_copy(r->targets[0].device, 64, "vda");
	r->targets[0].rotational = 0;
	str_copy(r->targets[0].scheduler, 32, "mq-deadline");
	r->targets[0].logical_block = 512;
	r->targets[0].physical_block = 4096;
	r->targets[0].hw_queue_depth = 256;
	str_copy(r->targets[0].irq_cpus, RESULTS_STR, "0-1");

	r->test_time_s = 2.0;
	r->thread_count = 2;
	r->ios_per_call = 1.5;
	r->ncpus = 2;
	r->cpus = calloc(2, sizeof(*r->cpus));
	assert_non_null(r->cpus);
	r->cpus[0] = (struct cpu_usage){ 0, 40.0, 10.0, 30.0, 60.0 };
	r->cpus[1] = (struct cpu_usage){ 1, 20.0, 5.0, 15.0, 80.0 };

	assert_int_equal(results_alloc_rows(r, 2, 2), 0);
	r->nintervals = 2;
	r->interval_ms = 1000;
	row = &r->rows[0];
	row->thread = 0;
	row->target = 0;
	row->mean_inflight = 1.9;
	row->dir[DIR_READ].ios = 100;
	row->dir[DIR_READ].bytes = 100 * 8192;
	record(&row->dir[DIR_READ].lat, 1000000, 60);
	record(&row->dir[DIR_READ].lat, 3000000, 40);
	set_iv(&row->dir[DIR_READ], 40, 60);
	if (writes) {
		row->dir[DIR_WRITE].ios = 50;
		row->dir[DIR_WRITE].bytes = 50 * 8192;
		record(&row->dir[DIR_WRITE].lat, 5000000, 50);
		set_iv(&row->dir[DIR_WRITE], 25, 25);
	}
	row = &r->rows[1];
	row->thread = 1;
	row->target = 0;
	row->mean_inflight = 2.0;
	row->dir[DIR_READ].ios = 200;
	row->dir[DIR_READ].bytes = 200 * 8192;
	record(&row->dir[DIR_READ].lat, 2000000, 200);
	set_iv(&row->dir[DIR_READ], 100, 100);
}

/* Render into a malloc'ed string. */
static char *render(const struct results *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(report_text(r, f), 0);
	fclose(f);
	return buf;
}

static const char golden[] =
	"\n"
	"Command Line: ioprobe -b8K -d2 -W0 -h -L -D -t2 -r -w30 /tmp/io.dat\n"
	"\n"
	"Input parameters:\n"
	"\n"
	"\ttimespan:   1\n"
	"\t-------------\n"
	"\tduration: 2s\n"
	"\twarm up time: 0s\n"
	"\tcool down time: 0s\n"
	"\tmeasuring latency\n"
	"\tgathering IOPS at intervals of 1000ms\n"
	"\trandom seed: 0\n"
	"\tI/O engine: io_uring\n"
	"\tpath: '/tmp/io.dat'\n"
	"\t\tthink time: 0ms\n"
	"\t\tburst size: 0\n"
	"\t\tsoftware cache disabled\n"
	"\t\thardware write cache disabled, writethrough on\n"
	"\t\tperforming mix test (read/write ratio: 70/30)\n"
	"\t\tblock size: 8KiB\n"
	"\t\tusing random I/O (alignment: 8KiB)\n"
	"\t\tnumber of outstanding I/O operations per thread: 2\n"
	"\t\tthreads per file: 2\n"
	"\t\tusing I/O Completion Ports\n"
	"\t\tIO priority: normal\n"
	"\n"
	"System information:\n"
	"\n"
	"\tcomputer name: box\n"
	"\tstart time: 2024/07/01 12:00:00 UTC\n"
	"\n"
	"\tcpu count:\t\t2\n"
	"\tcore count:\t\t2\n"
	"\tgroup count:\t\t1\n"
	"\tnode count:\t\t1\n"
	"\tsocket count:\t\t1\n"
	"\theterogeneous cores:\tn\n"
	"\n"
	"\tactive power scheme:\tperformance\n"
	"\n"
	"\tkernel:\t\t\tLinux 6.1.0 x86_64\n"
	"\tcpu model:\t\tTest CPU\n"
	"\tmemory:\t\t\t8GiB\n"
	"\tclocksource:\t\ttsc\n"
	"\tioprobe version:\t0.1.0\n"
	"\ttarget: '/tmp/io.dat' (16MiB)\n"
	"\t\tfilesystem:\t\text4\n"
	"\t\tblock device:\t\tvda\n"
	"\t\tdevice model:\t\tunknown\n"
	"\t\trotational:\t\tno\n"
	"\t\tscheduler:\t\tmq-deadline\n"
	"\t\tblock size:\t\t512 logical, 4KiB physical\n"
	"\t\tqueue depth:\t\t256\n"
	"\t\tinterrupt CPUs:\t\t0-1\n"
	"\n"
	"Results for timespan 1:\n"
	"*******************************************************************************\n"
	"\n"
	"actual test time:\t2.00s\n"
	"thread count:\t\t2\n"
	"I/Os per syscall:\t1.50 (io_uring)\n"
	"achieved queue depth:\t1.9 of 2\n"
	"\n"
	"CPU |  Usage |  User  | Kernel |  Idle\n"
	"----------------------------------------\n"
	"   0|  40.00%|  10.00%|  30.00%|  60.00%\n"
	"   1|  20.00%|   5.00%|  15.00%|  80.00%\n"
	"----------------------------------------\n"
	"avg.|  30.00%|   7.50%|  22.50%|  70.00%\n"
	"\n"
	"Total IO\n"
	"thread |       bytes     |     I/Os     |    MiB/s   |  I/O per s |  AvgLat  | IopsStdDev | LatStdDev |  file\n"
	"------------------------------------------------------------------------------------------------------------------\n"
	"     0 |         1228800 |          150 |       0.59 |      75.00 |    2.868 |      10.00 |     1.706 | /tmp/io.dat (16MiB)\n"
	"     1 |         1638400 |          200 |       0.78 |     100.00 |    2.003 |       0.00 |     0.000 | /tmp/io.dat (16MiB)\n"
	"------------------------------------------------------------------------------------------------------------------\n"
	"total:           2867200 |          350 |       1.37 |     175.00 |    2.374 |      10.00 |     1.196\n"
	"\n"
	"Read IO\n"
	"thread |       bytes     |     I/Os     |    MiB/s   |  I/O per s |  AvgLat  | IopsStdDev | LatStdDev |  file\n"
	"------------------------------------------------------------------------------------------------------------------\n"
	"     0 |          819200 |          100 |       0.39 |      50.00 |    1.803 |      10.00 |     0.982 | /tmp/io.dat (16MiB)\n"
	"     1 |         1638400 |          200 |       0.78 |     100.00 |    2.003 |       0.00 |     0.000 | /tmp/io.dat (16MiB)\n"
	"------------------------------------------------------------------------------------------------------------------\n"
	"total:           2457600 |          300 |       1.17 |     150.00 |    1.936 |      10.00 |     0.575\n"
	"\n"
	"Write IO\n"
	"thread |       bytes     |     I/Os     |    MiB/s   |  I/O per s |  AvgLat  | IopsStdDev | LatStdDev |  file\n"
	"------------------------------------------------------------------------------------------------------------------\n"
	"     0 |          409600 |           50 |       0.20 |      25.00 |    4.997 |       0.00 |     0.000 | /tmp/io.dat (16MiB)\n"
	"     1 |               0 |            0 |       0.00 |       0.00 |    0.000 |       0.00 |       N/A | /tmp/io.dat (16MiB)\n"
	"------------------------------------------------------------------------------------------------------------------\n"
	"total:            409600 |           50 |       0.20 |      25.00 |    4.997 |       0.00 |     0.000\n"
	"\n"
	"Total latency distribution:\n"
	"  %-ile |  Read (ms) | Write (ms) | Total (ms)\n"
	"----------------------------------------------\n"
	"    min |      1.001 |      4.997 |      1.001\n"
	"   25th |      2.003 |      4.997 |      2.003\n"
	"   50th |      2.003 |      4.997 |      2.003\n"
	"   75th |      2.003 |      4.997 |      3.006\n"
	"   90th |      3.006 |      4.997 |      4.997\n"
	"   95th |      3.006 |      4.997 |      4.997\n"
	"   99th |      3.006 |      4.997 |      4.997\n"
	"3-nines |      3.006 |      4.997 |      4.997\n"
	"4-nines |      3.006 |      4.997 |      4.997\n"
	"5-nines |      3.006 |      4.997 |      4.997\n"
	"6-nines |      3.006 |      4.997 |      4.997\n"
	"7-nines |      3.006 |      4.997 |      4.997\n"
	"8-nines |      3.006 |      4.997 |      4.997\n"
	"9-nines |      3.006 |      4.997 |      4.997\n"
	"    max |      3.006 |      4.997 |      4.997\n";

static void test_golden(void **state)
{
	struct results r;
	char *out;

	(void)state;
	build(&r, true);
	out = render(&r);
	if (strcmp(out, golden)) {
		FILE *f = fopen("/tmp/ioprobe-report-text-got.txt", "w");

		if (f) {
			fputs(out, f);
			fclose(f);
		}
		fprintf(stderr, "# text differs; got /tmp/ioprobe-report-text-got.txt\n");
	}
	assert_string_equal(out, golden);
	free(out);
	results_release(&r);
}

static void test_fmt_size(void **state)
{
	static const struct {
		uint64_t bytes;
		const char *want;
	} cases[] = {
		{ 0, "0" },
		{ 512, "512" },
		{ 1023, "1023" },
		{ 1024, "1KiB" },
		{ 8192, "8KiB" },
		{ 1536, "1.50KiB" },
		{ 100ull << 20, "100MiB" },
		{ 3ull << 29, "1.50GiB" },
		{ 1ull << 40, "1TiB" },
		{ (1ull << 40) - 1, "1024.00GiB" },
		{ 5ull << 40, "5TiB" },
	};
	char buf[32];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		fmt_size(buf, sizeof(buf), cases[i].bytes);
		assert_string_equal(buf, cases[i].want);
	}
	/* a short buffer truncates, never overflows */
	fmt_size(buf, 4, 100ull << 20);
	assert_string_equal(buf, "100");
}

/* Reads only: every Write cell of the distribution is N/A and the write
 * rows' LatStdDev is N/A, while AvgLat still prints 0.000. */
static void test_na_cells(void **state)
{
	struct results r;
	char *out, *wr, *dist;

	(void)state;
	build(&r, false);
	out = render(&r);
	assert_non_null(strstr(out, "\t\tperforming read test\n"));
	wr = strstr(out, "\nWrite IO\n");
	assert_non_null(wr);
	assert_non_null(strstr(wr, "     0 |               0 |            0 |"
				   "       0.00 |       0.00 |    0.000 |       0.00 |       N/A |"));
	dist = strstr(out, "\nTotal latency distribution:\n");
	assert_non_null(dist);
	assert_non_null(strstr(dist, "    min |      1.001 |        N/A |      1.001\n"));
	assert_non_null(strstr(dist, "    max |      3.006 |        N/A |      3.006\n"));
	free(out);
	results_release(&r);
}

static void test_no_results(void **state)
{
	struct results r;
	char *out, *res;

	(void)state;
	build(&r, true);
	r.no_results = true;
	r.interrupted = true;
	r.test_time_s = 0;
	out = render(&r);
	res = strstr(out, "\nResults for timespan 1:\n");
	assert_non_null(res);
	assert_string_equal(res,
		"\nResults for timespan 1:\n"
		"*******************************************************************************\n\n"
		"The test was interrupted before the measurements began. No results are displayed.\n");
	assert_null(strstr(out, "Total IO"));
	free(out);
	results_release(&r);
}

static void test_interrupted_and_warnings(void **state)
{
	struct results r;
	char *out;

	(void)state;
	build(&r, true);
	r.interrupted = true;
	r.test_time_s = 1.25;
	results_warn(&r, "worker 0 pinned to CPU %d, interrupts on CPU %d", 0, 1);
	out = render(&r);
	assert_non_null(strstr(out, "actual test time:\t1.25s\n"));
	assert_non_null(strstr(out, "interrupted:\t\tyes, measured 1.25s of 2s\n"));
	assert_non_null(strstr(out,
		"WARNING: worker 0 pinned to CPU 0, interrupts on CPU 1\n"));
	free(out);
	results_release(&r);
}

/* A failed I/O: the status and first failure at the top of the results,
 * the errors per thread and target after the tables; everything else as
 * without errors. */
static void test_io_errors(void **state)
{
	struct results r;
	char *out, *plain;

	(void)state;
	build(&r, true);
	plain = render(&r);
	results_count_error(&r.rows[0], EIO);
	results_count_error(&r.rows[0], EIO);
	results_count_error(&r.rows[1], ENOSPC);
	r.io_failure.failed = true;
	r.io_failure.write = true;
	r.io_failure.offset = 8192;
	r.io_failure.err = EIO;
	out = render(&r);
	assert_non_null(strstr(out, "run status:\t\tFAILED, 3 I/Os failed "
			       "(EIO: 2, ENOSPC: 1), stopped at the first\n"
			       "first failed I/O:\twrite to '/tmp/io.dat' at "
			       "offset 8192 failed: Input/output error\n"));
	assert_non_null(strstr(out, "\nI/O errors\n"
			       "worker |    errors    |  file: errors by errno\n"));
	assert_non_null(strstr(out, "\n     0 |            2 | /tmp/io.dat "
			       "(16MiB): EIO: 2\n"));
	assert_non_null(strstr(out, "\nall:                3 | EIO: 2, "
			       "ENOSPC: 1\n"));
	/* a failed run has no result in DiskSpd's lines: its no-results
	 * message, none of its tables (the plain report has them) */
	assert_non_null(strstr(out, "\n" FAILED_RUN_MSG "\n"));
	assert_non_null(strstr(out, "\nstopped after:\t\t"));
	assert_non_null(strstr(plain, "\nTotal IO\n"));
	assert_null(strstr(out, "\nTotal IO\n"));
	assert_null(strstr(out, "actual test time:"));
	assert_null(strstr(out, "\nCPU |"));
	assert_null(strstr(out, "\ntotal:"));
	assert_null(strstr(out, "latency distribution"));
	assert_null(strstr(plain, "FAILED"));
	assert_null(strstr(plain, "I/O errors"));
	r.profile.continue_on_error = true;
	free(out);
	out = render(&r);
	assert_non_null(strstr(out, "), continued (--continue-on-error)\n"));
	free(out);
	free(plain);
	results_release(&r);
}

/* -Rp: the input part alone, no results or system section. */
static void test_profile_only(void **state)
{
	struct results r;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	build(&r, true);
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(report_text_profile(&r.profile, f), 0);
	fclose(f);
	assert_non_null(strstr(buf, "Input parameters:\n\n\ttimespan:   1\n"));
	assert_non_null(strstr(buf, "\t\tperforming mix test (read/write ratio: 70/30)\n"));
	assert_null(strstr(buf, "System information"));
	assert_null(strstr(buf, "Results for timespan"));
	free(buf);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_fmt_size),
		cmocka_unit_test(test_na_cells),
		cmocka_unit_test(test_no_results),
		cmocka_unit_test(test_interrupted_and_warnings),
		cmocka_unit_test(test_profile_only),
		cmocka_unit_test(test_io_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
