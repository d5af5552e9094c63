/* fleet_run.c - one rank's part of a fleet run: expand and check its
 * profile, run it with two meeting points (targets prepared; workers
 * ready), and hand its result or its error to fleet_collect.c.
 *
 * Every rank passes the same collective steps in the same order, also
 * when it failed: a step is an element-wise maximum whose first value
 * says whether any rank failed, so a failure stops every rank at its
 * next step instead of leaving the others waiting.  The "ready" step
 * also agrees on a start edge on the wall clock, a little after the last
 * rank came, and every rank sleeps until it: the measured windows then
 * start together, whatever the delay each rank saw the step end with.
 *
 * Once running, a rank that fails (a failed I/O, a worker's error) tells
 * the others at once (fleet_watch_tell); they see it at their next poll
 * of the timeline and stop, rather than running to the end.
 */
#include "fleet/fleet_run.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "fleet/fleet_expand.h"
#include "lib/clock.h"
#include "lib/signals.h"
#include "lib/util.h"
#include "report/output.h"
#include "results/results_fleet.h"
#include "run/run.h"
#include "run/validate.h"

#define FLEET_PREPARE_TIMEOUT_S 3600.0	/* a fill may take long */
#define FLEET_READY_TIMEOUT_S 600.0	/* buffers, engines */
#define FLEET_START_LEAD_NS 100000000ull	/* start edge after the last */

enum { STAGE_PREPARED = 1, STAGE_READY = 2 };

/* Step @stage with this rank's @failed; *edge_ns gets the agreed start
 * edge.  0, 1 when another rank failed, or -errno (fr->comm_err). */
static int fleet_stage(struct fleet_run *fr, int stage, bool failed,
		       uint64_t *edge_ns)
{
	uint64_t v[2] = { failed, clock_wall_ns() + FLEET_START_LEAD_NS };
	double timeout = stage == STAGE_PREPARED ? FLEET_PREPARE_TIMEOUT_S :
						   FLEET_READY_TIMEOUT_S;
	int ret = fleet_allmax(fr->f, v, 2, timeout);

	fr->stage = stage;
	if (ret) {
		fr->comm_err = ret;
		return ret;
	}
	if (edge_ns)
		*edge_ns = v[1];
	return v[0] && !failed ? 1 : 0;
}

/* What a hook returns for the outcome of a step. */
static int fleet_hook_ret(struct fleet_run *fr, int ret, char *err,
			  size_t errlen)
{
	if (ret < 0)
		return errf(err, errlen, -ret, "no answer from every rank "
			    "at the start (%s)", strerror(-ret));
	if (ret > 0) {
		fr->secondary = true;
		return errf(err, errlen, ECANCELED,
			    "stopped: another rank failed");
	}
	return 0;
}

static int fleet_prepared(void *ctx, char *err, size_t errlen)
{
	struct fleet_run *fr = ctx;

	if (fr->stage >= STAGE_PREPARED)	/* met before the run */
		return 0;
	return fleet_hook_ret(fr, fleet_stage(fr, STAGE_PREPARED, false, NULL),
			      err, errlen);
}

static void sleep_until_wall(uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000ull),
			       .tv_nsec = (long)(ns % 1000000000ull) };

	while (!signals_stop_requested &&
	       clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts, NULL) ==
		       EINTR)
		;
}

static int fleet_ready(void *ctx, char *err, size_t errlen)
{
	struct fleet_run *fr = ctx;
	uint64_t edge = 0;
	int ret = fleet_stage(fr, STAGE_READY, false, &edge);

	if (!ret)
		sleep_until_wall(edge);
	return fleet_hook_ret(fr, ret, err, errlen);
}

/* The timeline's poll: another rank's stop message ends this run. */
static int fleet_poll(void *ctx)
{
	struct fleet_run *fr = ctx;
	uint32_t from;

	if (!fleet_watch_poll(fr->f, &from))
		return 0;
	fr->secondary = true;
	fr->stopped_by = from;
	return -ECANCELED;
}

/* This rank failed while the others run: they stop now, not at the end
 * (a signal reaches every rank by itself). */
static void fleet_tell(struct fleet_run *fr)
{
	if (fr->stage >= STAGE_READY && !fr->secondary &&
	    !signals_stop_requested)
		fleet_watch_tell(fr->f);
}

/* Expand, validate, check the outputs: the checks main.c makes before a
 * run, on this rank's paths.  0 or the usage status 2 (1: no memory). */
