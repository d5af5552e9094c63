/* test_xmlprofile.c - DiskSpd XML profiles: every element read, defaults,
 * templates, each error with its line, golden output, and the round trip
 * profile -> XML -> profile compared field by field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "profile/profile.h"
#include "profile/xmlprofile.h"
#include "lib/emit.h"

static char err[1024];

static int load(const char *xml, char *const *subst, unsigned int n,
		bool allow, struct profile *p)
{
	profile_init(p);
	err[0] = '\0';
	return xmlprofile_load_mem(xml, strlen(xml), "profile.xml", subst, n,
				   allow, p, err, sizeof(err));
}

/* Load and expect failure with exactly @want as the message. */
static void expect_error(const char *xml, const char *want)
{
	struct profile p;
	int ret = load(xml, NULL, 0, false, &p);

	if (ret != -22 || strcmp(err, want))
		fail_msg("got %d '%s', want '%s'", ret, err, want);
	profile_release(&p);
}

static char *write_str(const struct profile *p, unsigned int indent)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(xmlprofile_write(p, f, indent), 0);
	fclose(f);
	return buf;
}

#define HEAD "<Profile>\n<TimeSpans>\n<TimeSpan>\n<Targets>\n<Target>\n"
#define TAIL "</Target>\n</Targets>\n</TimeSpan>\n</TimeSpans>\n</Profile>\n"

static const char full_xml[] =
	"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	"<Profile>\n"
	"  <Verbose>true</Verbose>\n"
	"  <ResultFormat>xml</ResultFormat>\n"
	"  <Progress>100</Progress>\n"
	"  <ExperimentFlags>1</ExperimentFlags>\n"
	"  <VerboseStats>false</VerboseStats>\n"
	"  <PrecreateFiles>UseMaxSize</PrecreateFiles>\n"
	"  <TimeSpans>\n"
	"    <TimeSpan>\n"
	"      <Targets>\n"
	"        <Target>\n"
	"          <Weight>5</Weight>\n"
	"          <Path>/tmp/a &amp; b.dat</Path>\n"
	"          <BlockSize>8192</BlockSize>\n"
	"          <BaseFileOffset>4096</BaseFileOffset>\n"
	"          <SequentialScan>true</SequentialScan>\n"
	"          <RandomAccess>true</RandomAccess>\n"
	"          <TemporaryFile>true</TemporaryFile>\n"
	"          <UseLargePages>true</UseLargePages>\n"
	"          <DisableOSCache>true</DisableOSCache>\n"
	"          <WriteThrough>true</WriteThrough>\n"
	"          <WriteBufferContent>\n"
	"            <Pattern>random</Pattern>\n"
	"            <RandomDataSource>\n"
	"              <SizeInBytes>1048576</SizeInBytes>\n"
	"              <FilePath>/tmp/src.bin</FilePath>\n"
	"            </RandomDataSource>\n"
	"          </WriteBufferContent>\n"
	"          <ParallelAsyncIO>false</ParallelAsyncIO>\n"
	"          <BurstSize>10</BurstSize>\n"
	"          <ThinkTime>5</ThinkTime>\n"
	"          <FileSize>104857600</FileSize>\n"
	"          <Random>4096</Random>\n"
	"          <RandomRatio>70</RandomRatio>\n"
	"          <Distribution>\n"
	"            <Percent>\n"
	"              <Range IO=\"90\">10</Range>\n"
	"              <Range IO=\"10\">90</Range>\n"
	"            </Percent>\n"
	"          </Distribution>\n"
	"          <ThreadStride>0</ThreadStride>\n"
	"          <MaxFileSize>52428800</MaxFileSize>\n"
	"          <RequestCount>32</RequestCount>\n"
	"          <WriteRatio>30</WriteRatio>\n"
	"          <Throughput unit=\"IOPS\">500</Throughput>\n"
	"          <ThreadsPerFile>4</ThreadsPerFile>\n"
	"          <IOPriority>2</IOPriority>\n"
	"        </Target>\n"
	"        <Target>\n"
	"          <Path>/dev/sdz</Path>\n"
	"          <StrideSize>131072</StrideSize>\n"
	"          <InterlockedSequential>true</InterlockedSequential>\n"
	"          <Throughput>2048</Throughput>\n"
	"          <DisableAllCache>true</DisableAllCache>\n"
	"          <WriteBufferContent><Pattern>zero</Pattern>"
	"</WriteBufferContent>\n"
	"        </Target>\n"
	"      </Targets>\n"
	"      <RandSeed>42</RandSeed>\n"
	"      <Duration>60</Duration>\n"
	"      <Warmup>7</Warmup>\n"
	"      <Cooldown>3</Cooldown>\n"
	"      <MeasureLatency>true</MeasureLatency>\n"
	"      <CalculateIopsStdDev>true</CalculateIopsStdDev>\n"
	"      <IoBucketDuration>250</IoBucketDuration>\n"
	"      <DisableAffinity>false</DisableAffinity>\n"
	"      <CompletionRoutines>false</CompletionRoutines>\n"
	"      <ThreadCount>0</ThreadCount>\n"
	"      <RequestCount>0</RequestCount>\n"
	"      <Affinity>\n"
	"        <AffinityGroupAssignment Group=\"0\" Processor=\"1\"/>\n"
	"        <AffinityGroupAssignment Group=\"1\" Processor=\"2\"/>\n"
	"        <AffinityAssignment>3</AffinityAssignment>\n"
	"      </Affinity>\n"
	"    </TimeSpan>\n"
	"  </TimeSpans>\n"
	"</Profile>\n";

