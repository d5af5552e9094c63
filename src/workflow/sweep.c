/* sweep.c - the sweep's plan and loop: the list of one switch, the base
 * profile parsed once from the command line, one copy of it per point
 * with the swept field set, each run like a suite's test (a folder target
 * gets the suite's test file), its JSON result saved beside the history
 * and, with a label, its history row.  Prints nothing: see sweep.h.
 */
#include "workflow/sweep.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/path.h"
#include "lib/signals.h"
#include "lib/util.h"
#include "profile/cli.h"
#include "profile/parse.h"
#include "report/output.h"
#include "results/results.h"
#include "run/validate.h"
#include "workflow/figures.h"
#include "workflow/history_guard.h"

#define SWEEP_MAX_VALUE_BYTES (1ull << 30)	/* -b up to 1G */
#define SWEEP_MAX_COUNT 65536			/* -o, -t */

void sweep_size_name(char *buf, size_t len, uint64_t b)
{
	static const char units[] = "KMG";
	uint64_t v = b;
	int u = -1;

	while (v && v % 1024 == 0 && u < 2) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%" PRIu64, b);
	else
		snprintf(buf, len, "%" PRIu64 "%c", v, units[u]);
}

/* One value of the list: a size for -b, a count for -o and -t. */
static int parse_value(enum sweep_kind k, const char *s, uint64_t *v)
{
	uint64_t max = k == SWEEP_BLOCK ? SWEEP_MAX_VALUE_BYTES :
					  SWEEP_MAX_COUNT;
	int ret = k == SWEEP_BLOCK ? parse_size(s, 0, v) :
				     parse_uint_strict(s, max, v);

	return ret || !*v || *v > max ? -EINVAL : 0;
}

static int add_value(struct sweep_list *l, uint64_t v)
{
	if (l->n == SWEEP_MAX_POINTS)
		return -E2BIG;
	l->values[l->n] = v;
	if (l->kind == SWEEP_BLOCK)
		sweep_size_name(l->names[l->n], sizeof(l->names[0]), v);
	else
		snprintf(l->names[l->n], sizeof(l->names[0]), "%" PRIu64, v);
	l->n++;
	return 0;
}

/* "A..B": A, 2A, 4A ... up to B. */
static int parse_range(struct sweep_list *l, const char *s, const char *dots)
{
	char a[64];
	uint64_t lo, hi, v;
	int ret;

	if ((size_t)(dots - s) >= sizeof(a))
		return -EINVAL;
	memcpy(a, s, (size_t)(dots - s));
	a[dots - s] = '\0';
	if (parse_value(l->kind, a, &lo) || parse_value(l->kind, dots + 2, &hi)
	    || hi <= lo)
		return -EINVAL;
	for (v = lo; v <= hi; v *= 2) {
		ret = add_value(l, v);
		if (ret)
			return ret;
	}
	return 0;
}

static int parse_items(struct sweep_list *l, const char *list)
{
	char buf[512], *tok, *save = NULL, *dots;
	size_t n = strlen(list);
	uint64_t v;
	int ret;

	if (!n || n >= sizeof(buf) || list[0] == ',' || list[n - 1] == ',' ||
	    strstr(list, ",,"))
		return -EINVAL;
	str_copy(buf, sizeof(buf), list);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		dots = strstr(tok, "..");
		if (dots)
			ret = parse_range(l, tok, dots);
		else
			ret = parse_value(l->kind, tok, &v) ? -EINVAL :
							      add_value(l, v);
		if (ret)
			return ret;
	}
	return 0;
}

int sweep_parse_list(const char *arg, struct sweep_list *l, char *err,
		     size_t len)
{
	const char *list;
	int ret;

	memset(l, 0, sizeof(*l));
	if (arg[0] != '-' || !strchr("bot", arg[1]) || !arg[1] ||
	    (!strchr(arg, ',') && !strstr(arg, "..")))
		return -ENOENT;
	l->kind = arg[1] == 'b' ? SWEEP_BLOCK :
		  arg[1] == 'o' ? SWEEP_DEPTH : SWEEP_THREADS;
	list = arg + 2;
	ret = parse_items(l, list);
	if (ret == -E2BIG) {
		snprintf(err, len, "invalid sweep list '%s': more than %d "
			 "values", arg, SWEEP_MAX_POINTS);
		return -EINVAL;
	}
	if (ret) {
		snprintf(err, len, "invalid sweep list '%s': expected %s", arg,
			 l->kind == SWEEP_BLOCK ?
				 "sizes up to 1G such as -b4K,8K,64K or "
				 "-b4K..1M (doubling)" :
				 "counts up to 65536 such as -o1,2,4,8 or "
				 "-o1..128 (doubling)");
		return -EINVAL;
	}
	return 0;
}

/* ---- the test file of a folder target (suite_file.c's) ------------- */

const char *sweep_file_name(const struct sweep *s)
{
	return s->file ? s->file->f.name : NULL;
}

int sweep_release_file(struct sweep *s)
{
	return s->file ? test_file_release(s->file) : 0;
}

/* ---- points -------------------------------------------------------- */

/* The command line of point @i: the switches as typed with the list
 * replaced by its value (for the reports and the history; never parsed). */
