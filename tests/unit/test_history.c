/* test_history.c - the suite history CSV: RFC 4180 quoting round trips,
 * damaged lines skipped with their count, concurrent appends from two
 * processes, and a writer killed mid-append never leaving half a row. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "workflow/history.h"
#include "lib/util.h"

static void sample(struct history_row *r, const char *label, int i)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->timestamp, sizeof(r->timestamp), "2024-06-03T12:00:%02dZ",
		 i % 60);
	str_copy(r->host, sizeof(r->host), "db1");
	str_copy(r->label, sizeof(r->label), label);
	snprintf(r->test, sizeof(r->test), "test%d", i);
	str_copy(r->cmdline, sizeof(r->cmdline),
		 "-b4K -r -w0 -t4 -o32 -Sh -L -d30 -W5 /mnt/t.dat");
	str_copy(r->target, sizeof(r->target), "/mnt/t.dat");
	str_copy(r->device, sizeof(r->device), "vdb");
	str_copy(r->filesystem, sizeof(r->filesystem), "ext4");
	r->file_size_bytes = 4ull << 30;
	r->iops = 407.25 + i;
	r->mib_s = 1.591;
	r->mean_ms = 361.5;
	r->p50_ms = 300;
	r->p99_ms = 12800;
	r->p999_ms = 13000;
	r->max_ms = 14000.125;
	r->read_pct = 70;
	r->write_pct = 30;
	str_copy(r->version, sizeof(r->version), "0.1.0");
	str_copy(r->json, sizeof(r->json), "results/x.json");
}

static void tmp_path(char *buf, size_t len)
{
	snprintf(buf, len, "/tmp/ioprobe-test-history-%d/sub/h.csv",
		 (int)getpid());
}

static void cleanup(const char *path)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "rm -rf /tmp/ioprobe-test-history-%d",
		 (int)getpid());
	(void)path;
	assert_int_equal(system(cmd), 0);
}

static void test_quoting_round_trip(void **state)
{
	struct history_row a, b;
	char line[8192], err[256];
	int n;

	(void)state;
	sample(&a, "before, \"old\" disk", 1);
	str_copy(a.cmdline, sizeof(a.cmdline), "-b4K x\ny");
	str_copy(a.host, sizeof(a.host), " padded ");
	n = history_format_row(&a, line, sizeof(line));
	assert_true(n > 0);
	assert_int_equal(line[n - 1], '\n');
	assert_null(memchr(line, '\n', (size_t)n - 1));	/* one line */
	assert_non_null(strstr(line, "\"before, \"\"old\"\" disk\""));
	assert_non_null(strstr(line, "\" padded \""));
	assert_int_equal(history_parse_line(line, (size_t)n - 1, &b, err,
					    sizeof(err)), 0);
	assert_string_equal(b.label, a.label);
	assert_string_equal(b.host, " padded ");
	assert_string_equal(b.cmdline, "-b4K x y");	/* newline -> space */
	assert_true(b.iops == 408.25);
	assert_true(b.max_ms == 14000.125);
	assert_int_equal(b.file_size_bytes, 4ull << 30);
	assert_string_equal(b.json, "results/x.json");
}

/* Cells a spreadsheet would run go behind an apostrophe; the reader
 * drops exactly one, so every text reads back as written. */
static void test_formula_cells(void **state)
{
	static const char *const labels[] = { "=HYPERLINK(\"x\",\"y\")",
					      "+1", "@SUM(A1)", "'quoted",
					      "''two", "plain" };
	struct history_row a, b;
	char line[8192], err[256];
	size_t i;
	int n;

	(void)state;
	for (i = 0; i < sizeof(labels) / sizeof(labels[0]); i++) {
		sample(&a, labels[i], 1);
		n = history_format_row(&a, line, sizeof(line));
		assert_true(n > 0);
		assert_non_null(strstr(line, ",'-b4K -r"));
		if (strcmp(labels[i], "plain"))
			assert_non_null(strstr(line, ",'"));
		assert_int_equal(history_parse_line(line, (size_t)n - 1, &b,
						    err, sizeof(err)), 0);
		assert_string_equal(b.label, labels[i]);
		assert_string_equal(b.cmdline, a.cmdline);
	}
}

