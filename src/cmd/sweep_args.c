/* sweep_args.c - the options of `ioprobe sweep`: its own (--label,
 * --history, --html, --slo, --file-size, --keep-file, --quiet, -Rjson),
 * each as --opt=VALUE or --opt VALUE, the one list switch (-b, -o or -t
 * with several values), and every other argument passed to the run's
 * DiskSpd parser as typed.  See sweep_args.h.
 */
#include "cmd/sweep_args.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/atomic_file.h"
#include "lib/util.h"
#include "profile/parse.h"

static void sweep_usage(FILE *f)
{
	fputs("usage: ioprobe sweep -bA,B,... | -oA,B,... | -tA,B,... "
	      "[DiskSpd switches] TARGET\n"
	      "         [--label LABEL] [--history FILE] [--html FILE] "
	      "[--slo P99:5ms]\n"
	      "         [--file-size SIZE] [--keep-file] [--quiet] "
	      "[--engine NAME] [-Rjson]\n"
	      "  runs the workload once per value of the one list switch "
	      "(each point a full run:\n  its own warm-up -W and -d); a range "
	      "A..B doubles from A to B (-b4K..1M, -o1..128)\n"
	      "  TARGET: a file, a device, or a folder (a test file of "
	      "--file-size, default 1G,\n  is created there and removed)\n"
	      "  --label: one history row per point (test sweep-b4K, "
	      "sweep-o8...), for compare\n"
	      "  --slo P99:T: the knee of -o and -t is the highest IOPS whose "
	      "P99 stays under T\n"
	      "  example: ioprobe sweep -b4K,16K,64K,256K,1M -r -w0 -t1 -o8 "
	      "-Su -d10 /dev/sdb\n", f);
}

/* @s for an error message: control bytes escaped, cut after 60. */
static const char *shown(char *buf, size_t len, const char *s)
{
	char head[61];

	str_copy(head, sizeof(head), s);
	str_escape_c(buf, len > 3 ? len - 3 : len, head);
	if (strlen(s) > 60)
		strncat(buf, "...", len - strlen(buf) - 1);
	return buf;
}

/* "P99:5ms", "p99:800us", "P99:0.5s" -> ms.  0 or -EINVAL. */
static int parse_slo(const char *s, double *ms)
{
	char *end;
	double v;

	if (strncasecmp(s, "P99:", 4))
		return -EINVAL;
	errno = 0;
	v = strtod(s + 4, &end);
	if (errno || end == s + 4 || !(v > 0) || !isfinite(v))
		return -EINVAL;
	if (!strcmp(end, "ms"))
		*ms = v;
	else if (!strcmp(end, "us") || !strcmp(end, "µs"))
		*ms = v / 1000;
	else if (!strcmp(end, "s"))
		*ms = v * 1000;
	else
		return -EINVAL;
	return 0;
}

/* A valued sweep option @name = @v into @o: 0, 2 after printing why. */
static int set_valued(const char *name, const char *v, struct sweep_opts *o)
{
	char esc[512], err[2 * PATH_MAX + 64];

	if (!strcmp(name, "--label")) {
		if (!v[0] || str_has_control(v)) {
			fprintf(stderr, "ioprobe: error: invalid --label '%s': "
					"expected a name without control "
					"characters\n",
				shown(esc, sizeof(esc), v));
			return 2;
		}
		o->label = v;
	} else if (!strcmp(name, "--history")) {
		o->history = v;
	} else if (!strcmp(name, "--html")) {
		if (atomic_file_check(v, err, sizeof(err))) {
			fprintf(stderr, "ioprobe: error: invalid --html '%s': "
					"%s\n", shown(esc, sizeof(esc), v), err);
			return 2;
		}
		o->html = v;
	} else if (!strcmp(name, "--slo")) {
		if (parse_slo(v, &o->slo_p99_ms)) {
			fprintf(stderr, "ioprobe: error: invalid --slo '%s': "
					"expected P99:TIME such as P99:5ms, "
					"P99:800us or P99:1s\n",
				shown(esc, sizeof(esc), v));
			return 2;
		}
	} else if (parse_size(v, 1, &o->file_bytes) ||
		   o->file_bytes < (1u << 20)) {	/* --file-size */
		fprintf(stderr, "ioprobe: error: invalid --file-size '%s': "
				"expected a size of 1M or more, such as 256M "
				"or 4G\n", shown(esc, sizeof(esc), v));
		return 2;
	}
	return 0;
}

