/* cmd_suite.c - `ioprobe suite PATH --label LABEL`: reads the options, then
 * prints the plan, live progress, a summary and findings of the tests
 * workflow/suite.h runs, and compares with an earlier label right away
 * (the text, or an --html page).  Picks the exit status: 0 done, 1 a test
 * or the test file failed, 2 usage, 128+N interrupted.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/diag.h"
#include "cmd/progress.h"
#include "cmd/run_findings.h"
#include "cmd/subcmd.h"
#include "cmd/fleet_cmd.h"
#include "cmd/suite_args.h"
#include "cmd/suite_fleet.h"
#include "cmd/suite_where.h"
#include "lib/atomic_file.h"
#include "lib/fmt.h"
#include "lib/path.h"
#include "lib/util.h"
#include "report/report_suite.h"
#include "lib/signals.h"
#include "run/run.h"
#include "workflow/baseline.h"
#include "workflow/cloud_compare.h"
#include "workflow/compare.h"
#include "workflow/history.h"
#include "workflow/history_guard.h"
#include "workflow/interpret.h"
#include "workflow/verdict.h"
#include "workflow/leftovers.h"
#include "workflow/suite.h"

#define MIB (1024.0 * 1024.0)

/* The suite and what the terminal side keeps. */
struct suite_cli {
	struct suite s;
	FILE *info;		/* plan, summary, findings */
	struct progress pg;	/* the one progress line (--quiet: none) */
	double est_s;		/* the plan's estimate */
	double last_line_s;	/* progress: last line printed, s */
	int last_phase;
	const char *prog;	/* how ioprobe was started, for "next:" */
	struct suite_fleet sf;	/* under mpirun: the other ranks */
	char msg[PATH_MAX + 512];	/* a failed step's message */
};

/* ---- progress ------------------------------------------------------ */

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
	struct suite_cli *c = arg;
	const struct suite *s = &c->s;
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
			 progress_phase_name(ph), p->phase_elapsed_s,
			 p->phase_total_s, left, p->iops, p->mib_s);
	if (c->pg.tty) {
		progress_draw(&c->pg, line);
	} else if (ph != c->last_phase || p->elapsed_s - c->last_line_s >= 10) {
		progress_log(&c->pg, line);
		c->last_line_s = p->elapsed_s;
	}
	c->last_phase = ph;
}

static void progress_end(void *arg)
{
	struct suite_cli *c = arg;

	progress_clear(&c->pg);
}

static void progress_begin(void *arg)
{
	struct suite_cli *c = arg;

	c->last_phase = -1;
	c->last_line_s = 0;
}

static void suite_warning(void *arg, const char *msg)
{
	struct suite_cli *c = arg;

	progress_clear(&c->pg);
	warnf("%s", msg);
}

static void print_plan(struct suite_cli *c)
{
	const struct suite *s = &c->s;
	size_t i;
	char sw[640], files[SUITE_MAX_PATHS * 256];
	double fill_guess = s->nfiles * s->o.file_bytes /
			    (200 * MIB);	/* ~200 MB/s */

	c->est_s = (double)s->nprof * s->o.runs *
			   (s->o.duration_s + s->o.warmup_s) +
		   fill_guess;
	suite_files_joined(s, HISTORY_TARGET_SEP, files, sizeof(files));
	fprintf(c->info, "ioprobe suite '%s': %zu test%s on %s (%.0f MiB%s, "
			 "created now, %s afterwards)\n", s->o.label, s->nprof,
		s->nprof == 1 ? "" : "s", files,
		(double)s->o.file_bytes / MIB, s->nfiles > 1 ? " each" : "",
		s->o.keep ? "kept" : "deleted");
	suite_print_where(&c->s, c->info);
	for (i = 0; i < s->nprof; i++) {
		suite_full_switches(s, i, false, sw, sizeof(sw));
		fprintf(c->info, "  %-11s %s\n  %-11s   %s\n", s->prof[i].name,
			s->prof[i].desc, "", sw);
	}
	fprintf(c->info, "time: about %.0f s (%zu x (%u s warm-up + %u s "
			 "measured) + filling the file)\n", c->est_s, s->nprof,
		s->o.warmup_s, s->o.duration_s);
	if (s->o.runs > 1)
		fprintf(c->info, "runs: each test %u times, the profiles "
			"interleaved (time above includes them)\n", s->o.runs);
	if (c->sf.on)
		fprintf(c->info, "mpi: %u ranks at once, each on its own test "
			"file (rank 0's above); one history row per test for "
			"them all\n", c->sf.f.size);
	fprintf(c->info, "history: %s\n", s->hist);
	fflush(c->info);
}

