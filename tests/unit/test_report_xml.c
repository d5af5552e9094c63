/* test_report_xml.c - DiskSpd XML results from a hand-built struct
 * results: document shape, golden snippets for counts, latency, -D
 * buckets and CPU, escaping, the interrupted-before-measuring form. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "results/hist.h"
#include "report/report.h"
#include "results/results.h"
#include "lib/util.h"

/* Two threads on one target, 100 ms -D buckets, 2 intervals.
 * Thread 0: reads of 1..100 us (100 I/Os, 4 KiB); thread 1: 50 writes of
 * 200 us.  Measured window 1.004 s. */
static void build(struct results *r, bool latency)
{
	struct profile *p = &r->profile;
	uint32_t i;

	results_init(r);
	profile_init(p);
	p->measure_latency = latency;
	p->iops_interval_ms = 100;
	p->ntargets = 1;
	target_opts_init(&p->targets[0]);
	p->targets[0].path = strdup("/mnt/t/a&b<c>.dat");
	p->targets[0].block_bytes = 4096;
	p->targets[0].threads = 2;
	str_copy(r->version, sizeof(r->version), "0.1.0");
	str_copy(r->engine, sizeof(r->engine), "io_uring");
	str_copy(r->sys.hostname, sizeof(r->sys.hostname), "host\"1\"");
	str_copy(r->sys.start_time, sizeof(r->sys.start_time),
		 "2024/07/01 12:00:00 UTC");
	str_copy(r->sys.governor, sizeof(r->sys.governor), "performance");
	str_copy(r->sys.kernel, sizeof(r->sys.kernel), "Linux 6.1 x86_64");
	r->sys.cpu_count = 2;
	r->sys.core_count = 2;
	r->sys.socket_count = 1;
	r->sys.node_count = 1;
	r->ntargets = 1;
	str_copy(r->targets[0].path, RESULTS_STR, "/mnt/t/a&b<c>.dat");
	r->targets[0].size_bytes = 1 << 20;
	str_copy(r->targets[0].fs_type, 32, "ext4");
	r->targets[0].logical_block = 512;
	r->test_time_s = 1.004;
	r->thread_count = 2;
	r->ncpus = 2;
	r->cpus = calloc(2, sizeof(*r->cpus));
	assert_non_null(r->cpus);
	r->cpus[0] = (struct cpu_usage){ 0, 50.0, 20.0, 30.0, 50.0 };
	r->cpus[1] = (struct cpu_usage){ 1, 10.0, 5.0, 5.0, 90.0 };
	r->interval_ms = 100;
	assert_int_equal(results_alloc_rows(r, 2, 2), 0);
	r->rows[0].thread = 0;
	r->rows[1].thread = 1;
	r->rows[0].mean_inflight = 1.5;
	r->rows[1].cpu = -1;
	for (i = 1; i <= 100; i++) {
		struct dir_stats *d = &r->rows[0].dir[DIR_READ];
		struct interval_stat *x = &d->intervals[i <= 60 ? 0 : 1];
		uint64_t ns = i * 1000;

		d->ios++;
		d->bytes += 4096;
		hist_record(&d->lat, ns);
		x->ios++;
		x->lat_sum_ns += (double)ns;
		x->lat_sumsq_ns += (double)ns * (double)ns;
		if (ns < x->lat_min_ns)
			x->lat_min_ns = ns;
		if (ns > x->lat_max_ns)
			x->lat_max_ns = ns;
	}
	for (i = 0; i < 50; i++) {
		struct dir_stats *d = &r->rows[1].dir[DIR_WRITE];
		struct interval_stat *x = &d->intervals[0];

		d->ios++;
		d->bytes += 4096;
		hist_record(&d->lat, 200000);
		x->ios++;
		x->lat_sum_ns += 200000.0;
		x->lat_sumsq_ns += 200000.0 * 200000.0;
		x->lat_min_ns = 200000;
		x->lat_max_ns = 200000;
	}
	r->nintervals = 2;
}

static char *render(const struct results *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(report_xml(r, f), 0);
	fclose(f);
	return buf;
}

static void has(const char *doc, const char *snippet)
{
	if (!strstr(doc, snippet)) {
		if (getenv("XML_DUMP"))
			fputs(doc, stderr);
		fail_msg("missing:\n%s", snippet);
	}
}

