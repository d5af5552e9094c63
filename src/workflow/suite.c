/* suite.c - `ioprobe suite PATH --label LABEL`: runs a list of DiskSpd
 * profiles on one test file, prints the plan, live progress, a summary and
 * findings, appends each test to the labeled history with its full JSON
 * result, and compares with an earlier label right away.
 *
 * The test file is ours alone: it is claimed with O_EXCL (an existing file
 * is never used), created and filled once by the first profile's -c,
 * reused by the rest, and removed at the end, on error and on any
 * signal that ends the process (cleanup.h) unless --keep-file; one that a
 * kill -9 left is swept by the next suite in that folder (leftovers.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <json-c/json.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "lib/atomic_file.h"
#include "lib/cleanup.h"
#include "profile/cli.h"
#include "lib/clock.h"
#include "workflow/compare.h"
#include "workflow/history.h"
#include "workflow/interpret.h"
#include "workflow/leftovers.h"
#include "report/output.h"
#include "profile/parse.h"
#include "report/report.h"
#include "lib/readfile.h"
#include "lib/signals.h"
#include "results/results.h"
#include "run/run.h"
#include "cmd/subcmd.h"
#include "run/target.h"
#include "lib/util.h"
#include "run/validate.h"

#define SUITE_MAX 16
#define MIB (1024.0 * 1024.0)

struct suite_profile {
	char name[32];
	char desc[96];
	char switches[512];	/* DiskSpd switches, no target */
};

static const struct suite_profile builtin[] = {
	{ "randread4k", "random read 4K, 4 threads x QD32 (database lookups)",
	  "-b4K -r -w0 -t4 -o32" },
	{ "mixed8k", "random 8K 70/30 read/write, 4 x QD32 (mixed database)",
	  "-b8K -r -w30 -t4 -o32" },
	{ "seqread64k", "sequential read 64K, QD8 (exports, backups)",
	  "-b64K -s -w0 -t1 -o8" },
	{ "latency4k", "random read 4K at QD1 (the device's own latency)",
	  "-b4K -r -w0 -t1 -o1" },
	{ "seq1m", "sequential 1M 50/50 read/write, QD8 (throughput)",
	  "-b1M -s -w50 -t1 -o8" },
};
#define DEFAULT_PROFILES "randread4k,mixed8k,seqread64k"

struct suite_opts {
	const char *path, *label, *history, *profiles, *profile_file;
	const char *html;	/* --html FILE: the comparison page */
	uint32_t duration_s, warmup_s;
	uint64_t file_bytes;
	bool keep, wide;
	double expect_iops, expect_mib_s;
	enum result_format fmt;
};

/* One finished test: what the summary, findings and history need. */
struct suite_result {
	struct history_row row;
	struct interp_test it;
	double *interval_iops;	/* owned */
	char device[64];	/* it.device points here */
	double measured_s, fill_s, wall_s;
};

struct suite {
	struct suite_opts o;
	struct suite_profile prof[SUITE_MAX];
	size_t nprof;
	char file[PATH_MAX];	/* the test file */
	char hist[PATH_MAX];	/* history CSV */
	bool file_claimed;
	int file_fd;		/* open from the claim, for the first -c */
	int file_slot;		/* its cleanup slot, -1 if not registered */
	FILE *info;		/* plan, summary, findings */
	struct suite_result res[SUITE_MAX];
	size_t nres;
	uint64_t mem_bytes;
	/* progress */
	bool tty;
	size_t cur;
	double done_s, est_s, last_line_s;
	int last_phase;
};

static void suite_usage(FILE *f)
{
	size_t i;

	fputs("usage: ioprobe suite PATH [--label LABEL] [--duration S] "
	      "[--warmup S]\n"
	      "         [--file-size SIZE] [--profiles a,b,...] "
	      "[--profile-file FILE]\n"
	      "         [--history FILE] [--expect iops=N,mbps=N] "
	      "[--keep-file] [--wide] [--html FILE] [-Rcsv|-Rjson]\n"
	      "  PATH: a folder on the disk under test (or a new file name)\n"
	      "  defaults: --duration 30 --warmup 5 --file-size 4G --profiles "
	      DEFAULT_PROFILES "\n  built-in profiles:\n", f);
	for (i = 0; i < ARRAY_SIZE(builtin); i++)
		fprintf(f, "    %-11s %-22s %s\n", builtin[i].name,
			builtin[i].switches, builtin[i].desc);
	fputs("  --profile-file: one 'name | description | switches' per "
	      "line, # comments\n", f);
}

/* ---- options ------------------------------------------------------- */

/* @s for an error message: control bytes escaped (\n, \t, \xNN), cut
 * after 60 characters with "...". */
static const char *shown(char *buf, size_t len, const char *s)
{
	size_t o = 0, n = 0;

	for (; *s && o + 8 < len; s++, n++) {
		unsigned char c = (unsigned char)*s;

		if (n == 60) {
			o += (size_t)snprintf(buf + o, len - o, "...");
			break;
		}
		if (c == '\n' || c == '\t' || c == '\r')
			o += (size_t)snprintf(buf + o, len - o, "\\%c",
					      c == '\n' ? 'n' :
					      c == '\t' ? 't' : 'r');
		else if (c < 0x20 || c == 0x7f)
			o += (size_t)snprintf(buf + o, len - o, "\\x%02x", c);
		else
			buf[o++] = (char)c;
	}
	buf[o] = '\0';
	return buf;
}