/* Under a test run on several PATHs: a line per test file. */
static void print_targets(const struct suite_cli *c,
			  const struct target_summary *t)
{
	char name[16], a[32], b[32], p99[32];
	uint32_t k;

	for (k = 0; c->s.nfiles > 1 && k < t->n; k++) {
		const struct target_sum *x = &t->t[k];

		snprintf(name, sizeof(name), "  target %" PRIu32, x->target);
		fmt_count(a, sizeof(a), x->iops);
		fmt_latency_ms(b, sizeof(b), x->lat_mean_ns / 1e6);
		fmt_latency_ms(p99, sizeof(p99), (double)x->lat_p99_ns / 1e6);
		fprintf(c->info, "%-12s %10s %9.1f %11s %11s  %s\n", name, a,
			x->mib_s, x->has_lat ? b : "N/A",
			x->has_lat ? p99 : "N/A",
			x->target < c->s.nfiles ?
				c->s.files[x->target].name : "?");
	}
}

/* After a test's row: the burst phase and the whole window, when the
 * row shows the sustained phase (figures.h's headline). */
static void print_burst(const struct suite_cli *c, const struct cmp_detail *d)
{
	char a[32], w[32];

	fmt_count(a, sizeof(a), d->burst_iops);
	fmt_count(w, sizeof(w), d->window_iops);
	fprintf(c->info, "  sustained; burst %s IOPS for the first %.1f s, "
		"whole window %s", a, d->burst_s, w);
}

static void print_summary(const struct suite_cli *c)
{
	const struct suite *s = &c->s;
	char a[32], b[32], p99[32], d[32], e[32];
	size_t i;

	fprintf(c->info, "\n%-12s %10s %9s %10s %10s", "test", "IOPS",
		"MiB/s", "avg lat", "P99 lat");
	if (s->o.wide)
		fprintf(c->info, " %10s %10s", "P99.9 lat", "max lat");
	fputc('\n', c->info);
	for (i = 0; i < s->nres; i++) {
		const struct history_row *r = &s->res[i].row;

		fmt_count(a, sizeof(a), r->iops);
		fmt_latency_ms(b, sizeof(b), r->mean_ms);
		fmt_latency_ms(p99, sizeof(p99), r->p99_ms);
		fprintf(c->info, "%-12s %10s %9.1f %11s %11s", r->test, a,
			r->mib_s, b, p99);
		if (s->o.wide) {
			fmt_latency_ms(d, sizeof(d), r->p999_ms);
			fmt_latency_ms(e, sizeof(e), r->max_ms);
			fprintf(c->info, " %11s %11s", d, e);
		}
		if (s->res[i].fig.sustained)
			print_burst(c, &s->res[i].fig);
		fputc('\n', c->info);
		print_targets(c, &s->res[i].targets);
	}
}

static void print_findings(const struct suite_cli *c)
{
	const struct suite *s = &c->s;
	size_t i;

	fprintf(c->info, "\nfindings:\n");
	if (!s->nfind)
		fprintf(c->info, "  - nothing stands out: no wall, no stalls, "
				 "no sign of a cache\n");
	for (i = 0; i < s->nfind; i++)
		fprintf(c->info, "  - %s\n", s->find[i].text);
}

