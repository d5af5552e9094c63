/* suite_args.c - the options of `ioprobe suite`: each value checked as
 * it is read, with one error line naming the option and the value (control
 * characters shown escaped), and --history / --html refused before
 * anything runs when they could not be written.  See suite_args.h.
 */
#include "cmd/suite_args.h"

#include "cmd/fleet_cmd.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/atomic_file.h"
#include "lib/util.h"
#include "profile/parse.h"

static void suite_usage(FILE *f)
{
	size_t i;

	fputs("usage: ioprobe suite PATH... [--label LABEL] [--duration S] "
	      "[--warmup S]\n"
	      "         [--file-size SIZE] [--profiles a,b,...] "
	      "[--profile-file FILE]\n"
	      "         [--history FILE] [--expect iops=N,mbps=N] "
	      "[--keep-file] [--wide] [--html FILE] [-Rcsv|-Rjson]\n"
	      "         [--quiet]\n"
	      "  PATH: a folder on the disk under test (or a new file name);\n"
	      "    several PATHs (up to 8): each test runs on one file per "
	      "PATH at once\n"
	      "  defaults: --duration 30 --warmup 5 --file-size 4G --profiles "
	      SUITE_DEFAULT_PROFILES "\n  built-in profiles:\n", f);
	for (i = 0; i < suite_nbuiltin; i++)
		fprintf(f, "    %-11s %-22s %s\n", suite_builtin[i].name,
			suite_builtin[i].switches, suite_builtin[i].desc);
	fputs("  --profile-file: one 'name | description | switches' per "
	      "line, # comments\n", f);
}

/* ---- options ------------------------------------------------------- */

/* @s for an error message: control bytes escaped (str_escape_c), cut
 * after 60 characters with "...". */
static const char *shown(char *buf, size_t len, const char *s)
{
	char head[61];
	size_t n = strlen(s);

	str_copy(head, sizeof(head), s);
	str_escape_c(buf, len > 3 ? len - 3 : len, head);
	if (n > 60)
		strncat(buf, "...", len - strlen(buf) - 1);
	return buf;
}

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

/* A valued option @a with value @v into @o: 0, 2 after printing why, -1
 * for a bad value (the caller says what was expected), -2 when @a is no
 * suite option. */
static int parse_valued(const char *a, const char *v, struct suite_opts *o)
{
	char esc[512];
	int ret;

	if (!strcmp(a, "--label")) {
		if (!v[0])
			return -1;
		if (str_has_control(v)) {
			fprintf(stderr, "ioprobe: error: invalid --label '%s': "
					"control characters are not allowed\n",
				shown(esc, sizeof(esc), v));
			return 2;
		}
		o->label = v;
	} else if (!strcmp(a, "--history")) {
		o->history = v;
	} else if (!strcmp(a, "--html")) {
		o->html = v;
	} else if (!strcmp(a, "--profiles")) {
		if (v[0] && has_empty_piece(v)) {
			fprintf(stderr, "ioprobe: error: invalid --profiles "
					"'%s': empty profile name\n",
				shown(esc, sizeof(esc), v));
			return 2;
		}
		o->profiles = v;
	} else if (!strcmp(a, "--profile-file")) {
		o->profile_file = v;
	} else if (!strcmp(a, "--duration")) {
		return parse_seconds(v, 1, &o->duration_s) ? -1 : 0;
	} else if (!strcmp(a, "--warmup")) {
		return parse_seconds(v, 0, &o->warmup_s) ? -1 : 0;
	} else if (!strcmp(a, "--file-size")) {
		return parse_size(v, 1, &o->file_bytes) ||
		       o->file_bytes < (1u << 20) ? -1 : 0;
	} else if (!strcmp(a, "--expect")) {
		ret = parse_expect(v, o);
		if (ret == -EEXIST) {
			fprintf(stderr, "ioprobe: error: invalid --expect '%s': "
					"a key is given twice\n",
				shown(esc, sizeof(esc), v));
			return 2;
		}
		return ret ? -1 : 0;
	} else {
		return -2;
	}
	return 0;
}

/* A flag or PATH @a into @o: 1 taken, 0 not a flag, 2 after printing
 * why, 3 for --help (printed). */
static int parse_flag(const char *a, struct suite_opts *o)
{
	char esc[512];

	if (!strcmp(a, "--help") || !strcmp(a, "-?")) {
		suite_usage(stdout);
		return 3;
	} else if (!strcmp(a, "--keep-file")) {
		o->keep = true;
	} else if (!strcmp(a, "--wide")) {
		o->wide = true;
	} else if (!strcmp(a, "--quiet")) {
		o->quiet = true;
	} else if (!strcmp(a, "-Rcsv") || !strcmp(a, "-Rjson") ||
		   !strcmp(a, "-Rtext")) {
		o->fmt = a[2] == 'c' ? FORMAT_CSV :
			 a[2] == 'j' ? FORMAT_JSON : FORMAT_TEXT;
	} else if (a[0] != '-') {
		if (o->npaths == SUITE_MAX_PATHS) {
			fprintf(stderr, "ioprobe: error: unexpected argument "
					"'%s': expected at most %d PATHs\n",
				shown(esc, sizeof(esc), a), SUITE_MAX_PATHS);
			return 2;
		}
		if (!a[0]) {
			fprintf(stderr, "ioprobe: error: invalid PATH '': "
					"expected a folder on the disk under "
					"test\n");
			return 2;
		}
		o->paths[o->npaths++] = a;
	} else {
		return 0;
	}
	return 1;
}

static void bad_value(const char *a, const char *v)
{
	char esc[512];

	fprintf(stderr, "ioprobe: error: invalid %s '%s': expected %s\n",
		a, shown(esc, sizeof(esc), v),
		!strcmp(a, "--file-size") ? "a size of 1M or more, "
					    "such as 256M or 4G" :
		!strcmp(a, "--expect") ? "iops=N,mbps=N (MiB/s)" :
		!strcmp(a, "--label") ? "a non-empty name" :
		!strcmp(a, "--duration") ? "whole seconds, 1 or more" :
					   "whole seconds");
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
	char esc[512];
	int i, ret;

	memset(o, 0, sizeof(*o));
	o->label = "run";
	o->duration_s = 30;
	o->warmup_s = 5;
	o->file_bytes = 4ull << 30;
	o->profiles = SUITE_DEFAULT_PROFILES;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		ret = parse_flag(a, o);
		if (ret == 3)
			return 1;
		if (ret == 2)
			return 2;
		if (ret == 1)
			continue;
		if (!v) {
			fprintf(stderr, "ioprobe: error: missing value for "
					"'%s'\n", a);
			return 2;
		}
		ret = parse_valued(a, v, o);
		if (ret == -2) {
			fprintf(stderr, "ioprobe: error: unknown suite option "
					"'%s': see ioprobe suite --help\n",
				shown(esc, sizeof(esc), a));
			return 2;
		}
		if (ret == -1)
			bad_value(a, v);
		if (ret)
			return 2;
		i++;
	}
	return check_args(o);
}

