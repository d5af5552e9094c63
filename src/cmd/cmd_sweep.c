/* cmd_sweep.c - `ioprobe sweep -b4K,64K,1M [switches] TARGET`: reads the
 * options, prints the plan, a live status line on a terminal, the table
 * and findings of the points workflow/sweep.h runs, writes the --html
 * page and the -Rjson object.  Picks the exit status: 0 done, 1 a point
 * or the test file failed, 2 usage, 128+N interrupted.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/diag.h"
#include "cmd/progress.h"
#include "cmd/run_findings.h"
#include "cmd/subcmd.h"
#include "cmd/sweep_args.h"
#include "lib/atomic_file.h"
#include "lib/fmt.h"
#include "lib/path.h"
#include "lib/signals.h"
#include "lib/util.h"
#include "workflow/cloud_findings.h"
#include "report/report_sweep.h"
#include "workflow/leftovers.h"
#include "workflow/sweep.h"

struct sweep_cli {
	struct sweep s;
	FILE *info;		/* plan, table, findings */
	bool tty;		/* live status redrawn on one line */
};

static void progress_cb(void *arg, const struct run_progress *p)
{
	const struct sweep_cli *c = arg;
	const struct sweep *s = &c->s;
	int ph = p->phase >= 0 && p->phase < 4 ? p->phase : 2;
	char iops[32];

	if (!c->tty || s->o.quiet)
		return;
	if (ph == 0 && p->fill_total)
		fprintf(stderr, "\r[%zu/%zu] %s%s: filling the test file "
			"%.0f/%.0f MiB\033[K", s->cur + 1, s->o.list.n,
			sweep_kind_switch(s->o.list.kind),
			s->o.list.names[s->cur], p->fill_done / 1048576.0,
			p->fill_total / 1048576.0);
	else
	{
		fmt_count(iops, sizeof(iops), p->iops);
		fprintf(stderr, "\r[%zu/%zu] %s%s: %s %.0f/%.0f s; %s IOPS, "
			"%.1f MiB/s\033[K", s->cur + 1, s->o.list.n,
			sweep_kind_switch(s->o.list.kind),
			s->o.list.names[s->cur], progress_phase_name(ph),
			p->phase_elapsed_s, p->phase_total_s, iops, p->mib_s);
	}
	fflush(stderr);
}

static void progress_end(void *arg)
{
	const struct sweep_cli *c = arg;

	if (c->tty && !c->s.o.quiet)
		fputs("\r\033[K", stderr);
}

static void sweep_warning(void *arg, const char *msg)
{
	(void)arg;
	warnf("%s", msg);
}

static void print_plan(const struct sweep_cli *c)
{
	const struct sweep *s = &c->s;
	const struct profile *b = &s->base;
	double per = (double)b->warmup_s + b->duration_s + b->cooldown_s;
	size_t i;

	fprintf(c->info, "ioprobe sweep of %s: %zu points (",
		sweep_kind_switch(s->o.list.kind), s->o.list.n);
	for (i = 0; i < s->o.list.n; i++)
		fprintf(c->info, "%s%s", i ? ", " : "", s->o.list.names[i]);
	fprintf(c->info, ") on %s", s->file ? sweep_file_name(s) :
						 b->targets[0].path);
	if (s->file)
		fprintf(c->info, " (%.0f MiB, created now, %s afterwards)",
			s->o.file_bytes / 1048576.0,
			s->o.keep ? "kept" : "deleted");
	fprintf(c->info, "\ntime: about %.0f s (%zu x (%u s warm-up + %u s "
			 "measured%s))\n", per * (double)s->o.list.n,
		s->o.list.n, b->warmup_s, b->duration_s,
		b->cooldown_s ? " + cool-down" : "");
	fflush(c->info);
}

static void leftover_line(void *arg, const char *path, pid_t pid,
			  enum leftover_verdict v, int err)
{
	const struct sweep_cli *c = arg;

	diag_leftover(c->info, "run", path, pid, v, err);
}

static int fill_html(FILE *f, const void *arg)
{
	return report_sweep_html(arg, f);
}

/* The cloud findings of the points (--disk, --vm or detected: the tier
 * and each point's % of provisioned), after the sweep's own. */