static void print_timing(const struct suite_cli *c)
{
	const struct suite *s = &c->s;
	double wall = 0, meas = 0, fill = 0, warm;
	size_t i;

	for (i = 0; i < s->nres; i++) {
		wall += s->res[i].wall_s;
		meas += s->res[i].measured_s;
		fill += s->res[i].fill_s;
	}
	warm = (double)s->nres * s->o.warmup_s;
	fprintf(c->info, "\ntime: %.1f s in all: %.1f s measured, %.1f s "
			 "filling the file, %.1f s warm-up, %.1f s other "
			 "(start, stop, saving)\n", wall, meas, fill, warm,
		fmax(0, wall - meas - fill - warm));
}

static void machine_output(const struct suite *s)
{
	struct suite_json_row rows[SUITE_MAX_RESULTS];
	char line[8192];
	size_t i;

	if (s->o.fmt == FORMAT_CSV) {
		printf("%s\n", HISTORY_HEADER);
		for (i = 0; i < s->nres; i++)
			if (history_format_row(&s->res[i].row, line,
					       sizeof(line)) > 0)
				fputs(line, stdout);
	} else if (s->o.fmt == FORMAT_JSON) {
		for (i = 0; i < s->nres; i++) {
			const struct history_row *r = &s->res[i].row;

			const struct cmp_detail *d = &s->res[i].fig;

			rows[i] = (struct suite_json_row){
				r->test, r->label, r->cmdline, r->json,
				r->iops, r->mib_s, r->mean_ms, r->p99_ms,
				r->p999_ms, r->max_ms, r->figure,
				d->window_iops, d->burst_iops, d->burst_s };
		}
		report_suite_json(rows, s->nres, stdout);
	}
}

struct html_job {
	const struct history *h;
	const char *from, *to;
	const struct cloud_names *cloud;	/* this label's --disk */
};

static int fill_html(FILE *f, const void *arg)
{
	const struct html_job *j = arg;
	int ret = compare_report_with(j->h, j->from, j->to, FORMAT_HTML,
				      CMP_FINDINGS_ALL, false,
				      VERDICT_MIN_EFFECT, j->cloud, f);

	return ret < 0 ? ret : 0;
}

/* --html: the comparison page (or this label alone), written by
 * atomic_file.h's rules (whole or absent; a symlink's target is
 * replaced, /dev/null is written through).  0 or 1. */
