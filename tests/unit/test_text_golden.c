/* test_text_golden.c - the text report's input lines against DiskSpd's own
 * expected text (tests/diskspd-golden/): the same settings as each DiskSpd
 * unit test, rendered by report_text_profile(), compared byte for byte.
 * The Effective IO Distributions block of the results is checked the
 * same way from hand-made results.  Only ioprobe's own lines ("I/O engine:", "engine note:") are removed
 * before comparing; nothing else is loosened.
 *
 * DiskSpd's target cases print a target without "threads per file" and
 * the completion line; a thread pool without -O (pool_threads set, no
 * pool_requests) is the profile that prints exactly that in both tools.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/util.h"
#include "profile/profile.h"
#include "report/report.h"
#include "results/results.h"

static struct profile P;
static char DIR_PATH[PATH_MAX];

/* tests/diskspd-golden: $GOLDEN_DIR, below the working folder, or two
 * folders above this binary (build/tests/). */
static int find_golden(void **state)
{
	char exe[PATH_MAX];
	const char *env = getenv("GOLDEN_DIR");
	ssize_t n;

	(void)state;
	if (env) {
		snprintf(DIR_PATH, sizeof(DIR_PATH), "%s", env);
		return 0;
	}
	snprintf(DIR_PATH, sizeof(DIR_PATH), "tests/diskspd-golden");
	if (!access(DIR_PATH, R_OK))
		return 0;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return -1;
	exe[n] = '\0';
	snprintf(DIR_PATH, sizeof(DIR_PATH), "%s/../../tests/diskspd-golden",
		 dirname(exe));
	return access(DIR_PATH, R_OK) ? -1 : 0;
}

static char *slurp(const char *name)
{
	char path[PATH_MAX + 128];
	char *buf = NULL;
	size_t len = 0;
	FILE *f, *m;
	int ch;

	snprintf(path, sizeof(path), "%s/%s", DIR_PATH, name);
	f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read '%s'", path);
	m = open_memstream(&buf, &len);
	assert_non_null(m);
	while ((ch = fgetc(f)) != EOF)
		fputc(ch, m);
	fclose(f);
	fclose(m);
	return buf;
}

/* The profile's text without ioprobe's own lines. */
static char *render(void)
{
	char *buf = NULL, *out, *line, *nl;
	size_t len = 0, olen = 0;
	FILE *m = open_memstream(&buf, &len);
	FILE *o;

	assert_non_null(m);
	assert_int_equal(report_text_profile(&P, m), 0);
	fclose(m);
	o = open_memstream(&out, &olen);
	assert_non_null(o);
	for (line = buf; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			fail_msg("text without a final newline");
		*nl = '\0';
		if (!strncmp(line, "\tI/O engine: ", 13) ||
		    !strncmp(line, "\tengine note: ", 14))
			continue;
		fprintf(o, "%s\n", line);
	}
	fclose(o);
	free(buf);
	return out;
}

/* The first target's block: from "\tpath:" to the blank line that ends
 * the Input parameters. */
static void check_target_block(const char *golden)
{
	char *text = render(), *want = slurp(golden);
	char *block = strstr(text, "\tpath: ");
	size_t n;

	assert_non_null(block);
	n = strlen(block);
	assert_true(n >= 2 && !strcmp(block + n - 2, "\n\n"));
	block[n - 1] = '\0';
	if (strcmp(block, want))
		fail_msg("%s differs:\n--- got\n%s--- want\n%s", golden, block,
			 want);
	free(text);
	free(want);
}

/* DiskSpd's default target in its default timespan, one thread pool
 * without -O so the target block prints alone (see the header). */
static void setup_target(void)
{
	struct target_opts *t = &P.targets[0];

	profile_release(&P);
	profile_init(&P);
	P.cmdline = NULL;
	P.pool_threads = 1;
	P.ntargets = 1;
	target_opts_init(t);
	t->path = strdup("");
	t->block_bytes = 64 * 1024;
	t->outstanding = 2;
}