static void test_load_every_element(void **state)
{
	struct profile p;
	const struct target_opts *t;

	(void)state;
	assert_int_equal(load(full_xml, NULL, 0, false, &p), 0);
	assert_true(p.verbose);
	assert_int_equal(p.format, FORMAT_XML);
	assert_int_equal(p.progress_every, 100);
	assert_int_equal(p.experiment_flags, 1);
	assert_int_equal(p.seed, 42);
	assert_true(p.seed_given);
	assert_int_equal(p.duration_s, 60);
	assert_int_equal(p.warmup_s, 7);
	assert_int_equal(p.cooldown_s, 3);
	assert_true(p.measure_latency);
	assert_int_equal(p.iops_interval_ms, 250);
	assert_false(p.affinity_disabled);
	assert_true(p.affinity_given);
	assert_int_equal(p.ncpus, 3);
	assert_int_equal(p.cpus[0], 1);
	assert_int_equal(p.cpus[1], 66);
	assert_int_equal(p.cpus[2], 3);
	assert_true(p.large_pages);
	assert_int_equal(p.ntargets, 2);

	t = &p.targets[0];
	assert_string_equal(t->path, "/tmp/a & b.dat");
	assert_int_equal(t->block_bytes, 8192);
	assert_int_equal(t->base_bytes, 4096);
	assert_true(t->hint_sequential && t->hint_random && t->hint_temporary);
	assert_int_equal(t->cache, CACHE_DIRECT);
	assert_true(t->write_through);
	assert_int_equal(t->wbuf, WBUF_SOURCE);
	assert_int_equal(t->wbuf_source_bytes, 1048576);
	assert_string_equal(t->wbuf_source_path, "/tmp/src.bin");
	assert_int_equal(t->burst, 10);
	assert_int_equal(t->think_ms, 5);
	assert_int_equal(t->create_bytes, 104857600);
	assert_true(t->random);
	assert_int_equal(t->random_align_bytes, 4096);
	assert_int_equal(t->random_pct, 70);
	assert_int_equal(t->dist, DIST_PCT);
	assert_int_equal(t->ndist, 2);
	assert_int_equal(t->dist_ranges[0].io_pct, 90);
	assert_int_equal(t->dist_ranges[0].span, 10);
	assert_int_equal(t->dist_ranges[1].io_pct, 10);
	assert_int_equal(t->max_bytes, 52428800);
	assert_int_equal(t->outstanding, 32);
	assert_int_equal(t->write_pct, 30);
	assert_int_equal(t->throttle_iops, 500);
	assert_int_equal(t->throttle_bytes_per_ms, 0);
	assert_int_equal(t->threads, 4);
	assert_int_equal(t->io_priority, 2);
	assert_int_equal(t->weight, 5);

	t = &p.targets[1];
	assert_string_equal(t->path, "/dev/sdz");
	assert_false(t->random);
	assert_int_equal(t->stride_bytes, 131072);
	assert_true(t->interlocked);
	assert_int_equal(t->throttle_bytes_per_ms, 2048);
	assert_int_equal(t->cache, CACHE_DIRECT);
	assert_true(t->write_through);
	assert_int_equal(t->wbuf, WBUF_ZERO);
	profile_release(&p);
}

static void test_load_defaults(void **state)
{
	struct profile p, d;
	struct target_opts td;

	(void)state;
	assert_int_equal(load(HEAD "<Path>f.dat</Path>\n" TAIL, NULL, 0, false,
			      &p), 0);
	profile_init(&d);
	target_opts_init(&td);
	assert_int_equal(p.duration_s, d.duration_s);
	assert_int_equal(p.warmup_s, d.warmup_s);
	assert_int_equal(p.affinity_disabled, d.affinity_disabled);
	assert_int_equal(p.iops_interval_ms, 0);
	assert_false(p.measure_latency);
	assert_int_equal(p.format, FORMAT_TEXT);
	assert_int_equal(p.ntargets, 1);
	assert_int_equal(p.targets[0].block_bytes, td.block_bytes);
	assert_int_equal(p.targets[0].outstanding, td.outstanding);
	assert_int_equal(p.targets[0].threads, td.threads);
	assert_int_equal(p.targets[0].random, td.random);
	assert_int_equal(p.targets[0].io_priority, td.io_priority);
	assert_int_equal(p.targets[0].cache, td.cache);
	profile_release(&p);
}