static int write_html(const struct suite_cli *c, const struct history *h,
		      const char *from)
{
	const struct suite *s = &c->s;
	struct html_job j = { h, from ? from : s->o.label, s->o.label, NULL };
	char err[2 * PATH_MAX + 64], disk[256];
	struct cloud_names cn;

	j.cloud = cloud_names_of(&cn, s->o.label, s->o.cloud_disk,
				 s->o.cloud_vm, disk, sizeof(disk));

	if (atomic_file_write(s->o.html, fill_html, &j, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 1;
	}
	fprintf(c->info, "\nreport: %s (%s)\n", s->o.html,
		from ? "the comparison as a page" : "this run as a page");
	return 0;
}

/* @a as one shell word into @buf at *@o: quoted unless plain. */
static void shell_word(char *buf, size_t len, size_t *o, const char *a)
{
	bool plain = *a && strspn(a, "abcdefghijklmnopqrstuvwxyz"
				     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
				     "_./,:=+-") == strlen(a);

	if (*o >= len)
		return;
	*o += (size_t)snprintf(buf + *o, len - *o, plain ? " %s" : " '%s'",
			       a);
}

/* A size as --file-size takes it: 256M, 4G, else bytes. */
static void size_word(char *buf, size_t len, uint64_t b)
{
	if (b && !(b % (1ull << 30)))
		snprintf(buf, len, "%" PRIu64 "G", b >> 30);
	else if (b && !(b % (1ull << 20)))
		snprintf(buf, len, "%" PRIu64 "M", b >> 20);
	else
		snprintf(buf, len, "%" PRIu64, b);
}

/* The one label of these tests so far: the command that measures the
 * "after" side the same way (same tests, file size, duration, warm-up,
 * history), so the two labels compare. */
static void print_next(const struct suite_cli *c)
{
	const struct suite_opts *o = &c->s.o;
	char cmd[2048], num[32];
	size_t n = 0;
	uint32_t i;

	shell_word(cmd, sizeof(cmd), &n, c->prog);
	shell_word(cmd, sizeof(cmd), &n, "suite");
	for (i = 0; i < o->npaths; i++)
		shell_word(cmd, sizeof(cmd), &n, o->paths[i]);
	shell_word(cmd, sizeof(cmd), &n, "--label");
	shell_word(cmd, sizeof(cmd), &n,
		   strcmp(o->label, "after") ? "after" : "after-2");
	snprintf(num, sizeof(num), "%u", o->duration_s);
	shell_word(cmd, sizeof(cmd), &n, "--duration");
	shell_word(cmd, sizeof(cmd), &n, num);
	snprintf(num, sizeof(num), "%u", o->warmup_s);
	shell_word(cmd, sizeof(cmd), &n, "--warmup");
	shell_word(cmd, sizeof(cmd), &n, num);
	if (o->runs > 1) {
		snprintf(num, sizeof(num), "%u", o->runs);
		shell_word(cmd, sizeof(cmd), &n, "--runs");
		shell_word(cmd, sizeof(cmd), &n, num);
	}
	size_word(num, sizeof(num), o->file_bytes);
	shell_word(cmd, sizeof(cmd), &n, "--file-size");
	shell_word(cmd, sizeof(cmd), &n, num);
	if (o->profile_file) {
		shell_word(cmd, sizeof(cmd), &n, "--profile-file");
		shell_word(cmd, sizeof(cmd), &n, o->profile_file);
	} else if (strcmp(o->profiles, SUITE_DEFAULT_PROFILES)) {
		shell_word(cmd, sizeof(cmd), &n, "--profiles");
		shell_word(cmd, sizeof(cmd), &n, o->profiles);
	}
	if (o->history) {
		shell_word(cmd, sizeof(cmd), &n, "--history");
		shell_word(cmd, sizeof(cmd), &n, o->history);
	}
	/* the demo's label is never picked unless named */
	if (baseline_is_demo(o->label)) {
		shell_word(cmd, sizeof(cmd), &n, "--baseline");
		shell_word(cmd, sizeof(cmd), &n, o->label);
	}
	fprintf(c->info, "\nnext: after your change, measure it the same way "
			 "(same tests, file size, duration and warm-up), and "
			 "the suite compares the two labels:\n ");
	fprintf(c->info, "%s\n", n < sizeof(cmd) ? cmd : " (too long)");
}

static int auto_compare(const struct suite_cli *c)
{
	const struct suite *s = &c->s;
	struct history h = { 0 };
	struct cloud_names cn;
	char err[512], disk[256];
	const char *from;
	int ret = 0;

	ret = history_load(s->hist, &h, err, sizeof(err));
	print_history_warnings(&h);
	if (ret) {
		if (s->o.html)
			fprintf(stderr, "ioprobe: error: %s\n", err);
		return s->o.html ? 1 : 0;
	}
	from = s->o.baseline ? s->o.baseline :
			       baseline_previous(&h, s->o.label);
	if (from) {
		fputc('\n', c->info);
		compare_report_with(&h, from, s->o.label, FORMAT_TEXT,
				    CMP_FINDINGS_CHANGE, false,
				    VERDICT_MIN_EFFECT,
				    cloud_names_of(&cn, s->o.label,
						   s->o.cloud_disk,
						   s->o.cloud_vm, disk,
						   sizeof(disk)), c->info);
	} else {
		print_next(c);
	}
	if (s->o.html)
		ret = write_html(c, &h, from);
	history_release(&h);
	return ret;
}

/* One line per leftover of an earlier suite in the test file's folder. */
static void leftover_line(void *arg, const char *path, pid_t pid,
			  enum leftover_verdict v, int err)
{
	const struct suite_cli *c = arg;

	diag_leftover(c->info, "suite", path, pid, v, err);
}

/* Sweep the folder of the test file for files a killed suite left. */
static void sweep_leftovers(struct suite_cli *c)
{
	char dir[PATH_MAX];
	uint32_t i;

	for (i = 0; i < c->s.nfiles; i++) {
		path_dir(c->s.files[i].name, dir, sizeof(dir));
		leftovers_sweep(dir, leftover_line, c);
	}
}

/* ---- main ---------------------------------------------------------- */

/* The message of a failed step is kept in c->msg: the ranks of an MPI
 * job agree on one (suite_fleet_agree), which is then printed once. */
static int prepare_error(struct suite_cli *c, const char *err, int status)
{
	str_copy(c->msg, sizeof(c->msg), err);
	return status;
}

/* Plan the suite and check it before anything is written: 0, or the
 * exit status with the message in c->msg. */
static int suite_prepare(struct suite_cli *c)
{
	struct suite *s = &c->s;
	char *err = c->msg;
	size_t len = sizeof(c->msg);
	size_t i;
	int ret;

	if (suite_pick_profiles(s, err, len) ||
	    suite_history_path(s, err, len) ||
	    history_guard_path(s->hist, err, len) ||
	    (suite_fleet_speaks(&c->sf) &&
	     suite_check_baseline(s, err, len)))
		return 2;
	ret = suite_check_paths(s, err, len);
	if (!ret)
		ret = suite_choose_file(s, err, len);
	if (ret) {
		if (ret == -ENOENT && !c->sf.on) {
			prepare_error(c, err, 2);
			fprintf(stderr, "ioprobe: error: %s\n", err);
			suite_list_mounts(stderr);
			c->msg[0] = '\0';	/* said */
			return -2;
		}
		return 2;
	}
	/* before the space check: it may free some; under mpirun rank 0
	 * alone sweeps, once */
	if (suite_fleet_speaks(&c->sf)) {
		suite_warn_unmounted(s);
		sweep_leftovers(c);
	}
	ret = suite_check_profiles(s, err, len);
	for (i = 0; suite_fleet_speaks(&c->sf) && i < s->ntmpl; i++)
		diag_notes(&s->tmpl[i].notes, s->o.quiet);	/* said parsing */
	if (ret)
		return 2;
	if (suite_check_space(s, err, len))
		return 1;
	return 0;
}

/* Run test @i: 0 done, else the exit status after printing why not
 * (under mpirun every rank takes rank 0's, who says why). */
static int run_test(struct suite_cli *c, size_t i)
{
	char err[2048] = "";
	int ret = suite_run_one(&c->s, i, err, sizeof(err));
	bool say = suite_fleet_speaks(&c->sf);
	int status = ret == -EINVAL ? 2 : ret ? 1 : 0;

	if (ret == -EINTR) {
		if (say)
			fprintf(stderr, "ioprobe: %s\n", err);
		status = signals_exit_status();
	} else if (ret && say) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
	}
	return suite_fleet_decide(&c->sf, status);
}

