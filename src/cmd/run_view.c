/* run_view.c - a plain run's live status and --series file (see
 * run_view.h): the run's progress, interval and pause callbacks.
 */
#include "cmd/run_view.h"
#include "cmd/diag.h"

#include <string.h>

/* The status line's P99 needs the live histograms (about 94 KiB per
 * thread and target on a terminal): above this many rows it shows IOPS
 * and MiB/s alone, and a -t4096 run keeps its memory plan. */
#define RUN_VIEW_LIVE_ROWS 256

static void view_progress(void *arg, const struct run_progress *rp)
{
	struct run_view *v = arg;

	if (rp->phase == 0 || v->status)
		live_status_progress(&v->ls, rp);
}

static void view_interval(void *arg, const struct series_row *rows,
			  uint32_t nrows, const struct series_row *total)
{
	struct run_view *v = arg;

	/* a failed write is kept in v->sf and reported at the end */
	if (v->series)
		series_file_write(&v->sf, rows, nrows);
	if (v->status)
		live_status_interval(&v->ls, total);
}

static void view_pause(void *arg)
{
	struct run_view *v = arg;

	progress_clear(&v->pg);
}

int run_view_open(struct run_view *v, const struct profile *p,
		  struct run_options *opt, char *err, size_t errlen)
{
	int ret;

	memset(v, 0, sizeof(*v));
	progress_init(&v->pg, p->quiet);
	live_status_init(&v->ls, &v->pg, p);
	/* -P prints its dots on the same terminal: DiskSpd's progress,
	 * asked for, wins */
	v->status = progress_live(&v->pg) && !p->progress_every;
	if (p->series_path) {
		ret = series_file_open(&v->sf, p, err, errlen);
		if (ret)
			return ret;
		v->series = true;
	}
	opt->progress_arg = v;
	opt->pause = view_pause;
	opt->say = diag_say;
	opt->dots = diag_dots;
	opt->quiet = p->quiet;
	if (progress_live(&v->pg))
		opt->progress = view_progress;	/* the fill, the status */
	if (v->series || (v->status && (uint64_t)profile_thread_count(p) *
			  (p->pool_threads ? p->ntargets : 1) <=
			  RUN_VIEW_LIVE_ROWS)) {
		opt->interval = view_interval;
		opt->interval_ms = series_interval_ms(p);
	}
	return 0;
}

int run_view_close(struct run_view *v, char *err, size_t errlen)
{
	progress_clear(&v->pg);
	if (!v->series)
		return 0;
	v->series = false;
	return series_file_close(&v->sf, err, errlen);
}