static void test_random_write_data_and_mmap(void **state)
{
	struct profile p;

	(void)state;
	assert_int_equal(load(HEAD "<Path>f</Path>\n<RandomWriteData>true"
			      "</RandomWriteData>\n<MemoryMappedIo>true"
			      "</MemoryMappedIo>\n<FlushType>ViewOfFile"
			      "</FlushType>\n<DisableLocalCache>false"
			      "</DisableLocalCache>\n" TAIL, NULL, 0, false,
			      &p), 0);
	assert_int_equal(p.targets[0].wbuf, WBUF_RANDOM_PER_IO);
	assert_int_equal(p.targets[0].cache, CACHE_MMAP);
	profile_release(&p);
}

static const char tmpl_xml[] =
	"<Profile><TimeSpans><TimeSpan><Targets>\n"
	"<Target><Path>*2</Path></Target>\n"
	"<Target><Path>*1</Path></Target>\n"
	"</Targets></TimeSpan></TimeSpans></Profile>\n";

static void test_templates(void **state)
{
	static char a1[] = "first.dat", a2[] = "second.dat", a3[] = "third.dat";
	char *subst[] = { a1, a2, a3 };
	struct profile p;

	(void)state;
	assert_int_equal(load(tmpl_xml, subst, 2, false, &p), 0);
	assert_string_equal(p.targets[0].path, "second.dat");
	assert_string_equal(p.targets[1].path, "first.dat");
	profile_release(&p);

	/* -Rp: templates may stay */
	assert_int_equal(load(tmpl_xml, NULL, 0, true, &p), 0);
	assert_string_equal(p.targets[0].path, "*2");
	profile_release(&p);

	assert_int_equal(load(tmpl_xml, subst, 1, false, &p), -22);
	assert_string_equal(err, "profile.xml:2: template path '*2' has no "
			    "substitution: expected at least 2 targets after "
			    "-X on the command line");
	profile_release(&p);

	assert_int_equal(load(tmpl_xml, subst, 3, false, &p), -22);
	assert_string_equal(err, "profile.xml: unused target 'third.dat': "
			    "the profile has no template path *3");
	profile_release(&p);

	expect_error(HEAD "<Path>*x</Path>\n" TAIL, "profile.xml:6: invalid "
		     "template path '*x': expected *1, *2, ...");
}

static void test_errors_with_lines(void **state)
{
	(void)state;
	expect_error(HEAD "<Path>f</Path>\n<Foo>1</Foo>\n" TAIL,
		     "profile.xml:7: unknown element <Foo> in <Target>");
	expect_error(HEAD "<Path>f</Path>\n<WriteRatio>101</WriteRatio>\n"
		     TAIL, "profile.xml:7: invalid <WriteRatio> '101': "
		     "expected an integer from 0 to 100");
	expect_error(HEAD "<Path>f</Path>\n<BlockSize>0</BlockSize>\n" TAIL,
		     "profile.xml:7: invalid <BlockSize> '0': expected an "
		     "integer from 1 to 4294967295");
	expect_error(HEAD "<Path>f</Path>\n<BlockSize>4K</BlockSize>\n" TAIL,
		     "profile.xml:7: invalid <BlockSize> '4K': expected an "
		     "integer from 1 to 4294967295");
	expect_error(HEAD "<Path>f</Path>\n<IOPriority>4</IOPriority>\n" TAIL,
		     "profile.xml:7: invalid <IOPriority> '4': expected an "
		     "integer from 1 to 3");
	expect_error(HEAD "<Path>f</Path>\n<Random>4096</Random>\n"
		     "<StrideSize>4096</StrideSize>\n" TAIL,
		     "profile.xml:8: <Random> and <StrideSize> in one "
		     "<Target>: expected one of them (random or sequential)");
	expect_error(HEAD "<Path>f</Path>\n<SequentialScan>yes"
		     "</SequentialScan>\n" TAIL, "profile.xml:7: invalid "
		     "<SequentialScan> 'yes': expected true or false");
	expect_error(HEAD "<Path>f</Path>\n<Path>g</Path>\n" TAIL,
		     "profile.xml:7: duplicate element <Path> in <Target>");
	expect_error(HEAD "<BlockSize>4096</BlockSize>\n" TAIL,
		     "profile.xml:5: <Target> has no <Path>: expected a file "
		     "or device path, or *1 for the first command-line target");
	expect_error(HEAD "<Path>f</Path>\n<Throughput unit=\"MBps\">5"
		     "</Throughput>\n" TAIL, "profile.xml:7: invalid "
		     "<Throughput> unit 'MBps': expected IOPS, or no unit for "
		     "bytes per millisecond");
	expect_error(HEAD "<Path>f</Path>\n<RandomRatio>50</RandomRatio>\n"
		     TAIL, "profile.xml:7: <RandomRatio> needs <Random> in "
		     "the same <Target>");
	expect_error("<Profile>\n<TimeSpans>\n<TimeSpan><Targets><Target><Path>"
		     "f</Path></Target></Targets></TimeSpan>\n<TimeSpan/>\n"
		     "</TimeSpans>\n</Profile>\n", "profile.xml:4: <TimeSpan> "
		     "has no <Targets>: expected at least one <Target>");
	expect_error("<Profile>\n<TimeSpans>\n<TimeSpan>\n<Duration>0"
		     "</Duration>\n</TimeSpan></TimeSpans></Profile>\n",
		     "profile.xml:4: invalid <Duration> '0': expected an "
		     "integer from 1 to 4294967295");
	expect_error("<Results>\n</Results>\n", "profile.xml:1: unknown root "
		     "element <Results>: expected <Profile>");
	expect_error("<Profile>\n<Verbose>true</Verbose>\n</Profile>\n",
		     "profile.xml:1: <Profile> has no <TimeSpans>: expected "
		     "one <TimeSpan> with <Targets>");
}