static bool has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
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

/* 0, or 2 (usage) after printing the error. */
static int parse_args(int argc, char **argv, struct suite_opts *o)
{
	char esc[512];
	int i, ret;

	memset(o, 0, sizeof(*o));
	o->label = "run";
	o->duration_s = 30;
	o->warmup_s = 5;
	o->file_bytes = 4ull << 30;
	o->profiles = DEFAULT_PROFILES;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		bool valued = true;

		if (!strcmp(a, "--help") || !strcmp(a, "-?")) {
			suite_usage(stdout);
			return 1;
		} else if (!strcmp(a, "--keep-file")) {
			o->keep = true;
			valued = false;
		} else if (!strcmp(a, "--wide")) {
			o->wide = true;
			valued = false;
		} else if (!strcmp(a, "-Rcsv") || !strcmp(a, "-Rjson") ||
			   !strcmp(a, "-Rtext")) {
			o->fmt = a[2] == 'c' ? FORMAT_CSV :
				 a[2] == 'j' ? FORMAT_JSON : FORMAT_TEXT;
			valued = false;
		} else if (a[0] != '-') {
			if (o->path)
				goto bad_extra;
			o->path = a;
			valued = false;
		} else if (!v) {
			fprintf(stderr, "ioprobe: error: missing value for "
					"'%s'\n", a);
			return 2;
		} else if (!strcmp(a, "--label")) {
			if (!v[0])
				goto bad_value;
			if (has_control(v)) {
				fprintf(stderr, "ioprobe: error: invalid "
						"--label '%s': control "
						"characters are not allowed\n",
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
				fprintf(stderr, "ioprobe: error: invalid "
						"--profiles '%s': empty profile "
						"name\n",
					shown(esc, sizeof(esc), v));
				return 2;
			}
			o->profiles = v;
		} else if (!strcmp(a, "--profile-file")) {
			o->profile_file = v;
		} else if (!strcmp(a, "--duration")) {
			if (parse_seconds(v, 1, &o->duration_s))
				goto bad_value;
		} else if (!strcmp(a, "--warmup")) {
			if (parse_seconds(v, 0, &o->warmup_s))
				goto bad_value;
		} else if (!strcmp(a, "--file-size")) {
			if (parse_size(v, 1, &o->file_bytes) ||
			    o->file_bytes < (1u << 20))
				goto bad_value;
		} else if (!strcmp(a, "--expect")) {
			ret = parse_expect(v, o);
			if (ret == -EEXIST) {
				fprintf(stderr, "ioprobe: error: invalid "
						"--expect '%s': a key is given "
						"twice\n",
					shown(esc, sizeof(esc), v));
				return 2;
			}
			if (ret)
				goto bad_value;
		} else {
			fprintf(stderr, "ioprobe: error: unknown suite option "
					"'%s': see ioprobe suite --help\n",
				shown(esc, sizeof(esc), a));
			return 2;
		}
		if (valued)
			i++;
		continue;
bad_value:
		fprintf(stderr, "ioprobe: error: invalid %s '%s': expected %s\n",
			a, shown(esc, sizeof(esc), v),
			!strcmp(a, "--file-size") ? "a size of 1M or more, "
						    "such as 256M or 4G" :
			!strcmp(a, "--expect") ? "iops=N,mbps=N (MiB/s)" :
			!strcmp(a, "--label") ? "a non-empty name" :
			!strcmp(a, "--duration") ? "whole seconds, 1 or more" :
						   "whole seconds");
		return 2;
	}
	if (!o->path) {
		fprintf(stderr, "ioprobe: error: missing PATH: expected a "
				"folder on the disk under test (see 'ioprobe "
				"suite --help')\n");
		return 2;
	}
	if (!o->path[0]) {
		fprintf(stderr, "ioprobe: error: invalid PATH '': expected a "
				"folder on the disk under test\n");
		return 2;
	}
	if ((o->history && check_history_opt(o->history)) ||
	    (o->html && check_html_opt(o->html)))
		return 2;
	return 0;
bad_extra:
	fprintf(stderr, "ioprobe: error: unexpected argument '%s': expected "
			"one PATH\n", shown(esc, sizeof(esc), argv[i]));
	return 2;
}

/* ---- profiles ------------------------------------------------------ */

static bool valid_name(const char *s)
{
	if (!*s || strlen(s) >= sizeof(builtin[0].name))
		return false;
	for (; *s; s++)
		if (!(*s >= 'a' && *s <= 'z') && !(*s >= 'A' && *s <= 'Z') &&
		    !(*s >= '0' && *s <= '9') && *s != '-' && *s != '_' &&
		    *s != '.')
			return false;
	return true;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' ||
			 e[-1] == '\n'))
		*--e = '\0';
	return s;
}

