/* suite.c - the suite's plan and loop: the profiles to run (built-in or
 * from a --profile-file), each test's profile (suite_profile.c) run on
 * the test files (one per PATH, all of them in every test) one after
 * another; each finished test's figures (figures.h) go to the labeled
 * history with its full JSON result saved beside it.  Prints nothing:
 * see suite.h.
 */
#include "workflow/suite.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/path.h"
#include "lib/readfile.h"
#include "lib/signals.h"
#include "lib/util.h"
#include "report/output.h"
#include "results/results.h"
#include "run/validate.h"
#include "workflow/cloud_findings.h"
#include "workflow/figures.h"

const struct suite_profile suite_builtin[] = {
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
const size_t suite_nbuiltin = ARRAY_SIZE(suite_builtin);

static bool valid_name(const char *s)
{
	if (!*s || strlen(s) >= sizeof(suite_builtin[0].name))
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

/* The switches a profile file may not use, and why: every other switch
 * of a run is accepted (-Z1G, -Sb, -t8 ...). */
static const struct {
	const char *prefix, *why;
} suite_refused[] = {
	{ "-c", "the suite creates the test file from --file-size" },
	{ "-X", "an XML profile names its own targets" },
	{ "-R", "the suite writes its own reports and saves each test's "
		"JSON" },
	{ "--output", "the suite writes its own reports and saves each "
		      "test's JSON" },
};

/* The first token of @switches a profile file may not use, with the
 * reason in *@why; NULL when all are fine. */
static const char *forbidden_switch(const char *switches, const char **why)
{
	char buf[512], *tok, *save = NULL;
	static char bad[64];
	size_t i;

	str_copy(buf, sizeof(buf), switches);
	for (tok = strtok_r(buf, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		*why = "the suite adds the test file of each PATH";
		for (i = 0; tok[0] == '-' && i < ARRAY_SIZE(suite_refused); i++)
			if (!strncmp(tok, suite_refused[i].prefix,
				     strlen(suite_refused[i].prefix)))
				break;
		if (tok[0] == '-' && i == ARRAY_SIZE(suite_refused))
			continue;
		if (tok[0] == '-')
			*why = suite_refused[i].why;
		str_copy(bad, sizeof(bad), tok);
		return bad;
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

static int load_profile_file(struct suite *s, const char *path, char *err,
			     size_t errlen)
{
	char line[1024], *buf;
	unsigned int lineno = 0;
	size_t len, pos = 0;
	int ret = 0;

	if (readfile_all(path, "profile file", READFILE_PROFILE_MAX, &buf,
			 &len, err, errlen))
		return -EINVAL;
	while (next_line(buf, len, &pos, line, sizeof(line))) {
		char *name, *desc, *sw, *bar1, *bar2, *l = trim(line);
		const char *bad, *why;

		lineno++;
		if (!*l || *l == '#')
			continue;
		bar1 = strchr(l, '|');
		bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
		if (!bar2) {
			snprintf(err, errlen, "profile file '%s' line "
					"%u: '%s': expected 'name | description "
					"| switches'", path, lineno, l);
			ret = -EINVAL;
			break;
		}
		*bar1 = *bar2 = '\0';
		name = trim(l);
		desc = trim(bar1 + 1);
		sw = trim(bar2 + 1);
		bad = forbidden_switch(sw, &why);
		if (bad) {
			snprintf(err, errlen, "profile file '%s' line %u: "
				 "switch '%s' is not for a suite: %s", path,
				 lineno, bad, why);
			ret = -EINVAL;
			break;
		}
		if (!valid_name(name) || !*sw) {
			snprintf(err, errlen, "profile file '%s' line "
					"%u: invalid profile '%s': expected "
					"a name of letters, digits, - _ . and "
					"switches", path, lineno, name);
			ret = -EINVAL;
			break;
		}
		if (s->nprof == SUITE_MAX) {
			snprintf(err, errlen, "profile file '%s' has "
					"more than %d profiles", path,
				SUITE_MAX);
			ret = -EINVAL;
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
		snprintf(err, errlen, "profile file '%s' holds no "
				"profiles: expected 'name | description | "
				"switches' lines", path);
		ret = -EINVAL;
	}
	return ret;
}

int suite_pick_profiles(struct suite *s, char *err, size_t errlen)
{
	char buf[512], *tok, *save = NULL;
	size_t i;

	if (s->o.profile_file)
		return load_profile_file(s, s->o.profile_file, err, errlen);
	if (strlen(s->o.profiles) >= sizeof(buf)) {
		snprintf(err, errlen, "invalid --profiles '%.40s...': "
				"longer than %zu characters", s->o.profiles,
			sizeof(buf) - 1);
		return -EINVAL;
	}
	str_copy(buf, sizeof(buf), s->o.profiles);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < suite_nbuiltin; i++)
			if (!strcmp(trim(tok), suite_builtin[i].name))
				break;
		if (i == suite_nbuiltin) {
			snprintf(err, errlen, "unknown profile '%s': "
					"expected some of randread4k, mixed8k, "
					"seqread64k, latency4k, seq1m", tok);
			return -EINVAL;
		}
		if (s->nprof == SUITE_MAX) {
			snprintf(err, errlen, "invalid --profiles "
					"'%s': more than %d profiles",
				s->o.profiles, SUITE_MAX);
			return -EINVAL;
		}
		s->prof[s->nprof++] = suite_builtin[i];
	}
	if (!s->nprof) {
		snprintf(err, errlen, "invalid --profiles '%s': "
				"expected a comma-separated list",
			s->o.profiles);
		return -EINVAL;
	}
	return 0;
}

static void utc_stamp(char *iso, size_t ilen, char *compact, size_t clen)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(iso, ilen, "%Y-%m-%dT%H:%M:%SZ", &tm);
	strftime(compact, clen, "%Y%m%dT%H%M%SZ", &tm);
}

int suite_history_path(struct suite *s, char *err, size_t len)
{
	if (s->o.history) {
		str_copy(s->hist, sizeof(s->hist), s->o.history);
		return 0;
	}
	if (!history_default_path(s->hist, sizeof(s->hist)))
		return 0;
	snprintf(err, len, "no history path: set HOME or XDG_DATA_HOME, or "
		 "give --history FILE");
	return -EINVAL;
}

/* Append @v to @buf ("+" between targets), once when all are equal. */
static void join_fact(char *buf, size_t len, const char *v, bool first)
{
	size_t n = strlen(buf), vn = strlen(v);
	const char *p = buf;

	if (first) {
		str_copy(buf, len, v);
		return;
	}
	/* once each, in order: two PATHs on one disk read "vda", not
	 * "vda+vda" */
	for (;;) {
		const char *end = strchr(p, '+');
		size_t k = end ? (size_t)(end - p) : strlen(p);

		if (k == vn && !strncmp(p, v, vn))
			return;
		if (!end)
			break;
		p = end + 1;
	}
	if (n < len)
		snprintf(buf + n, len - n, "+%s", v);
}

/* The device and filesystem columns: "loop3+loop4", and one filesystem
 * name when every test file is on the same kind. */
static void join_facts(const struct results *r, struct history_row *row)
{
	bool same_fs = true;
	uint32_t i;

	for (i = 1; i < r->ntargets; i++)
		same_fs &= !strcmp(r->targets[i].fs_type,
				   r->targets[0].fs_type);
	row->device[0] = row->filesystem[0] = '\0';
	for (i = 0; i < r->ntargets && i < PROFILE_MAX_TARGETS; i++) {
		join_fact(row->device, sizeof(row->device),
			  r->targets[i].device, !i);
		if (!same_fs || !i)
			join_fact(row->filesystem, sizeof(row->filesystem),
				  r->targets[i].fs_type, !i);
	}
}

/* The history row of test @i from its figures (already in @out->fig). */
static void fill_row(const struct suite *s, size_t i,
		     const struct results *r, struct suite_result *out)
{
	const struct cmp_detail *d = &out->fig;
	struct history_row *row = &out->row;
	uint32_t k;
	char sw[640];

	str_copy(row->host, sizeof(row->host), r->sys.hostname);
	str_copy(row->label, sizeof(row->label), s->o.label);
	str_copy(row->test, sizeof(row->test), s->prof[i].name);
	suite_full_switches(s, i, false, sw, sizeof(sw));
	str_copy(row->cmdline, sizeof(row->cmdline), sw);
	k = (uint32_t)strlen(row->cmdline);
	if (k + 1 < sizeof(row->cmdline)) {
		row->cmdline[k] = ' ';
		suite_files_joined(s, " ", row->cmdline + k + 1,
				   sizeof(row->cmdline) - k - 1);
	}
	suite_files_joined(s, HISTORY_TARGET_SEP, row->target,
			   sizeof(row->target));
	join_facts(r, row);
	row->file_size_bytes = s->o.file_bytes;
	row->ranks = r->fleet.size ? r->fleet.size : 1;
	history_row_figures(row, d);
	str_copy(row->version, sizeof(row->version), r->version);
	str_copy(row->engine, sizeof(row->engine), r->engine);
	/* every test runs on the file the first one created and filled */
	if ((i == 0 && s->round == 0) || !s->nres)
		snprintf(row->fill, sizeof(row->fill), "new %s",
			 r->profile.targets[0].wbuf == WBUF_ZERO ? "zero" :
								   "pattern");
	else
		str_copy(row->fill, sizeof(row->fill), s->res[0].row.fill);
}

/* Figures, history row and interpretation input of test @i. */
static int fill_result(struct suite *s, size_t i, const struct results *r,
		       struct suite_result *out)
{
	int ret = figures_from_results(r, &out->fig);
	uint32_t k;

	if (ret)
		return ret;
	fill_row(s, i, r, out);
	if (s->nfiles > 1 && results_target_summary(r, &out->targets))
		out->targets.n = 0;
	figures_interp(&out->fig, s->prof[i].name, s->o.file_bytes, &out->it);
	out->measured_s = r->test_time_s;
	out->fill_s = 0;
	for (k = 0; k < r->ntargets && k < PROFILE_MAX_TARGETS; k++)
		out->fill_s += r->targets[k].fill_seconds;
	if (r->sys.mem_bytes)
		s->mem_bytes = r->sys.mem_bytes;
	return 0;
}

/* Save the JSON result of @row's test; a result that cannot be saved
 * fails the test, as a failed --output fails a run: 0 or -errno with
 * @err filled. */
static int save_json(struct suite *s, const struct results *r,
		     struct history_row *row, const char *compact, char *err,
		     size_t len)
{
	char rel[256], why[PATH_MAX + 512];
	int ret = history_save_json(s->hist, r, compact, s->o.label,
				    row->test, rel, sizeof(rel), why,
				    sizeof(why));

	if (ret) {
		snprintf(err, len, "%s: the JSON result was not saved: %s: "
			 "no history row written for it", row->test, why);
		return ret;
	}
	str_copy(row->json, sizeof(row->json), rel);
	return 0;
}

/* What a finished run says: 0 to keep it, else -errno with @err. */
static int run_outcome(const struct suite *s, size_t i, int ret,
		       const struct results *r, char *err, size_t len)
{
	char why[1024];

	if (!ret && r->io_failure.failed) {
		results_fmt_failure(r, why, sizeof(why));
		snprintf(err, len, "%s: %s: no history row written for it",
			 s->prof[i].name, why);
		return -EIO;
	}
	if (signals_stop_requested ||
	    (!ret && (r->interrupted || r->no_results))) {
		snprintf(err, len, "%s interrupted: no history row written "
			 "for it", s->prof[i].name);
		return -EINTR;
	}
	if (ret) {
		str_copy(why, sizeof(why), err);
		suite_space_hint(why, sizeof(why));
		snprintf(err, len, "%s: %s", s->prof[i].name, why);
		return ret == -EINVAL || ret == -EINTR ? -EIO : ret;
	}
	return 0;
}

/* Keep finished test @i: its figures, JSON result and history row. */
static int keep_result(struct suite *s, size_t i, const struct results *r,
		       uint64_t t0, char *err, size_t len)
{
	struct suite_result *res = &s->res[s->nres];
	char iso[32], compact[32];
	int ret;

	memset(res, 0, sizeof(*res));
	utc_stamp(iso, sizeof(iso), compact, sizeof(compact));
	str_copy(res->row.timestamp, sizeof(res->row.timestamp), iso);
	fill_result(s, i, r, res);
	ret = save_json(s, r, &res->row, compact, err, len);
	if (ret) {
		figures_release(&res->fig);
		return -EIO;
	}
	res->wall_s = (double)(clock_now_ns() - t0) / 1e9;
	ret = history_append(s->hist, &res->row, err, len);
	s->nres++;
	return ret == -EINVAL || ret == -EINTR ? -EIO : ret;
}

int suite_run_one(struct suite *s, size_t i, char *err, size_t len)
{
	struct run_options opt = { .progress = s->hooks.progress,
				   .progress_arg = s->hooks.arg,
				   .pause = s->hooks.pause,
				   .say = s->hooks.say,
				   .dots = s->hooks.dots,
				   .quiet = s->o.quiet };
	char why[1024] = "";
	struct profile p;
	struct results r;
	uint64_t t0 = clock_now_ns();
	int ret;

	if (suite_test_profile(s, i, i == 0 && s->round == 0, &p, err, len))
		return -EIO;
	results_init(&r);
	if (!s->hooks.run && validate_profile(&p, why, sizeof(why))) {
		snprintf(err, len, "%s: %s", s->prof[i].name, why);
		ret = -EINVAL;
		goto out;
	}
	s->cur = i;
	if (s->hooks.test_begin)
		s->hooks.test_begin(s->hooks.arg);
	ret = s->hooks.run ? s->hooks.run(s->hooks.run_arg, &p, &opt, &r, err,
					  len) :
			     run_execute(&p, &opt, &r, err, len);
	if (s->hooks.test_end)
		s->hooks.test_end(s->hooks.arg);
	if (ret == 1) {		/* kept by another process */
		ret = 0;
		goto out;
	}
	ret = run_outcome(s, i, ret, &r, err, len);
	if (!ret)
		ret = keep_result(s, i, &r, t0, err, len);
out:
	results_release(&r);
	profile_release(&p);
	return ret;
}

void suite_interpret(struct suite *s)
{
	struct interp_test t[SUITE_MAX];
	struct interp_env env = { s->o.expect_iops, s->o.expect_mib_s,
				  s->mem_bytes };
	size_t i, k = 0, n;

	/* each test once: the last round's run of it (--runs) */
	for (i = s->nres > s->nprof ? s->nres - s->nprof : 0;
	     i < s->nres && k < SUITE_MAX; i++)
		t[k++] = s->res[i].it;
	/* the cloud's first: a named tier sets the expected figures */
	n = cloud_findings_named(s->o.cloud_disk, s->o.cloud_vm, s->o.paths,
				 s->o.npaths, t, k, &env, s->find,
				 ARRAY_SIZE(s->find));
	s->nfind = n + interpret(t, k, &env, s->find + n,
				 ARRAY_SIZE(s->find) - n);
}

void suite_release(struct suite *s)
{
	size_t i;

	for (i = 0; i < s->nres; i++)
		figures_release(&s->res[i].fig);
	s->nres = 0;
	suite_release_profiles(s);
}
