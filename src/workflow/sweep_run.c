/* sweep_run.c - one point of a sweep: its run, its figures (figures.h,
 * as the suite computes them), its JSON result saved beside the history
 * and, with --label, its history row (test "sweep-b4K"); and the view the
 * reports are made from once the points are done.  See sweep.h.
 */
#include "workflow/sweep.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/path.h"
#include "lib/signals.h"
#include "lib/util.h"
#include "report/output.h"
#include "results/results.h"
#include "run/validate.h"
#include "workflow/figures.h"

/* "sweep-b4K": the point's test name in the history. */
static void test_name(const struct sweep *s, size_t i, char *buf, size_t len)
{
	snprintf(buf, len, "sweep%s%s", sweep_kind_switch(s->o.list.kind),
		 s->o.list.names[i]);
}

static void sweep_warn(const struct sweep *s, const char *msg)
{
	if (s->hooks.warn)
		s->hooks.warn(s->hooks.arg, msg);
}

/* Save the full JSON result beside the history into @rel_out (left ""
 * when it could not be saved, with a warning). */
static void save_json(const struct sweep *s, const struct results *r,
		      const char *test, const char *stamp, char *rel_out,
		      size_t rlen)
{
	char rel[256], err[PATH_MAX + 512], msg[PATH_MAX + 640];

	if (history_save_json(s->hist, r, stamp, s->o.label, test, rel,
			      sizeof(rel), err, sizeof(err))) {
		snprintf(msg, sizeof(msg), "the JSON result of %s was not "
			 "saved: %s", test, err);
		sweep_warn(s, msg);
		return;
	}
	str_copy(rel_out, rlen, rel);
}

static void fill_row(const struct sweep *s, const struct results *r,
		     const struct cmp_detail *d, struct history_row *row)
{
	const struct target_info *t = &r->targets[0];

	str_copy(row->host, sizeof(row->host), r->sys.hostname);
	str_copy(row->label, sizeof(row->label), s->o.label);
	str_copy(row->cmdline, sizeof(row->cmdline), r->profile.cmdline);
	str_copy(row->target, sizeof(row->target), t->path);
	str_copy(row->device, sizeof(row->device), t->device);
	str_copy(row->filesystem, sizeof(row->filesystem), t->fs_type);
	row->file_size_bytes = t->size_bytes;
	history_row_figures(row, d);
	str_copy(row->version, sizeof(row->version), r->version);
}

static void fill_where(struct sweep *s, const struct results *r)
{
	struct sweep_where *w = &s->where;
	const struct target_info *t = &r->targets[0];

	str_copy(w->date, sizeof(w->date), r->sys.start_time);
	str_copy(w->host, sizeof(w->host), r->sys.hostname);
	str_copy(w->kernel, sizeof(w->kernel), r->sys.kernel);
	str_copy(w->target, sizeof(w->target), t->path);
	str_copy(w->device, sizeof(w->device), t->device);
	str_copy(w->fs_type, sizeof(w->fs_type), t->fs_type);
	w->size_bytes = t->size_bytes;
	str_copy(w->engine, sizeof(w->engine), r->engine);
	str_copy(w->version, sizeof(w->version), r->version);
}

