/* test_report_csv.c - the CSV report: columns, one row per target and
 * direction plus totals, RFC 4180 quoting, '.' decimals in any locale. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/hist.h"
#include "report/report.h"
#include "results/results.h"
#include "lib/util.h"

static void build(struct results *r, const char *path0, const char *label)
{
	struct profile *p = &r->profile;
	uint32_t i;

	results_init(r);
	profile_init(p);
	p->label = label ? strdup(label) : NULL;
	p->duration_s = 10;
	p->ntargets = 2;
	for (i = 0; i < 2; i++) {
		target_opts_init(&p->targets[i]);
		p->targets[i].block_bytes = 4096;
		p->targets[i].outstanding = 32;
		p->targets[i].write_pct = 30;
		p->targets[i].random = true;
		p->targets[i].random_pct = 100;
		p->targets[i].cache = CACHE_DIRECT;
		p->targets[i].write_through = true;
	}
	p->targets[0].path = strdup(path0);
	p->targets[1].path = strdup("/tmp/b.dat");
	p->targets[1].random = false;
	p->targets[1].block_bytes = 65536;
	r->ntargets = 2;
	str_copy(r->targets[0].path, RESULTS_STR, path0);
	str_copy(r->targets[1].path, RESULTS_STR, "/tmp/b.dat");
	r->test_time_s = 2.5;
	r->thread_count = 2;
	assert_int_equal(results_alloc_rows(r, 2, 0), 0);
	for (i = 0; i < 2; i++) {
		r->rows[i].thread = i;
		r->rows[i].target = i;
	}
	/* target 0: 1000 reads of 1.5 ms, 250 writes of 3 ms */
	r->rows[0].dir[DIR_READ].ios = 1000;
	r->rows[0].dir[DIR_READ].bytes = 1000 * 4096;
	for (i = 0; i < 1000; i++)
		hist_record(&r->rows[0].dir[DIR_READ].lat, 1500000);
	r->rows[0].dir[DIR_WRITE].ios = 250;
	r->rows[0].dir[DIR_WRITE].bytes = 250 * 4096;
	for (i = 0; i < 250; i++)
		hist_record(&r->rows[0].dir[DIR_WRITE].lat, 3000000);
	/* target 1: reads without latency samples */
	r->rows[1].dir[DIR_READ].ios = 5;
	r->rows[1].dir[DIR_READ].bytes = 5 * 65536;
}

