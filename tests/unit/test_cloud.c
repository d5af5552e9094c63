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
#include <stdio.h>
#include <string.h>

#include "workflow/cloud_detect.h"
#include "workflow/cloud_findings.h"
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
		"azure\ttier\tE80\tStandard SSD\t32767\t6600\t750\tMiB\t-\t-\t-\t"
		"-\t-\tmy test\thttps://example.org\t2026-12-04\n";
	const char *bad = "azure\ttier\tP10\n";
	unsigned int line = 0;

	(void)state;
	assert_int_equal(cloud_table_parse(&T, user, &line), 0);
	assert_true(cloud_find(&T, "azure", "e80", 0)->iops.base == 6600);
	assert_int_equal(cloud_table_parse(&T, bad, &line), -EINVAL);
	assert_int_equal(line, 1);
}

static struct interp_test test_at(const char *name, double iops,
				  double mib_s)
{
	struct interp_test t;

	memset(&t, 0, sizeof(t));
	t.name = name;
	t.iops = t.read_iops = iops;
	t.mib_s = mib_s;
	return t;
}

/* A context with its table's rows: detected candidates of @gib GiB of
 * @provider, or the named @tier. */
static void ctx_for(struct cloud_ctx *c, const char *provider, double gib,
		    const char *tier)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	c->table = T;
	c->ndisks = 1;
	c->gib = gib;
	snprintf(c->provider, sizeof(c->provider), "%s", provider);
	if (tier) {
		c->named = true;
		cloud_disk_limits(cloud_find(&T, provider, tier, 0), gib, 0, 0,
				  &c->disk);
		return;
	}
	c->ncand = cloud_candidates(&T, provider, gib, c->cand,
				    CLOUD_MAX_CAND);
	for (i = 0; i < c->ncand; i++)
		cloud_disk_limits(c->cand[i], gib, 0, 0, &c->cand_disk[i]);
}

static void test_findings(void **state)
{
	struct interp_test t[2] = { test_at("randread4k", 500, 1.96),
				    test_at("seqread64k", 480, 30) };
	struct finding f[8];
	struct cloud_ctx c;
	size_t n = 0;

	(void)state;
	ctx_for(&c, "azure", 512, NULL);	/* the seed story */
	cloud_findings(t, 2, &c, f, &n, 8);
	assert_int_equal(n, 2);
	assert_int_equal(f[0].kind, FIND_CLOUD_TIER);
	assert_non_null(strstr(f[0].text, "≈500 IOPS and ≤ 2.0 MiB/s on a 512 "
				"GiB Azure disk: the Standard HDD S20 / "
				"Standard SSD E20 tier (500 IOPS, 60 MB/s): "
				"at 100 % of provisioned"));
	assert_non_null(strstr(f[1].text, "% of provisioned (S20): "
				"randread4k 100 %, seqread64k 96 %"));

	n = 0;				/* 1,820 IOPS on a P10 */
	t[0] = test_at("4k", 1820.69, 7.11);
	ctx_for(&c, "azure", 128, "P10");
	cloud_findings(t, 1, &c, f, &n, 8);
	assert_int_equal(n, 2);
	assert_non_null(strstr(f[0].text, "at 364 % of provisioned"));
	assert_non_null(strstr(f[1].text, "1,821 IOPS on a P10 (500 "
				"provisioned, bursts to 3,500 for up to 30 min "
				"on credits): this run measured burst, the "
				"sustained figure is 500"));

	n = 0;				/* two P30 under a DS3_v2 */
	t[0] = test_at("the run", 732, 183.1);
	ctx_for(&c, "azure", 1024, "P30");
	c.ndisks = 2;
	c.vm = cloud_find(&T, "azure", "Standard_DS3_v2", 0);
	cloud_findings(t, 1, &c, f, &n, 8);
	assert_int_equal(f[n - 1].kind, FIND_VM_CAP);
	assert_non_null(strstr(f[n - 1].text, "the VM size caps this, not "
				"the disk (the disks' sum is 10,000 IOPS, "
				"400 MB/s)"));

	n = 0;				/* bare metal: nothing */
	memset(&c, 0, sizeof(c));
	cloud_findings(t, 1, &c, f, &n, 8);
	assert_int_equal(n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gp2),
		cmocka_unit_test(test_st1_sc1),
		cmocka_unit_test(test_azure_tiers),
		cmocka_unit_test(test_user_rows),
		cmocka_unit_test(test_findings),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
