/* suite_fleet.c - the suite under mpirun: every rank runs the same plan
 * on its own test file; each test is one fleet run whose merged result
 * rank 0 keeps (see suite_fleet.h).  When a step's meeting itself fails
 * (a rank gone), the rank removes its test files and the job is
 * aborted, as a plain run under mpirun does.
 */
#include "cmd/suite_fleet.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/fleet_cmd.h"
#include "fleet/fleet_agree.h"
#include "fleet/fleet_expand.h"
#include "fleet/fleet_run.h"
#include "lib/cleanup.h"
#include "lib/util.h"
#include "results/results_fleet.h"

#define SUITE_FLEET_WAIT_S 600.0	/* a step all ranks take at once */

bool suite_fleet_speaks(const struct suite_fleet *sf)
{
	return !sf->on || !sf->f.rank;
}

static void __attribute__((noreturn))
suite_fleet_abort(struct suite_fleet *sf, const char *msg)
{
	fprintf(stderr, "ioprobe: error: rank %u (%s): %s: aborting the "
		"job\n", sf->f.rank, sf->f.host, msg);
	fflush(NULL);
	cleanup_now();
	fleet_abort(&sf->f, 1);
}

/* Rank 0's side of a test: the merged result into @r, or why not. */
static int fleet_outcome(struct fleet_run *fr, struct results *r, char *err,
			 size_t len)
{
	const struct results *m = &fr->merged;
	const struct fleet_rank *k;
	uint32_t i;

	if (fr->fleet_status) {
		snprintf(err, len, "%s", fr->fleet_err);
		return fr->fleet_status == 2	 ? -EINVAL :
		       fr->fleet_status >= 128 ? -EINTR :
						 -EIO;
	}
	if (m->io_failure.failed) {
		char first[768];

		k = results_fleet_rank_of(m, m->io_failure.thread);
		results_fmt_failure(m, first, sizeof(first));
		snprintf(err, len, "rank %u (%s): %s", k ? k->rank : 0,
			 k ? k->host : "-", first);
		return -EIO;
	}
	results_release(r);
	*r = fr->merged;
	results_init(&fr->merged);
	/* the device counters are rank 0's, who saw only its own share of
	 * the I/Os on other hosts: the fleet's findings do not weigh them
	 * against every rank's I/Os */
	for (i = 0; i < r->ntargets; i++)
		memset(&r->targets[i].devstat, 0,
		       sizeof(r->targets[i].devstat));
	return 0;
}

/* The run of one test on every rank (suite_hooks.run). */
static int suite_fleet_run(void *arg, const struct profile *p,
			   const struct run_options *opt, struct results *r,
			   char *err, size_t len)
{
	struct suite_fleet *sf = arg;
	const struct fleet_run_how how = { .base = opt, .own_files = true };
	struct fleet_run *fr = calloc(1, sizeof(*fr));
	int ret;

	if (!fr)
		suite_fleet_abort(sf, "out of memory");
	if (fleet_run_how(fr, &sf->f, p, &how))
		suite_fleet_abort(sf, fr->err);
	if (!sf->f.rank) {
		ret = fleet_outcome(fr, r, err, len);
	} else {
		snprintf(err, len, "%s", fr->err);
		ret = !fr->status ? 1 : fr->status >= 128 ? -EINTR : -EIO;
	}
	fleet_run_release(fr);
	free(fr);
	return ret;
}

/* PATH @i of @s for this rank; a file PATH all ranks would share is
 * refused.  0 or the usage status 2 with @err filled. */
static int fleet_path(struct suite_fleet *sf, struct suite *s, uint32_t i,
		      char *err, size_t len)
{
	const char *in = s->o.paths[i];
	struct stat st;
	int ret;

	if (!fleet_per_rank(in) && (stat(in, &st) || !S_ISDIR(st.st_mode))) {
		snprintf(err, len, "PATH '%s' names one file for every rank: "
			 "expected a folder, or '%s' or '%s' in the name", in,
			 FLEET_RANK, FLEET_HOST);
		return 2;
	}
	ret = fleet_expand_path(in, sf->f.rank, sf->f.host, &sf->paths[i],
				err, len);
	if (ret)
		return ret == -ENOMEM ? 1 : 2;
	s->o.paths[i] = sf->paths[i];
	return 0;
}

int suite_fleet_start(struct suite_fleet *sf, struct suite *s, int argc,
		      char *const *argv)
{
	char err[PATH_MAX + 256] = "";
	uint32_t i;
	int status = 0;

	memset(sf, 0, sizeof(*sf));
	if (!fleet_cmd_wanted())
		return 0;
	if (fleet_init(&sf->f, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 1;
	}
	sf->on = true;
	status = fleet_cmd_same(&sf->f, "suite", argc, argv);
	if (status) {	/* every rank stops here, none meets again */
		fleet_finalize(&sf->f);
		sf->on = false;
		return status;
	}
	snprintf(sf->tag, sizeof(sf->tag), "r%u", sf->f.rank);
	s->o.file_tag = sf->tag;
	s->hooks.run = suite_fleet_run;
	s->hooks.run_arg = sf;
	for (i = 0; i < s->o.npaths && !status; i++)
		status = fleet_path(sf, s, i, err, sizeof(err));
	return suite_fleet_agree(sf, status, err);
}

int suite_fleet_agree(struct suite_fleet *sf, int status, const char *msg)
{
	char why[2048];
	int out = status;

	if (!sf->on) {
		if (status)
			fprintf(stderr, "ioprobe: error: %s\n", msg);
		return status;
	}
	if (fleet_agree(&sf->f, status, msg, &out, why, sizeof(why),
			SUITE_FLEET_WAIT_S))
		suite_fleet_abort(sf, "no answer from every rank");
	if (out && !sf->f.rank)
		fprintf(stderr, "ioprobe: error: %s\n", why);
	return out;
}

int suite_fleet_decide(struct suite_fleet *sf, int status)
{
	uint64_t v = (uint64_t)status;

	if (!sf->on)
		return status;
	if (fleet_bcast(&sf->f, &v, SUITE_FLEET_WAIT_S))
		suite_fleet_abort(sf, "no answer from rank 0");
	return (int)v;
}

int suite_fleet_end(struct suite_fleet *sf, int status)
{
	uint32_t i;

	if (sf->on) {
		fflush(stdout);
		status = suite_fleet_decide(sf, status);
		fleet_finalize(&sf->f);
	}
	for (i = 0; i < SUITE_MAX_PATHS; i++)
		free(sf->paths[i]);
	sf->on = false;
	return status;
}