static char *render(const struct results *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(report_csv(r, f), 0);
	fclose(f);
	return buf;
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static void test_layout(void **state)
{
	struct results r;
	char *csv, *line;

	(void)state;
	build(&r, "/tmp/a.dat", "before");
	csv = render(&r);
	assert_int_equal(count_lines(csv), 1 + 3 * 2 + 3);
	assert_true(!strncmp(csv,
			     "label,target,direction,iops,mib_s,mean_ms,p50_ms,p90_ms,p99_ms,p999_ms,max_ms,block_bytes,threads,outstanding,write_pct,pattern,cache_mode,duration_s,test_time_s,ios,bytes,io_errors\n",
			     strlen("label,target")));
	/* 1000 reads in 2.5 s = 400 IOPS, 1.5625 MiB/s, every latency 1.5 ms */
	line = strstr(csv, "before,/tmp/a.dat,read,");
	assert_non_null(line);
	assert_true(!strncmp(line,
			     "before,/tmp/a.dat,read,400.00,1.56,1.500000,",
			     strlen("before,/tmp/a.dat,read,400.00,1.56,1.500000,")));
	assert_non_null(strstr(line, ",4096,1,32,30,random,direct+writethrough,10,2.500000,1000,4096000,,,,,,,,\n"));
	assert_non_null(strstr(csv, "before,/tmp/a.dat,total,500.00,"));
	/* no samples: latency columns empty */
	assert_non_null(strstr(csv, "before,/tmp/b.dat,read,2.00,0.12,,,,,,,65536,1,32,30,sequential,"));
	/* all targets: shared settings kept, differing ones empty */
	assert_non_null(strstr(csv, "before,(all targets),total,502.00,"));
	assert_non_null(strstr(csv, ",,2,32,30,,direct+writethrough,10,2.500000,1255,"));
	free(csv);
	results_release(&r);
}

static void test_quoting(void **state)
{
	struct results r;
	char *csv;

	(void)state;
	build(&r, "/tmp/x,\"y\"\r\nz.dat", "a \"quoted\", label");
	csv = render(&r);
	assert_non_null(strstr(csv,
			       "\"a \"\"quoted\"\", label\",\"/tmp/x,\"\"y\"\"\r\nz.dat\",read,"));
	/* a field without specials stays bare */
	assert_non_null(strstr(csv, "\"a \"\"quoted\"\", label\",/tmp/b.dat,read,"));
	free(csv);
	results_release(&r);
}

static void test_no_label(void **state)
{
	struct results r;
	char *csv;

	(void)state;
	build(&r, "/tmp/a.dat", NULL);
	csv = render(&r);
	assert_non_null(strstr(csv, "\n,/tmp/a.dat,read,400.00,"));
	free(csv);
	results_release(&r);
}

/* Switch to a comma-decimal locale: an installed one, else one compiled
 * with localedef into a private folder (LOCPATH).  NULL when impossible. */
static const char *comma_locale(char *dir, size_t len)
{
	static const char *const names[] = { "de_DE.UTF-8", "de_DE.utf8",
					     "fr_FR.UTF-8" };
	char cmd[256];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (setlocale(LC_ALL, names[i]))
			return names[i];
	snprintf(dir, len, "/tmp/test_report_csv.XXXXXX");
	if (!mkdtemp(dir))
		return NULL;
	snprintf(cmd, sizeof(cmd),
		 "localedef -i de_DE -f UTF-8 %s/de_DE.UTF-8 >/dev/null 2>&1",
		 dir);
	if (system(cmd))
		return NULL;
	setenv("LOCPATH", dir, 1);
	return setlocale(LC_ALL, "de_DE.UTF-8");
}

/* A comma-decimal locale must not leak into the numbers. */
static void test_locale(void **state)
{
	char probe[16], dir[64] = "", cmd[96], *csv;
	struct results r;
	const char *got;

	(void)state;
	got = comma_locale(dir, sizeof(dir));
	if (!got)
		got = setlocale(LC_ALL, "C.UTF-8");
	if (!got)
		skip();
	snprintf(probe, sizeof(probe), "%.1f", 1.5);
	print_message("locale %s formats 1.5 as '%s'\n", got, probe);
	build(&r, "/tmp/a.dat", "l");
	csv = render(&r);
	setlocale(LC_ALL, "C");
	if (dir[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		assert_int_equal(system(cmd), 0);
	}
	assert_non_null(strstr(csv, "l,/tmp/a.dat,read,400.00,1.56,1.500000,"));
	assert_null(strstr(csv, "400,00"));
	free(csv);
	results_release(&r);
}

/* Failed I/Os: on the total rows (per target and all), empty on the
 * read and write rows. */
static void test_io_errors(void **state)
{
	struct results r;
	char *csv;

	(void)state;
	build(&r, "/tmp/a.dat", "l");
	results_count_error(&r.rows[0], EIO);
	results_count_error(&r.rows[0], EIO);
	results_count_error(&r.rows[1], ENOSPC);
	csv = render(&r);
	/* the device columns follow, empty without counters */
	assert_non_null(strstr(csv, ",1000,4096000,,,,,,,,\n"));
	assert_non_null(strstr(csv, ",1250,5120000,2,,,,,,,\n"));
	assert_non_null(strstr(csv, ",5,327680,1,,,,,,,\n"));
	assert_non_null(strstr(csv, ",1255,5447680,3,,,,,,,\n"));
	free(csv);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_quoting),
		cmocka_unit_test(test_no_label),
		cmocka_unit_test(test_locale),
		cmocka_unit_test(test_io_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