/* An existing file that is not a history is never appended to, and its
 * bytes stay; a new one that could not be written is not left empty. */
static void test_append_refuses_foreign(void **state)
{
	static const char text[] = "my notes\n";
	struct history_row r;
	char path[256], err[512], buf[64];
	ssize_t n;
	int fd;

	(void)state;
	tmp_path(path, sizeof(path));
	sample(&r, "x", 1);
	assert_int_equal(history_append(path, &r, err, sizeof(err)), 0);
	fd = open(path, O_WRONLY | O_TRUNC);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, sizeof(text) - 1),
			 (ssize_t)sizeof(text) - 1);
	close(fd);
	assert_int_equal(history_append(path, &r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "not an ioprobe history"));
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	n = read(fd, buf, sizeof(buf));
	close(fd);
	assert_int_equal(n, (ssize_t)sizeof(text) - 1);
	assert_memory_equal(buf, text, sizeof(text) - 1);
	cleanup(path);
}

static void test_parse_rejects(void **state)
{
	struct history_row r;
	char err[256];
	const char *few = "a,b,c";
	const char *badq = "\"a,b";
	char line[8192];
	int n;

	(void)state;
	assert_int_equal(history_parse_line(few, strlen(few), &r, err,
					    sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "expected 25 fields (23, 22 or 20 in older rows), found 3"));
	assert_int_equal(history_parse_line(badq, strlen(badq), &r, err,
					    sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "quotes"));
	sample(&r, "x", 1);
	n = history_format_row(&r, line, sizeof(line));
	/* corrupt the iops figure */
	{
		char *p = strstr(line, ",408.250,");

		assert_non_null(p);
		p[1] = 'x';
	}
	assert_int_equal(history_parse_line(line, (size_t)n - 1, &r, err,
					    sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "invalid iops 'x08.250'"));
	/* a NUL inside a field would cut it silently */
	sample(&r, "x", 1);
	n = history_format_row(&r, line, sizeof(line));
	line[60] = '\0';
	assert_int_equal(history_parse_line(line, (size_t)n - 1, &r, err,
					    sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "NUL byte at column 61"));
}

static void test_damaged_lines_skipped(void **state)
{
	struct history h = { 0 };
	struct history_row r;
	char buf[32768], line[8192];
	size_t len = 0;
	int i;

	(void)state;
	len += (size_t)snprintf(buf, sizeof(buf), "%s\n", HISTORY_HEADER);
	for (i = 0; i < 3; i++) {
		sample(&r, "before", i);
		history_format_row(&r, line, sizeof(line));
		if (i == 1) {
			/* a torn row: cut in the middle, no newline */
			memcpy(buf + len, line, 40);
			len += 40;
			buf[len++] = '\n';
			memcpy(buf + len, "garbage,\"x\n", 11);
			len += 11;
		}
		memcpy(buf + len, line, strlen(line));
		len += strlen(line);
	}
	assert_int_equal(history_load_buf(buf, len, "mem", &h), 0);
	assert_int_equal(h.nrows, 3);
	assert_int_equal(h.nskipped, 2);
	assert_string_equal(h.rows[2].test, "test2");
	history_release(&h);
}

/* Rows from before the engine and fill columns, under their own header,
 * still load (those two unknown) beside rows of today's format. */
