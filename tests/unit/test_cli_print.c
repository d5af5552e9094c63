/* test_cli_print.c - the switch table's print column against the parser:
 * for every command line of tests/diskspd-golden/cmdline.tsv that ioprobe
 * accepts (without -X), the switches cli_print_switches() prints give
 * the same profile when parsed again, field for field. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/readfile.h"
#include "profile/cli.h"
#include "profile/profile.h"

#define MAX_ARGS 64

static struct profile A, B, SA, SB;

/* Split @line at spaces into @argv after "ioprobe"; returns argc. */
static int split(char *line, char **argv)
{
	char *save = NULL, *tok;
	int argc = 0;

	argv[argc++] = (char *)"ioprobe";
	for (tok = strtok_r(line, " ", &save); tok && argc < MAX_ARGS - 1;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	argv[argc] = NULL;
	return argc;
}

static int parse_into(struct profile *p, int argc, char **argv)
{
	char err[1024];

	profile_release(p);
	profile_init(p);
	return cli_parse(argc, argv, p, err, sizeof(err)) == CLI_ERROR ?
	       -EINVAL : 0;
}

static bool same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* @a and @b hold the same settings: strings compared, then every other
 * byte (the profiles were zeroed by profile_init before parsing). */
static bool same_profile(const struct profile *a, const struct profile *b)
{
	uint32_t i;

	if (a->ntargets != b->ntargets)
		return false;
	for (i = 0; i < a->ntargets; i++)
		if (!same_str(a->targets[i].path, b->targets[i].path) ||
		    !same_str(a->targets[i].wbuf_source_path,
			      b->targets[i].wbuf_source_path))
			return false;
	SA = *a;
	SB = *b;
	SA.cmdline = SB.cmdline = NULL;
	memset(&SA.notes, 0, sizeof(SA.notes));
	memset(&SB.notes, 0, sizeof(SB.notes));
	for (i = 0; i < a->ntargets; i++) {
		SA.targets[i].path = SB.targets[i].path = NULL;
		SA.targets[i].wbuf_source_path = NULL;
		SB.targets[i].wbuf_source_path = NULL;
	}
	return !memcmp(&SA, &SB, sizeof(SA));
}

/* One row's args: parse, print, parse the printed switches with the
 * same targets; 1 when checked, 0 when ioprobe refuses the row. */
static int round_trip(const char *args)
{
	char line[2048], again[4096], printed[2048], *argv[MAX_ARGS];
	char *argv2[MAX_ARGS];
	int argc, argc2, first, i;

	snprintf(line, sizeof(line), "%s", args);
	argc = split(line, argv);
	if (parse_into(&A, argc, argv))
		return 0;
	assert_int_equal(cli_print_switches(&A, printed, sizeof(printed)), 0);
	for (first = 1; first < argc && argv[first][0] == '-'; first++)
		;
	snprintf(again, sizeof(again), "%s", printed);
	argc2 = split(again, argv2);
	for (i = first; i < argc && argc2 < MAX_ARGS - 1; i++)
		argv2[argc2++] = argv[i];
	argv2[argc2] = NULL;
	if (parse_into(&B, argc2, argv2))
		fail_msg("'%s' printed as '%s', which does not parse", args,
			 printed);
	if (!same_profile(&A, &B))
		fail_msg("'%s' printed as '%s' gives another profile", args,
			 printed);
	return 1;
}

static void test_cmdline_tsv(void **state)
{
	char path[4096], err[512], *buf, *line, *save = NULL;
	size_t len;
	int rows = 0, checked = 0;

	(void)state;
	snprintf(path, sizeof(path), "%s/tests/diskspd-golden/cmdline.tsv",
		 IOPROBE_SRCDIR);
	assert_int_equal(readfile_all(path, "table", 1 << 20, &buf, &len, err,
				      sizeof(err)), 0);
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *tab = strchr(line, '\t');

		if (!tab || !strncmp(line, "args\t", 5))
			continue;
		*tab = '\0';
		rows++;
		if (strstr(line, "-X"))
			continue;	/* a profile file: nothing to print */
		checked += round_trip(line);
	}
	free(buf);
	profile_release(&A);
	profile_release(&B);
	/* 149 of 336 rows are accepted (the rest are DiskSpd's errors
	 * and -X): a parser that stops accepting them fails */
	if (rows < 300 || checked < 140)
		fail_msg("%d rows, %d checked", rows, checked);
	print_message("%d of %d rows printed and parsed back\n", checked,
		      rows);
}

static void test_examples(void **state)
{
	char out[512];

	(void)state;
	profile_init(&A);
	assert_int_equal(round_trip("-b8K -d60 -W5 -h -L -o32 -t4 -r -w30 "
				    "-c4G f"), 1);
	assert_int_equal(cli_print_switches(&A, out, sizeof(out)), 0);
	assert_string_equal(out, "-b8192 -c4294967296 -d60 -L -o32 -r -Sh "
			    "-t4 -w30");
	assert_int_equal(round_trip("-ag1,3,g0,2 -rs30 -rdpct90/10 -Zr "
				    "-Z1M -z7 -Rp -Rxml f"), 1);
	assert_int_equal(cli_print_switches(&A, out, sizeof(out)), 0);
	assert_string_equal(out, "-ag1,3,g0,2 -rs30 -rdpct90/10 -Rp -Rxml "
			    "-z7 -Zr -Z1048576");
	assert_int_equal(cli_print_switches(&A, out, 8), -ENAMETOOLONG);
	profile_release(&A);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cmdline_tsv),
		cmocka_unit_test(test_examples),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