static void sweep_cloud(const struct sweep *s, struct sweep_view *v)
{
	struct interp_test t[SWEEP_MAX_POINTS];
	struct finding f[INTERP_MAX_FINDINGS];
	struct interp_env env = { 0 };
	char names[SWEEP_MAX_POINTS][32];
	const char *path = s->base.ntargets ? s->base.targets[0].path : NULL;
	size_t i, n;

	for (i = 0; i < s->npts && i < SWEEP_MAX_POINTS; i++) {
		memset(&t[i], 0, sizeof(t[i]));
		snprintf(names[i], sizeof(names[i]), "%s%s",
			 sweep_kind_switch(s->o.list.kind), s->pts[i].name);
		t[i].name = names[i];
		t[i].iops = t[i].read_iops = s->pts[i].iops;
		t[i].mib_s = s->pts[i].mib_s;
	}
	n = cloud_findings_named(s->base.cloud_disk, s->base.cloud_vm,
				 &path, path ? 1 : 0, t, i, &env, f,
				 ARRAY_SIZE(f));
	for (i = 0; i < n && v->nfind < SWEEP_MAX_FINDINGS; i++)
		str_copy(v->find[v->nfind++], sizeof(v->find[0]), f[i].text);
}

/* The table, findings, page and machine output of the points done. */
static int print_results(const struct sweep_cli *c)
{
	const struct sweep *s = &c->s;
	struct sweep_view *v = calloc(1, sizeof(*v));
	char err[2 * PATH_MAX + 64], dir[PATH_MAX];
	int status = 0;

	if (!v)
		return 1;
	sweep_view_fill(s, v);
	sweep_cloud(s, v);
	report_sweep_text(v, c->info);
	path_dir(s->hist, dir, sizeof(dir));
	if (s->o.label)
		fprintf(c->info, "\nhistory: %zu row%s appended to %s (label "
				 "'%s', tests sweep%s...)\n", s->nrows,
			s->nrows == 1 ? "" : "s", s->hist, s->o.label,
			sweep_kind_switch(s->o.list.kind));
	else
		fprintf(c->info, "\nresults: the JSON of each point in "
				 "%s/results (give --label to add the points "
				 "to the history)\n", dir);
	if (s->o.html) {
		if (atomic_file_write(s->o.html, fill_html, v, err,
				      sizeof(err))) {
			fprintf(stderr, "ioprobe: error: %s\n", err);
			status = 1;
		} else {
			fprintf(c->info, "report: %s\n", s->o.html);
		}
	}
	if (s->o.fmt == FORMAT_JSON && report_sweep_json(v, stdout))
		status = 1;
	free(v);
	return status;
}

/* Run point @i: 0 done, else the exit status after printing why not. */
static int run_point(struct sweep_cli *c, size_t i)
{
	char err[2048] = "";
	int ret = sweep_run_one(&c->s, i, err, sizeof(err));

	if (ret == -EINTR) {
		fprintf(stderr, "ioprobe: %s\n", err);
		return signals_exit_status();
	}
	if (ret)
		fprintf(stderr, "ioprobe: error: %s\n", err);
	return ret == -EINVAL ? 2 : ret ? 1 : 0;
}

static int run_points(struct sweep_cli *c)
{
	struct sweep *s = &c->s;
	char err[PATH_MAX + 128], dir[PATH_MAX];
	int status = 0;
	size_t i;

	if (s->file) {
		path_dir(sweep_file_name(s), dir, sizeof(dir));
		leftovers_sweep(dir, leftover_line, c);
	}
	if (sweep_claim(s, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 1;
	}
	for (i = 0; !status && i < s->o.list.n; i++)
		status = signals_stop_requested ? signals_exit_status() :
						  run_point(c, i);
	if (sweep_release_file(s))
		warnf("cannot remove the test file '%s'",
		      sweep_file_name(s));
	return status;
}

static int sweep_go(struct sweep_cli *c)
{
	struct sweep *s = &c->s;
	char err[PATH_MAX + 1024] = "";
	int status, ret;

	ret = sweep_prepare(s, err, sizeof(err));
	if (s->base_ok)	/* said while parsing the switches */
		diag_notes(&s->base.notes, s->o.quiet);
	if (ret) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return ret == -EINVAL ? 2 : 1;
	}
	print_plan(c);
	status = run_points(c);
	if (s->npts && print_results(c) && !status)
		status = 1;
	return status;
}

int sweep_main(int argc, char **argv)
{
	struct sweep_cli *c = calloc(1, sizeof(*c));
	struct sweep *s;
	int status;

	if (!c) {
		fprintf(stderr, "ioprobe: error: out of memory\n");
		return 1;
	}
	s = &c->s;
	status = sweep_parse_args(argc, argv, &s->o);
	if (status) {
		status = status == 1 ? 0 : status;
		goto out;
	}
	s->hooks = (struct sweep_hooks){
		.progress = progress_cb, .point_end = progress_end,
		.warn = sweep_warning, .arg = c, .say = diag_say,
		.dots = diag_dots };
	c->info = s->o.fmt == FORMAT_TEXT ? stdout : stderr;
	c->tty = isatty(STDERR_FILENO);
	s->hooks.run_quiet = c->tty || s->o.quiet;
	signals_install();
	status = sweep_go(c);
out:
	sweep_release(s);
	free(c);
	return status;
}
