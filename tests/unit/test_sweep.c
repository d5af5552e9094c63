/* test_sweep.c - the sweep's lists (values, ranges, refusals) and its
 * detectors: the block-size crossover and the depth knee fire on crafted
 * points of a capped disk and stay silent on a twin without the cap;
 * Little's law and the text, JSON and HTML writers on the same points. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_sweep.h"
#include "workflow/sweep.h"

#define MIB 1048576.0

/* A point of a disk capped at @cap_iops and @cap_mib MiB/s (0: none). */
static struct sweep_point cap_point(uint64_t bs, double cap_iops,
				    double cap_mib)
{
	struct sweep_point p;
	double iops = cap_iops;

	memset(&p, 0, sizeof(p));
	p.value = bs;
	sweep_size_name(p.name, sizeof(p.name), bs);
	if (cap_mib > 0 && iops * (double)bs / MIB > cap_mib)
		iops = cap_mib * MIB / (double)bs;
	p.iops = iops;
	p.mib_s = iops * (double)bs / MIB;
	p.mean_ms = 8000.0 / iops;
	p.p50_ms = p.mean_ms;
	p.p99_ms = p.mean_ms * 1.5;
	p.inflight = 8;
	p.little = p.iops * p.mean_ms / 1000;
	return p;
}

static void block_points(struct sweep_point *p, double cap_mib)
{
	static const uint64_t bs[] = { 4096, 16384, 65536, 262144, 1048576 };
	size_t i;

	for (i = 0; i < 5; i++)
		p[i] = cap_point(bs[i], 1000, cap_mib);
}

static void test_crossover_fires(void **state)
{
	struct sweep_point p[5];
	struct sweep_cross c;

	(void)state;
	block_points(p, 50);
	assert_true(sweep_find_crossover(p, 5, &c));
	assert_int_equal(c.iops_end, 1);	/* 16K */
	assert_int_equal(c.mib_begin, 2);	/* 64K */
	assert_true(c.iops > 999 && c.iops < 1001);
	assert_true(c.mib_s > 49.9 && c.mib_s < 50.1);
}

/* The twin without a bandwidth cap: IOPS flat throughout. */
static void test_crossover_silent_without_cap(void **state)
{
	struct sweep_point p[5];
	struct sweep_cross c;
	char f[4][512];
	int knee;
	size_t n;

	(void)state;
	block_points(p, 0);
	assert_false(sweep_find_crossover(p, 5, &c));
	n = sweep_findings(SWEEP_BLOCK, p, 5, 0, &knee, f, 4);
	assert_true(n >= 1);
	assert_null(strstr(f[0], "caps both"));
	assert_non_null(strstr(f[0], "IOPS flat at ≈1,000 from -b4K to -b1M"));
}

/* A bandwidth cap already at the smallest size: no IOPS plateau. */
static void test_crossover_silent_bandwidth_only(void **state)
{
	struct sweep_point p[5];
	struct sweep_cross c;
	size_t i;

	(void)state;
	block_points(p, 1);	/* 1 MiB/s: 256 IOPS at 4K, below 1,000 */
	for (i = 0; i < 5; i++)
		assert_true(p[i].mib_s < 1.01);
	assert_false(sweep_find_crossover(p, 5, &c));
}

static void test_crossover_sentence(void **state)
{
	struct sweep_point p[5];
	char f[4][512];
	int knee;
	size_t n;

	(void)state;
	block_points(p, 50);
	n = sweep_findings(SWEEP_BLOCK, p, 5, 0, &knee, f, 4);
	assert_int_equal(n, 2);
	assert_int_equal(knee, -1);
	assert_string_equal(f[0], "IOPS flat at ≈1,000 up to 16K, then MiB/s "
			    "flat at ≈50 from 64K: the disk caps both; pick "
			    "the block size your workload uses");
	assert_non_null(strstr(f[1], "Little's law holds at every point"));
}