/* Test_PrintTarget: 20 cases, the state carries from one to the next. */
static void test_print_target(void **state)
{
	struct target_opts *t = &P.targets[0];

	(void)state;
	setup_target();
	check_target_block("text-target-01-default.expected.txt");
	t->thread_stride_bytes = 102400;
	check_target_block("text-target-02-thread-stride.expected.txt");
	t->thread_stride_bytes = 0;
	t->max_bytes = 2048000;
	check_target_block("text-target-03-max-file-size.expected.txt");
	t->max_bytes = 0;
	t->base_bytes = 2097152;
	check_target_block("text-target-04-base-offset.expected.txt");
	t->base_bytes = 0;
	t->throttle_bytes_per_ms = 1000;
	check_target_block("text-target-05-throughput-bpms.expected.txt");
	t->throttle_bytes_per_ms = 0;
	t->throttle_iops = 1000;
	check_target_block("text-target-06-throughput-iops.expected.txt");
	t->throttle_iops = 0;
	t->write_pct = 30;
	check_target_block("text-target-07-write-ratio-30.expected.txt");
	t->write_pct = 0;
	t->wbuf = WBUF_SOURCE;
	t->wbuf_source_bytes = 12341234;
	check_target_block("text-target-08-write-buffer-random-fill.expected.txt");
	t->wbuf_source_path = strdup("x:\\foo\\bar.dat");
	t->random = true;
	t->random_pct = 100;
	check_target_block("text-target-09-write-buffer-file-random.expected.txt");
	free(t->wbuf_source_path);
	t->wbuf_source_path = NULL;
	t->wbuf = WBUF_PATTERN;
	t->wbuf_source_bytes = 0;
	t->cache = CACHE_DIRECT;
	check_target_block("text-target-10-unbuffered.expected.txt");
	t->write_through = true;
	check_target_block("text-target-11-unbuffered-writethrough.expected.txt");
	t->cache = CACHE_BUFFERED;
	check_target_block("text-target-12-cached-writethrough.expected.txt");
	t->cache = CACHE_REMOTE;
	t->write_through = false;
	check_target_block("text-target-13-remote-cache.expected.txt");
	t->cache = CACHE_MMAP;
	check_target_block("text-target-14-mapped.expected.txt");
	t->flush = FLUSH_VIEW;
	check_target_block("text-target-15-mapped-flush-view.expected.txt");
	t->flush = FLUSH_NV;
	check_target_block("text-target-16-mapped-flush-nvm.expected.txt");
	t->flush = FLUSH_NV_NODRAIN;
	check_target_block("text-target-17-mapped-flush-nvm-nodrain.expected.txt");
	t->flush = FLUSH_NONE;
	t->cache = CACHE_REMOTE;
	t->hint_temporary = true;
	check_target_block("text-target-18-hint-temporary.expected.txt");
	t->hint_random = true;
	check_target_block("text-target-19-hint-random-temporary.expected.txt");
	t->hint_random = false;
	t->hint_temporary = false;
	t->hint_sequential = true;
	check_target_block("text-target-20-hint-sequential.expected.txt");
}

static void set_range(uint32_t i, uint32_t io_pct, uint64_t span)
{
	P.targets[0].dist_ranges[i].io_pct = io_pct;
	P.targets[0].dist_ranges[i].span = span;
}

/* -rdpct10/10:10/10:0/10 and -rdabs10/1G:10/1G:0/100G, each with the
 * tail the parser adds (span 0 = the rest), on DiskSpd's default target. */
static void test_print_distribution(void **state)
{
	struct target_opts *t = &P.targets[0];

	(void)state;
	setup_target();
	t->dist = DIST_PCT;
	t->ndist = 4;
	set_range(0, 10, 10);
	set_range(1, 10, 10);
	set_range(2, 0, 10);
	set_range(3, 80, 0);
	check_target_block("text-target-distribution-pct.expected.txt");
	t->dist = DIST_ABS;
	set_range(0, 10, 1ull << 30);
	set_range(1, 10, 1ull << 30);
	set_range(2, 0, 100ull << 30);
	set_range(3, 80, 0);
	check_target_block("text-target-distribution-abs.expected.txt");
}

/* Test_ParseProfile: the whole Command Line and Input parameters part.
 * DiskSpd's profile does not disable affinity; ioprobe's equivalent is
 * round robin (-a without a list), which prints no affinity line. */