/* Claim the test file and run the tests until one fails. */
static int run_tests(struct suite_cli *c)
{
	struct suite *s = &c->s;
	char err[PATH_MAX + 128];
	bool claimed;
	int status = 0;
	uint32_t k;
	size_t i;

	status = suite_fleet_agree(&c->sf, suite_claim_file(s, err,
							    sizeof(err)) ? 1 : 0,
				   err);
	for (i = 0; !status && s->round < s->o.runs; i++) {
		if (i == s->nprof) {	/* the next round: interleaved */
			i = 0;
			if (++s->round == s->o.runs)
				break;
		}
		/* all ranks of an MPI job stop together, also when the
		 * signal reached only some */
		if (c->sf.on)
			status = suite_fleet_agree(&c->sf, signals_stop_requested ?
						   signals_exit_status() : 0,
						   "interrupted");
		else if (signals_stop_requested)
			status = signals_exit_status();
		if (status)
			break;
		status = run_test(c, i);
	}
	for (k = 0; k < s->nfiles; k++) {
		claimed = s->files[k].claimed;
		if (suite_release_file(s, k))
			warnf("cannot remove the test file '%s'",
			      s->files[k].name);
		else if (claimed && s->o.keep && suite_fleet_speaks(&c->sf))
			fprintf(c->info, "kept the test file %s "
				"(--keep-file)\n", s->files[k].name);
	}
	return status;
}

