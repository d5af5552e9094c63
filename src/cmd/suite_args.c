/* suite_args.c - the options of `ioprobe suite`: its table for the
 * shared long-option parser (opt_table.h), each value checked as it is
 * read, with one error line naming the option and the value (control
 * characters shown escaped), and --history / --html refused before
 * anything runs when they could not be written.  See suite_args.h.
 */
#include "cmd/suite_args.h"
#include "cmd/subcmd.h"

#include "cmd/fleet_cmd.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/atomic_file.h"
#include "lib/util.h"
#include "profile/engine_name.h"
#include "profile/opt_table.h"
#include "profile/parse.h"
#include "workflow/cloud_ctx.h"

static void suite_usage(FILE *f)
{
	size_t i;

	fputs("usage: ioprobe suite PATH... [--label LABEL] [--baseline LABEL] "
	      "[--duration S] [--warmup S]\n"
	      "         [--file-size SIZE] [--profiles a,b,...] "
	      "[--profile-file FILE]\n"
	      "         [--history FILE] [--expect iops=N,mbps=N] "
	      "[--keep-file] [--wide] [--html FILE] [-Rcsv|-Rjson]\n"
	      "         [--engine NAME] [--runs N] [--quiet]   (each --opt VALUE or "
	      "--opt=VALUE)\n"
	      "  PATH: a folder on the disk under test (or a new file name);\n"
	      "    several PATHs (up to 8): each test runs on one file per "
	      "PATH at once\n"
	      "  --baseline: the label to compare with (default: the "
	      "previous label on these PATHs,\n"
	      "    never 'demo', the label of `make run`)\n"
	      "  defaults: --duration 30 --warmup 5 --file-size 4G --profiles "
	      SUITE_DEFAULT_PROFILES "\n"
	      "  --runs N: each test N times (up to 8), the profiles "
	      "interleaved, so compare\n    weighs run-to-run spread\n"
	      "  built-in profiles:\n", f);
	for (i = 0; i < suite_nbuiltin; i++)
		fprintf(f, "    %-11s %-22s %s\n", suite_builtin[i].name,
			suite_builtin[i].switches, suite_builtin[i].desc);
	fputs("  --profile-file: one 'name | description | switches' per "
	      "line, # comments\n", f);
}

/* ---- options ------------------------------------------------------- */

/* 0 when no piece of the comma-separated @s is empty (or blank). */
static bool has_empty_piece(const char *s)
{
	const char *p = s;

	for (;;) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		while (n && (*p == ' ' || *p == '\t')) {
			p++;
			n--;
		}
		if (!n)
			return true;
		if (!end)
			return false;
		p = end + 1;
	}
}

/* 0, -EINVAL, or -EEXIST when a key is given twice. */
static int parse_expect(const char *s, struct suite_opts *o)
{
	char buf[128], *tok, *save = NULL;
	size_t len = strlen(s);
	bool seen_iops = false, seen_mbps = false;

	/* strtok_r would skip empty pieces: '' or 'iops=5,' say nothing */
	if (!len || len >= sizeof(buf) || s[0] == ',' || s[len - 1] == ',' ||
	    strstr(s, ",,"))
		return -EINVAL;
	str_copy(buf, sizeof(buf), s);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '='), *end;
		double v;

		if (!eq)
			return -EINVAL;
		*eq = '\0';
		errno = 0;
		v = strtod(eq + 1, &end);
		if (errno || *end || end == eq + 1 || !(v > 0))
			return -EINVAL;
		if (!strcmp(tok, "iops")) {
			if (seen_iops)
				return -EEXIST;
			seen_iops = true;
			o->expect_iops = v;
		} else if (!strcmp(tok, "mbps")) {
			if (seen_mbps)
				return -EEXIST;
			seen_mbps = true;
			o->expect_mib_s = v;
		} else {
			return -EINVAL;
		}
	}
	return 0;
}

static int parse_seconds(const char *s, uint32_t min, uint32_t *out)
{
	uint64_t v;

	if (parse_uint_strict(s, 86400, &v) || v < min)
		return -EINVAL;
	*out = (uint32_t)v;
	return 0;
}

/* --history PATH: empty, or anything but a regular file or a new name in
 * an existing folder, is refused before the run.  0 or -1
 * after printing why. */