/* Switches the suite sets itself, or that would touch another file. */
static const char *forbidden_switch(const char *switches)
{
	char buf[512], *tok, *save = NULL;
	static char bad[64];

	str_copy(buf, sizeof(buf), switches);
	for (tok = strtok_r(buf, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (tok[0] != '-' || !strncmp(tok, "-c", 2) ||
		    !strncmp(tok, "-X", 2) || !strncmp(tok, "-R", 2) ||
		    !strncmp(tok, "--output", 8) || !strncmp(tok, "-Z", 2)) {
			str_copy(bad, sizeof(bad), tok);
			return bad;
		}
	}
	return NULL;
}

/* Copy line @lineno of @buf (starting at *@pos) into @line; false at the
 * end of the buffer.  A line too long for @line is cut (and then fails
 * the format check). */
static bool next_line(const char *buf, size_t len, size_t *pos, char *line,
		      size_t linelen)
{
	const char *nl;
	size_t n;

	if (*pos >= len)
		return false;
	nl = memchr(buf + *pos, '\n', len - *pos);
	n = nl ? (size_t)(nl - (buf + *pos)) : len - *pos;
	if (n >= linelen)
		n = linelen - 1;
	memcpy(line, buf + *pos, n);
	line[n] = '\0';
	*pos = nl ? (size_t)(nl - buf) + 1 : len;
	return true;
}

static int load_profile_file(struct suite *s, const char *path)
{
	char line[1024], err[PATH_MAX + 128], *buf;
	unsigned int lineno = 0;
	size_t len, pos = 0;
	int ret = 0;

	if (readfile_all(path, "profile file", READFILE_PROFILE_MAX, &buf,
			 &len, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;
	}
	while (next_line(buf, len, &pos, line, sizeof(line))) {
		char *name, *desc, *sw, *bar1, *bar2, *l = trim(line);
		const char *bad;

		lineno++;
		if (!*l || *l == '#')
			continue;
		bar1 = strchr(l, '|');
		bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
		if (!bar2) {
			fprintf(stderr, "ioprobe: error: profile file '%s' line "
					"%u: '%s': expected 'name | description "
					"| switches'\n", path, lineno, l);
			ret = 2;
			break;
		}
		*bar1 = *bar2 = '\0';
		name = trim(l);
		desc = trim(bar1 + 1);
		sw = trim(bar2 + 1);
		bad = forbidden_switch(sw);
		if (!valid_name(name) || !*sw || bad) {
			fprintf(stderr, "ioprobe: error: profile file '%s' line "
					"%u: invalid %s '%s': expected %s\n",
				path, lineno, bad ? "switch" : "profile",
				bad ? bad : name,
				bad ? "DiskSpd switches only (the suite adds "
				      "-c, -d, -W and the test file)" :
				      "a name of letters, digits, - _ . and "
				      "switches");
			ret = 2;
			break;
		}
		if (s->nprof == SUITE_MAX) {
			fprintf(stderr, "ioprobe: error: profile file '%s' has "
					"more than %d profiles\n", path,
				SUITE_MAX);
			ret = 2;
			break;
		}
		str_copy(s->prof[s->nprof].name, sizeof(s->prof[0].name), name);
		str_copy(s->prof[s->nprof].desc, sizeof(s->prof[0].desc), desc);
		str_copy(s->prof[s->nprof].switches,
			 sizeof(s->prof[0].switches), sw);
		s->nprof++;
	}
	free(buf);
	if (!ret && !s->nprof) {
		fprintf(stderr, "ioprobe: error: profile file '%s' holds no "
				"profiles: expected 'name | description | "
				"switches' lines\n", path);
		ret = 2;
	}
	return ret;
}

static int pick_profiles(struct suite *s)
{
	char buf[512], *tok, *save = NULL;
	size_t i;

	if (s->o.profile_file)
		return load_profile_file(s, s->o.profile_file);
	if (strlen(s->o.profiles) >= sizeof(buf)) {
		fprintf(stderr, "ioprobe: error: invalid --profiles '%.40s...': "
				"longer than %zu characters\n", s->o.profiles,
			sizeof(buf) - 1);
		return 2;
	}
	str_copy(buf, sizeof(buf), s->o.profiles);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < ARRAY_SIZE(builtin); i++)
			if (!strcmp(trim(tok), builtin[i].name))
				break;
		if (i == ARRAY_SIZE(builtin)) {
			fprintf(stderr, "ioprobe: error: unknown profile '%s': "
					"expected some of randread4k, mixed8k, "
					"seqread64k, latency4k, seq1m\n", tok);
			return 2;
		}
		if (s->nprof == SUITE_MAX) {
			fprintf(stderr, "ioprobe: error: invalid --profiles "
					"'%s': more than %d profiles\n",
				s->o.profiles, SUITE_MAX);
			return 2;
		}
		s->prof[s->nprof++] = builtin[i];
	}
	if (!s->nprof) {
		fprintf(stderr, "ioprobe: error: invalid --profiles '%s': "
				"expected a comma-separated list\n",
			s->o.profiles);
		return 2;
	}
	return 0;
}

/* The switches a profile runs with: its own, then the suite's. */
static void full_switches(const struct suite *s, size_t i, bool create,
			  char *buf, size_t len)
{
	char c[48] = "";

	if (create)
		snprintf(c, sizeof(c), " -c%" PRIu64, s->o.file_bytes);
	snprintf(buf, len, "%s -Sh -L -d%u -W%u -D1000%s", s->prof[i].switches,
		 s->o.duration_s, s->o.warmup_s, c);
}

/* Build the profile of test @i through the DiskSpd parser.  0, or 2 with
 * the parser's message printed. */
static int build_profile(const struct suite *s, size_t i, bool create,
			 struct profile *p)
{
	char sw[640], err[512], *argv[72], *tok, *save = NULL;
	char prog[] = "ioprobe";
	int argc = 0;
	enum cli_action act;