static void test_truncated(void **state)
{
	struct profile p;
	const char *want = "profile.xml:6: malformed XML: ";

	(void)state;
	/* the document ends inside <Path> on line 6 */
	assert_int_equal(load(HEAD "<Path>f", NULL, 0, false, &p), -22);
	if (strncmp(err, want, strlen(want)))
		fail_msg("got '%s', want prefix '%s'", err, want);
	profile_release(&p);
	/* the first fault is reported, not its consequences */
	assert_int_equal(load(HEAD "<Path>f</Path></Targt>\n" TAIL, NULL, 0,
			      false, &p), -22);
	assert_string_equal(err, "profile.xml:6: malformed XML: opening and "
			    "ending tag mismatch: Target line 5 and Targt");
	profile_release(&p);
	assert_int_equal(load("", NULL, 0, false, &p), -22);
	assert_non_null(strstr(err, "malformed XML"));
	profile_release(&p);
}

static void test_missing_file(void **state)
{
	struct profile p;

	(void)state;
	profile_init(&p);
	assert_int_equal(xmlprofile_load("/nonexistent/p.xml", NULL, 0, false,
					 &p, err, sizeof(err)), -2);
	assert_string_equal(err, "cannot read profile '/nonexistent/p.xml': "
			    "No such file or directory");
	profile_release(&p);
}

static const char golden[] =
	"<Profile>\n"
	"  <Progress>0</Progress>\n"
	"  <ResultFormat>text</ResultFormat>\n"
	"  <Verbose>false</Verbose>\n"
	"  <TimeSpans>\n"
	"    <TimeSpan>\n"
	"      <CompletionRoutines>false</CompletionRoutines>\n"
	"      <MeasureLatency>false</MeasureLatency>\n"
	"      <CalculateIopsStdDev>false</CalculateIopsStdDev>\n"
	"      <DisableAffinity>false</DisableAffinity>\n"
	"      <Duration>10</Duration>\n"
	"      <Warmup>5</Warmup>\n"
	"      <Cooldown>0</Cooldown>\n"
	"      <ThreadCount>0</ThreadCount>\n"
	"      <RequestCount>0</RequestCount>\n"
	"      <IoBucketDuration>1000</IoBucketDuration>\n"
	"      <RandSeed>0</RandSeed>\n"
	"      <Targets>\n"
	"        <Target>\n"
	"          <Path>a&lt;b&gt;&amp;&quot;c&#39;.dat</Path>\n"
	"          <BlockSize>65536</BlockSize>\n"
	"          <BaseFileOffset>0</BaseFileOffset>\n"
	"          <SequentialScan>false</SequentialScan>\n"
	"          <RandomAccess>false</RandomAccess>\n"
	"          <TemporaryFile>false</TemporaryFile>\n"
	"          <UseLargePages>false</UseLargePages>\n"
	"          <WriteBufferContent>\n"
	"            <Pattern>sequential</Pattern>\n"
	"          </WriteBufferContent>\n"
	"          <ParallelAsyncIO>false</ParallelAsyncIO>\n"
	"          <StrideSize>65536</StrideSize>\n"
	"          <InterlockedSequential>false</InterlockedSequential>\n"
	"          <ThreadStride>0</ThreadStride>\n"
	"          <MaxFileSize>0</MaxFileSize>\n"
	"          <RequestCount>2</RequestCount>\n"
	"          <WriteRatio>0</WriteRatio>\n"
	"          <Throughput>0</Throughput>\n"
	"          <ThreadsPerFile>1</ThreadsPerFile>\n"
	"          <IOPriority>3</IOPriority>\n"
	"          <Weight>1</Weight>\n"
	"        </Target>\n"
	"      </Targets>\n"
	"    </TimeSpan>\n"
	"  </TimeSpans>\n"
	"</Profile>\n";