static void test_parse_profile(void **state)
{
	struct target_opts *t = &P.targets[0];
	char *text, *want;

	(void)state;
	setup_target();
	P.pool_threads = 0;
	P.duration_s = 10;
	P.warmup_s = 5;
	P.cooldown_s = 0;
	P.seed = 0;
	P.affinity_given = true;
	P.affinity_disabled = false;
	t->threads = 1;
	text = render();
	want = slurp("text-parse-profile.expected.txt");
	if (strcmp(text, want))
		fail_msg("text-parse-profile differs:\n--- got\n%s--- want\n%s",
			 text, want);
	free(text);
	free(want);
}

static void assert_has(const char *text, const char *want)
{
	if (!strstr(text, want))
		fail_msg("missing:\n%s--- in\n%s", want, text);
}

/* The lines tests/diskspd-golden/layout.md gives for switches DiskSpd's
 * unit tests do not print: -F without -O, -F -O, -B base:len, -Zr,
 * the completion line with and without -x. */
static void test_layout_lines(void **state)
{
	struct target_opts *t = &P.targets[0];
	char *text;

	(void)state;
	setup_target();
	P.pool_threads = 2;
	t->base_bytes = 5ull << 20;
	t->range_len_bytes = 1ull << 20;
	t->wbuf = WBUF_RANDOM_PER_IO;
	t->write_pct = 100;
	text = render();
	assert_has(text, "\trandom seed: 0\n"
		   "\tthread pool with 2 threads\n"
		   "\tnumber of outstanding I/O operations per thread: 0\n"
		   "\tgenerating random data for each write IO\n"
		   "\t  WARNING: this increases the CPU cost of issuing writes "
		   "and should only\n"
		   "\t           be compared to other results using the -Zr "
		   "flag\n\tpath: ''\n");
	assert_has(text, "\t\tnumber of outstanding I/O operations per "
		   "thread: 2\n"
		   "\t\tbase file offset: 5MiB\n"
		   "\t\tmax file size: 6MiB\n"
		   "\t\tIO priority: normal\n");
	free(text);
	P.pool_requests = 8;
	text = render();
	assert_has(text, "\tnumber of outstanding I/O operations per thread: "
		   "8\n");
	assert_has(text, "\t\trelative IO weight in thread pool: 1\n");
	free(text);
	P.pool_threads = P.pool_requests = 0;
	t->threads = 1;
	text = render();
	assert_has(text, "\t\tthreads per file: 1\n"
		   "\t\tusing I/O Completion Ports\n"
		   "\t\tIO priority: normal\n");
	free(text);
	P.completion_routines = true;
	text = render();
	assert_has(text, "\t\tthreads per file: 1\n"
		   "\t\tusing completion routines (ReadFileEx/WriteFileEx)\n"
		   "\t\tIO priority: normal\n");
	free(text);
	t->outstanding = 1;	/* one request: no completion line */
	text = render();
	assert_has(text, "\t\tthreads per file: 1\n\t\tIO priority: normal\n");
	free(text);
}

/* --- Effective IO Distributions (results): the ranges as the golden
 * inputs give them after truncation and alignment, holes included, so
 * that only the layout is under test. */

#define KIB 1024ull
#define GIB (1024ull * 1024 * 1024)

static struct results R;

static const struct results_dist PCT_100K[] = {
	{ 0, 8 * KIB, 10, 10 }, { 8 * KIB, 20 * KIB, 10, 10 },
	{ 20 * KIB, 28 * KIB, 0, 0 }, { 28 * KIB, 100 * KIB, 80, 80 },
};
static const struct results_dist PCT_1M[] = {
	{ 0, 100 * KIB, 10, 10 }, { 100 * KIB, 204 * KIB, 10, 10 },
	{ 204 * KIB, 304 * KIB, 0, 0 }, { 304 * KIB, 1024 * KIB, 80, 80 },
};
static const struct results_dist ABS_200G[] = {
	{ 0, GIB, 10, 10 }, { GIB, 2 * GIB, 10, 10 },
	{ 2 * GIB, 102 * GIB, 0, 0 }, { 102 * GIB, 200 * GIB, 80, 80 },
};
static const struct results_dist ABS_TRUNC[] = {
	{ 0, 50 * KIB, 10, 100.0 / 6 }, { 50 * KIB, 60 * KIB, 20, 100.0 / 3 },
	{ 60 * KIB, 100 * KIB, 30, 50 },
};