	full_switches(s, i, create, sw, sizeof(sw));
	argv[argc++] = prog;
	for (tok = strtok_r(sw, " \t", &save); tok && argc < 70;
	     tok = strtok_r(NULL, " \t", &save))
		argv[argc++] = tok;
	argv[argc++] = (char *)s->file;
	argv[argc] = NULL;
	profile_init(p);
	act = cli_parse(argc, argv, p, err, sizeof(err));
	if (act != CLI_RUN || p->ntargets != 1) {
		fprintf(stderr, "ioprobe: error: invalid profile '%s' (%s): "
				"%s\n", s->prof[i].name, s->prof[i].switches,
			act == CLI_ERROR ? err : "expected a runnable profile");
		return 2;
	}
	if (create && s->file_claimed)
		p->targets[0].fd = s->file_fd;	/* filled through the claim */
	return 0;
}

/* ---- the test file ------------------------------------------------- */

static void list_mounts(FILE *f)
{
	FILE *m = fopen("/proc/self/mounts", "re");
	char dev[256], dir[512], type[64], rest[512];

	if (!m)
		return;
	fputs("mounted filesystems:\n", f);
	while (fscanf(m, "%255s %511s %63s %511[^\n]\n", dev, dir, type,
		      rest) == 4) {
		struct statvfs v;

		if (statvfs(dir, &v) || !v.f_blocks || strchr(dev, '/') == NULL)
			continue;
		fprintf(f, "  %-24s %-8s %10.1f GiB free  %s\n", dev, type,
			(double)v.f_bavail * v.f_frsize / (MIB * 1024), dir);
	}
	fclose(m);
}

/* Resolve PATH to the test file name; 0, or 2 (a bad PATH is a usage
 * error) after printing why not. */
static int choose_file(struct suite *s)
{
	const char *path = s->o.path, *base;
	char parent[PATH_MAX], *slash;
	struct stat st;

	if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
		/* absolute, so history rows say where the test ran */
		if (!realpath(path, parent))
			str_copy(parent, sizeof(parent), path);
		snprintf(s->file, sizeof(s->file), "%.4000s%sioprobe-suite-%d.dat",
			 parent, parent[strlen(parent) - 1] == '/' ? "" : "/",
			 (int)getpid());
		return 0;
	}
	if (!stat(path, &st)) {
		fprintf(stderr, "ioprobe: error: '%s' already exists: expected "
				"a folder or a new file name (the suite never "
				"overwrites a file)\n", path);
		return 2;
	}
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (errno == ENAMETOOLONG || strlen(path) >= sizeof(s->file) ||
	    strlen(base) > NAME_MAX) {
		fprintf(stderr, "ioprobe: error: invalid PATH '%.60s...': "
				"file name too long (%zu characters)\n", path,
			strlen(path));
		return 2;
	}
	if (errno != ENOENT) {
		fprintf(stderr, "ioprobe: error: invalid PATH '%s': %s\n",
			path, strerror(errno));
		return 2;
	}
	str_copy(parent, sizeof(parent), path);
	slash = strrchr(parent, '/');
	if (slash)
		*(slash == parent ? slash + 1 : slash) = '\0';
	else
		str_copy(parent, sizeof(parent), ".");
	if (stat(parent, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "ioprobe: error: '%s' does not exist: expected "
				"a folder on the disk under test\n", path);
		list_mounts(stderr);
		return 2;
	}
	str_copy(s->file, sizeof(s->file), path);
	return 0;
}

static uint64_t margin_bytes(uint64_t file)
{
	uint64_t m = file / 20;

	return m < (64u << 20) ? (64u << 20) : m;
}

/* Free space for the file plus a margin, before anything is written. */
static int check_space(const struct suite *s)
{
	char dir[PATH_MAX], *slash;
	struct statvfs v;
	uint64_t avail, need = s->o.file_bytes + margin_bytes(s->o.file_bytes);

	str_copy(dir, sizeof(dir), s->file);
	slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	else
		str_copy(dir, sizeof(dir), ".");
	if (statvfs(dir, &v)) {
		fprintf(stderr, "ioprobe: error: cannot check free space in "
				"'%s': %s\n", dir, strerror(errno));
		return 1;
	}
	avail = (uint64_t)v.f_bavail * v.f_frsize;
	if (avail < need) {
		fprintf(stderr, "ioprobe: error: not enough free space in '%s': "
				"the test file needs %.0f MiB plus a %.0f MiB "
				"margin, %.1f MiB free; use a smaller "
				"--file-size or another folder\n", dir,
			(double)s->o.file_bytes / MIB,
			(double)margin_bytes(s->o.file_bytes) / MIB,
			(double)avail / MIB);
		return 1;
	}
	return 0;
}

/* The run's own messages speak of -c, which the suite sets from
 * --file-size: say the option the user gave ("no space left while
 * filling ...; use a smaller --file-size or another folder"). */
static void suite_space_hint(char *err, size_t len)
{
	static const char from[] = "use a smaller -c ";
	static const char to[] = "use a smaller --file-size ";
	char *at = strstr(err, from);
	char rest[1024];

	if (!at)
		return;
	str_copy(rest, sizeof(rest), at + sizeof(from) - 1);
	snprintf(at, len - (size_t)(at - err), "%s%s", to, rest);
}

