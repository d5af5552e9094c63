/* suite_profile.c - the profile each suite test runs with: the profile's
 * own switches parsed once (at plan time, so a bad one is refused before
 * anything is written) into a template with a placeholder target, then
 * the suite's settings (file size, duration, warm-up, cache mode, -L,
 * -D, engine, the test files) set in the struct.  The same settings make
 * the switch string shown in the plan and saved in the history, which
 * parses to the same profile (tests/unit/test_suite_profile.c).
 */
#include "workflow/suite.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "profile/cli.h"
#include "results/results.h"

/* The template's one target, replaced by the test files. */
#define SUITE_PLACEHOLDER "suite-target"
/* More than a 512-byte switch string can hold (one letter and a space
 * each), so no switch is ever dropped. */
#define SUITE_MAX_TOKENS 260

/* What the suite adds to a profile's own switches for one test. */
struct suite_adds {
	bool sh;		/* -Sh: the profile picks no cache mode */
	uint32_t duration_s, warmup_s;	/* -d, -W */
	const char *engine;	/* --engine, or NULL */
	uint64_t create_bytes;	/* -c, 0 when the file exists */
};

/* A profile's own -S or -h: then the suite adds no -Sh. */
static bool has_cache_switch(const char *switches)
{
	const char *p;

	for (p = switches; (p = strchr(p, '-')); p++)
		if ((p == switches || p[-1] == ' ' || p[-1] == '\t') &&
		    (p[1] == 'S' || (p[1] == 'h' && (!p[2] || p[2] == ' ' ||
						    p[2] == '\t'))))
			return true;
	return false;
}

static struct suite_adds suite_adds_of(const struct suite *s, size_t i,
				       bool create)
{
	return (struct suite_adds){
		.sh = !has_cache_switch(s->prof[i].switches),
		.duration_s = s->o.duration_s,
		.warmup_s = s->o.warmup_s,
		.engine = s->o.engine,
		.create_bytes = create ? s->o.file_bytes : 0,
	};
}

void suite_full_switches(const struct suite *s, size_t i, bool create,
			 char *buf, size_t len)
{
	struct suite_adds a = suite_adds_of(s, i, create);
	char c[48] = "", e[48] = "";

	if (a.create_bytes)
		snprintf(c, sizeof(c), " -c%" PRIu64, a.create_bytes);
	if (a.engine)
		snprintf(e, sizeof(e), " --engine=%s", a.engine);
	snprintf(buf, len, "%s%s -L -d%u -W%u -D1000%s%s",
		 s->prof[i].switches, a.sh ? " -Sh" : "", a.duration_s,
		 a.warmup_s, e, c);
}

/* Profile @i's own switches and the placeholder target through the
 * DiskSpd parser into @p.  0, or -EINVAL with the parser's message. */
static int parse_template(const struct suite *s, size_t i, struct profile *p,
			  char *err, size_t errlen)
{
	char sw[sizeof(s->prof[0].switches)], perr[512], *save = NULL;
	char prog[] = "ioprobe", target[] = SUITE_PLACEHOLDER;
	char *argv[SUITE_MAX_TOKENS + 2], *tok;
	enum cli_action act;
	int argc = 0;

	str_copy(sw, sizeof(sw), s->prof[i].switches);
	argv[argc++] = prog;
	for (tok = strtok_r(sw, " \t", &save); tok && argc <= SUITE_MAX_TOKENS;
	     tok = strtok_r(NULL, " \t", &save))
		argv[argc++] = tok;
	argv[argc++] = target;
	argv[argc] = NULL;
	profile_init(p);
	act = cli_parse(argc, argv, p, perr, sizeof(perr));
	if (act == CLI_RUN && p->ntargets == 1)
		return 0;
	snprintf(err, errlen, "invalid profile '%s' (%s): %s", s->prof[i].name,
		 s->prof[i].switches,
		 act == CLI_ERROR ? perr : "expected a runnable profile");
	profile_release(p);
	profile_init(p);
	return -EINVAL;
}