static void test_shape(void **state)
{
	struct results r;
	char *s;

	(void)state;
	build(&r, true);
	s = render(&r);
	assert_memory_equal(s, "<Results>\n  <System>\n", 21);
	assert_string_equal(s + strlen(s) - 24, "  </TimeSpan>\n</Results>");
	has(s, "    <ComputerName>host&quot;1&quot;</ComputerName>\n"
	    "    <Tool>\n      <Version>2.2.0</Version>\n"
	    "      <VersionDate>2024/6/3</VersionDate>\n    </Tool>\n"
	    "    <RunTime>2024/07/01 12:00:00 UTC</RunTime>\n"
	    "    <PowerScheme Name=\"performance\" Guid=\"\"/>\n"
	    "    <ProcessorTopology Heterogeneous=\"false\">\n"
	    "      <Group Group=\"0\" MaximumProcessors=\"2\" ActiveProcessors"
	    "=\"2\" ActiveProcessorMask=\"0x3\"/>\n");
	has(s, "  <Profile>\n    <Progress>0</Progress>\n"
	    "    <ResultFormat>xml</ResultFormat>\n");
	has(s, "            <Path>/mnt/t/a&amp;b&lt;c&gt;.dat</Path>\n");
	has(s, "  <TimeSpan>\n    <TestTimeSeconds>1.00</TestTimeSeconds>\n"
	    "    <ThreadCount>2</ThreadCount>\n"
	    "    <RequestCount>0</RequestCount>\n"
	    "    <ProcCount>2</ProcCount>\n    <CpuUtilization>\n");
	has(s, "        <Id>1</Id>\n        <UsagePercent>10.00</UsagePercent>\n"
	    "        <UserPercent>5.00</UserPercent>\n"
	    "        <KernelPercent>5.00</KernelPercent>\n"
	    "        <IdlePercent>90.00</IdlePercent>\n      </CPU>\n"
	    "      <Average>\n        <UsagePercent>30.00</UsagePercent>\n"
	    "        <UserPercent>12.50</UserPercent>\n"
	    "        <KernelPercent>17.50</KernelPercent>\n"
	    "        <IdlePercent>70.00</IdlePercent>\n      </Average>\n");
	free(s);
	results_release(&r);
}

static void test_threads_and_counts(void **state)
{
	struct results r;
	char *s;

	(void)state;
	build(&r, true);
	s = render(&r);
	has(s, "    <Thread>\n      <Id>0</Id>\n      <Target>\n"
	    "        <Path>/mnt/t/a&amp;b&lt;c&gt;.dat</Path>\n"
	    "        <BytesCount>409600</BytesCount>\n"
	    "        <FileSize>1048576</FileSize>\n"
	    "        <IOCount>100</IOCount>\n"
	    "        <ReadBytes>409600</ReadBytes>\n"
	    "        <ReadCount>100</ReadCount>\n"
	    "        <WriteBytes>0</WriteBytes>\n"
	    "        <WriteCount>0</WriteCount>\n"
	    "        <AverageReadLatencyMilliseconds>0.051"
	    "</AverageReadLatencyMilliseconds>\n"
	    "        <ReadLatencyStdev>0.029</ReadLatencyStdev>\n"
	    "        <AverageLatencyMilliseconds>0.051"
	    "</AverageLatencyMilliseconds>\n");
	has(s, "      <Id>1</Id>\n      <Target>\n");
	has(s, "        <WriteCount>50</WriteCount>\n"
	    "        <AverageWriteLatencyMilliseconds>0.200"
	    "</AverageWriteLatencyMilliseconds>\n"
	    "        <WriteLatencyStdev>0.000</WriteLatencyStdev>\n");
	/* Linux facts: per target in System/Linux and TimeSpan/Linux,
	 * keyed by path, never inside Thread/Target */
	has(s, "      <Target>\n        <Path>/mnt/t/a&amp;b&lt;c"
	    "&gt;.dat</Path>\n        <Thread>\n          <Id>0</Id>\n"
	    "          <AchievedQueueDepth>1.50</AchievedQueueDepth>\n");
	has(s, "      <Target>\n        <Path>/mnt/t/a&amp;b&lt;c&gt;.dat"
	    "</Path>\n        <FileSystem>ext4</FileSystem>\n");
	assert_null(strstr(s, "<Device>"));
	/* no read latency lines for the write-only thread */
	assert_null(strstr(strstr(s, "<Id>1</Id>\n      <Target>"),
			   "AverageReadLatencyMilliseconds"));
	assert_null(strstr(s, "<Interrupted>"));
	assert_null(strstr(s, "<Error>"));
	free(s);
	results_release(&r);
}