static void add_target(const char *path, const struct results_dist *d,
		       uint32_t n)
{
	struct target_info *t = &R.targets[R.ntargets++];

	str_copy(t->path, sizeof(t->path), path);
	memcpy(t->dist, d, n * sizeof(*d));
	t->ndist = n;
}

/* @threads[i] is the target of thread i. */
static void check_effective(const uint32_t *threads, uint32_t n,
			    const char *golden)
{
	char *buf = NULL, *want = slurp(golden), *from, *to;
	size_t len = 0;
	FILE *m;
	uint32_t i;

	assert_int_equal(results_alloc_rows(&R, n, 0), 0);
	for (i = 0; i < n; i++) {
		R.rows[i].thread = i;
		R.rows[i].target = threads[i];
	}
	m = open_memstream(&buf, &len);
	assert_non_null(m);
	assert_int_equal(report_text(&R, m), 0);
	fclose(m);
	from = strstr(buf, "\nEffective IO Distributions\n");
	assert_non_null(from);
	to = strstr(from, "\nTotal IO\n");
	assert_non_null(to);
	*to = '\0';
	if (strcmp(from, want))
		fail_msg("%s differs:\n--- got\n%s--- want\n%s", golden, from,
			 want);
	free(buf);
	free(want);
	results_release(&R);
}

static void start_results(void)
{
	results_init(&R);
	profile_init(&R.profile);
}

static void test_effective_distribution(void **state)
{
	static const uint32_t one[] = { 0 }, two[] = { 0, 0 },
		three[] = { 0, 0, 0 }, gap[] = { 0, 0, 0, 1, 0 },
		pair[] = { 0, 1 }, same[] = { 0, 0, 1 };

	(void)state;
	start_results();
	add_target("testfile.dat", PCT_100K, 4);
	check_effective(one, 1, "text-effective-distribution-pct-1-thread.expected.txt");
	start_results();
	add_target("testfile.dat", PCT_100K, 4);
	check_effective(two, 2, "text-effective-distribution-pct-2-threads.expected.txt");
	start_results();
	add_target("testfile.dat", PCT_100K, 4);
	check_effective(three, 3, "text-effective-distribution-pct-3-threads-elided.expected.txt");
	start_results();
	add_target("testfile.dat", PCT_100K, 4);
	add_target("testfile2.dat", PCT_100K, 4);
	check_effective(gap, 5, "text-effective-distribution-pct-gap.expected.txt");
	start_results();
	add_target("testfile.dat", PCT_100K, 4);
	add_target("testfile2.dat", PCT_1M, 4);
	check_effective(pair, 2, "text-effective-distribution-pct-two-distributions.expected.txt");
	start_results();
	add_target("testfile.dat", PCT_100K, 4);
	add_target("testfile2.dat", PCT_100K, 4);
	check_effective(same, 3, "text-effective-distribution-pct-two-targets-same-dist.expected.txt");
	start_results();
	add_target("testfile.dat", ABS_200G, 4);
	check_effective(one, 1, "text-effective-distribution-abs-200g.expected.txt");
	start_results();
	add_target("testfile.dat", ABS_TRUNC, 3);
	check_effective(one, 1, "text-effective-distribution-abs-truncated.expected.txt");
}

/* The same goldens with the ranges worked out from the profile, as a run
 * and `ioprobe show` get them (results_fill_dist): -rdpct bounds land on
 * DiskSpd's aligned offsets (10 % of 100 KiB ends at 8 KiB), -rdabs ones
 * where the profile puts them, cut at the end of the target. */