static void test_write_golden(void **state)
{
	struct profile p;
	char *s;

	(void)state;
	profile_init(&p);
	p.ntargets = 1;
	target_opts_init(&p.targets[0]);
	p.targets[0].path = strdup("a<b>&\"c'.dat");
	s = write_str(&p, 0);
	assert_string_equal(s, golden);
	free(s);

	/* nested in the results: every line two spaces deeper */
	s = write_str(&p, 1);
	assert_memory_equal(s, "  <Profile>\n    <Progress>0</Progress>\n", 37);
	assert_non_null(strstr(s, "\n  </Profile>\n"));
	free(s);
	profile_release(&p);
}

static void test_write_optional_snippets(void **state)
{
	struct profile p;
	struct target_opts *t;
	char *s;

	(void)state;
	profile_init(&p);
	p.ntargets = 1;
	t = &p.targets[0];
	target_opts_init(t);
	t->path = strdup("f");
	t->random = true;
	t->random_pct = 40;
	t->block_bytes = 4096;
	t->dist = DIST_ABS;
	t->ndist = 1;
	t->dist_ranges[0].io_pct = 90;
	t->dist_ranges[0].span = 1073741824;
	t->throttle_iops = 100;
	t->cache = CACHE_REMOTE;
	t->wbuf = WBUF_RANDOM_PER_IO;
	t->burst = 3;
	t->think_ms = 2;
	t->create_bytes = 1 << 20;
	p.affinity_given = true;
	p.ncpus = 2;
	p.cpus[0] = 0;
	p.cpus[1] = 65;
	p.iops_interval_ms = 100;
	p.experiment_flags = 1;
	s = write_str(&p, 0);
	assert_non_null(strstr(s, "  <ExperimentFlags>1</ExperimentFlags>\n"
			       "  <ResultFormat>"));
	assert_non_null(strstr(s, "<CalculateIopsStdDev>true<"));
	assert_non_null(strstr(s, "<IoBucketDuration>100</IoBucketDuration>"));
	assert_non_null(strstr(s, "        <AffinityGroupAssignment Group=\"0\""
			       " Processor=\"0\"/>\n        <AffinityGroupAssign"
			       "ment Group=\"1\" Processor=\"1\"/>\n"));
	assert_non_null(strstr(s, "<DisableLocalCache>true</DisableLocalCache>"
			       "\n          <WriteBufferContent>"));
	/* -Zr: in the TimeSpan (DiskSpd's schema), not in the Target */
	assert_non_null(strstr(s, "      <RandomWriteData>true</RandomWriteD"
			       "ata>\n      <Targets>\n"));
	assert_null(strstr(s, "          <RandomWriteData>"));
	assert_non_null(strstr(s, "<BurstSize>3</BurstSize>\n          <Think"
			       "Time>2</ThinkTime>\n          <FileSize>1048576"
			       "</FileSize>\n          <Random>4096</Random>\n"
			       "          <RandomRatio>40</RandomRatio>\n"
			       "          <Distribution>\n            <Absolute>"
			       "\n              <Range IO=\"90\">1073741824</Ra"
			       "nge>\n            </Absolute>\n          </Dist"
			       "ribution>\n          <ThreadStride>"));
	assert_non_null(strstr(s, "<Throughput unit=\"IOPS\">100</Throughput>"));
	assert_null(strstr(s, "StrideSize"));
	free(s);
	profile_release(&p);
}

static void assert_targets_equal(const struct target_opts *a,
				 const struct target_opts *b)
{
	uint32_t i;

	assert_string_equal(a->path, b->path);
	assert_int_equal(a->block_bytes, b->block_bytes);
	assert_int_equal(a->base_bytes, b->base_bytes);
	assert_int_equal(a->range_len_bytes, b->range_len_bytes);
	assert_int_equal(a->max_bytes, b->max_bytes);
	assert_int_equal(a->create_bytes, b->create_bytes);
	assert_int_equal(a->random, b->random);
	assert_int_equal(a->random_align_bytes, b->random_align_bytes);
	assert_int_equal(a->random_pct, b->random_pct);
	assert_int_equal(a->stride_bytes, b->stride_bytes);
	assert_int_equal(a->interlocked, b->interlocked);
	assert_int_equal(a->thread_stride_bytes, b->thread_stride_bytes);
	assert_int_equal(a->parallel_async, b->parallel_async);
	assert_int_equal(a->threads, b->threads);
	assert_int_equal(a->outstanding, b->outstanding);
	assert_int_equal(a->weight, b->weight);
	assert_int_equal(a->write_pct, b->write_pct);
	assert_int_equal(a->throttle_bytes_per_ms, b->throttle_bytes_per_ms);
	assert_int_equal(a->throttle_iops, b->throttle_iops);
	assert_int_equal(a->burst, b->burst);
	assert_int_equal(a->think_ms, b->think_ms);
	assert_int_equal(a->cache, b->cache);
	assert_int_equal(a->write_through, b->write_through);
	assert_int_equal(a->hint_random, b->hint_random);
	assert_int_equal(a->hint_sequential, b->hint_sequential);
	assert_int_equal(a->hint_temporary, b->hint_temporary);
	assert_int_equal(a->io_priority, b->io_priority);
	assert_int_equal(a->wbuf, b->wbuf);
	assert_int_equal(a->wbuf_source_bytes, b->wbuf_source_bytes);
	if (a->wbuf_source_path || b->wbuf_source_path)
		assert_string_equal(a->wbuf_source_path, b->wbuf_source_path);
	assert_int_equal(a->dist, b->dist);
	assert_int_equal(a->ndist, b->ndist);
	for (i = 0; i < a->ndist; i++) {
		assert_int_equal(a->dist_ranges[i].io_pct,
				 b->dist_ranges[i].io_pct);
		assert_int_equal(a->dist_ranges[i].span, b->dist_ranges[i].span);
	}
}