/* Depth 1..64 on a device that saturates at 40,000 IOPS from QD 8. */
static void depth_points(struct sweep_point *p, bool saturate)
{
	size_t i;

	for (i = 0; i < 7; i++) {
		double qd = (double)(1u << i), lat = 0.1;
		double iops = qd / lat * 1000;

		if (saturate && iops > 40000) {
			iops = 40000;
			lat = qd / iops * 1000;
		}
		memset(&p[i], 0, sizeof(p[i]));
		p[i].value = 1u << i;
		snprintf(p[i].name, sizeof(p[i].name), "%u", 1u << i);
		p[i].iops = iops;
		p[i].mean_ms = lat;
		p[i].p50_ms = lat;
		p[i].p99_ms = lat * 2;
		p[i].inflight = qd;
		p[i].little = iops * lat / 1000;
	}
}

static void test_knee_default_fires(void **state)
{
	struct sweep_point p[7];
	char f[4][512];
	int knee;

	(void)state;
	depth_points(p, true);
	/* 10,000 at QD1 .. 40,000 at QD4, then flat while P99 doubles */
	assert_int_equal(sweep_find_knee(p, 7, 0), 2);
	sweep_findings(SWEEP_DEPTH, p, 7, 0, &knee, f, 4);
	assert_int_equal(knee, 2);
	assert_non_null(strstr(f[0], "knee at -o4: 40,000 IOPS"));
}

static void test_knee_silent_when_iops_grows(void **state)
{
	struct sweep_point p[7];
	char f[4][512];
	int knee;

	(void)state;
	depth_points(p, false);
	assert_int_equal(sweep_find_knee(p, 7, 0), -1);
	sweep_findings(SWEEP_DEPTH, p, 7, 0, &knee, f, 4);
	assert_int_equal(knee, -1);
	assert_non_null(strstr(f[0], "no knee"));
}

static void test_knee_slo(void **state)
{
	struct sweep_point p[7];
	char f[4][512];
	int knee;

	(void)state;
	depth_points(p, true);
	/* P99 = 2 x QD / 40 ms past QD4: 0.8 ms at QD16, 1.6 at QD32 */
	assert_int_equal(sweep_find_knee(p, 7, 1.0), 2);	/* first 40k */
	assert_int_equal(sweep_find_knee(p, 7, 0.1), -1);
	sweep_findings(SWEEP_DEPTH, p, 7, 0.1, &knee, f, 4);
	assert_non_null(strstr(f[0], "no point keeps P99 under 100 µs"));
	sweep_findings(SWEEP_DEPTH, p, 7, 1.0, &knee, f, 4);
	assert_non_null(strstr(f[0], "under 1.00 ms"));
}

static void test_little_off(void **state)
{
	struct sweep_point p[7];
	char f[4][512];
	int knee;
	size_t n;

	(void)state;
	depth_points(p, false);
	p[6].inflight = 128;	/* twice what IOPS x avg says */
	n = sweep_findings(SWEEP_DEPTH, p, 7, 0, &knee, f, 4);
	assert_int_equal(n, 2);
	assert_non_null(strstr(f[1], "at -o64 IOPS × avg latency is 64.0 but "
				     "128.0 I/Os were in flight"));
}

