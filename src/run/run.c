/* run.c - one benchmark run's timeline: check and prepare the targets,
 * open them, start every worker (all set up before the clock starts),
 * then warm-up, the measured window and cool-down, stop, join, and leave
 * the counts in the results.  Signals only set the stop flag; the main
 * thread polls it in short sleeps and moves the workers to PHASE_STOP,
 * which they read once per batch.
 */
#include "run/run.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/cpuset.h"
#include "lib/rng.h"
#include "lib/signals.h"
#include "run/run_devstat.h"
#include "run/series_sampler.h"
#include "run/sysinfo.h"
#include "run/target.h"
#include "run/write_source.h"
#include "lib/util.h"
#include "run/worker.h"

#define RUN_POLL_NS 20000000ull		/* main thread's sleep slice */
#define RUN_SETUP_GRACE_MS 300	/* threads' set-up time after a signal */

struct run_ctx {
	const struct profile *p;
	const struct run_options *opt;
	struct results *r;
	struct run_target *rt;
	struct target_pin *pins;	/* per target: what the checks saw */
	struct worker *w;
	uint32_t nworkers;
	uint32_t nstarted;
	struct run_shared shared;
	struct run_series *series;	/* NULL: no interval callback */
	uint64_t start_ns, last_prog_ns, last_prog_ios, last_prog_bytes;
	double total_s;
	uint64_t phase_start_ns, phase_end_ns;	/* current phase, planned */
	uint64_t dots;			/* -P dots printed */
	int poll_ret;			/* hooks->poll ended the run: -errno */
};

/* The run is about to say a line of its own. */
static void run_pause(const struct run_ctx *c)
{
	if (c->opt->pause)
		c->opt->pause(c->opt->progress_arg);
}

/* A line for the caller to print (run_options.say): library code never
 * prints.  --quiet keeps the warnings only. */
__attribute__((format(printf, 3, 4)))
static void run_say(const struct run_ctx *c, enum note_kind kind,
		    const char *fmt, ...)
{
	char line[NOTE_LEN];
	va_list ap;

	run_pause(c);
	if (!c->opt->say || (c->opt->quiet && kind != NOTE_WARNING))
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	c->opt->say(c->opt->progress_arg, kind, line);
}

/* Fill progress goes to the caller, who draws it. */
static void run_fill_progress(void *arg, uint64_t done, uint64_t total)
{
	struct run_ctx *c = arg;

	if (c->opt->progress) {
		struct run_progress pr = {
			.phase = 0,
			.fill_done = done,
			.fill_total = total,
		};

		c->opt->progress(c->opt->progress_arg, &pr);
	}
}

static int run_prepare_targets(struct run_ctx *c, char *err, size_t errlen)
{
	const struct profile *p = c->p;
	const struct target_fill_ctl ctl = {
		.progress = run_fill_progress,
		.arg = c,
		.stop = &signals_stop_requested,
	};
	struct results *r = c->r;
	uint32_t i;
	int ret;

	c->pins = calloc(p->ntargets, sizeof(*c->pins));
	if (!c->pins)
		return errf(err, errlen, ENOMEM, "out of memory");
	for (i = 0; i < p->ntargets; i++)
		target_pin_init(&c->pins[i]);
	/* one look at each name; from here on only the pins are used */
	for (i = 0; i < p->ntargets; i++) {
		ret = target_pin_take(&c->pins[i], &p->targets[i]);
		if (ret)
			return errf(err, errlen, -ret, "cannot open '%s': %s",
				    p->targets[i].path, strerror(-ret));
		ret = target_check_safe(&p->targets[i], &c->pins[i],
					p->allow_device_writes, err, errlen);
		if (ret)
			return ret;
	}
	for (i = 0; i < p->ntargets && !signals_stop_requested; i++) {
		str_copy(r->targets[i].path, sizeof(r->targets[i].path),
			 p->targets[i].path);
		ret = target_prepare(&p->targets[i], &c->pins[i],
				     &r->targets[i], &ctl, err, errlen);
		if (ret == -EINTR && signals_stop_requested) {
			/* an interrupted fill is an interrupted run: no
			 * results, exit 128+N (run_execute sees the flag) */
			run_say(c, NOTE_NOTE, "%s", err);
			err[0] = '\0';
			return 0;
		}
		if (ret)
			return ret;
	}
	return 0;
}

