/* test_cloud.c - the cloud limits table and its formulas, against values
 * worked out by hand from the cited pages: gp2's 3 IOPS per GiB with its
 * floor of 100, ceiling of 16,000 and 5.4 million-credit burst bucket;
 * st1's 40 MiB/s per TiB; Azure's tiers by size; a user row replacing a
 * built-in one; bad rows refused with their line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <math.h>
#include <string.h>

#include "workflow/cloud_detect.h"
#include "workflow/cloud_limits.h"

static struct cloud_table T;

static int setup(void **state)
{
	unsigned int bad = 0;

	(void)state;
	memset(&T, 0, sizeof(T));
	return cloud_table_parse(&T, cloud_limits_tsv, &bad);
}

static int teardown(void **state)
{
	(void)state;
	cloud_table_release(&T);
	return 0;
}

static void disk_at(const char *p, const char *name, double gib,
		    struct cloud_disk *d)
{
	const struct cloud_row *r = cloud_find(&T, p, name, gib);

	assert_non_null(r);
	cloud_disk_limits(r, gib, 0, 0, d);
}

static void test_gp2(void **state)
{
	struct cloud_disk d;

	(void)state;
	disk_at("aws", "gp2", 20, &d);		/* under 33.33 GiB: the floor */
	assert_true(d.iops == 100);
	assert_true(d.mbps == 128);
	assert_true(d.burst_iops == 3000);
	/* 5.4e6 / (3000 - 100) = 1,862 s, the page's table */
	assert_int_equal((int)d.burst_s, 1862);
	disk_at("aws", "gp2", 100, &d);		/* 300 IOPS, 2,000 s */
	assert_true(d.iops == 300);
	assert_int_equal((int)lround(d.burst_s), 2000);
	disk_at("aws", "gp2", 750, &d);		/* 2,250 IOPS, 7,200 s */
	assert_true(d.iops == 2250);
	assert_int_equal((int)lround(d.burst_s), 7200);
	assert_true(d.mbps == 250);
	disk_at("aws", "gp2", 1000, &d);	/* baseline = burst: none */
	assert_true(d.iops == 3000);
	assert_true(d.burst_iops == 0);
	disk_at("aws", "gp2", 6000, &d);	/* past 5,334 GiB: the ceiling */
	assert_true(d.iops == 16000);
}

static void test_st1_sc1(void **state)
{
	struct cloud_disk d;

	(void)state;
	disk_at("aws", "st1", 1024, &d);	/* 1 TiB: 40 base, 250 burst */
	assert_true(fabs(d.mbps - 40) < 1e-9);
	assert_true(fabs(d.burst_mbps - 250) < 1e-9);
	disk_at("aws", "st1", 128, &d);		/* 0.125 TiB: 5 and 31.25 */
	assert_true(fabs(d.mbps - 5) < 1e-9);
	disk_at("aws", "st1", 16384, &d);	/* capped at 500 */
	assert_true(d.mbps == 500);
	disk_at("aws", "sc1", 16384, &d);	/* 16 TiB: 192 base */
	assert_true(fabs(d.mbps - 192) < 1e-9);
}

static void test_azure_tiers(void **state)
{
	const struct cloud_row *c[CLOUD_MAX_CAND];
	size_t n;
	struct cloud_disk d;

	(void)state;
	n = cloud_candidates(&T, "azure", 512, c, CLOUD_MAX_CAND);
	assert_int_equal(n, 3);
	assert_string_equal(c[0]->name, "S20");
	assert_string_equal(c[1]->name, "E20");
	assert_string_equal(c[2]->name, "P20");
	n = cloud_candidates(&T, "azure", 100, c, CLOUD_MAX_CAND);
	assert_string_equal(c[2]->name, "P10");	/* 100 GiB: a 128 GiB tier */
	disk_at("azure", "P10", 128, &d);
	assert_true(d.iops == 500 && d.mbps == 100);
	assert_true(d.burst_iops == 3500 && d.burst_s == 1800);
	/* 60 MB/s = 57.2 MiB/s; E20's 60 MiB/s stays */
	assert_true(fabs(cloud_mib(c[0], 60) - 57.22) < 0.01);
	assert_true(cloud_mib(c[1], 60) == 60);
	assert_null(cloud_find(&T, "azure", "P10", 200));
}

static void test_user_rows(void **state)
{
	const char *user = "# mine\n"
		"azure\ttier\tP10\tPremium SSD\t128\t600\t100\tMB\t-\t-\t-\t"
		"-\t-\tmy test\thttps://example.org\t2026-12-04\n";
	const char *bad = "azure\ttier\tP10\n";
	unsigned int line = 0;

	(void)state;
	assert_int_equal(cloud_table_parse(&T, user, &line), 0);
	assert_true(cloud_find(&T, "azure", "p10", 128)->iops.base == 600);
	assert_int_equal(cloud_table_parse(&T, bad, &line), -EINVAL);
	assert_int_equal(line, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gp2),
		cmocka_unit_test(test_st1_sc1),
		cmocka_unit_test(test_azure_tiers),
		cmocka_unit_test(test_user_rows),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