static int check_history_opt(const char *path)
{
	char dir[PATH_MAX], *slash;
	struct stat st;

	if (!path[0]) {
		fprintf(stderr, "ioprobe: error: invalid --history '': "
				"expected a CSV file name\n");
		return -1;
	}
	if (!stat(path, &st)) {
		if (S_ISREG(st.st_mode))
			return 0;
		fprintf(stderr, "ioprobe: error: invalid --history '%s': %s: "
				"expected a CSV file\n", path,
			S_ISDIR(st.st_mode) ? "it is a directory" :
					      "it is not a regular file");
		return -1;
	}
	if (errno != ENOENT)
		goto bad_errno;
	/* a given --history's folder must exist (only the default path
	 * gets its folders created) */
	str_copy(dir, sizeof(dir), path);
	slash = strrchr(dir, '/');
	if (!slash)
		return 0;
	*(slash == dir ? slash + 1 : slash) = '\0';
	if (stat(dir, &st)) {
		if (errno != ENOENT)
			goto bad_errno;
		fprintf(stderr, "ioprobe: error: invalid --history '%s': "
				"folder '%s' does not exist\n", path, dir);
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return 0;
	fprintf(stderr, "ioprobe: error: invalid --history '%s': '%s' is not "
			"a folder\n", path, dir);
	return -1;
bad_errno:
	fprintf(stderr, "ioprobe: error: invalid --history '%s': %s\n", path,
		strerror(errno));
	return -1;
}

/* --html PATH: checked like an --output path (atomic_file_check). */
static int check_html_opt(const char *path)
{
	char err[2 * PATH_MAX + 64];

	if (!atomic_file_check(path, err, sizeof(err)))
		return 0;
	fprintf(stderr, "ioprobe: error: invalid --html '%s': %s\n", path, err);
	return -1;
}

/* ---- the table: a setter per checked value, the rest set by field ---- */

static int set_label(void *ctx, const char *v, char *err, size_t errlen)
{
	if (str_has_control(v))
		return opt_bad_value(err, errlen, "--label", v,
				     "control characters are not allowed");
	/* the history keeps labels whole: a cut one would name another
	 * label, or end inside a character */
	if (strlen(v) >= sizeof(((struct history_row *)0)->label))
		return opt_bad_value(err, errlen, "--label", v,
				     "expected at most 127 bytes");
	((struct suite_opts *)ctx)->label = v;
	return 0;
}

static int set_baseline(void *ctx, const char *v, char *err, size_t errlen)
{
	if (str_has_control(v))
		return opt_bad_value(err, errlen, "--baseline", v,
				     "control characters are not allowed");
	((struct suite_opts *)ctx)->baseline = v;
	return 0;
}

static int set_profiles(void *ctx, const char *v, char *err, size_t errlen)
{
	if (has_empty_piece(v))
		return opt_bad_value(err, errlen, "--profiles", v,
				     "empty profile name");
	((struct suite_opts *)ctx)->profiles = v;
	return 0;
}

static int set_duration(void *ctx, const char *v, char *err, size_t errlen)
{
	if (parse_seconds(v, 1, &((struct suite_opts *)ctx)->duration_s))
		return opt_bad_value(err, errlen, "--duration", v,
				     "expected whole seconds, 1 or more");
	return 0;
}

static int set_runs(void *ctx, const char *v, char *err, size_t errlen)
{
	uint64_t n;

	if (parse_uint_strict(v, SUITE_MAX_RUNS, &n) || !n)
		return opt_bad_value(err, errlen, "--runs", v,
				     "expected a count from 1 to 8");
	((struct suite_opts *)ctx)->runs = (uint32_t)n;
	return 0;
}

static int set_warmup(void *ctx, const char *v, char *err, size_t errlen)
{
	if (parse_seconds(v, 0, &((struct suite_opts *)ctx)->warmup_s))
		return opt_bad_value(err, errlen, "--warmup", v,
				     "expected whole seconds");
	return 0;
}

static int set_file_size(void *ctx, const char *v, char *err, size_t errlen)
{
	struct suite_opts *o = ctx;

	if (parse_size(v, 1, &o->file_bytes) || o->file_bytes < (1u << 20))
		return opt_bad_value(err, errlen, "--file-size", v,
				     "expected a size of 1M or more, "
				     "such as 256M or 4G");
	return 0;
}

static int set_expect(void *ctx, const char *v, char *err, size_t errlen)
{
	int ret = parse_expect(v, ctx);

	if (ret == -EEXIST)
		return opt_bad_value(err, errlen, "--expect", v,
				     "a key is given twice");
	if (ret)
		return opt_bad_value(err, errlen, "--expect", v,
				     "expected iops=N,mbps=N (MiB/s)");
	return 0;
}

static int set_engine(void *ctx, const char *v, char *err, size_t errlen)
{
	if (!engine_name_canonical(v))
		return opt_bad_value(err, errlen, "--engine", v,
				     "expected io_uring, libaio, sync or null");
	((struct suite_opts *)ctx)->engine = v;
	return 0;
}

/* --disk and --vm: refused here when the limits table does not know
 * them (workflow/cloud_ctx.h) */
static int set_cloud(struct suite_opts *o, const char *disk, const char *vm,
		     char *err, size_t errlen)
{
	struct cloud_ctx *c = malloc(sizeof(*c));
	int ret;

	if (!c)
		return errf(err, errlen, ENOMEM, "out of memory");
	ret = cloud_ctx_build(c, disk, vm, cloud_sysfs_root(), NULL, 0, err,
			      errlen);
	cloud_ctx_release(c);
	free(c);
	if (!ret && disk)
		o->cloud_disk = disk;
	if (!ret && vm)
		o->cloud_vm = vm;
	return ret;
}

static int set_disk(void *ctx, const char *v, char *err, size_t errlen)
{
	return set_cloud(ctx, v, NULL, err, errlen);
}

static int set_vm(void *ctx, const char *v, char *err, size_t errlen)
{
	return set_cloud(ctx, NULL, v, err, errlen);
}

static const struct opt_spec suite_opts_list[] = {
	{ "label", OPT_VALUE, "LABEL", set_label, 0 },
	{ "baseline", OPT_VALUE, "LABEL", set_baseline, 0 },
	{ "duration", OPT_VALUE, "S", set_duration, 0 },
	{ "warmup", OPT_VALUE, "S", set_warmup, 0 },
	{ "file-size", OPT_VALUE, "SIZE", set_file_size, 0 },
	{ "profiles", OPT_VALUE, "a,b,...", set_profiles, 0 },
	OPT_STRING_AT("profile-file", "FILE", struct suite_opts, profile_file),
	OPT_STRING_AT("history", "FILE", struct suite_opts, history),
	{ "expect", OPT_VALUE, "iops=N,mbps=N", set_expect, 0 },
	{ "engine", OPT_VALUE, "NAME", set_engine, 0 },
	{ "runs", OPT_VALUE, "N", set_runs, 0 },
	{ "disk", OPT_VALUE, "PROVIDER:TIER", set_disk, 0 },
	{ "vm", OPT_VALUE, "SIZE", set_vm, 0 },
	OPT_STRING_AT("html", "FILE", struct suite_opts, html),
	OPT_BOOL_AT("keep-file", struct suite_opts, keep),
	OPT_BOOL_AT("wide", struct suite_opts, wide),
	OPT_BOOL_AT("quiet", struct suite_opts, quiet),
	{ "help", OPT_HELP, NULL, NULL, 0 },
};

const struct opt_table suite_opt_table = {
	"suite", suite_opts_list, ARRAY_SIZE(suite_opts_list)
};

/* -R<fmt> or a PATH. */
static int suite_other(void *ctx, int argc, char **argv, int *i, char *err,
		       size_t errlen)
{
	struct suite_opts *o = ctx;
	const char *a = argv[*i];
	char esc[256];

	(void)argc;
	if (!strcmp(a, "-h"))
		return OPT_HELP_ASKED;
	if (!strcmp(a, "-Rcsv") || !strcmp(a, "-Rjson") ||
	    !strcmp(a, "-Rtext")) {
		o->fmt = a[2] == 'c' ? FORMAT_CSV :
			 a[2] == 'j' ? FORMAT_JSON : FORMAT_TEXT;
		return 0;
	}
	if (!strncmp(a, "-R", 2))
		return errf(err, errlen, EINVAL, "invalid format '%s': "
			    "expected -Rtext, -Rcsv or -Rjson",
			    opt_shown(esc, sizeof(esc), a));
	if (a[0] == '-')
		return -ENOENT;
	if (o->npaths == SUITE_MAX_PATHS)
		return errf(err, errlen, EINVAL, "unexpected argument '%s': "
			    "expected at most %d PATHs",
			    opt_shown(esc, sizeof(esc), a), SUITE_MAX_PATHS);
	if (!a[0])
		return errf(err, errlen, EINVAL, "invalid PATH '': expected a "
			    "folder on the disk under test");
	o->paths[o->npaths++] = a;
	return 0;
}

/* The whole command line has been read: PATH given, files usable. */
static int check_args(const struct suite_opts *o)
{
	if (!o->npaths) {
		fprintf(stderr, "ioprobe: error: missing PATH: expected a "
				"folder on the disk under test (see 'ioprobe "
				"suite --help')\n");
		return 2;
	}
	/* under mpirun rank 0 alone writes them (on its host) */
	if (fleet_cmd_quiet_rank())
		return 0;
	if ((o->history && check_history_opt(o->history)) ||
	    (o->html && check_html_opt(o->html)))
		return 2;
	return 0;
}

int suite_parse_args(int argc, char **argv, struct suite_opts *o)
{
	char err[768];
	int ret;

	memset(o, 0, sizeof(*o));
	o->label = "run";
	o->duration_s = 30;
	o->warmup_s = 5;
	o->runs = 1;
	o->file_bytes = 4ull << 30;
	o->profiles = SUITE_DEFAULT_PROFILES;
	ret = opt_parse(&suite_opt_table, argc, argv, o, suite_other, err,
			sizeof(err));
	if (ret == OPT_HELP_ASKED) {
		suite_usage(stdout);
		return 1;
	}
	if (ret) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;
	}
	return check_args(o);
}