static int run_open_targets(struct run_ctx *c, char *err, size_t errlen)
{
	const struct profile *p = c->p;
	struct results *r = c->r;
	uint32_t i;
	int ret;

	c->rt = calloc(p->ntargets, sizeof(*c->rt));
	if (!c->rt)
		return -ENOMEM;
	for (i = 0; i < p->ntargets; i++)
		c->rt[i].t.fd = -1;
	for (i = 0; i < p->ntargets; i++) {
		struct run_target *rt = &c->rt[i];

		rt->opts = &p->targets[i];
		ret = target_open(&rt->t, rt->opts, &c->pins[i], err, errlen);
		if (ret)
			return ret;
		target_describe(&rt->t, &r->targets[i]);
		if (!r->targets[i].irq_cpus[0] && r->targets[i].device[0])
			sysinfo_irq_cpus(r->targets[i].device,
					 r->targets[i].irq_cpus,
					 sizeof(r->targets[i].irq_cpus));
		ret = write_source_load(rt, p->seed, err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

/* CPUs this process may run on, for -a without a list. */
static uint32_t run_allowed_cpus(uint32_t *cpus, uint32_t max)
{
	cpu_set_t set;
	uint32_t n = 0, i;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 0;
	for (i = 0; i < CPU_SETSIZE && n < max; i++)
		if (CPU_ISSET(i, &set))
			cpus[n++] = i;
	return n;
}

static int32_t run_worker_cpu(const struct profile *p, uint32_t i,
			      const uint32_t *allowed, uint32_t nallowed)
{
	if (!p->affinity_given || p->affinity_disabled)
		return -1;
	if (p->ncpus)
		return (int32_t)p->cpus[i % p->ncpus];
	return nallowed ? (int32_t)allowed[i % nallowed] : -1;
}

/* Requests per target of one thread (-o); -F -O pools them instead
 * (worker.pool_slots). */
static uint32_t run_pool_depth(const struct profile *p, uint32_t i)
{
	return p->targets[i].outstanding ? p->targets[i].outstanding : 1;
}

/* The targets -F thread @i drives: all, unless <ThreadTargets> says. */
static uint32_t run_pool_targets(const struct profile *p, uint32_t i)
{
	uint32_t j, n = 0;

	for (j = 0; j < p->ntargets; j++)
		n += target_driven_by(&p->targets[j], i, NULL);
	return n;
}

/* Thread ids are target-major: target 1 gets threads 0..t-1, target 2
 * the next t, and so on; with -F every thread drives every target. */
static int run_plan_workers(struct run_ctx *c)
{
	const struct profile *p = c->p;
	uint32_t allowed[PROFILE_MAX_CPUS];
	uint32_t nallowed = run_allowed_cpus(allowed, PROFILE_MAX_CPUS);
	uint32_t i, j, k = 0, nrows = 0, nint = 0;
	int ret;

	c->nworkers = profile_thread_count(p);
	if (!c->nworkers)
		return -EINVAL;
	c->w = calloc(c->nworkers, sizeof(*c->w));
	if (!c->w)
		return -ENOMEM;
	for (i = 0; i < c->nworkers; i++)
		nrows += p->pool_threads ? run_pool_targets(p, i) : 1;
	if (p->iops_interval_ms)
		nint = (uint32_t)(((uint64_t)p->duration_s * 1000 +
				   p->iops_interval_ms - 1) /
				  p->iops_interval_ms);
	ret = results_alloc_rows(c->r, nrows, nint);
	if (ret)
		return ret;
	c->r->interval_ms = p->iops_interval_ms;
	for (i = 0; i < c->nworkers; i++) {
		struct worker *w = &c->w[i];

		w->p = p;
		w->shared = &c->shared;
		w->targets = c->rt;
		w->id = i;
		w->nintervals = nint;
		w->cpu = run_worker_cpu(p, i, allowed, nallowed);
		w->rows = &c->r->rows[k];
		if (p->pool_threads) {
			uint32_t n = 0, wgt;

			w->pool_slots = p->pool_requests;
			for (j = 0; j < p->ntargets; j++) {
				/* <ThreadTargets>: only the threads named */
				if (!target_driven_by(&p->targets[j], i, &wgt))
					continue;
				w->tidx[n] = j;
				w->depth[n] = run_pool_depth(p, j);
				w->thread_in_target[n] = i;
				w->weight[n++] = wgt;
			}
			w->ntargets = n;
		} else {
			uint32_t first = 0;

			for (j = 0; j + 1 < p->ntargets &&
				    i >= first + p->targets[j].threads; j++)
				first += p->targets[j].threads;
			w->ntargets = 1;
			w->tidx[0] = j;
			w->depth[0] = run_pool_depth(p, j);
			w->thread_in_target[0] = i - first;
		}
		for (j = 0; j < w->ntargets; j++) {
			w->rows[j].thread = i;
			w->rows[j].target = w->tidx[j];
			w->rows[j].cpu = w->cpu;
		}
		k += w->ntargets;
	}
	return run_series_new(&c->series, c->opt->interval,
			      c->opt->progress_arg, c->opt->interval_ms, p,
			      c->r, c->w, c->nworkers);
}

/* A signal came while threads still fill their buffers (gigabytes take
 * seconds) and they cannot be joined before they finish: quit now as a
 * second signal would, removing our files; no report is lost, as there
 * are no measurements yet. */
static void run_quit_in_setup(const struct run_ctx *c)
{
	run_say(c, NOTE_NOTE, "interrupted while %u threads were setting "
		"up: quitting", c->nstarted - (uint32_t)atomic_load_explicit(
			&c->shared.nready, memory_order_acquire));
	fflush(NULL);
	/* the stop flag is set: the handler takes its second-signal path */
	raise(signals_stop_signo ? signals_stop_signo : SIGINT);
}

static int run_start_workers(struct run_ctx *c, char *err, size_t errlen)
{
	unsigned int waited_ms = 0;
	sigset_t block, old;
	uint32_t i;
	int ret = 0;

	/* Workers never take the stop signals: the main thread does, and
	 * moves every worker to PHASE_STOP, seen at its next batch.  The
	 * mask is lifted between two starts so a Ctrl+C lands at once;
	 * thousands of threads take a while. */
	signals_set(&block, true);
	for (i = 0; i < c->nworkers && !signals_stop_requested; i++) {
		pthread_sigmask(SIG_BLOCK, &block, &old);
		ret = worker_start(&c->w[i]);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		if (ret)
			break;
		c->nstarted++;
	}
	if (ret)
		return errf(err, errlen, -ret, "cannot start thread %u: %s",
			    c->nstarted, strerror(-ret));
	/* The clock starts only when every worker has its engine, buffers
	 * and generators ready.  Started workers are waited for even after
	 * a signal: they write their engine facts until they count in. */
	while (atomic_load_explicit(&c->shared.nready, memory_order_acquire) <
	       c->nstarted) {
		struct timespec ts = { .tv_sec = 0, .tv_nsec = 1000000 };

		nanosleep(&ts, NULL);
		if (signals_stop_requested && ++waited_ms > RUN_SETUP_GRACE_MS)
			run_quit_in_setup(c);
	}
	if (signals_stop_requested)	/* the timeline sees it, ends at once */
		c->nworkers = c->nstarted;
	for (i = 0; i < c->nworkers; i++)
		if (c->w[i].warn[0])
			run_say(c, NOTE_WARNING, "%s", c->w[i].warn);
	for (i = 0; i < c->nworkers; i++)
		if (c->w[i].err)
			return errf(err, errlen, -c->w[i].err, "%s",
				    c->w[i].errmsg);
	return 0;
}

static bool cpu_in_list(const char *list, int32_t cpu)
{
	struct cpuset set;

	cpuset_clear(&set);
	return cpu >= 0 && !cpuset_parse(&set, list) &&
	       cpuset_has(&set, (unsigned long)cpu);
}

/* Engine facts and affinity warnings, known once workers are set up. */
static void run_engine_facts(struct run_ctx *c)
{
	struct results *r = c->r;
	uint32_t i;

	str_copy(r->engine, sizeof(r->engine), c->w[0].engine_name);
	for (i = 0; i < c->nworkers; i++) {
		if (c->w[i].note[0]) {
			str_copy(r->engine_note, sizeof(r->engine_note),
				 c->w[i].note);
			break;
		}
	}
	if (r->engine_note[0])
		run_say(c, NOTE_NOTE, "%s", r->engine_note);
	for (i = 0; i < c->nworkers; i++) {
		const struct worker *w = &c->w[i];
		const struct target_info *ti = &r->targets[w->tidx[0]];

		if (w->cpu < 0 || !ti->irq_cpus[0] ||
		    cpu_in_list(ti->irq_cpus, w->cpu))
			continue;
		results_warn(r, "thread %u is pinned to cpu %d but interrupts of '%s' are served by cpus %s: latency includes a cross-cpu wakeup",
			     w->id, w->cpu, ti->device, ti->irq_cpus);
	}
}

static void run_progress_tick(struct run_ctx *c, int phase, uint64_t now)
{
	struct run_progress pr = { .phase = phase };
	uint64_t ios = 0, bytes = 0;
	double dt;
	uint32_t i;

	if (!c->opt->progress || now - c->last_prog_ns < 1000000000ull)
		return;
	for (i = 0; i < c->nworkers; i++) {
		ios += atomic_load_explicit(&c->w[i].pub_ios,
					    memory_order_relaxed);
		bytes += atomic_load_explicit(&c->w[i].pub_bytes,
					      memory_order_relaxed);
	}
	dt = (double)(now - c->last_prog_ns) / 1e9;
	pr.elapsed_s = (double)(now - c->start_ns) / 1e9;
	pr.total_s = c->total_s;
	pr.phase_elapsed_s = (double)(now - c->phase_start_ns) / 1e9;
	pr.phase_total_s = (double)(c->phase_end_ns - c->phase_start_ns) / 1e9;
	pr.iops = (double)(ios - c->last_prog_ios) / dt;
	pr.mib_s = (double)(bytes - c->last_prog_bytes) / 1048576.0 / dt;
	c->last_prog_ns = now;
	c->last_prog_ios = ios;
	c->last_prog_bytes = bytes;
	c->opt->progress(c->opt->progress_arg, &pr);
}

/* -P: a dot for every progress_every I/Os the threads did (any phase),
 * handed to the caller at the main thread's poll so the workers' per-I/O
 * path only counts. */
static void run_dots(struct run_ctx *c)
{
	uint64_t ios = 0, due;
	uint32_t i;

	if (!c->p->progress_every || c->opt->quiet || !c->opt->dots)
		return;
	for (i = 0; i < c->nstarted; i++)
		ios += atomic_load_explicit(&c->w[i].pub_ios,
					    memory_order_relaxed);
	due = ios / c->p->progress_every;
	if (c->dots < due) {
		c->opt->dots(c->opt->progress_arg, (size_t)(due - c->dots));
		c->dots = due;
	}
}

/* Sleep until @until_ns in short slices.  False when a signal or a
 * failed worker cut it short. */
static bool run_wait(struct run_ctx *c, int phase, uint64_t from_ns,
		     uint64_t until_ns)
{
	c->phase_start_ns = from_ns;
	c->phase_end_ns = until_ns;
	for (;;) {
		uint64_t now = clock_now_ns(), next;

		if (!c->poll_ret && c->opt->hooks && c->opt->hooks->poll)
			c->poll_ret = c->opt->hooks->poll(c->opt->hooks->ctx);
		if (signals_stop_requested || c->poll_ret ||
		    atomic_load_explicit(&c->shared.nexited,
					 memory_order_acquire))
			return false;
		run_series_poll(c->series, now);
		if (now >= until_ns)
			return true;
		run_progress_tick(c, phase, now);
		run_dots(c);
		next = now + RUN_POLL_NS < until_ns ? now + RUN_POLL_NS :
						      until_ns;
		if (run_series_next_ns(c->series) < next)
			next = run_series_next_ns(c->series);
		clock_sleep_until_ns(next);
	}
}

static void run_set_phase(struct run_ctx *c, int phase)
{
	atomic_store_explicit(&c->shared.phase, phase, memory_order_release);
	syscall(SYS_futex, (int *)&c->shared.phase, FUTEX_WAKE_PRIVATE,
		INT_MAX, NULL, NULL, 0);	/* workers waiting in PHASE_INIT */
}

/* Warm-up, measured window, cool-down.  Fills the time, CPU and the
 * interruption state of the results. */
static void run_timeline(struct run_ctx *c)
{
	const struct profile *p = c->p;
	struct results *r = c->r;
	struct cpu_ticks a = { 0 }, b = { 0 };
	uint64_t t0, t1;
	bool full, have_a;

	c->start_ns = c->last_prog_ns = clock_now_ns();
	c->total_s = p->warmup_s + p->duration_s + p->cooldown_s;
	if (p->verbose && p->group_affinity)
		run_say(c, NOTE_NOTE, "<GroupAffinity> is ignored, as DiskSpd "
			"ignores it: threads are pinned by <Affinity> only");
	if (p->verbose && p->warmup_s)
		run_say(c, NOTE_PLAIN, "starting warm up for %us...",
			p->warmup_s);
	run_set_phase(c, PHASE_WARMUP);
	if (!run_wait(c, 1, c->start_ns,
		      c->start_ns + (uint64_t)p->warmup_s * 1000000000ull)) {
		r->no_results = true;
		r->interrupted = signals_stop_requested != 0;
		return;
	}
	have_a = sysinfo_cpu_snapshot(&a) == 0;
	t0 = clock_now_ns();
	devstat_begin(r, t0);	/* the kernel's counters: window edges */
	r->window_start_unix_ns = clock_wall_ns();
	atomic_store_explicit(&c->shared.window_start_ns, t0,
			      memory_order_relaxed);
	run_series_start(c->series, t0);
	if (p->verbose)
		run_say(c, NOTE_PLAIN, "starting measurements for %us...",
			p->duration_s);
	run_set_phase(c, PHASE_MEASURE);
	full = run_wait(c, 2, t0, t0 + (uint64_t)p->duration_s * 1000000000ull);
	t1 = clock_now_ns();
	run_series_end(c->series, t1);
	run_set_phase(c, full ? PHASE_COOLDOWN : PHASE_STOP);
	devstat_end(r, t1);
	if (have_a && sysinfo_cpu_snapshot(&b) == 0)
		sysinfo_cpu_usage(&a, &b, &r->cpus, &r->ncpus);
	if (have_a)
		sysinfo_cpu_release(&a);
	sysinfo_cpu_release(&b);
	r->test_time_s = (double)(t1 - t0) / 1e9;
	if (p->verbose)		/* DiskSpd's -v progress lines, on stderr */
		run_say(c, NOTE_PLAIN, "stopped measurements, total measured "
			"time %.2fs...", r->test_time_s);
	if (!full && signals_stop_requested) {
		r->interrupted = true;
		run_say(c, NOTE_PLAIN, "*** Interrupted by signal. Stopping "
			"I/O. ***");
	}
	if (full && p->cooldown_s) {
		if (p->verbose)
			run_say(c, NOTE_PLAIN, "starting cool down for %us...",
				p->cooldown_s);
		run_wait(c, 3, t1,
			 t1 + (uint64_t)p->cooldown_s * 1000000000ull);
	}
	if (p->verbose)
		run_say(c, NOTE_PLAIN, "finished test...");
}

static int run_collect(struct run_ctx *c, char *err, size_t errlen)
{
	uint64_t ios = 0, calls = 0;
	uint32_t i;
	int ret = 0;

	for (i = 0; i < c->nworkers; i++) {
		const struct worker *w = &c->w[i];

		ios += w->ios;
		calls += w->syscalls;
		if (w->err && !ret)
			ret = errf(err, errlen, -w->err, "%s", w->errmsg);
		if (w->fail.failed)
			c->r->io_failure = w->fail;
	}
	c->r->ios_per_call = calls ? (double)ios / (double)calls : 0.0;
	c->r->thread_count = c->nworkers;
	results_fill_dist(c->r);
	return ret;
}

/* Buffered and mapped writes land in the page cache: a device that fails
 * them says so only at write-back.  Each written target is synced after
 * the measured window (its time is not measured), so such a run fails
 * instead of reporting the cache's speed. */
static void run_sync_writes(struct run_ctx *c)
{
	uint32_t i;

	if (c->r->io_failure.failed || signals_stop_requested)
		return;
	for (i = 0; i < c->p->ntargets; i++) {
		const struct target_opts *o = &c->p->targets[i];
		int fd = c->rt[i].t.fd;

		if (!o->write_pct || o->write_through || fd < 0 ||
		    (o->cache != CACHE_BUFFERED && o->cache != CACHE_MMAP))
			continue;
		if (!fsync(fd) || errno == EINVAL || errno == EROFS)
			continue;
		c->r->io_failure = (struct io_failure){
			.failed = true, .target = i, .write = true,
			.offset = IO_FAILURE_WRITEBACK, .err = errno,
		};
		return;
	}
}

static void run_release(struct run_ctx *c)
{
	uint32_t i;

	if (c->rt) {
		for (i = 0; i < c->p->ntargets; i++) {
			if (c->rt[i].t.fd >= 0)
				target_close(&c->rt[i].t);
			free(c->rt[i].wsrc);
		}
	}
	free(c->rt);
	if (c->pins)
		for (i = 0; i < c->p->ntargets; i++)
			target_pin_release(&c->pins[i]);
	free(c->pins);
	free(c->w);
	run_series_free(c->series);
}

int run_execute(const struct profile *p, const struct run_options *opt,
		struct results *r, char *err, size_t errlen)
{
	static const struct run_options no_opt = { 0 };
	struct run_ctx c = { .p = p, .opt = opt ? opt : &no_opt, .r = r };
	uint32_t i;
	int ret;

	atomic_init(&c.shared.phase, PHASE_INIT);
	ret = profile_copy(&r->profile, p);
	if (ret)
		return errf(err, errlen, ENOMEM, "out of memory copying the profile");
	str_copy(r->version, sizeof(r->version), IOPROBE_VERSION);
	r->ntargets = p->ntargets;
	r->thread_count = profile_thread_count(p);
	ret = run_prepare_targets(&c, err, errlen);
	if (!ret && c.opt->hooks && c.opt->hooks->prepared)
		ret = c.opt->hooks->prepared(c.opt->hooks->ctx, err, errlen);
	if (!ret && !signals_stop_requested)
		ret = run_open_targets(&c, err, errlen);
	if (!ret && signals_stop_requested) {
		r->no_results = r->interrupted = true;
		goto out;
	}
	if (ret)
		goto out;
	sysinfo_gather(&r->sys);
	ret = run_plan_workers(&c);
	if (ret) {
		errf(err, errlen, -ret, "cannot plan %u threads: %s",
		     profile_thread_count(p), strerror(-ret));
		goto out;
	}
	ret = run_start_workers(&c, err, errlen);
	if (!ret && c.opt->hooks && c.opt->hooks->ready)
		ret = c.opt->hooks->ready(c.opt->hooks->ctx, err, errlen);
	if (!ret) {
		run_engine_facts(&c);
		run_timeline(&c);
	}
	run_set_phase(&c, PHASE_STOP);
	for (i = 0; i < c.nstarted; i++)
		worker_join(&c.w[i]);
	if (c.nstarted)
		run_dots(&c);	/* the I/Os since the last poll */
	if (!ret && c.poll_ret)
		ret = errf(err, errlen, -c.poll_ret, "stopped while running");
	if (!ret)
		ret = run_collect(&c, err, errlen);
	if (!ret)
		run_sync_writes(&c);
out:
	run_release(&c);
	return ret;
}