/* Under mpirun every rank reads the same command line: rank 0 alone
 * says what is wrong with it (and prints --help). */
static int parse_args(int argc, char **argv, struct suite_opts *o)
{
	int null_fd, saved[2] = { -1, -1 }, status, k;

	if (!fleet_cmd_quiet_rank())
		return suite_parse_args(argc, argv, o);
	fflush(NULL);
	null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	for (k = 0; k < 2 && null_fd >= 0; k++) {
		saved[k] = dup(k + 1);
		dup2(null_fd, k + 1);
	}
	status = suite_parse_args(argc, argv, o);
	fflush(NULL);
	for (k = 0; k < 2; k++) {
		if (saved[k] < 0)
			continue;
		dup2(saved[k], k + 1);
		close(saved[k]);
	}
	if (null_fd >= 0)
		close(null_fd);
	return status;
}

/* Summary, findings, comparison: rank 0 alone under mpirun. */
static int suite_report(struct suite_cli *c, int status)
{
	struct suite *s = &c->s;

	if (!suite_fleet_speaks(&c->sf))
		return status;
	if (s->nres) {
		suite_interpret(s);
		print_summary(c);
		if (!status)
			print_findings(c);
		print_timing(c);
		fprintf(c->info, "\nhistory: %zu row%s appended to %s\n",
			s->nres, s->nres == 1 ? "" : "s", s->hist);
	}
	if (!status) {
		status = auto_compare(c);
		machine_output(s);
	}
	return status;
}

int suite_main(int argc, char **argv)
{
	struct suite_cli *c = calloc(1, sizeof(*c));
	struct suite *s;
	int status;

	if (!c) {
		fprintf(stderr, "ioprobe: error: out of memory\n");
		return 1;
	}
	s = &c->s;
	c->prog = argv[-1];	/* main.c passes its argv + 1 */
	status = parse_args(argc, argv, &s->o);
	if (status) {
		status = status == 1 ? 0 : status;
		goto out;
	}
	s->hooks = (struct suite_hooks){
		.progress = progress_cb, .test_begin = progress_begin,
		.test_end = progress_end, .warn = suite_warning,
		.pause = progress_end, .say = diag_say, .dots = diag_dots,
		.arg = c };
	c->info = s->o.fmt == FORMAT_TEXT ? stdout : stderr;
	signals_install();
	status = suite_fleet_start(&c->sf, s, argc, argv);
	if (status)
		goto out;
	progress_init(&c->pg, s->o.quiet || !suite_fleet_speaks(&c->sf));
	status = suite_prepare(c);	/* < 0: said already */
	status = status < 0 ? -status :
			      suite_fleet_agree(&c->sf, status, c->msg);
	if (status)
		goto out;
	if (suite_fleet_speaks(&c->sf))
		print_plan(c);
	status = suite_report(c, run_tests(c));
out:
	status = suite_fleet_end(&c->sf, status);
	suite_release(s);
	free(c);
	return status;
}
