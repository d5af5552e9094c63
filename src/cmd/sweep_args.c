/* sweep_args.c - the options of `ioprobe sweep`: its own (--label,
 * --history, --html, --slo, --file-size, --engine, --keep-file, --quiet,
 * -Rjson) in its table for the shared long-option parser (opt_table.h),
 * each as --opt=VALUE or --opt VALUE, the one list switch (-b, -o or -t
 * with several values), and every other argument (DiskSpd switches, the
 * run's long options, the target) passed to the run's parser as typed.
 * See sweep_args.h.
 */
#include "cmd/sweep_args.h"
#include "cmd/subcmd.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/atomic_file.h"
#include "lib/util.h"
#include "profile/cli_long.h"
#include "profile/opt_table.h"
#include "profile/parse.h"

static void sweep_usage(FILE *f)
{
	fputs("usage: ioprobe sweep -bA,B,... | -oA,B,... | -tA,B,... "
	      "[DiskSpd switches] TARGET\n"
	      "         [--label LABEL] [--history FILE] [--html FILE] "
	      "[--slo P99:5ms]\n"
	      "         [--file-size SIZE] [--keep-file] [--quiet] "
	      "[--engine NAME] [-Rjson]\n"
	      "  (each --opt VALUE or --opt=VALUE)\n"
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

/* ---- the table: a setter per checked value, the rest set by field ---- */

static int set_label(void *ctx, const char *v, char *err, size_t errlen)
{
	if (str_has_control(v))
		return opt_bad_value(err, errlen, "--label", v,
				     "expected a name without control "
				     "characters");
	/* the history keeps labels whole: a cut one would name another
	 * label, or end inside a character */
	if (strlen(v) >= sizeof(((struct history_row *)0)->label))
		return opt_bad_value(err, errlen, "--label", v,
				     "expected at most 127 bytes");
	((struct sweep_opts *)ctx)->label = v;
	return 0;
}

static int set_html(void *ctx, const char *v, char *err, size_t errlen)
{
	char why[2 * PATH_MAX + 64];

	if (atomic_file_check(v, why, sizeof(why)))
		return opt_bad_value(err, errlen, "--html", v, why);
	((struct sweep_opts *)ctx)->html = v;
	return 0;
}

static int set_slo(void *ctx, const char *v, char *err, size_t errlen)
{
	if (parse_slo(v, &((struct sweep_opts *)ctx)->slo_p99_ms))
		return opt_bad_value(err, errlen, "--slo", v,
				     "expected P99:TIME such as P99:5ms, "
				     "P99:800us or P99:1s");
	return 0;
}

static int set_file_size(void *ctx, const char *v, char *err, size_t errlen)
{
	struct sweep_opts *o = ctx;

	if (parse_size(v, 1, &o->file_bytes) || o->file_bytes < (1u << 20))
		return opt_bad_value(err, errlen, "--file-size", v,
				     "expected a size of 1M or more, "
				     "such as 256M or 4G");
	return 0;
}

/* Where the target is in the run's argv so far: the first token that is
 * neither a switch nor the value of a long option; run_argc if none. */
static int target_index(const struct sweep_opts *o)
{
	const struct opt_spec *prev;
	int k;

	for (k = 1; k < o->run_argc; k++) {
		if (o->run_argv[k][0] == '-')
			continue;
		prev = cli_long_find(o->run_argv[k - 1]);
		if (k > 1 && prev && prev->kind == OPT_VALUE &&
		    !strchr(o->run_argv[k - 1], '='))
			continue;
		break;
	}
	return k;
}

/* --engine: handed to the run parser before the target, wherever it was
 * typed, and checked there. */
static int set_engine(void *ctx, const char *v, char *err, size_t errlen)
{
	struct sweep_opts *o = ctx;
	int k = target_index(o);

	(void)err;
	(void)errlen;
	memmove(o->run_argv + k + 2, o->run_argv + k,
		(size_t)(o->run_argc - k) * sizeof(*o->run_argv));
	o->run_argv[k] = (char *)"--engine";
	o->run_argv[k + 1] = (char *)v;
	o->run_argc += 2;
	if (o->list_pos >= k)
		o->list_pos += 2;
	return 0;
}

static const struct opt_spec sweep_opts_list[] = {
	{ "label", OPT_VALUE, "LABEL", set_label, 0 },
	OPT_STRING_AT("history", "FILE", struct sweep_opts, history),
	{ "html", OPT_VALUE, "FILE", set_html, 0 },
	{ "slo", OPT_VALUE, "P99:T", set_slo, 0 },
	{ "file-size", OPT_VALUE, "SIZE", set_file_size, 0 },
	{ "engine", OPT_VALUE, "NAME", set_engine, 0 },
	OPT_BOOL_AT("keep-file", struct sweep_opts, keep),
	OPT_BOOL_AT("quiet", struct sweep_opts, quiet),
	{ "help", OPT_HELP, NULL, NULL, 0 },
};

const struct opt_table sweep_opt_table = {
	"sweep", sweep_opts_list, ARRAY_SIZE(sweep_opts_list)
};

/* The list switch @a (a pasted en-dash read as '-'): 0 not one, 1 taken
 * into @o, -EINVAL with @err filled. */
static int list_switch(const char *a, struct sweep_opts *o, char *err,
		       size_t errlen)
{
	struct sweep_list l;
	char buf[512];
	int ret;

	if (!strncmp(a, "\xe2\x80\x93", 3))
		snprintf(buf, sizeof(buf), "-%s", a + 3);
	else
		str_copy(buf, sizeof(buf), a);
	ret = sweep_parse_list(buf, &l, err, errlen);
	if (ret == -ENOENT)
		return 0;
	if (ret)
		return -EINVAL;
	if (o->list_arg)
		return errf(err, errlen, EINVAL, "two swept switches '%s' and "
			    "'%s': expected one list per sweep", o->list_arg,
			    a);
	o->list = l;
	o->list_arg = a;
	snprintf(o->list_first, sizeof(o->list_first), "%s%s",
		 sweep_kind_switch(l.kind), l.names[0]);
	return 1;
}

/* Every argument that is not one of the sweep's long options: -R, the
 * list switch, a long option of the run (with its value) or any other
 * switch or the target, handed to the run parser as typed. */
static int sweep_other(void *ctx, int argc, char **argv, int *i, char *err,
		       size_t errlen)
{
	struct sweep_opts *o = ctx;
	const char *a = argv[*i];
	const struct opt_spec *run;
	int ret;

	if (!strcmp(a, "-Rjson") || !strcmp(a, "-Rtext")) {
		o->fmt = a[2] == 'j' ? FORMAT_JSON : FORMAT_TEXT;
		return 0;
	}
	if (!strncmp(a, "-R", 2) || !strncmp(a, "--output", 8))
		return errf(err, errlen, EINVAL, "invalid sweep option '%s': "
			    "a sweep writes its table as -Rtext or -Rjson, "
			    "each point's JSON beside the history", a);
	if (!strncmp(a, "--", 2)) {
		run = cli_long_find(a);
		if (!run)
			return -ENOENT;
		o->run_argv[o->run_argc++] = argv[*i];
		if (run->kind == OPT_VALUE && !strchr(a, '=') &&
		    *i + 1 < argc && strncmp(argv[*i + 1], "--", 2))
			o->run_argv[o->run_argc++] = argv[++*i];
		return 0;
	}
	ret = list_switch(a, o, err, errlen);
	if (ret < 0)
		return ret;
	if (ret == 1) {
		o->list_pos = o->run_argc;
		o->run_argv[o->run_argc++] = o->list_first;
	} else {
		o->run_argv[o->run_argc++] = argv[*i];
	}
	return 0;
}

int sweep_parse_args(int argc, char **argv, struct sweep_opts *o)
{
	char err[768];
	int ret;

	memset(o, 0, sizeof(*o));
	o->file_bytes = 1ull << 30;
	o->list_pos = -1;
	/* + 2: --engine=NAME becomes two tokens */
	o->run_argv = calloc((size_t)argc + 3, sizeof(char *));
	o->switches = str_join_args("ioprobe sweep", argc, argv);
	if (!o->run_argv || !o->switches) {
		fprintf(stderr, "ioprobe: error: out of memory\n");
		return 2;
	}
	o->run_argv[o->run_argc++] = (char *)"ioprobe";
	ret = opt_parse(&sweep_opt_table, argc, argv, o, sweep_other, err,
			sizeof(err));
	if (ret == OPT_HELP_ASKED) {
		sweep_usage(stdout);
		return 1;
	}
	if (ret) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;
	}
	if (!o->list_arg) {
		fprintf(stderr, "ioprobe: error: missing sweep list: expected "
				"one of -b, -o or -t with several values, such "
				"as -b4K,64K,1M or -o1..64 (see 'ioprobe sweep "
				"--help')\n");
		return 2;
	}
	return 0;
}