/* Claim the name: O_EXCL guarantees we never take over someone's file. */
static int claim_file(struct suite *s)
{
	int fd = open(s->file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd < 0) {
		fprintf(stderr, "ioprobe: error: cannot create test file '%s': "
				"%s\n", s->file, strerror(errno));
		return 1;
	}
	s->file_fd = fd;
	/* any exit or signal from now on removes it, unless --keep-file */
	s->file_slot = s->o.keep ? -1 : cleanup_add(s->file, fd);
	leftovers_mark(fd, s->o.keep);
	s->file_claimed = true;
	return 0;
}

static void release_file(struct suite *s)
{
	if (!s->file_claimed)
		return;
	close(s->file_fd);
	if (s->o.keep) {
		fprintf(s->info, "kept the test file %s (--keep-file)\n",
			s->file);
		return;
	}
	if (cleanup_remove(s->file_slot) || (s->file_slot < 0 &&
					     target_remove(s->file)))
		warnf("cannot remove the test file '%s'", s->file);
	s->file_claimed = false;
}

/* ---- progress ------------------------------------------------------ */

static const char *const phase_names[] = { "filling", "warm-up",
					   "measuring", "cool-down" };

/* Seconds left for the whole suite: the rest of this test's timeline
 * plus the later tests' warm-up and measured windows. */
static double suite_left_s(const struct suite *s, const struct run_progress *p)
{
	double per = (double)s->o.warmup_s + s->o.duration_s;
	double later = (double)(s->nprof - s->cur - 1) * per;

	if (p->phase == 0)
		return later + per;
	return later + (p->total_s > p->elapsed_s ? p->total_s - p->elapsed_s :
						    0);
}

static void progress_cb(void *arg, const struct run_progress *p)
{
	struct suite *s = arg;
	double left = suite_left_s(s, p);
	int ph = p->phase >= 0 && p->phase < 4 ? p->phase : 2;
	char line[256];

	if (ph == 0 && p->fill_total)
		snprintf(line, sizeof(line), "[%zu/%zu] %s: filling the test "
			 "file %.0f/%.0f MiB", s->cur + 1, s->nprof,
			 s->prof[s->cur].name, (double)p->fill_done / MIB,
			 (double)p->fill_total / MIB);
	else
		snprintf(line, sizeof(line), "[%zu/%zu] %s: %s %.0f/%.0f s, "
			 "suite about %.0f s left; %.0f IOPS, %.1f MiB/s",
			 s->cur + 1, s->nprof, s->prof[s->cur].name,
			 phase_names[ph], p->phase_elapsed_s, p->phase_total_s,
			 left, p->iops, p->mib_s);
	if (s->tty) {
		fprintf(stderr, "\r%s\033[K", line);
	} else if (ph != s->last_phase || p->elapsed_s - s->last_line_s >= 10) {
		fprintf(stderr, "%s\n", line);
		s->last_line_s = p->elapsed_s;
	}
	s->last_phase = ph;
	fflush(stderr);
}

static void progress_end(struct suite *s)
{
	if (s->tty)
		fputs("\r\033[K", stderr);
}

/* ---- one test ------------------------------------------------------ */

static void utc_stamp(char *iso, size_t ilen, char *compact, size_t clen)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(iso, ilen, "%Y-%m-%dT%H:%M:%SZ", &tm);
	strftime(compact, clen, "%Y%m%dT%H%M%SZ", &tm);
}

static void safe_name(char *dst, size_t len, const char *src)
{
	size_t i;

	str_copy(dst, len, src);
	for (i = 0; dst[i]; i++)
		if (!((dst[i] >= 'a' && dst[i] <= 'z') ||
		      (dst[i] >= 'A' && dst[i] <= 'Z') ||
		      (dst[i] >= '0' && dst[i] <= '9') || dst[i] == '-' ||
		      dst[i] == '.' || dst[i] == '_'))
			dst[i] = '_';
}

static void fill_figures(struct suite *s, size_t i, const struct results *r,
			 struct suite_result *out)
{
	struct agg *all = calloc(3, sizeof(*all));
	struct cmp_detail d;
	struct history_row *row = &out->row;
	const struct target_opts *t = &r->profile.targets[0];
	double inflight = 0;
	uint32_t k;
	char sw[640];

	if (!all)
		return;
	results_aggregate(r, -1, DIR_COUNT, &all[0]);
	results_aggregate(r, -1, DIR_READ, &all[1]);
	results_aggregate(r, -1, DIR_WRITE, &all[2]);
	str_copy(row->host, sizeof(row->host), r->sys.hostname);
	str_copy(row->label, sizeof(row->label), s->o.label);
	str_copy(row->test, sizeof(row->test), s->prof[i].name);
	full_switches(s, i, false, sw, sizeof(sw));
	str_copy(row->cmdline, sizeof(row->cmdline), sw);
	k = (uint32_t)strlen(row->cmdline);
	if (k + 1 < sizeof(row->cmdline)) {
		row->cmdline[k] = ' ';
		str_copy(row->cmdline + k + 1, sizeof(row->cmdline) - k - 1,
			 s->file);
	}
	str_copy(row->target, sizeof(row->target), s->file);
	str_copy(row->device, sizeof(row->device), r->targets[0].device);
	str_copy(row->filesystem, sizeof(row->filesystem),
		 r->targets[0].fs_type);
	row->file_size_bytes = s->o.file_bytes;
	row->iops = all[0].iops;
	row->mib_s = all[0].mib_s;
	row->mean_ms = hist_mean_ns(&all[0].lat) / 1e6;
	row->p50_ms = (double)hist_percentile(&all[0].lat, 50) / 1e6;
	row->p99_ms = (double)hist_percentile(&all[0].lat, 99) / 1e6;
	row->p999_ms = (double)hist_percentile(&all[0].lat, 99.9) / 1e6;
	row->max_ms = (double)hist_percentile(&all[0].lat, 100) / 1e6;
	if (all[0].ios) {
		row->read_pct = 100.0 * (double)all[1].ios / (double)all[0].ios;
		row->write_pct = 100.0 * (double)all[2].ios / (double)all[0].ios;
	}
	str_copy(row->version, sizeof(row->version), r->version);