static void add_profiled(const char *path, enum dist_kind kind,
			 const struct dist_range *d, uint32_t n, uint64_t size)
{
	struct target_opts *o = &R.profile.targets[R.profile.ntargets++];

	target_opts_init(o);
	o->block_bytes = 4096;
	o->random = true;
	o->dist = kind;
	o->ndist = n;
	memcpy(o->dist_ranges, d, n * sizeof(*d));
	str_copy(R.targets[R.ntargets].path, sizeof(R.targets[0].path), path);
	R.targets[R.ntargets++].size_bytes = size;
	results_fill_dist(&R);
}

static void test_effective_distribution_from_profile(void **state)
{
	static const struct dist_range pct[] = {
		{ 10, 10 }, { 10, 10 }, { 0, 10 }, { 80, 70 },
	}, abs200[] = {
		{ 10, GIB }, { 10, GIB }, { 0, 100 * GIB }, { 80, 0 },
	}, trunc[] = {
		{ 10, 50 * KIB }, { 20, 10 * KIB }, { 30, GIB }, { 40, 0 },
	};
	static const uint32_t one[] = { 0 }, pair[] = { 0, 1 };

	(void)state;
	start_results();
	add_profiled("testfile.dat", DIST_PCT, pct, 4, 100 * KIB);
	check_effective(one, 1, "text-effective-distribution-pct-1-thread.expected.txt");
	start_results();
	add_profiled("testfile.dat", DIST_PCT, pct, 4, 100 * KIB);
	add_profiled("testfile2.dat", DIST_PCT, pct, 4, 1024 * KIB);
	check_effective(pair, 2, "text-effective-distribution-pct-two-distributions.expected.txt");
	start_results();
	add_profiled("testfile.dat", DIST_ABS, abs200, 4, 200 * GIB);
	check_effective(one, 1, "text-effective-distribution-abs-200g.expected.txt");
	start_results();
	add_profiled("testfile.dat", DIST_ABS, trunc, 4, 100 * KIB);
	check_effective(one, 1, "text-effective-distribution-abs-truncated.expected.txt");
}

/* -rdpct ranges too small for an aligned start on 100 KiB at 4 KiB:
 * DiskSpd hands their I/O share to a neighbour and grows single starts
 * to meet the next range (its IORequestGenerator unit test's cases). */
static void test_effective_distribution_degenerate(void **state)
{
	static const struct dist_range rollover[] = {
		{ 10, 10 }, { 10, 10 }, { 10, 1 }, { 70, 0 },
	}, tail[] = {
		{ 10, 96 }, { 10, 3 }, { 80, 1 },
	}, smaller[] = {
		{ 10, 5 }, { 10, 1 }, { 80, 0 },
	}, combine[] = {
		{ 10, 1 }, { 10, 1 }, { 80, 0 },
	}, repeated[] = {
		{ 10, 1 }, { 10, 1 }, { 10, 1 }, { 10, 1 }, { 10, 1 },
		{ 50, 0 },
	};
	static const struct {
		const struct dist_range *d;
		uint32_t n;
		const char *golden;
	} c[] = {
		{ rollover, 4, "text-effective-distribution-pct-degenerate-rollover.expected.txt" },
		{ tail, 3, "text-effective-distribution-pct-degenerate-tail.expected.txt" },
		{ smaller, 3, "text-effective-distribution-pct-degenerate-smaller.expected.txt" },
		{ combine, 3, "text-effective-distribution-pct-degenerate-combine.expected.txt" },
		{ repeated, 6, "text-effective-distribution-pct-degenerate-repeated.expected.txt" },
	};
	static const uint32_t one[] = { 0 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		start_results();
		add_profiled("testfile.dat", DIST_PCT, c[i].d, c[i].n,
			     100 * KIB);
		check_effective(one, 1, c[i].golden);
	}
}

static int teardown(void **state)
{
	(void)state;
	profile_release(&P);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_print_target),
		cmocka_unit_test(test_print_distribution),
		cmocka_unit_test(test_parse_profile),
		cmocka_unit_test(test_layout_lines),
		cmocka_unit_test(test_effective_distribution),
		cmocka_unit_test(test_effective_distribution_from_profile),
		cmocka_unit_test(test_effective_distribution_degenerate),
	};

	return cmocka_run_group_tests(tests, find_golden, teardown);
}