static bool is_valued(const char *a, size_t n)
{
	static const char *const names[] = { "--label", "--history", "--html",
					     "--slo", "--file-size" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (strlen(names[i]) == n && !strncmp(a, names[i], n))
			return true;
	return false;
}

/* A sweep option at argv[*i]: 1 taken (*i moved past its value), 0 not
 * one, 2 after printing why, 3 for --help (printed). */
static int sweep_option(int argc, char **argv, int *i, struct sweep_opts *o)
{
	const char *a = argv[*i], *eq = strchr(a, '=');
	size_t n = eq ? (size_t)(eq - a) : strlen(a);
	char name[32];

	if (!strcmp(a, "--help") || !strcmp(a, "-?")) {
		sweep_usage(stdout);
		return 3;
	}
	if (!strcmp(a, "--keep-file") || !strcmp(a, "--quiet")) {
		*(a[2] == 'k' ? &o->keep : &o->quiet) = true;
		return 1;
	}
	if (!strcmp(a, "-Rjson") || !strcmp(a, "-Rtext")) {
		o->fmt = a[2] == 'j' ? FORMAT_JSON : FORMAT_TEXT;
		return 1;
	}
	if (!strncmp(a, "-R", 2) || !strncmp(a, "--output", 8)) {
		fprintf(stderr, "ioprobe: error: invalid sweep option '%s': "
				"a sweep writes its table as -Rtext or -Rjson, "
				"each point's JSON beside the history\n", a);
		return 2;
	}
	if (!is_valued(a, n))
		return 0;
	str_copy(name, sizeof(name), a);
	name[n] = '\0';
	if (!eq && *i + 1 >= argc) {
		fprintf(stderr, "ioprobe: error: missing value for '%s'\n",
			name);
		return 2;
	}
	if (set_valued(name, eq ? eq + 1 : argv[++*i], o))
		return 2;
	return 1;
}

/* The list switch @a (a pasted en-dash read as '-'): 0 not one, 1 taken
 * into @o, 2 after printing why. */
static int list_switch(const char *a, struct sweep_opts *o)
{
	struct sweep_list l;
	char buf[512], err[640];
	int ret;

	if (!strncmp(a, "\xe2\x80\x93", 3))
		snprintf(buf, sizeof(buf), "-%s", a + 3);
	else
		str_copy(buf, sizeof(buf), a);
	ret = sweep_parse_list(buf, &l, err, sizeof(err));
	if (ret == -ENOENT)
		return 0;
	if (ret) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;
	}
	if (o->list_arg) {
		fprintf(stderr, "ioprobe: error: two swept switches '%s' and "
				"'%s': expected one list per sweep\n",
			o->list_arg, a);
		return 2;
	}
	o->list = l;
	o->list_arg = a;
	snprintf(o->list_first, sizeof(o->list_first), "%s%s",
		 sweep_kind_switch(l.kind), l.names[0]);
	return 1;
}

/* "ioprobe sweep ARGS" as typed, for the reports. */
static char *join_switches(int argc, char **argv)
{
	size_t len = strlen("ioprobe sweep") + 1;
	char *s;
	int i;

	for (i = 1; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	str_copy(s, len, "ioprobe sweep");
	for (i = 1; i < argc; i++) {
		strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

static int parse_all(int argc, char **argv, struct sweep_opts *o)
{
	int i, ret;

	for (i = 1; i < argc; i++) {
		ret = sweep_option(argc, argv, &i, o);
		if (ret == 3)
			return 1;
		if (ret == 2)
			return 2;
		if (ret == 1)
			continue;
		ret = list_switch(argv[i], o);
		if (ret == 2)
			return 2;
		if (ret == 1) {
			o->list_pos = o->run_argc;
			o->run_argv[o->run_argc++] = o->list_first;
		} else {
			o->run_argv[o->run_argc++] = argv[i];
		}
	}
	return 0;
}

int sweep_parse_args(int argc, char **argv, struct sweep_opts *o)
{
	int ret;

	memset(o, 0, sizeof(*o));
	o->file_bytes = 1ull << 30;
	o->list_pos = -1;
	o->run_argv = calloc((size_t)argc + 1, sizeof(char *));
	o->switches = join_switches(argc, argv);
	if (!o->run_argv || !o->switches) {
		fprintf(stderr, "ioprobe: error: out of memory\n");
		return 2;
	}
	o->run_argv[o->run_argc++] = (char *)"ioprobe";
	ret = parse_all(argc, argv, o);
	if (ret)
		return ret;
	if (!o->list_arg) {
		fprintf(stderr, "ioprobe: error: missing sweep list: expected "
				"one of -b, -o or -t with several values, such "
				"as -b4K,64K,1M or -o1..64 (see 'ioprobe sweep "
				"--help')\n");
		return 2;
	}
	return 0;
}