	out->it.name = s->prof[i].name;
	out->it.iops = row->iops;
	out->it.read_iops = all[1].iops;
	out->it.write_iops = all[2].iops;
	out->it.mib_s = row->mib_s;
	out->it.mean_ms = row->mean_ms;
	out->it.p50_ms = row->p50_ms;
	out->it.p99_ms = row->p99_ms;
	out->it.max_ms = row->max_ms;
	out->it.read_mean_ms = all[1].ios ? hist_mean_ns(&all[1].lat) / 1e6 : 0;
	out->it.write_mean_ms = all[2].ios ? hist_mean_ns(&all[2].lat) / 1e6 : 0;
	for (k = 0; k < r->nrows; k++)
		inflight += r->rows[k].mean_inflight;
	out->it.inflight = inflight > 0 ? inflight :
			   (double)profile_thread_count(&r->profile) *
				   t->outstanding;
	out->it.block_bytes = t->block_bytes;
	out->it.random = t->random;
	out->it.buffered = t->cache == CACHE_BUFFERED || t->cache == CACHE_MMAP;
	out->it.file_bytes = s->o.file_bytes;
	if (!compare_detail_from_results(r, &d)) {
		compare_interp_apply(&d, &out->it);
		str_copy(out->device, sizeof(out->device), d.device);
		out->it.device = out->device;
		out->interval_iops = d.interval_iops;	/* now ours */
	}
	out->measured_s = r->test_time_s;
	out->fill_s = r->targets[0].fill_seconds;
	if (r->sys.mem_bytes)
		s->mem_bytes = r->sys.mem_bytes;
	free(all);
}

/* Save the full JSON result beside the history; fills row->json. */
static void save_json(struct suite *s, const struct results *r,
		      struct history_row *row, const char *compact)
{
	char lab[64], rel[256], abs[PATH_MAX], err[512];
	int ret;

	safe_name(lab, sizeof(lab), s->o.label);
	snprintf(rel, sizeof(rel), "results/%s-%s-%s-%d.json", compact, lab,
		 row->test, (int)getpid());
	if (history_json_path(s->hist, rel, abs, sizeof(abs)))
		return;
	ret = history_mkdirs_for(abs);
	if (!ret)
		ret = output_file(r, FORMAT_JSON, abs, err, sizeof(err));
	else
		errf(err, sizeof(err), -ret, "cannot create the folder of "
		     "'%s': %s", abs, strerror(-ret));
	if (ret) {
		warnf("the JSON result of %s was not saved: %s", row->test,
		      err);
		return;
	}
	str_copy(row->json, sizeof(row->json), rel);
}

