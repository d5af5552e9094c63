/* test_method.c - how a test was measured, from its history row: the
 * differences named one by one (switch fields, then anything else on the
 * command line), unknown fields of older rows listed apart, the metric
 * that matters per workload, and what changed on purpose. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "lib/util.h"
#include "workflow/method.h"

static void mkrow(struct history_row *r, const char *cmdline)
{
	memset(r, 0, sizeof(*r));
	str_copy(r->cmdline, sizeof(r->cmdline), cmdline);
	str_copy(r->engine, sizeof(r->engine), "io_uring");
	str_copy(r->fill, sizeof(r->fill), "new pattern");
	str_copy(r->version, sizeof(r->version), "0.1.0");
	str_copy(r->target, sizeof(r->target), "/mnt/a/ioprobe-suite-1.dat");
	str_copy(r->host, sizeof(r->host), "db1");
	str_copy(r->device, sizeof(r->device), "vdb");
	r->file_size_bytes = 256u << 20;
}

static size_t diff(const char *a, const char *b, char *buf, size_t len,
		   char *unknown)
{
	struct history_row ra, rb;
	struct test_method ma, mb;

	mkrow(&ra, a);
	mkrow(&rb, b);
	method_from_row(&ra, &ma);
	method_from_row(&rb, &mb);
	return method_diff(&ma, &mb, buf, len, unknown, 64);
}

static void test_diff_fields(void **state)
{
	char buf[384], unk[64];

	(void)state;
	assert_int_equal(diff("-b4K -r -w0 -t4 -o32 -Sh -d5 -W1 /a/f",
			      "-b4K -r -w0 -t4 -o32 -Sh -d5 -W1 /b/g", buf,
			      sizeof(buf), unk), 0);
	assert_string_equal(buf, "");	/* the target is the subject */
	assert_int_equal(diff("-b4K -r -w0 -t4 -o32 -Sh -d5 -W1 /f",
			      "-b8K -s -w30 -t1 -o8 -Sb -d30 -W5 /f", buf,
			      sizeof(buf), unk), 8);
	assert_string_equal(buf, "block size 4 KiB vs 8 KiB; writes 0% vs "
			    "30%; pattern random vs sequential; threads 4 vs "
			    "1; queue depth 32 vs 8; cache direct, "
			    "write-through vs buffered; duration 5 s vs 30 s; "
			    "warm-up 1 s vs 5 s");
	/* a switch without a field of its own still counts */
	assert_int_equal(diff("-b4K -r -d5 /f", "-b4K -r -d5 -g1000i /f", buf,
			      sizeof(buf), unk), 1);
	assert_string_equal(buf, "switches '-b4K -r -d5' vs '-b4K -r -d5 "
			    "-g1000i'");
}

static void test_unknown_and_engine(void **state)
{
	struct history_row a, b;
	struct test_method ma, mb;
	char buf[384], unk[64];

	(void)state;
	mkrow(&a, "-b4K -r -d5 /f");
	mkrow(&b, "-b4K -r -d5 /f");
	a.engine[0] = a.fill[0] = '\0';	/* a row from before the columns */
	b.file_size_bytes = 4ull << 30;
	method_from_row(&a, &ma);
	method_from_row(&b, &mb);
	assert_int_equal(method_diff(&ma, &mb, buf, sizeof(buf), unk,
				     sizeof(unk)), 1);
	assert_string_equal(buf, "file size 256 MiB vs 4 GiB");
	assert_string_equal(unk, "engine, fill");
	str_copy(a.engine, sizeof(a.engine), "libaio");
	str_copy(a.fill, sizeof(a.fill), "new pattern");
	b.file_size_bytes = a.file_size_bytes;
	method_from_row(&a, &ma);
	method_from_row(&b, &mb);
	assert_int_equal(method_diff(&ma, &mb, buf, sizeof(buf), unk,
				     sizeof(unk)), 1);
	assert_string_equal(buf, "engine libaio vs io_uring");
	assert_string_equal(unk, "");
}