int suite_check_profiles(struct suite *s, char *err, size_t len)
{
	size_t i;
	int ret;

	suite_release_profiles(s);
	s->tmpl = calloc(s->nprof ? s->nprof : 1, sizeof(*s->tmpl));
	if (!s->tmpl)
		return errf(err, len, ENOMEM, "out of memory");
	for (i = 0; i < s->nprof; i++) {
		ret = parse_template(s, i, &s->tmpl[i], err, len);
		s->ntmpl = i + 1;	/* each is released, parsed or not */
		if (ret)
			return ret;
	}
	return 0;
}

void suite_release_profiles(struct suite *s)
{
	size_t i;

	for (i = 0; s->tmpl && i < s->ntmpl; i++)
		profile_release(&s->tmpl[i]);
	free(s->tmpl);
	s->tmpl = NULL;
	s->ntmpl = 0;
}

/* "ioprobe", the switches of test @i and the test files, one space
 * between them: what the parser keeps of the same words typed. */
static char *suite_cmdline(const struct suite *s, size_t i, bool create)
{
	char sw[640], files[SUITE_MAX_PATHS * (PATH_MAX + 1)];
	char *out, *o, *tok, *save = NULL;
	size_t len;

	suite_full_switches(s, i, create, sw, sizeof(sw));
	suite_files_joined(s, " ", files, sizeof(files));
	len = strlen("ioprobe") + strlen(sw) + strlen(files) + 3;
	out = malloc(len);
	if (!out)
		return NULL;
	o = out + snprintf(out, len, "ioprobe");
	for (tok = strtok_r(sw, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save))
		o += snprintf(o, len - (size_t)(o - out), " %s", tok);
	snprintf(o, len - (size_t)(o - out), " %s", files);
	return out;
}

/* The template's target as each test file, with the suite's settings. */
static int set_targets(const struct suite *s, const struct suite_adds *a,
		       struct profile *p)
{
	const struct target_opts t0 = p->targets[0];
	uint32_t k;

	p->targets[0].path = p->targets[0].wbuf_source_path = NULL;
	for (k = 0; k < s->nfiles; k++) {
		struct target_opts *t = &p->targets[k];

		*t = t0;
		t->path = str_dup(s->files[k].name);
		t->wbuf_source_path = str_dup(t0.wbuf_source_path);
		if (a->sh) {
			t->cache = CACHE_DIRECT;
			t->write_through = true;
		}
		t->create_bytes = a->create_bytes;
		if (a->create_bytes && s->files[k].claimed)
			t->fd = s->files[k].fd;	/* filled through the claim */
		p->ntargets = k + 1;
		if (!t->path || (t0.wbuf_source_path && !t->wbuf_source_path))
			break;
	}
	free(t0.path);
	free(t0.wbuf_source_path);
	return k == s->nfiles ? 0 : -ENOMEM;
}

int suite_test_profile(const struct suite *s, size_t i, bool create,
		       struct profile *p, char *err, size_t len)
{
	struct suite_adds a = suite_adds_of(s, i, create);

	profile_init(p);
	if (!s->tmpl || i >= s->ntmpl || !s->tmpl[i].ntargets)
		return errf(err, len, EINVAL, "profile '%s' was not checked",
			    s->prof[i].name);
	if (profile_copy(p, &s->tmpl[i]))
		goto nomem;
	p->duration_s = a.duration_s;
	p->warmup_s = a.warmup_s;
	p->measure_latency = true;
	p->iops_interval_ms = 1000;
	if (a.engine) {
		free(p->engine);
		p->engine = str_dup(a.engine);
		if (!p->engine)
			goto nomem;
	}
	free(p->cmdline);
	p->cmdline = suite_cmdline(s, i, create);
	if (!p->cmdline || set_targets(s, &a, p))
		goto nomem;
	return 0;
nomem:
	profile_release(p);
	profile_init(p);
	return errf(err, len, ENOMEM, "out of memory");
}