/* Run test @i.  0 done, 1 failed, 128+N interrupted. */
static int run_one(struct suite *s, size_t i)
{
	struct run_options opt = { .progress = progress_cb, .progress_arg = s,
				   .quiet = false };
	struct suite_result *res = &s->res[s->nres];
	char err[1024] = "", iso[32], compact[32];
	struct profile p;
	struct results r;
	uint64_t t0 = clock_now_ns();
	int ret, status = 0;

	if (build_profile(s, i, i == 0, &p)) {
		profile_release(&p);
		return 1;
	}
	results_init(&r);
	if (validate_profile(&p, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s: %s\n", s->prof[i].name,
			err);
		status = 2;
		goto out;
	}
	s->cur = i;
	s->last_phase = -1;
	s->last_line_s = 0;
	ret = run_execute(&p, &opt, &r, err, sizeof(err));
	progress_end(s);
	if (!ret && r.io_failure.failed) {
		results_fmt_failure(&r, err, sizeof(err));
		fprintf(stderr, "ioprobe: error: %s: %s: no history row "
				"written for it\n", s->prof[i].name, err);
		status = 1;
		goto out;
	}
	if (signals_stop_requested ||
	    (!ret && (r.interrupted || r.no_results))) {
		status = signals_exit_status();
		fprintf(stderr, "ioprobe: %s interrupted: no history row "
				"written for it\n", s->prof[i].name);
		goto out;
	}
	if (ret) {
		suite_space_hint(err, sizeof(err));
		fprintf(stderr, "ioprobe: error: %s: %s\n", s->prof[i].name,
			err);
		status = 1;
		goto out;
	}
	memset(res, 0, sizeof(*res));
	utc_stamp(iso, sizeof(iso), compact, sizeof(compact));
	str_copy(res->row.timestamp, sizeof(res->row.timestamp), iso);
	fill_figures(s, i, &r, res);
	save_json(s, &r, &res->row, compact);
	res->wall_s = (double)(clock_now_ns() - t0) / 1e9;
	s->done_s += res->wall_s;
	if (history_append(s->hist, &res->row, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		status = 1;
	}
	s->nres++;
out:
	results_release(&r);
	profile_release(&p);
	return status;
}

/* ---- output -------------------------------------------------------- */

static void print_plan(struct suite *s)
{
	size_t i;
	char sw[640];
	double fill_guess = s->o.file_bytes / (200 * MIB);	/* ~200 MB/s */

	s->est_s = (double)s->nprof * (s->o.duration_s + s->o.warmup_s) +
		   fill_guess;
	fprintf(s->info, "ioprobe suite '%s': %zu test%s on %s (%.0f MiB, "
			 "created now, %s afterwards)\n", s->o.label, s->nprof,
		s->nprof == 1 ? "" : "s", s->file,
		(double)s->o.file_bytes / MIB,
		s->o.keep ? "kept" : "deleted");
	for (i = 0; i < s->nprof; i++) {
		full_switches(s, i, false, sw, sizeof(sw));
		fprintf(s->info, "  %-11s %s\n  %-11s   %s\n", s->prof[i].name,
			s->prof[i].desc, "", sw);
	}
	fprintf(s->info, "time: about %.0f s (%zu x (%u s warm-up + %u s "
			 "measured) + filling the file)\n", s->est_s, s->nprof,
		s->o.warmup_s, s->o.duration_s);
	fprintf(s->info, "history: %s\n", s->hist);
	fflush(s->info);
}

static void print_summary(const struct suite *s)
{
	char a[32], b[32], c[32], d[32], e[32];
	size_t i;

	fprintf(s->info, "\n%-12s %10s %9s %10s %10s", "test", "IOPS",
		"MiB/s", "avg lat", "P99 lat");
	if (s->o.wide)
		fprintf(s->info, " %10s %10s", "P99.9 lat", "max lat");
	fputc('\n', s->info);
	for (i = 0; i < s->nres; i++) {
		const struct history_row *r = &s->res[i].row;

		interp_fmt_count(a, sizeof(a), r->iops);
		interp_fmt_ms(b, sizeof(b), r->mean_ms);
		interp_fmt_ms(c, sizeof(c), r->p99_ms);
		fprintf(s->info, "%-12s %10s %9.1f %11s %11s", r->test, a,
			r->mib_s, b, c);
		if (s->o.wide) {
			interp_fmt_ms(d, sizeof(d), r->p999_ms);
			interp_fmt_ms(e, sizeof(e), r->max_ms);
			fprintf(s->info, " %11s %11s", d, e);
		}
		fputc('\n', s->info);
	}
}

static void print_findings(const struct suite *s)
{
	struct interp_test t[SUITE_MAX];
	struct finding f[INTERP_MAX_FINDINGS];
	struct interp_env env = { s->o.expect_iops, s->o.expect_mib_s,
				  s->mem_bytes };
	size_t i, n;

	for (i = 0; i < s->nres; i++)
		t[i] = s->res[i].it;
	n = interpret(t, s->nres, &env, f, ARRAY_SIZE(f));
	fprintf(s->info, "\nfindings:\n");
	if (!n)
		fprintf(s->info, "  - nothing stands out: no wall, no stalls, "
				 "no sign of a cache\n");
	for (i = 0; i < n; i++)
		fprintf(s->info, "  - %s\n", f[i].text);
}

static void print_timing(const struct suite *s)
{
	double wall = 0, meas = 0, fill = 0, warm;
	size_t i;

	for (i = 0; i < s->nres; i++) {
		wall += s->res[i].wall_s;
		meas += s->res[i].measured_s;
		fill += s->res[i].fill_s;
	}
	warm = (double)s->nres * s->o.warmup_s;
	fprintf(s->info, "\ntime: %.1f s in all: %.1f s measured, %.1f s "
			 "filling the file, %.1f s warm-up, %.1f s other "
			 "(start, stop, saving)\n", wall, meas, fill, warm,
		fmax(0, wall - meas - fill - warm));
}

static void machine_output(const struct suite *s)
{
	char line[8192];
	size_t i;

	if (s->o.fmt == FORMAT_CSV) {
		printf("%s\n", HISTORY_HEADER);
		for (i = 0; i < s->nres; i++)
			if (history_format_row(&s->res[i].row, line,
					       sizeof(line)) > 0)
				fputs(line, stdout);
	} else if (s->o.fmt == FORMAT_JSON) {
		json_object *a = json_object_new_array();

		for (i = 0; i < s->nres; i++) {
			const struct history_row *r = &s->res[i].row;
			json_object *o = json_object_new_object();

			json_object_object_add(o, "test",
					       json_object_new_string(r->test));
			json_object_object_add(o, "label",
					       json_object_new_string(r->label));
			json_object_object_add(o, "cmdline",
					       json_object_new_string(r->cmdline));
			json_object_object_add(o, "iops",
					       json_object_new_double(r->iops));
			json_object_object_add(o, "mib_s",
					       json_object_new_double(r->mib_s));
			json_object_object_add(o, "mean_ms",
					       json_object_new_double(r->mean_ms));
			json_object_object_add(o, "p99_ms",
					       json_object_new_double(r->p99_ms));
			json_object_object_add(o, "p999_ms",
					       json_object_new_double(r->p999_ms));
			json_object_object_add(o, "max_ms",
					       json_object_new_double(r->max_ms));
			json_object_object_add(o, "json",
					       json_object_new_string(r->json));
			json_object_array_add(a, o);
		}
		printf("%s\n", json_object_to_json_string_ext(
				       a, JSON_C_TO_STRING_PRETTY));
		json_object_put(a);
	}
}

/* First label (in file order) other than ours that shares a test. */
static const char *earlier_label(const struct history *h, const char *label)
{
	size_t i, j;

	for (i = 0; i < h->nrows; i++) {
		if (!strcmp(h->rows[i].label, label))
			continue;
		for (j = 0; j < h->nrows; j++)
			if (!strcmp(h->rows[j].label, label) &&
			    !strcmp(h->rows[j].test, h->rows[i].test))
				return h->rows[i].label;
	}
	return NULL;
}

struct html_job {
	const struct history *h;
	const char *from, *to;
};

static int fill_html(FILE *f, const void *arg)
{
	const struct html_job *j = arg;
	int ret = compare_report(j->h, j->from, j->to, FORMAT_HTML,
				 CMP_FINDINGS_ALL, f);

	return ret < 0 ? ret : 0;
}

/* --html: the comparison page (or this label alone), written by
 * atomic_file.h's rules (whole or absent; a symlink's target is
 * replaced, /dev/null is written through).  0 or 1. */
static int write_html(const struct suite *s, const struct history *h,
		      const char *from)
{
	struct html_job j = { h, from ? from : s->o.label, s->o.label };
	char err[2 * PATH_MAX + 64];

	if (atomic_file_write(s->o.html, fill_html, &j, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 1;
	}
	fprintf(s->info, "\nreport: %s (%s)\n", s->o.html,
		from ? "the comparison as a page" : "this run as a page");
	return 0;
}

static int auto_compare(const struct suite *s)
{
	struct history h = { 0 };
	char err[512];
	const char *from;
	int ret = 0;

	if (history_load(s->hist, &h, err, sizeof(err))) {
		if (s->o.html)
			fprintf(stderr, "ioprobe: error: %s\n", err);
		return s->o.html ? 1 : 0;
	}
	from = earlier_label(&h, s->o.label);
	if (from) {
		fputc('\n', s->info);
		compare_report(&h, from, s->o.label, FORMAT_TEXT,
			       CMP_FINDINGS_CHANGE, s->info);
	}
	if (s->o.html)
		ret = write_html(s, &h, from);
	history_release(&h);
	return ret;
}

/* One line per leftover of an earlier suite in the test file's folder. */
static void leftover_line(void *arg, const char *path, pid_t pid,
			  enum leftover_verdict v, int err)
{
	const struct suite *s = arg;

	if (v == LEFTOVER_REMOVED)
		fprintf(s->info, "removed a test file left by an earlier "
				 "ioprobe suite (pid %ld, gone): %s\n",
			(long)pid, path);
	else if (v == LEFTOVER_UNPROVEN)
		warnf("kept '%s': named like the test file of an earlier suite (pid %ld, gone) but without the ioprobe mark that proves it",
		      path, (long)pid);
	else
		warnf("cannot remove '%s', left by an earlier suite (pid %ld): %s",
		      path, (long)pid, strerror(err));
}

/* Sweep the folder of the test file for files a killed suite left. */
static void sweep_leftovers(struct suite *s)
{
	char dir[PATH_MAX], *slash;

	str_copy(dir, sizeof(dir), s->file);
	slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	else
		str_copy(dir, sizeof(dir), ".");
	leftovers_sweep(dir, leftover_line, s);
}

/* ---- main ---------------------------------------------------------- */

static int suite_prepare(struct suite *s)
{
	size_t i;
	struct profile p;
	int ret;

	ret = pick_profiles(s);
	if (ret)
		return ret;
	if (s->o.history) {
		str_copy(s->hist, sizeof(s->hist), s->o.history);
	} else if (history_default_path(s->hist, sizeof(s->hist))) {
		fprintf(stderr, "ioprobe: error: no history path: set HOME or "
				"XDG_DATA_HOME, or give --history FILE\n");
		return 2;
	}
	ret = choose_file(s);
	if (ret)
		return ret;
	sweep_leftovers(s);	/* before check_space: it may free some */
	/* every profile must parse before anything is written */
	for (i = 0; i < s->nprof; i++) {
		ret = build_profile(s, i, i == 0, &p);
		profile_release(&p);
		if (ret)
			return ret;
	}
	return check_space(s);
}

int suite_main(int argc, char **argv)
{
	struct suite *s = calloc(1, sizeof(*s));
	int status;
	size_t i;

	if (!s) {
		fprintf(stderr, "ioprobe: error: out of memory\n");
		return 1;
	}
	status = parse_args(argc, argv, &s->o);
	if (status) {
		status = status == 1 ? 0 : status;
		goto out;
	}
	s->info = s->o.fmt == FORMAT_TEXT ? stdout : stderr;
	s->tty = isatty(STDERR_FILENO);
	signals_install();
	status = suite_prepare(s);
	if (status)
		goto out;
	print_plan(s);
	status = claim_file(s);
	for (i = 0; !status && i < s->nprof; i++) {
		if (signals_stop_requested) {
			status = signals_exit_status();
			break;
		}
		status = run_one(s, i);
	}
	release_file(s);
	if (s->nres) {
		print_summary(s);
		if (!status)
			print_findings(s);
		print_timing(s);
		fprintf(s->info, "\nhistory: %zu row%s appended to %s\n",
			s->nres, s->nres == 1 ? "" : "s", s->hist);
	}
	if (!status) {
		status = auto_compare(s);
		machine_output(s);
	}
out:
	for (i = 0; i < s->nres; i++)
		free(s->res[i].interval_iops);
	free(s);
	return status;
}