static void test_parse_list(void **state)
{
	struct sweep_list l;
	char err[256];

	(void)state;
	assert_int_equal(sweep_parse_list("-b4K,8K,1M", &l, err, sizeof(err)),
			 0);
	assert_int_equal(l.kind, SWEEP_BLOCK);
	assert_int_equal(l.n, 3);
	assert_int_equal(l.values[2], 1048576);
	assert_string_equal(l.names[0], "4K");
	assert_int_equal(sweep_parse_list("-b4K..1M", &l, err, sizeof(err)), 0);
	assert_int_equal(l.n, 9);
	assert_string_equal(l.names[8], "1M");
	assert_int_equal(sweep_parse_list("-o1..100", &l, err, sizeof(err)), 0);
	assert_int_equal(l.kind, SWEEP_DEPTH);
	assert_int_equal(l.n, 7);	/* 1 .. 64 */
	assert_int_equal(sweep_parse_list("-t1,2,4", &l, err, sizeof(err)), 0);
	assert_int_equal(l.kind, SWEEP_THREADS);
	assert_int_equal(sweep_parse_list("-b4K", &l, err, sizeof(err)),
			 -ENOENT);
	assert_int_equal(sweep_parse_list("-r", &l, err, sizeof(err)), -ENOENT);
	assert_int_equal(sweep_parse_list("-o1,,2", &l, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(sweep_parse_list("-o0,2", &l, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(sweep_parse_list("-b8K..4K", &l, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "invalid sweep list '-b8K..4K'"));
	assert_int_equal(sweep_parse_list("-o1..1000000000", &l, err,
					  sizeof(err)), -EINVAL);
	assert_int_equal(sweep_parse_list("-b1..1G", &l, err, sizeof(err)),
			 0);
	assert_int_equal(l.n, 31);
	assert_int_equal(sweep_parse_list("-o1,2,3,4,5,6,7,8,9,10,11,12,13,"
					  "14,15,16,17,18,19,20,21,22,23,24,"
					  "25,26,27,28,29,30,31,32,33", &l,
					  err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "more than 32 values"));
}

static void test_size_name(void **state)
{
	char b[24];

	(void)state;
	sweep_size_name(b, sizeof(b), 512);
	assert_string_equal(b, "512");
	sweep_size_name(b, sizeof(b), 6144);
	assert_string_equal(b, "6K");
	sweep_size_name(b, sizeof(b), 3u << 20);
	assert_string_equal(b, "3M");
	sweep_size_name(b, sizeof(b), 1u << 30);
	assert_string_equal(b, "1G");
}

static char *render(int (*fn)(const struct sweep_view *, FILE *),
		    const struct sweep_view *v)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(fn(v, f), 0);
	fclose(f);
	return buf;
}

static void test_writers(void **state)
{
	struct sweep_point p[7];
	struct sweep_view v;
	char *t;

	(void)state;
	depth_points(p, true);
	memset(&v, 0, sizeof(v));
	v.kind = SWEEP_DEPTH;
	v.pts = p;
	v.npts = 7;
	v.label = "a<b";
	v.switches = "ioprobe sweep -o1..64 -r /dev/x";
	v.nfind = sweep_findings(v.kind, p, 7, 0, &v.knee, v.find, 8);
	t = render(report_sweep_text, &v);
	assert_non_null(strstr(t, "IOPS×avg"));
	assert_non_null(strstr(t, "<- knee"));
	free(t);
	t = render(report_sweep_json, &v);
	assert_non_null(strstr(t, "\"knee\":\"4\""));
	assert_non_null(strstr(t, "\"switch\":\"-o\""));
	free(t);
	t = render(report_sweep_html, &v);
	assert_non_null(strstr(t, "Latency against IOPS"));
	assert_non_null(strstr(t, "<polyline"));
	assert_non_null(strstr(t, "a&lt;b"));
	assert_null(strstr(t, "<script"));
	free(t);
}

/* A depth sweep on a disk capped at 1,000 IOPS: IOPS flat from -o1
 * (within 0.03 %), the mean latency 1 → 64 ms as Little's law says, the
 * P99 erratic (the throttle's slices): saturated at the first point. */
static void capped_depth(struct sweep_point *p, bool cap)
{
	static const double p99[7] = { 0.04, 8, 9, 12, 16, 20, 24 };
	size_t i;

	for (i = 0; i < 7; i++) {
		double qd = (double)(1u << i);

		memset(&p[i], 0, sizeof(p[i]));
		p[i].value = 1u << i;
		snprintf(p[i].name, sizeof(p[i].name), "%u", 1u << i);
		p[i].iops = cap ? 1000 + 0.05 * (double)(i % 3) : 1000 * qd;
		p[i].mean_ms = cap ? qd : 1;
		p[i].p50_ms = p[i].mean_ms;
		p[i].p99_ms = cap ? p99[i] : 1.5;
		p[i].inflight = qd;
		p[i].little = p[i].iops * p[i].mean_ms / 1000;
	}
}

static void test_knee_saturated_from_latency(void **state)
{
	struct sweep_point p[7];
	char f[4][512];
	int knee;

	(void)state;
	capped_depth(p, true);
	assert_int_equal(sweep_find_knee(p, 7, 0), 0);
	sweep_findings(SWEEP_DEPTH, p, 7, 0, &knee, f, 4);
	assert_int_equal(knee, 0);
	assert_non_null(strstr(f[0], "saturated at -o1: more depth adds only "
				     "queueing: IOPS stays at ≈1,000 from "
				     "-o1 to -o64 (within 5 %) while the mean "
				     "latency grows 1.00 ms → 64.0 ms"));
	sweep_findings(SWEEP_THREADS, p, 7, 0, &knee, f, 4);
	assert_non_null(strstr(f[0], "saturated at -t1: more threads adds"));
	/* twin: the uncapped disk, IOPS doubling at a flat latency */
	capped_depth(p, false);
	sweep_findings(SWEEP_DEPTH, p, 7, 0, &knee, f, 4);
	assert_int_equal(knee, -1);
	assert_non_null(strstr(f[0], "no knee"));
}

/* IOPS flat to -o2 while P99 and the mean barely move, then the mean
 * climbs: the step rule stops at -o2, and -o1 gives the same IOPS. */
static void test_knee_smallest_equal(void **state)
{
	struct sweep_point p[7];
	size_t i;

	(void)state;
	capped_depth(p, true);
	for (i = 0; i < 3; i++)
		p[i].p99_ms = 1;
	p[1].mean_ms = 1.2;
	p[1].iops = 1020;
	assert_int_equal(sweep_find_knee(p, 3, 0), 0);
	/* twin: -o2 gives 8 % more, beyond the 5 % band: -o2 it is */
	p[1].iops = 1080;
	p[2].iops = 1085;
	assert_int_equal(sweep_find_knee(p, 3, 0), 1);
	/* ... unless the points' own noise is that large */
	p[0].iops_noise = p[1].iops_noise = 0.05;
	assert_int_equal(sweep_find_knee(p, 3, 0), 0);
}

/* --slo: -o1 meets it with the same IOPS as -o2 and -o4 (which win by
 * 0.003-0.33 IOPS): the answer is -o1. */
static void test_slo_smallest_equal(void **state)
{
	struct sweep_point p[7];
	char f[4][512];
	int knee;

	(void)state;
	capped_depth(p, true);
	p[1].iops = 1000.33;
	p[2].iops = 1000.003;
	assert_int_equal(sweep_find_knee(p, 7, 10.0), 0);
	sweep_findings(SWEEP_DEPTH, p, 7, 10.0, &knee, f, 4);
	assert_int_equal(knee, 0);
	assert_non_null(strstr(f[0], "knee at -o1: 1,000 IOPS with P99 40 µs"));
	assert_non_null(strstr(f[0], "; -o2 gives 1,000 IOPS (+0.0 %), the "
				     "same within noise (±5 %), with more I/Os "
				     "in flight: the smallest setting is the "
				     "answer"));
	/* twin: -o4 gives 20 % more under the SLO: -o4 is the answer */
	p[2].iops = 1200;
	assert_int_equal(sweep_find_knee(p, 7, 10.0), 2);
	sweep_findings(SWEEP_DEPTH, p, 7, 10.0, &knee, f, 4);
	assert_null(strstr(f[0], "smallest setting"));
}

static void test_noise(void **state)
{
	double flat[10] = { 500, 500, 500, 500, 500, 500, 500, 500, 500, 500 };
	/* batch means 90 and 110: sd 14.1, se 10, 2 se / 100 = 0.2 */
	double two[10] = { 90, 90, 90, 90, 90, 110, 110, 110, 110, 110 };
	struct sweep_point a, b;

	(void)state;
	assert_true(sweep_iops_noise(flat, 10) == 0);
	assert_true(fabs(sweep_iops_noise(two, 10) - 0.2) < 1e-9);
	assert_true(sweep_iops_noise(two, 9) == 0);	/* one batch */
	assert_true(sweep_iops_noise(NULL, 0) == 0);
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.iops = 1000;
	b.iops = 1060;
	assert_false(sweep_iops_equal(&a, &b));
	b.iops_noise = 0.04;	/* band 8 % */
	assert_true(sweep_iops_equal(&a, &b));
	b.iops = 0;
	assert_false(sweep_iops_equal(&a, &b));
}

/* Block-size findings only from plateaus the figures show. */
static void test_block_plateaus(void **state)
{
	static const uint64_t bs[] = { 4096, 16384, 65536, 262144 };
	struct sweep_point p[4];
	char f[4][512];
	int knee;
	size_t i;

	(void)state;
	/* 1,000 IOPS to 64K, then 100 MiB/s at 256K: one plateau */
	for (i = 0; i < 4; i++)
		p[i] = cap_point(bs[i], 1000, 100);
	sweep_findings(SWEEP_BLOCK, p, 4, 0, &knee, f, 4);
	assert_non_null(strstr(f[0], "IOPS flat at ≈1,000 from -b4K to -b64K, "
				     "then 400 IOPS (100.0 MiB/s) at -b256K"));
	assert_null(strstr(f[0], "IOPS is not flat"));
	/* the two points, both exactly 1,000 IOPS */
	sweep_findings(SWEEP_BLOCK, p, 2, 0, &knee, f, 4);
	assert_non_null(strstr(f[0], "IOPS flat at ≈1,000 from -b4K to -b16K"));
	/* bytes capped over the larger blocks only */
	for (i = 0; i < 4; i++)
		p[i] = cap_point(bs[i], 20000, 50);
	p[0].iops = 12800;	/* 4K: 50 MiB/s would be 12,800 */
	p[0].mib_s = 50;
	p[1].iops = 2000;	/* 16K: 31 MiB/s, under the cap */
	p[1].mib_s = 31.25;
	sweep_findings(SWEEP_BLOCK, p, 4, 0, &knee, f, 4);
	assert_non_null(strstr(f[0], "MiB/s flat at ≈50 from -b64K to -b256K"));
	assert_non_null(strstr(f[0], "no IOPS plateau"));
	/* twin: neither plateau: said as such */
	p[2].mib_s = 80;
	p[2].iops = 1280;
	sweep_findings(SWEEP_BLOCK, p, 4, 0, &knee, f, 4);
	assert_non_null(strstr(f[0], "no plateau: IOPS is not flat"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crossover_fires),
		cmocka_unit_test(test_crossover_silent_without_cap),
		cmocka_unit_test(test_crossover_silent_bandwidth_only),
		cmocka_unit_test(test_crossover_sentence),
		cmocka_unit_test(test_knee_default_fires),
		cmocka_unit_test(test_knee_silent_when_iops_grows),
		cmocka_unit_test(test_knee_slo),
		cmocka_unit_test(test_knee_saturated_from_latency),
		cmocka_unit_test(test_knee_smallest_equal),
		cmocka_unit_test(test_slo_smallest_equal),
		cmocka_unit_test(test_noise),
		cmocka_unit_test(test_block_plateaus),
		cmocka_unit_test(test_little_off),
		cmocka_unit_test(test_parse_list),
		cmocka_unit_test(test_size_name),
		cmocka_unit_test(test_writers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