static int fleet_check(struct fleet_run *fr)
{
	int ret = fleet_expand_profile(&fr->own, fr->tmpl, fr->f->rank,
				       fr->f->host, fr->err, sizeof(fr->err));

	if (ret)
		return ret == -ENOMEM ? 1 : 2;
	fr->have_own = true;
	if (validate_profile(&fr->own, fr->err, sizeof(fr->err)) ||
	    output_check(&fr->own, fr->err, sizeof(fr->err)))
		return 2;
	return 0;
}

/* The exit status of a failed run_execute(), as main.c gives it. */
static int fleet_run_status(int ret)
{
	if (signals_stop_requested)
		return signals_exit_status();
	return ret == -EEXIST ? 2 : 1;
}

/* This rank's run; fr->status and fr->have_r say how it went. */
static void fleet_execute(struct fleet_run *fr)
{
	const struct run_hooks hooks = {
		.prepared = fleet_prepared,
		.ready = fleet_ready,
		.poll = fleet_poll,
		.ctx = fr,
	};
	struct run_options opt = { .quiet = fr->f->rank != 0 };
	int ret;

	if (fr->how.base && !fr->f->rank)
		opt = *fr->how.base;
	else if (fr->how.base)	/* quiet: its warnings only */
		opt.say = fr->how.base->say;
	opt.hooks = &hooks;

	ret = run_execute(&fr->own, &opt, &fr->r, fr->err, sizeof(fr->err));
	if (ret) {
		fr->status = fleet_run_status(ret);
		if (fr->secondary && fr->stage >= STAGE_READY)
			snprintf(fr->err, sizeof(fr->err), "stopped: rank %u "
				 "failed", fr->stopped_by);
		fleet_tell(fr);
		return;
	}
	/* a failed I/O ended this rank's run early: the run failed */
	if (fr->r.io_failure.failed && !fr->own.continue_on_error) {
		results_fmt_failure(&fr->r, fr->err, sizeof(fr->err));
		fr->status = 1;
		fleet_tell(fr);
		return;
	}
	ret = results_fleet_own(&fr->r, fr->f->rank, fr->f->size,
				fr->f->host);
	if (ret) {
		fr->status = 1;
		errf(fr->err, sizeof(fr->err), ENOMEM, "out of memory");
		return;
	}
	fr->have_r = true;
	/* stopped before the window: the others must not start theirs */
	if (fr->r.no_results && signals_stop_requested)
		fr->status = signals_exit_status();
}

int fleet_run(struct fleet_run *fr, struct fleet *f,
	      const struct profile *tmpl)
{
	return fleet_run_how(fr, f, tmpl, NULL);
}

int fleet_run_how(struct fleet_run *fr, struct fleet *f,
		  const struct profile *tmpl, const struct fleet_run_how *how)
{
	int ret;

	memset(fr, 0, sizeof(*fr));
	fr->f = f;
	fr->tmpl = tmpl;
	if (how)
		fr->how = *how;
	results_init(&fr->r);
	results_init(&fr->merged);
	fr->comm_err = fleet_watch_start(f);
	fr->status = fleet_check(fr);
	/* a file all ranks share is created by rank 0 alone: the others
	 * meet it once it is prepared, before their own run */
	if (f->rank &&
	    (fr->status || (!fr->how.own_files && fleet_shared_create(tmpl))) &&
	    fleet_stage(fr, STAGE_PREPARED, fr->status != 0, NULL) > 0) {
		fr->secondary = true;
		fr->status = 1;
	}
	if (!fr->status && !fr->comm_err)
		fleet_execute(fr);
	while (fr->stage < STAGE_READY && !fr->comm_err)
		if (fleet_stage(fr, fr->stage + 1, fr->status != 0, NULL) > 0 &&
		    !fr->status) {
			fr->secondary = true;
			fr->status = 1;
		}
	if (fr->comm_err)
		return errf(fr->err, sizeof(fr->err), -fr->comm_err,
			    "no answer from every rank at the start: %s",
			    strerror(-fr->comm_err));
	ret = fleet_watch_end(f, fleet_end_wait_s(tmpl));
	if (ret)
		return errf(fr->err, sizeof(fr->err), -ret, "no answer from "
			    "every rank at the end: %s", strerror(-ret));
	return fleet_collect(fr);
}

int fleet_run_finish(struct fleet_run *fr, int *status)
{
	uint64_t v = (uint64_t)*status;
	int ret = fleet_bcast(fr->f, &v, FLEET_READY_TIMEOUT_S);

	if (!ret)
		*status = (int)v;
	return ret;
}

void fleet_run_release(struct fleet_run *fr)
{
	if (fr->have_own)
		profile_release(&fr->own);
	results_release(&fr->r);
	results_release(&fr->merged);
	fr->have_own = fr->have_r = false;
}