static void test_old_rows_load(void **state)
{
	static const char old[] =
		HISTORY_HEADER_V1 "\n"
		"2024-06-03T12:00:00Z,db1,before,randread4k,-b4K -r -d5 /f,"
		"/f,vdb,ext4,268435456,400,1.6,320,300,900,990,1000,100,0,"
		"0.1.0,results/a.json\n";
	struct history h = { 0 };
	struct history_row r;
	char buf[8192], line[8192];
	size_t len;

	(void)state;
	len = (size_t)snprintf(buf, sizeof(buf), "%s", old);
	sample(&r, "after", 1);
	str_copy(r.engine, sizeof(r.engine), "io_uring");
	str_copy(r.fill, sizeof(r.fill), "new pattern");
	history_format_row(&r, line, sizeof(line));
	len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s", line);
	assert_int_equal(history_load_buf(buf, len, "mem", &h), 0);
	assert_int_equal(h.nskipped, 0);
	assert_int_equal(h.nrows, 2);
	assert_string_equal(h.rows[0].json, "results/a.json");
	assert_string_equal(h.rows[0].engine, "");
	assert_string_equal(h.rows[0].fill, "");
	assert_true(h.rows[0].file_size_bytes == 256u << 20);
	assert_string_equal(h.rows[1].engine, "io_uring");
	assert_string_equal(h.rows[1].fill, "new pattern");
	history_release(&h);
}

/* The ranks column: a fleet's row keeps its rank count; rows of the
 * 22-column format (before it) read as one rank; a bad count is a
 * damaged line. */
static void test_ranks_column(void **state)
{
	static const char v2[] =
		HISTORY_HEADER_V2 "\n"
		"2024-06-03T12:00:00Z,db1,before,randread4k,-b4K -r -d5 /f,"
		"/f,vdb,ext4,268435456,400,1.6,320,300,900,990,1000,100,0,"
		"0.1.0,results/a.json,io_uring,new pattern\n"
		"2024-06-03T12:00:00Z,db1,before,randread4k,-b4K -r -d5 /f,"
		"/f,vdb,ext4,268435456,400,1.6,320,300,900,990,1000,100,0,"
		"0.1.0,results/a.json,io_uring,new pattern,0\n";
	struct history h = { 0 };
	struct history_row r;
	char buf[8192], line[8192];
	size_t len;

	(void)state;
	len = (size_t)snprintf(buf, sizeof(buf), "%s", v2);
	sample(&r, "fleet", 1);
	r.ranks = 4;
	str_copy(r.figure, sizeof(r.figure), "sustained");
	r.window_iops = 1333.25;
	history_format_row(&r, line, sizeof(line));
	assert_non_null(strstr(line, ",4,sustained,1333.250\n"));
	len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s", line);
	assert_int_equal(history_load_buf(buf, len, "mem", &h), 0);
	assert_int_equal(h.nrows, 2);
	assert_int_equal(h.nskipped, 1);	/* 0 ranks */
	assert_non_null(strstr(h.warn[0], "invalid ranks '0'"));
	assert_int_equal(h.rows[0].ranks, 1);
	assert_string_equal(h.rows[0].fill, "new pattern");
	assert_int_equal(h.rows[1].ranks, 4);
	/* the headline figure is named, the whole window kept beside it;
	 * an older row's figures are the whole window's */
	assert_string_equal(h.rows[1].figure, "sustained");
	assert_true(h.rows[1].window_iops == 1333.25);
	assert_string_equal(h.rows[0].figure, "");
	assert_true(h.rows[0].window_iops == h.rows[0].iops);
	history_release(&h);
}

static void test_append_creates_and_reads(void **state)
{
	struct history h = { 0 };
	struct history_row r;
	char path[256], err[512], buf[256];
	FILE *f;
	int i;

	(void)state;
	tmp_path(path, sizeof(path));
	for (i = 0; i < 3; i++) {
		sample(&r, "after", i);
		assert_int_equal(history_append(path, &r, err, sizeof(err)), 0);
	}
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	buf[strcspn(buf, "\n")] = '\0';
	assert_string_equal(buf, HISTORY_HEADER);
	fclose(f);
	assert_int_equal(history_load(path, &h, err, sizeof(err)), 0);
	assert_int_equal(h.nrows, 3);
	assert_int_equal(h.nskipped, 0);
	history_release(&h);

	/* a foreign torn last line: our row must not be glued to it */
	{
		int fd = open(path, O_WRONLY | O_APPEND);

		assert_true(fd >= 0);
		assert_int_equal(write(fd, "2024,half", 9), 9);
		close(fd);
	}
	sample(&r, "after", 7);
	assert_int_equal(history_append(path, &r, err, sizeof(err)), 0);
	memset(&h, 0, sizeof(h));
	assert_int_equal(history_load(path, &h, err, sizeof(err)), 0);
	assert_int_equal(h.nrows, 4);
	assert_int_equal(h.nskipped, 1);
	assert_string_equal(h.rows[3].test, "test7");
	history_release(&h);
	cleanup(path);
}