/* Keep finished point @i: figures, JSON result, history row. */
static int keep_point(struct sweep *s, size_t i, const struct results *r,
		      char *err, size_t len)
{
	struct sweep_point *pt = &s->pts[s->npts];
	struct history_row row;
	struct cmp_detail d;
	char iso[32], stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	int ret;

	memset(pt, 0, sizeof(*pt));
	memset(&row, 0, sizeof(row));
	ret = figures_from_results(r, &d);
	if (ret) {
		snprintf(err, len, "out of memory");
		return ret;
	}
	gmtime_r(&now, &tm);
	strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%SZ", &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	pt->value = s->o.list.values[i];
	str_copy(pt->name, sizeof(pt->name), s->o.list.names[i]);
	pt->iops = d.iops;
	pt->mib_s = d.mib_s;
	pt->mean_ms = d.mean_ms;
	pt->p50_ms = d.p50_ms;
	pt->p99_ms = d.p99_ms;
	pt->max_ms = d.max_ms;
	pt->inflight = d.inflight;
	pt->little = d.iops * d.mean_ms / 1000;
	pt->iops_noise = sweep_iops_noise(d.interval_iops, d.nintervals);
	if (!s->npts) {
		fill_where(s, r);
		if (r->engine_note[0] && s->hooks.run_quiet)
			sweep_warn(s, r->engine_note);
	}
	test_name(s, i, row.test, sizeof(row.test));
	save_json(s, r, row.test, stamp, pt->json, sizeof(pt->json));
	s->npts++;
	if (s->o.label) {
		str_copy(row.timestamp, sizeof(row.timestamp), iso);
		str_copy(row.json, sizeof(row.json), pt->json);
		fill_row(s, r, &d, &row);
		ret = history_append(s->hist, &row, err, len);
		if (!ret)
			s->nrows++;
	}
	figures_release(&d);
	return ret == -EINVAL || ret == -EINTR ? -EIO : ret;
}

/* What a finished run says: 0 to keep it, else -errno with @err. */
static int run_outcome(const struct sweep *s, size_t i, int ret,
		       const struct results *r, char *err, size_t len)
{
	char why[1024], name[64];

	test_name(s, i, name, sizeof(name));
	if (!ret && r->io_failure.failed) {
		results_fmt_failure(r, why, sizeof(why));
		snprintf(err, len, "%s: %s", name, why);
		return -EIO;
	}
	if (signals_stop_requested ||
	    (!ret && (r->interrupted || r->no_results))) {
		snprintf(err, len, "%s interrupted: the points before it are "
			 "kept", name);
		return -EINTR;
	}
	if (ret) {
		str_copy(why, sizeof(why), err);
		suite_space_hint(why, sizeof(why));
		snprintf(err, len, "%s: %s", name, why);
		return ret == -EINVAL || ret == -EINTR ? -EIO : ret;
	}
	return 0;
}

int sweep_run_one(struct sweep *s, size_t i, char *err, size_t len)
{
	struct run_options opt = { .progress = s->hooks.progress,
				   .progress_arg = s->hooks.arg,
				   .say = s->hooks.say,
				   .dots = s->hooks.dots,
				   .quiet = s->hooks.run_quiet };
	char why[1024] = "";
	struct profile p;
	struct results r;
	int ret;

	results_init(&r);
	ret = sweep_point_profile(s, i, i == 0, &p);
	if (ret) {
		snprintf(err, len, "out of memory");
		goto out;
	}
	if (validate_profile(&p, why, sizeof(why))) {
		snprintf(err, len, "%s%s: %s", sweep_kind_switch(s->o.list.kind),
			 s->o.list.names[i], why);
		ret = -EINVAL;
		goto out;
	}
	s->cur = i;
	if (s->hooks.point_begin)
		s->hooks.point_begin(s->hooks.arg);
	ret = run_execute(&p, &opt, &r, err, len);
	if (s->hooks.point_end)
		s->hooks.point_end(s->hooks.arg);
	ret = run_outcome(s, i, ret, &r, err, len);
	if (!ret)
		ret = keep_point(s, i, &r, err, len);
out:
	results_release(&r);
	profile_release(&p);
	return ret;
}

void sweep_view_fill(const struct sweep *s, struct sweep_view *v)
{
	memset(v, 0, sizeof(*v));
	v->kind = s->o.list.kind;
	v->pts = s->pts;
	v->npts = s->npts;
	v->label = s->o.label;
	v->switches = s->o.switches;
	v->slo_p99_ms = s->o.slo_p99_ms;
	v->where = s->where;
	v->nfind = sweep_findings(v->kind, s->pts, s->npts, s->o.slo_p99_ms,
				  &v->knee, v->find, SWEEP_MAX_FINDINGS);
}