static void assert_profiles_equal(const struct profile *a,
				  const struct profile *b)
{
	uint32_t i;

	assert_int_equal(a->duration_s, b->duration_s);
	assert_int_equal(a->warmup_s, b->warmup_s);
	assert_int_equal(a->cooldown_s, b->cooldown_s);
	assert_int_equal(a->measure_latency, b->measure_latency);
	assert_int_equal(a->iops_interval_ms, b->iops_interval_ms);
	assert_int_equal(a->seed, b->seed);
	assert_int_equal(a->seed_given, b->seed_given);
	assert_int_equal(a->experiment_flags, b->experiment_flags);
	assert_int_equal(a->pool_threads, b->pool_threads);
	assert_int_equal(a->pool_requests, b->pool_requests);
	assert_int_equal(a->affinity_disabled, b->affinity_disabled);
	assert_int_equal(a->affinity_given, b->affinity_given);
	assert_int_equal(a->ncpus, b->ncpus);
	for (i = 0; i < a->ncpus; i++)
		assert_int_equal(a->cpus[i], b->cpus[i]);
	assert_int_equal(a->progress_every, b->progress_every);
	assert_int_equal(a->verbose, b->verbose);
	assert_int_equal(a->large_pages, b->large_pages);
	assert_int_equal(a->format, b->format);
	assert_int_equal(a->ntargets, b->ntargets);
	for (i = 0; i < a->ntargets; i++)
		assert_targets_equal(&a->targets[i], &b->targets[i]);
}

static void roundtrip(const struct profile *a)
{
	struct profile b;
	char *s = write_str(a, 0);
	int ret = load(s, NULL, 0, false, &b);

	if (ret)
		fail_msg("reload failed: %s\n%s", err, s);
	assert_profiles_equal(a, &b);
	free(s);
	profile_release(&b);
}

static void test_round_trip(void **state)
{
	struct profile a;
	struct target_opts *t;

	(void)state;
	/* -b8K -d60 -W7 -C3 -h -L -D250 -o32 -t4 -r -w30 -z42 -a1,66 -l
	 * -Z1M,src.bin -rdpct90/10:10/90 -g500i -c100M -v -Rxml */
	profile_init(&a);
	a.duration_s = 60;
	a.warmup_s = 7;
	a.cooldown_s = 3;
	a.measure_latency = true;
	a.iops_interval_ms = 250;
	a.seed = 42;
	a.seed_given = true;
	a.experiment_flags = 1;
	a.affinity_disabled = false;
	a.affinity_given = true;
	a.ncpus = 2;
	a.cpus[0] = 1;
	a.cpus[1] = 66;
	a.progress_every = 65536;
	a.verbose = true;
	a.large_pages = true;
	a.format = FORMAT_XML;
	a.ntargets = 2;
	t = &a.targets[0];
	target_opts_init(t);
	t->path = strdup("io & <data>.dat");
	t->block_bytes = 8192;
	t->base_bytes = 4096;
	t->max_bytes = 1 << 30;
	t->create_bytes = 100 << 20;
	t->random = true;
	t->random_pct = 100;
	t->random_align_bytes = 4096;
	t->threads = 4;
	t->outstanding = 32;
	t->write_pct = 30;
	t->throttle_iops = 500;
	t->cache = CACHE_DIRECT;
	t->write_through = true;
	t->hint_random = true;
	t->io_priority = 1;
	t->wbuf = WBUF_SOURCE;
	t->wbuf_source_bytes = 1 << 20;
	t->wbuf_source_path = strdup("src.bin");
	t->dist = DIST_PCT;
	t->ndist = 2;
	t->dist_ranges[0].io_pct = 90;
	t->dist_ranges[0].span = 10;
	t->dist_ranges[1].io_pct = 10;
	t->dist_ranges[1].span = 90;
	t->burst = 8;
	t->think_ms = 2;
	/* -s128K -si -w100 -Zr -g2048 -Sm -p */
	t = &a.targets[1];
	target_opts_init(t);
	t->path = strdup("/dev/loop7");
	t->stride_bytes = 128 << 10;
	t->interlocked = true;
	t->thread_stride_bytes = 0;
	t->write_pct = 100;
	t->wbuf = WBUF_RANDOM_PER_IO;
	t->throttle_bytes_per_ms = 2048;
	t->cache = CACHE_MMAP;
	t->parallel_async = true;
	t->weight = 3;
	roundtrip(&a);

	/* and the defaults alone */
	profile_release(&a);
	profile_init(&a);
	a.ntargets = 1;
	target_opts_init(&a.targets[0]);
	a.targets[0].path = strdup("x");
	roundtrip(&a);
	/* -rs40 -T: mixed random, thread stride, zero buffers, -F4 -O8 */
	a.pool_threads = 4;
	a.pool_requests = 8;
	a.targets[0].random = true;
	a.targets[0].random_pct = 40;
	a.targets[0].wbuf = WBUF_ZERO;
	a.targets[0].thread_stride_bytes = 1 << 20;
	a.targets[0].cache = CACHE_REMOTE;
	roundtrip(&a);
	profile_release(&a);
}