static void test_latency_buckets(void **state)
{
	struct results r;
	const char *p;
	char *s;
	int n = 0;

	(void)state;
	build(&r, true);
	s = render(&r);
	has(s, "    <Latency ReadHistoBuckets=\"100\" WriteHistoBuckets=\"1\" "
	    "TotalHistoBuckets=\"101\">\n"
	    "      <AverageReadMilliseconds>0.051</AverageReadMilliseconds>\n"
	    "      <ReadLatencyStdev>0.029</ReadLatencyStdev>\n"
	    "      <AverageWriteMilliseconds>0.200</AverageWriteMilliseconds>\n"
	    "      <WriteLatencyStdev>0.000</WriteLatencyStdev>\n"
	    "      <AverageTotalMilliseconds>0.100</AverageTotalMilliseconds>\n");
	has(s, "      <Bucket>\n        <Percentile>0</Percentile>\n"
	    "        <ReadMilliseconds>0.001</ReadMilliseconds>\n"
	    "        <WriteMilliseconds>0.200</WriteMilliseconds>\n"
	    "        <TotalMilliseconds>0.001</TotalMilliseconds>\n"
	    "      </Bucket>\n");
	/* 150 I/Os: the 99th percentile is rank 149, a 200 us write */
	has(s, "        <Percentile>99</Percentile>\n"
	    "        <ReadMilliseconds>0.099</ReadMilliseconds>\n"
	    "        <WriteMilliseconds>0.200</WriteMilliseconds>\n"
	    "        <TotalMilliseconds>0.200</TotalMilliseconds>\n");
	has(s, "<Percentile>50</Percentile>\n"
	    "        <ReadMilliseconds>0.050</ReadMilliseconds>\n");
	has(s, "<Percentile>99.9</Percentile>\n");
	has(s, "<Percentile>99.99999</Percentile>\n");
	has(s, "<Percentile>99.9999999</Percentile>\n");
	has(s, "        <Percentile>100</Percentile>\n"
	    "        <ReadMilliseconds>0.100</ReadMilliseconds>\n");
	for (p = s; (p = strstr(p, "<Percentile>")); p++)
		n++;
	assert_int_equal(n, 108);
	free(s);
	results_release(&r);

	/* without -L there is no Latency element at all */
	build(&r, false);
	s = render(&r);
	assert_null(strstr(s, "<Latency"));
	assert_null(strstr(s, "AverageReadLatencyMilliseconds"));
	free(s);
	results_release(&r);
}

static void test_iops_buckets(void **state)
{
	struct results r;
	char *s;

	(void)state;
	build(&r, true);
	s = render(&r);
	has(s, "    <Iops>\n      <ReadIopsStdDev>");
	has(s, "      <Bucket SampleMillisecond=\"100\" Read=\"600\" Write="
	    "\"500\" Total=\"1100\" ReadMinLatencyMilliseconds=\"0.001\" "
	    "ReadMaxLatencyMilliseconds=\"0.060\" ReadAvgLatencyMilliseconds="
	    "\"0.030\" ReadLatencyStdDev=\"0.017\" WriteMinLatencyMilliseconds"
	    "=\"0.200\" WriteMaxLatencyMilliseconds=\"0.200\" "
	    "WriteAvgLatencyMilliseconds=\"0.200\" WriteLatencyStdDev="
	    "\"0.000\"/>\n");
	has(s, "      <Bucket SampleMillisecond=\"200\" Read=\"400\" Write="
	    "\"0\" Total=\"400\" ReadMinLatencyMilliseconds=\"0.061\" "
	    "ReadMaxLatencyMilliseconds=\"0.100\" ReadAvgLatencyMilliseconds="
	    "\"0.081\" ReadLatencyStdDev=\"0.012\" WriteMinLatencyMilliseconds"
	    "=\"0.000\" WriteMaxLatencyMilliseconds=\"0.000\" "
	    "WriteAvgLatencyMilliseconds=\"0.000\" WriteLatencyStdDev="
	    "\"0.000\"/>\n");
	/* per thread x target too: thread 1 writes only */
	has(s, "          <WriteIopsStdDev>0.000</WriteIopsStdDev>\n"
	    "          <IopsStdDev>0.000</IopsStdDev>\n"
	    "          <Bucket SampleMillisecond=\"100\" Read=\"0\" Write=\"500\"");
	/* one sample only: a Bucket per interval seen, none after it */
	assert_null(strstr(s, "<Bucket SampleMillisecond=\"200\" Read=\"0\""));
	free(s);
	results_release(&r);
}