/* Two labels measured by different MPI rank counts do not compare; a
 * row from before the ranks column is one rank. */
static void test_ranks(void **state)
{
	struct history_row a, b;
	struct test_method ma, mb;
	char buf[384], unk[64];

	(void)state;
	mkrow(&a, "-b4K -r -d5 /f");
	mkrow(&b, "-b4K -r -d5 /f");
	b.ranks = 4;
	method_from_row(&a, &ma);
	method_from_row(&b, &mb);
	assert_int_equal(ma.ranks, 1);
	assert_int_equal(method_diff(&ma, &mb, buf, sizeof(buf), unk,
				     sizeof(unk)), 1);
	assert_string_equal(buf, "MPI ranks 1 vs 4");
	a.ranks = 1;
	b.ranks = 0;
	method_from_row(&a, &ma);
	method_from_row(&b, &mb);
	assert_int_equal(method_diff(&ma, &mb, buf, sizeof(buf), unk,
				     sizeof(unk)), 0);
}

static void test_metric(void **state)
{
	struct history_row r;
	struct test_method m;

	(void)state;
	mkrow(&r, "-b4K -r -w0 -t1 -o1 -Sh /f");
	method_from_row(&r, &m);
	assert_int_equal(method_metric(&m), CMP_METRIC_P99);
	mkrow(&r, "-b8K -r -w30 -t4 -o32 -Sh /f");
	method_from_row(&r, &m);
	assert_int_equal(method_metric(&m), CMP_METRIC_IOPS);
	mkrow(&r, "-b64K -s -w0 -t1 -o8 -Sh /f");
	method_from_row(&r, &m);
	assert_int_equal(method_metric(&m), CMP_METRIC_MIB_S);
	mkrow(&r, "-b1M -r -t2 -o4 /f");	/* random but large blocks */
	method_from_row(&r, &m);
	assert_int_equal(method_metric(&m), CMP_METRIC_MIB_S);
}

static void test_subject(void **state)
{
	struct history_row a, b;
	char buf[384];

	(void)state;
	mkrow(&a, "-b4K /f");
	mkrow(&b, "-b4K /f");
	str_copy(b.target, sizeof(b.target), "/mnt/a/ioprobe-suite-2.dat");
	method_subject(&a, &b, MEDIA_ROTATIONAL, MEDIA_ROTATIONAL, buf,
		       sizeof(buf));
	assert_string_equal(buf, "");	/* a new pid is no change */
	str_copy(b.device, sizeof(b.device), "nvme0n1");
	str_copy(b.target, sizeof(b.target), "/data/ioprobe-suite-2.dat");
	str_copy(b.filesystem, sizeof(b.filesystem), "xfs");
	str_copy(a.filesystem, sizeof(a.filesystem), "ext4");
	method_subject(&a, &b, MEDIA_ROTATIONAL, MEDIA_FLASH, buf,
		       sizeof(buf));
	assert_string_equal(buf, "device vdb → nvme0n1, filesystem ext4 → "
			    "xfs, folder /mnt/a → /data, disk type "
			    "rotational → flash");
	/* one disk against two: each test file by its folder */
	str_copy(b.target, sizeof(b.target), "/mnt/a/ioprobe-suite-3.dat + "
		 "/mnt/b/ioprobe-suite-3.dat");
	b.device[0] = b.filesystem[0] = a.filesystem[0] = '\0';
	method_subject(&a, &b, MEDIA_ROTATIONAL, MEDIA_ROTATIONAL, buf,
		       sizeof(buf));
	assert_string_equal(buf, "folder /mnt/a → /mnt/a + /mnt/b");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diff_fields),
		cmocka_unit_test(test_unknown_and_engine),
		cmocka_unit_test(test_ranks),
		cmocka_unit_test(test_metric),
		cmocka_unit_test(test_subject),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
