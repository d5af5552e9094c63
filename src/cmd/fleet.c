/* fleet.c - the command side of a run under MPI.  Rank 0 prints the one
 * report (stdout and the --output files without "{rank}") or the first
 * failed rank's message; every rank writes its own "{rank}" outputs and
 * exits with the status rank 0 chose; other ranks print nothing on
 * stdout.  When a rank stops answering, the job is aborted after each
 * rank removed its own test files.
 */
#include "cmd/fleet_cmd.h"
#include "cmd/diag.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/fleet.h"
#include "fleet/fleet_expand.h"
#include "fleet/fleet_run.h"
#include "fleet/fleet_same.h"
#include "run/run.h"
#include "lib/cleanup.h"
#include "lib/signals.h"
#include "report/output.h"
#include "results/results_fleet.h"

bool fleet_cmd_wanted(void)
{
	uint32_t n = fleet_env_size();

	if (n < 2)
		return false;
	if (fleet_built())
		return true;
	fprintf(stderr, "ioprobe: note: started as one of %u MPI ranks but "
		"built without MPI: this rank runs alone\n", n);
	return false;
}

bool fleet_cmd_quiet_rank(void)
{
	return fleet_env_size() >= 2 && fleet_env_rank() != 0;
}

int fleet_cmd_refuse(const char *what)
{
	if (fleet_env_size() < 2)
		return -1;
	if (!fleet_env_rank())
		fprintf(stderr, "ioprobe: error: '%s' does not run under mpirun "
			"yet: run it on each host, or run the DiskSpd switches "
			"under mpirun for one merged result\n", what);
	return 2;
}

void fleet_cmd_version(FILE *f)
{
	char lib[128];

	fleet_library(lib, sizeof(lib));
	fprintf(f, "mpi: %s\n", !fleet_built() ? "no" : lib[0] ? lib : "yes");
}

static void fleet_cmd_abort(struct fleet *f, const char *msg)
{
	fprintf(stderr, "ioprobe: error: rank %u (%s): %s: aborting the "
		"job\n", f->rank, f->host, msg);
	fflush(NULL);
	cleanup_now();
	fleet_abort(f, 1);
}

/* The first failed I/O of the fleet, with its rank. */
static void fleet_cmd_io_failure(const struct results *m)
{
	const struct fleet_rank *k =
		results_fleet_rank_of(m, m->io_failure.thread);
	struct errno_count c[RESULTS_ERRNOS];
	char first[768], kinds[256];
	uint64_t n;

	results_fmt_failure(m, first, sizeof(first));
	fprintf(stderr, "ioprobe: error: rank %u (%s): ", k ? k->rank : 0,
		k ? k->host : "-");
	if (!m->profile.continue_on_error) {
		fprintf(stderr, "%s\n", first);
		return;
	}
	n = results_errors(m, -1, c);
	results_fmt_errnos(c, kinds, sizeof(kinds));
	fprintf(stderr, "%" PRIu64 " I/O%s failed (%s), the first: %s\n", n,
		n == 1 ? "" : "s", kinds, first);
}

/* Rank 0: the report or the failure; the exit status. */
static int fleet_cmd_report(struct fleet_run *fr)
{
	const struct results *m = &fr->merged;
	struct notes warn = { 0 };
	char err[1024] = "";
	int status = 0, ret;

	if (fr->fleet_status) {
		fprintf(stderr, "ioprobe: error: %s\n", fr->fleet_err);
		return fr->fleet_status;
	}
	if (m->io_failure.failed) {
		fleet_cmd_io_failure(m);
		status = 1;
	}
	ret = output_all(m, &warn, err, sizeof(err));
	diag_notes(&warn, false);
	if (ret) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		status = 1;
	}
	if (!status && m->interrupted)
		status = signals_exit_status();
	return status;
}

/* Every rank: its own result into the outputs whose path names it. */
static int fleet_cmd_own_outputs(const struct fleet_run *fr)
{
	const struct profile *t = fr->tmpl;
	char err[1024];
	uint32_t i;
	int ret = 0;

	if (!fr->have_r || fr->status)
		return 0;
	for (i = 0; i < t->noutputs && i < PROFILE_MAX_OUTPUTS; i++) {
		if (!fleet_per_rank(t->outputs[i].path))
			continue;
		if (output_file(&fr->r, t->outputs[i].format,
				fr->own.outputs[i].path, err, sizeof(err))) {
			fprintf(stderr, "ioprobe: error: rank %u (%s): %s\n",
				fr->f->rank, fr->f->host, err);
			ret = 1;
		}
	}
	return ret;
}

int fleet_cmd_same(struct fleet *f, const char *mode, int argc,
		   char *const *argv)
{
	char why[1024] = "";
	int ret = fleet_same(f, mode, argc, argv, why, sizeof(why));

	if (ret < 0)
		fleet_cmd_abort(f, "no answer from every rank at the first "
				"meeting");
	if (!ret)
		return 0;
	if (!f->rank)
		fprintf(stderr, "ioprobe: error: %s: every rank must run the "
			"same switches (give each its own target with "
			"{rank} or {host} in the name)\n", why);
	return 2;
}

int fleet_cmd_run(const struct profile *p, int argc, char *const *argv)
{
	/* rank 0 says the run's notes and -P dots, every rank its warnings */
	const struct run_options base = { .say = diag_say, .dots = diag_dots,
					  .quiet = p->quiet };
	const struct fleet_run_how how = { .base = &base };
	struct fleet_run *fr;
	struct fleet f;
	char err[512] = "";
	int status, own;

	if (fleet_init(&f, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 1;
	}
	signals_install();
	status = fleet_cmd_same(&f, "run", argc, argv);
	if (status) {
		fleet_finalize(&f);
		return status;
	}
	fr = calloc(1, sizeof(*fr));
	if (!fr)
		fleet_cmd_abort(&f, "out of memory");
	if (fleet_run_how(fr, &f, p, &how))
		fleet_cmd_abort(&f, fr->err);
	own = fleet_cmd_own_outputs(fr);
	status = f.rank ? fr->status : fleet_cmd_report(fr);
	fflush(stdout);
	if (fleet_run_finish(fr, &status))
		fleet_cmd_abort(&f, "no answer from rank 0 at the end");
	if (own && !status)
		status = 1;
	fleet_run_release(fr);
	free(fr);
	fleet_finalize(&f);
	return status;
}