static char *point_cmdline(const struct sweep *s, size_t i)
{
	const struct sweep_opts *o = &s->o;
	char tok[40];
	size_t len = 1;
	char *buf;
	int k;

	snprintf(tok, sizeof(tok), "%s%s", sweep_kind_switch(o->list.kind),
		 o->list.names[i]);
	for (k = 0; k < o->run_argc; k++)
		len += strlen(k == o->list_pos ? tok : o->run_argv[k]) + 1;
	buf = malloc(len);
	if (!buf)
		return NULL;
	buf[0] = '\0';
	for (k = 0; k < o->run_argc; k++) {
		if (k)
			strcat(buf, " ");
		strcat(buf, k == o->list_pos ? tok : o->run_argv[k]);
	}
	return buf;
}

int sweep_point_profile(const struct sweep *s, size_t i, bool create,
			struct profile *p)
{
	uint64_t v = s->o.list.values[i];
	uint32_t k;

	profile_init(p);
	if (profile_copy(p, &s->base)) {
		profile_init(p);	/* released by the copy */
		return -ENOMEM;
	}
	for (k = 0; k < p->ntargets; k++) {
		struct target_opts *t = &p->targets[k];

		if (s->o.list.kind == SWEEP_BLOCK)
			t->block_bytes = v;
		else if (s->o.list.kind == SWEEP_DEPTH)
			t->outstanding = (uint32_t)v;
		else
			t->threads = (uint32_t)v;
	}
	free(p->cmdline);
	p->cmdline = point_cmdline(s, i);
	if (s->file) {
		struct target_opts *t = &p->targets[0];

		free(t->path);
		t->path = str_dup(sweep_file_name(s));
		t->create_bytes = create ? s->o.file_bytes : 0;
		t->fd = create ? test_file_fd(s->file) : -1;
	}
	return p->cmdline && (!s->file || p->targets[0].path) ? 0 : -ENOMEM;
}

static int parse_base(struct sweep *s, char *err, size_t len)
{
	struct stat st;
	enum cli_action act;

	profile_init(&s->base);
	s->base_ok = true;
	act = cli_parse(s->o.run_argc, s->o.run_argv, &s->base, err, len);
	if (act == CLI_ERROR)
		return -EINVAL;
	if (act != CLI_RUN || !s->base.ntargets) {
		snprintf(err, len, "missing target: expected DiskSpd switches "
			 "and a target (see 'ioprobe sweep --help')");
		return -EINVAL;
	}
	/* the table, the knee and Little's law need latencies (as -L) */
	s->base.measure_latency = true;
	if (s->o.list.kind == SWEEP_THREADS && s->base.pool_threads) {
		snprintf(err, len, "invalid sweep list '%s': -t has no effect "
			 "with -F", s->o.list_arg);
		return -EINVAL;
	}
	if (stat(s->base.targets[0].path, &st) || !S_ISDIR(st.st_mode))
		return 0;
	if (s->base.ntargets > 1 || s->base.targets[0].create_bytes) {
		snprintf(err, len, "invalid target '%s': a folder gets a test "
			 "file of --file-size: expected it alone, without -c",
			 s->base.targets[0].path);
		return -EINVAL;
	}
	s->file = calloc(1, sizeof(*s->file));
	if (!s->file)
		return -ENOMEM;
	test_file_init(s->file, s->base.targets[0].path, s->o.keep,
		       s->o.file_bytes);
	return 0;
}

/* Every point passes the run's checks before anything is written. */
static int check_points(const struct sweep *s, char *err, size_t len)
{
	char why[1024];
	struct profile p;
	size_t i;
	int ret = 0;

	for (i = 0; !ret && i < s->o.list.n; i++) {
		ret = sweep_point_profile(s, i, s->file != NULL, &p);
		if (!ret && validate_profile(&p, why, sizeof(why))) {
			snprintf(err, len, "%s%s: %s",
				 sweep_kind_switch(s->o.list.kind),
				 s->o.list.names[i], why);
			ret = -EINVAL;
		}
		profile_release(&p);
	}
	return ret;
}

int sweep_prepare(struct sweep *s, char *err, size_t len)
{
	int ret = parse_base(s, err, len);

	if (ret)
		return ret;
	if (s->o.history) {
		str_copy(s->hist, sizeof(s->hist), s->o.history);
	} else if (history_default_path(s->hist, sizeof(s->hist))) {
		snprintf(err, len, "no history path: set HOME or "
			 "XDG_DATA_HOME, or give --history FILE");
		return -EINVAL;
	}
	if (history_guard_path(s->hist, err, len))
		return -EINVAL;
	if (s->file) {
		ret = test_file_choose(s->file, err, len);
		if (ret)
			return -EINVAL;
	}
	ret = check_points(s, err, len);
	if (!ret && s->file)
		ret = test_file_check_space(s->file, err, len);
	return ret;
}

int sweep_claim(struct sweep *s, char *err, size_t len)
{
	return s->file ? test_file_claim(s->file, err, len) : 0;
}

void sweep_release(struct sweep *s)
{
	if (s->base_ok)
		profile_release(&s->base);
	s->base_ok = false;
	free(s->file);
	s->file = NULL;
	free(s->o.run_argv);
	s->o.run_argv = NULL;
	free(s->o.switches);
	s->o.switches = NULL;
}