/* DiskSpd's XmlResultParser Test_ParseResults (tests/diskspd-golden/
 * xml-parse-results.*): one thread on testfile1.dat, 6 reads of 4 MiB
 * total and 10 writes of 2 MiB total, -D1000 with ten 1000 ms buckets of
 * one 0 ms read each.  Its <Thread> and TimeSpan <Iops> blocks, byte
 * for byte. */
static void build_golden(struct results *r)
{
	struct profile *p = &r->profile;
	uint32_t i;

	results_init(r);
	profile_init(p);
	p->iops_interval_ms = 1000;
	p->ntargets = 1;
	target_opts_init(&p->targets[0]);
	p->targets[0].path = strdup("testfile1.dat");
	r->ntargets = 1;
	str_copy(r->targets[0].path, RESULTS_STR, "testfile1.dat");
	r->targets[0].size_bytes = 10485760;
	r->test_time_s = 120.0;
	r->thread_count = 1;
	r->interval_ms = 1000;
	assert_int_equal(results_alloc_rows(r, 1, 10), 0);
	r->rows[0].dir[DIR_READ].ios = 6;
	r->rows[0].dir[DIR_READ].bytes = 4194304;
	r->rows[0].dir[DIR_WRITE].ios = 10;
	r->rows[0].dir[DIR_WRITE].bytes = 2097152;
	for (i = 0; i < 10; i++) {
		struct interval_stat *x = &r->rows[0].dir[DIR_READ].intervals[i];

		x->ios = 1;
		x->lat_min_ns = 0;
		x->lat_max_ns = 0;
	}
	r->nintervals = 10;
}

/* The lines from the one starting with @from to the next one that is
 * exactly @to, out of @doc (a new string). */
static char *block(const char *doc, const char *from, const char *to)
{
	const char *a = strstr(doc, from), *b;

	if (!a)
		return NULL;
	b = strstr(a, to);
	if (!b)
		return NULL;
	return strndup(a, (size_t)(b - a) + strlen(to));
}

static void test_golden_thread(void **state)
{
	const char *dir = getenv("GOLDEN_DIR");
	char path[512], *want, *got, *doc, buf[65536];
	struct results r;
	size_t n;
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/xml-parse-results.expected.xml",
		 dir ? dir : "tests/diskspd-golden");
	f = fopen(path, "r");
	if (!f)
		skip();
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	build_golden(&r);
	doc = render(&r);
	want = block(buf, "    <Thread>\n", "    </Thread>\n");
	got = block(doc, "    <Thread>\n", "    </Thread>\n");
	assert_non_null(want);
	assert_non_null(got);
	if (strcmp(want, got))
		fail_msg("Thread block differs from DiskSpd's:\n%s\nwant:\n%s",
			 got, want);
	free(want);
	free(got);
	/* and the TimeSpan's Iops block */
	want = block(buf, "    <Iops>\n", "    </Iops>\n");
	got = block(doc, "    <Iops>\n", "    </Iops>\n");
	assert_non_null(want);
	assert_non_null(got);
	assert_string_equal(got, want);
	free(want);
	free(got);
	free(doc);
	results_release(&r);
}

static void test_interrupted(void **state)
{
	struct results r;
	char *s;

	(void)state;
	build(&r, true);
	r.interrupted = true;
	results_warn(&r, "worker 0 pinned to CPU0 & interrupts on CPU1");
	s = render(&r);
	has(s, "      <Interrupted>true</Interrupted>\n");
	has(s, "      <Warning>worker 0 pinned to CPU0 &amp; interrupts on "
	    "CPU1</Warning>\n");
	has(s, "<TestTimeSeconds>");
	free(s);
	r.no_results = true;
	s = render(&r);
	has(s, "  <TimeSpan>\n    <Error>The test was interrupted before the "
	    "measurements began. No results are displayed.</Error>\n");
	assert_null(strstr(s, "<TestTimeSeconds>"));
	assert_null(strstr(s, "<Thread>"));
	assert_string_equal(s + strlen(s) - 24, "  </TimeSpan>\n</Results>");
	free(s);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shape),
		cmocka_unit_test(test_threads_and_counts),
		cmocka_unit_test(test_latency_buckets),
		cmocka_unit_test(test_iops_buckets),
		cmocka_unit_test(test_interrupted),
		cmocka_unit_test(test_golden_thread),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