#define PER_CHILD 300

static void test_concurrent_appends(void **state)
{
	struct history h = { 0 };
	char path[256], err[512];
	pid_t kid[2];
	int k, i, st;

	(void)state;
	tmp_path(path, sizeof(path));
	for (k = 0; k < 2; k++) {
		kid[k] = fork();
		assert_true(kid[k] >= 0);
		if (kid[k] == 0) {
			struct history_row r;

			for (i = 0; i < PER_CHILD; i++) {
				sample(&r, k ? "two" : "one", i);
				/* long rows cross page boundaries */
				memset(r.cmdline, 'a' + k, 900);
				r.cmdline[900] = '\0';
				if (history_append(path, &r, err, sizeof(err)))
					_exit(1);
			}
			_exit(0);
		}
	}
	for (k = 0; k < 2; k++) {
		assert_int_equal(waitpid(kid[k], &st, 0), kid[k]);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	assert_int_equal(history_load(path, &h, err, sizeof(err)), 0);
	assert_int_equal(h.nrows, 2 * PER_CHILD);
	assert_int_equal(h.nskipped, 0);	/* one header, no mixed rows */
	history_release(&h);
	cleanup(path);
}

static void test_kill_mid_append(void **state)
{
	struct history h = { 0 };
	char path[256], err[512];
	int round, st;

	(void)state;
	tmp_path(path, sizeof(path));
	for (round = 0; round < 20; round++) {
		pid_t kid = fork();

		assert_true(kid >= 0);
		if (kid == 0) {
			struct history_row r;
			int i;

			for (i = 0;; i++) {
				sample(&r, "k", i);
				memset(r.cmdline, 'k', 1000);
				r.cmdline[1000] = '\0';
				history_append(path, &r, err, sizeof(err));
			}
		}
		usleep(2000 + 700 * round);
		kill(kid, SIGKILL);
		assert_int_equal(waitpid(kid, &st, 0), kid);
	}
	assert_int_equal(history_load(path, &h, err, sizeof(err)), 0);
	assert_true(h.nrows > 0);
	assert_int_equal(h.nskipped, 0);
	history_release(&h);
	cleanup(path);
}

static void test_default_path(void **state)
{
	char buf[512];

	(void)state;
	setenv("XDG_DATA_HOME", "/x/data", 1);
	assert_int_equal(history_default_path(buf, sizeof(buf)), 0);
	assert_string_equal(buf, "/x/data/ioprobe/history.csv");
	unsetenv("XDG_DATA_HOME");
	setenv("HOME", "/home/u", 1);
	assert_int_equal(history_default_path(buf, sizeof(buf)), 0);
	assert_string_equal(buf, "/home/u/.local/share/ioprobe/history.csv");
	assert_int_equal(history_json_path("/a/b/h.csv", "results/r.json", buf,
					   sizeof(buf)), 0);
	assert_string_equal(buf, "/a/b/results/r.json");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quoting_round_trip),
		cmocka_unit_test(test_ranks_column),
		cmocka_unit_test(test_formula_cells),
		cmocka_unit_test(test_append_refuses_foreign),
		cmocka_unit_test(test_parse_rejects),
		cmocka_unit_test(test_damaged_lines_skipped),
		cmocka_unit_test(test_old_rows_load),
		cmocka_unit_test(test_append_creates_and_reads),
		cmocka_unit_test(test_concurrent_appends),
		cmocka_unit_test(test_kill_mid_append),
		cmocka_unit_test(test_default_path),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