static char *escaped(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	emit_escaped(f, s);
	fclose(f);
	return buf;
}

/* Linux file names are bytes; the XML must stay well-formed UTF-8. */
static void test_escape_non_utf8(void **state)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80",
		  "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80" },
		{ "caf\xE9.dat", "caf\xEF\xBF\xBD.dat" },	/* Latin-1 */
		{ "\xC3", "\xEF\xBF\xBD" },			/* cut short */
		{ "\xC0\xAF", "\xEF\xBF\xBD\xEF\xBF\xBD" },	/* overlong */
		{ "\xED\xA0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" },
		{ "\xEF\xBF\xBE", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" },
		{ "\xF4\x90\x80\x80", "\xEF\xBF\xBD\xEF\xBF\xBD"
		  "\xEF\xBF\xBD\xEF\xBF\xBD" },		/* > U+10FFFF */
		{ "a\x01<b\t", "a\xEF\xBF\xBD&lt;b&#x9;" },	/* C0 */
	};
	struct profile p, back;
	char *out, *xml;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		out = escaped(cases[i].in);
		if (strcmp(out, cases[i].out))
			fail_msg("case %zu: got '%s', want '%s'", i, out,
				 cases[i].out);
		free(out);
	}
	/* -Rpxml of a Latin-1 path reads back (with U+FFFD) */
	profile_init(&p);
	p.ntargets = 1;
	target_opts_init(&p.targets[0]);
	p.targets[0].path = strdup("/tmp/caf\xE9.dat");
	xml = write_str(&p, 0);
	assert_int_equal(load(xml, NULL, 0, false, &back), 0);
	assert_string_equal(back.targets[0].path,
			    "/tmp/caf\xEF\xBF\xBD.dat");
	profile_release(&back);
	profile_release(&p);
	free(xml);
}

/* A profile in a broken encoding gets our one-line error, and libxml2
 * prints nothing of its own on stderr. */
static void test_encoding_error_quiet(void **state)
{
	static const char bad[] = "<?xml encoding=\"utf.8\"?><\xE5s!\xE5\xE5"
				  "\xE5\x00\xE5";
	struct profile p;
	char noise[256] = "";
	FILE *tmp = tmpfile();
	int saved, ret;
	ssize_t n;

	(void)state;
	assert_non_null(tmp);
	fflush(stderr);
	saved = dup(2);
	assert_true(saved >= 0);
	dup2(fileno(tmp), 2);
	profile_init(&p);
	ret = xmlprofile_load_mem(bad, sizeof(bad) - 1, "enc.xml", NULL, 0,
				  false, &p, err, sizeof(err));
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	n = pread(fileno(tmp), noise, sizeof(noise) - 1, 0);
	fclose(tmp);
	profile_release(&p);
	assert_int_equal(ret, -22);
	assert_non_null(strstr(err, "enc.xml:1: malformed XML"));
	if (n > 0)
		fail_msg("libxml2 wrote to stderr: %s", noise);
}

/* A bool that only sets (DisableAllCache, UseLargePages, WriteThrough)
 * is not undone by a later false; IOPS buckets follow
 * CalculateIopsStdDev; a zero seed is no seed. */
static void test_set_only_and_siblings(void **state)
{
	static const char xml[] =
		"<Profile><TimeSpans><TimeSpan>\n"
		"<IoBucketDuration>250</IoBucketDuration>\n"
		"<CalculateIopsStdDev>false</CalculateIopsStdDev>\n"
		"<RandSeed>0</RandSeed>\n"
		"<Targets>\n"
		"<Target><Path>a</Path><DisableAllCache>true</DisableAllCache>"
		"<WriteThrough>false</WriteThrough>"
		"<DisableOSCache>false</DisableOSCache>"
		"<UseLargePages>true</UseLargePages></Target>\n"
		"<Target><Path>b</Path><UseLargePages>false</UseLargePages>"
		"<DisableLocalCache>false</DisableLocalCache></Target>\n"
		"</Targets></TimeSpan></TimeSpans></Profile>\n";
	static const char calc[] =
		"<Profile><TimeSpans><TimeSpan>\n"
		"<CalculateIopsStdDev>true</CalculateIopsStdDev>\n"
		"<RandSeed>9</RandSeed>\n"
		"<Targets><Target><Path>a</Path></Target></Targets>\n"
		"</TimeSpan></TimeSpans></Profile>\n";
	struct profile p;

	(void)state;
	assert_int_equal(load(xml, NULL, 0, false, &p), 0);
	assert_int_equal(p.targets[0].cache, CACHE_DIRECT);
	assert_true(p.targets[0].write_through);
	assert_int_equal(p.targets[1].cache, CACHE_BUFFERED);
	assert_true(p.large_pages);
	assert_int_equal(p.iops_interval_ms, 0);
	assert_false(p.seed_given);
	profile_release(&p);
	assert_int_equal(load(calc, NULL, 0, false, &p), 0);
	assert_int_equal(p.iops_interval_ms, 1000);
	assert_true(p.seed_given);
	assert_int_equal(p.seed, 9);
	profile_release(&p);
}

/* Lists past their limits: ranges, targets, affinity assignments. */
static void test_list_limits(void **state)
{
	char *xml = malloc(128 * 1024), *q;
	unsigned int i;

	(void)state;
	assert_non_null(xml);
	q = xml + sprintf(xml, HEAD "<Path>a</Path><Random>4096</Random>\n"
			  "<Distribution><Absolute>\n");
	for (i = 0; i <= 32; i++)
		q += sprintf(q, "<Range IO=\"0\">1</Range>\n");
	sprintf(q, "</Absolute></Distribution>\n" TAIL);
	expect_error(xml, "profile.xml:40: too many <Range> elements: "
		     "expected at most 32");
	q = xml + sprintf(xml, "<Profile><TimeSpans><TimeSpan><Targets>\n");
	for (i = 0; i <= 64; i++)
		q += sprintf(q, "<Target><Path>t%u</Path></Target>\n", i);
	sprintf(q, "</Targets></TimeSpan></TimeSpans></Profile>\n");
	expect_error(xml, "profile.xml:66: too many <Target> elements: "
		     "expected at most 64");
	q = xml + sprintf(xml, "<Profile><TimeSpans><TimeSpan><Affinity>\n");
	for (i = 0; i <= 1024; i++)
		q += sprintf(q, "<AffinityAssignment>1</AffinityAssignment>\n");
	sprintf(q, "</Affinity><Targets><Target><Path>a</Path></Target>"
		"</Targets></TimeSpan></TimeSpans></Profile>\n");
	expect_error(xml, "profile.xml:1026: too many affinity assignments: "
		     "expected at most 1024");
	free(xml);
}

/* The <Profile> of the XML results: -Rpxml's, one level deeper, with
 * ResultFormat forced. */
static void test_write_as_nested(void **state)
{
	struct profile p;
	char *flat, *nested, *want, *w, *line, *save = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	assert_int_equal(load(full_xml, NULL, 0, false, &p), 0);
	p.format = FORMAT_CSV;
	flat = write_str(&p, 0);
	f = open_memstream(&nested, &len);
	assert_non_null(f);
	assert_int_equal(xmlprofile_write_as(&p, FORMAT_XML, f, 1), 0);
	fclose(f);
	want = malloc(strlen(flat) * 2 + 64);
	assert_non_null(want);
	w = want;
	for (line = strtok_r(flat, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		const char *out = line;

		if (!strcmp(line, "  <ResultFormat>csv</ResultFormat>"))
			out = "  <ResultFormat>xml</ResultFormat>";
		w += sprintf(w, "  %s\n", out);
	}
	assert_string_equal(nested, want);
	free(want);
	free(flat);
	free(nested);
	profile_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_every_element),
		cmocka_unit_test(test_load_defaults),
		cmocka_unit_test(test_random_write_data_and_mmap),
		cmocka_unit_test(test_templates),
		cmocka_unit_test(test_errors_with_lines),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_write_golden),
		cmocka_unit_test(test_write_optional_snippets),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_escape_non_utf8),
		cmocka_unit_test(test_encoding_error_quiet),
		cmocka_unit_test(test_set_only_and_siblings),
		cmocka_unit_test(test_list_limits),
		cmocka_unit_test(test_write_as_nested),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
