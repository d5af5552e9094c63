/* suite.h - the suite: a list of DiskSpd profiles run one after another
 * on one test file per PATH (all of them at once when there are several:
 * a striped volume against its members is one command per label), each
 * test's figures appended to the labeled history with its full JSON
 * result.
 *
 * The plan is the profiles (built-in or a --profile-file) × the test
 * files; suite_profile.c makes each test's profile, suite_file.c
 * resolves, claims and releases those files (and the sweep's one test
 * file of a folder, struct test_file).  Nothing
 * here prints: progress and warnings go to the hooks, failures come back
 * as -errno with a message in @err (cmd/cmd_suite.c prints and picks the
 * exit status).
 */
#ifndef IOPROBE_SUITE_H
#define IOPROBE_SUITE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"
#include "results/comparison.h"
#include "results/results_targets.h"
#include "run/run.h"
#include "workflow/history.h"
#include "workflow/interpret.h"

#define SUITE_MAX 16
#define SUITE_MAX_RUNS 8	/* --runs */
#define SUITE_MAX_RESULTS (SUITE_MAX * SUITE_MAX_RUNS)
#define SUITE_MAX_PATHS 8
#define SUITE_DEFAULT_PROFILES "randread4k,mixed8k,seqread64k"

struct suite_profile {
	char name[32];
	char desc[96];
	char switches[512];	/* DiskSpd switches, no target */
};

/* The built-in profiles, SUITE_NBUILTIN of them. */
extern const struct suite_profile suite_builtin[];
extern const size_t suite_nbuiltin;

struct suite_opts {
	const char *paths[SUITE_MAX_PATHS];	/* the PATHs, in order */
	uint32_t npaths;
	const char *label, *history, *profiles, *profile_file;
	const char *baseline;	/* --baseline LABEL to compare with, or
				 * NULL: the previous label on the PATHs */
	const char *html;	/* --html FILE: the comparison page */
	const char *engine;	/* --engine NAME for every test, or NULL */
	uint32_t duration_s, warmup_s;
	uint32_t runs;		/* --runs: each test this often, 1.. */
	uint64_t file_bytes;
	bool keep, wide;
	bool quiet;		/* --quiet: no progress lines, no notes */
	/* under mpirun: "r1", so a folder PATH gets this rank's own
	 * "ioprobe-suite-PID-r1.dat" (no other host's suite takes it for
	 * a leftover of a process gone); NULL otherwise */
	const char *file_tag;
	double expect_iops, expect_mib_s;
	const char *cloud_disk, *cloud_vm;	/* --disk, --vm (cloud_ctx.h) */
	enum result_format fmt;
};

/* One finished test: what the summary, findings and history need. */
struct suite_result {
	struct history_row row;
	struct interp_test it;	/* points into fig and row */
	struct cmp_detail fig;	/* figures.h: owns the -D series */
	struct target_summary targets;	/* per test file, when several */
	double measured_s, fill_s, wall_s;
};

/* What the suite tells its caller while it runs (any may be NULL). */
struct suite_hooks {
	run_progress_fn progress;	/* during a test's run */
	void (*test_begin)(void *arg);	/* before a test's run */
	void (*test_end)(void *arg);	/* right after it */
	void (*warn)(void *arg, const char *msg);	/* not fatal */
	void (*pause)(void *arg);	/* the run says a line (@say) */
	/* the parser's notes of a test's switches, the run's lines
	 * (run_options.say) and -P dots (run_options.dots) */
	void (*say)(void *arg, enum note_kind kind, const char *text);
	void (*dots)(void *arg, size_t n);
	/* Makes a test's run instead of run_execute() (same arguments and
	 * returns), e.g. one run over every rank of an MPI job: 0 with @r
	 * filled to keep; 1 when it ran and another process keeps it (no
	 * history row here); -errno with @err.  It checks the profile
	 * itself: a rank must not skip a run the others make. */
	int (*run)(void *arg, const struct profile *p,
		   const struct run_options *opt, struct results *r,
		   char *err, size_t errlen);
	void *run_arg;		/* @run's first argument */
	void *arg;
};

/* The test file of one PATH. */
struct suite_file {
	char name[PATH_MAX];
	bool claimed;
	int fd;			/* open from the claim, for the first -c */
	int slot;		/* its cleanup slot, -1 if not registered */
};

struct suite {
	struct suite_opts o;
	struct suite_hooks hooks;
	struct suite_profile prof[SUITE_MAX];
	size_t nprof;
	struct suite_file files[SUITE_MAX_PATHS];	/* one per PATH */
	uint32_t nfiles;
	char hist[PATH_MAX];	/* history CSV */
	struct suite_result res[SUITE_MAX_RESULTS];	/* run order */
	size_t nres;
	/* suite_interpret(): the findings of res[], read by every writer */
	struct finding find[INTERP_MAX_FINDINGS];
	size_t nfind;
	size_t cur;		/* the test running */
	uint32_t round;		/* its round of --runs, from 0 */
	uint64_t mem_bytes;	/* RAM of this host, 0 unknown */
	/* suite_check_profiles(): each profile's own switches parsed once,
	 * with one placeholder target; ntmpl of them, NULL before */
	struct profile *tmpl;
	size_t ntmpl;
};

/* The profiles to run: --profile-file's, else --profiles' built-ins.
 * 0 or -EINVAL with @err filled. */
int suite_pick_profiles(struct suite *s, char *err, size_t len);
/* The history CSV: --history, else the default path.  0 or -EINVAL. */
int suite_history_path(struct suite *s, char *err, size_t len);

/* suite_profile.c: parse every profile's own switches once, into
 * s->tmpl, before anything is written.  0, or -EINVAL (-ENOMEM) with
 * @err naming the profile. */
int suite_check_profiles(struct suite *s, char *err, size_t len);
/* The profile test @i runs with (-c and the claimed file when @create):
 * its template with the suite's settings and the test files.  0, or
 * -errno with @err; @p is to be released either way. */
int suite_test_profile(const struct suite *s, size_t i, bool create,
		       struct profile *p, char *err, size_t len);
/* The switches test @i runs with, as shown and saved: its own, then the
 * suite's (-c when @create).  They parse to suite_test_profile()'s
 * profile. */
void suite_full_switches(const struct suite *s, size_t i, bool create,
			 char *buf, size_t len);
/* The findings of the finished tests (s->find, s->nfind), computed once
 * for every writer. */
void suite_interpret(struct suite *s);
/* Free the templates (suite_release() does it too). */
void suite_release_profiles(struct suite *s);

/* Run test @i, save its JSON result and append its history row (then
 * s->nres counts it, even when the append failed).  0; -EINVAL when the
 * profile is refused; -EINTR when interrupted (no row); another -errno
 * when the test or the append failed.  @err says which test and why. */
int suite_run_one(struct suite *s, size_t i, char *err, size_t len);

/* Free what the results hold. */
void suite_release(struct suite *s);

/* suite_file.c: resolve each PATH to its test file name (a new name in
 * the folder PATH, or PATH itself when it is a new file name); two PATHs
 * naming one file are refused.  0, -EINVAL for a bad PATH, -ENOENT when
 * its folder does not exist. */
int suite_choose_file(struct suite *s, char *err, size_t len);
/* Free space for the files plus path_space_margin() on each filesystem
 * (two files on one filesystem need twice the space); -ENOSPC or -errno. */
int suite_check_space(const struct suite *s, char *err, size_t len);
/* Claim every name with O_EXCL (never someone's file); from now on any
 * exit or signal removes them unless --keep-file.  When one claim fails
 * the files already claimed are removed: 0, or -errno with nothing
 * created. */
int suite_claim_file(struct suite *s, char *err, size_t len);
/* Close test file @k and remove it unless --keep-file.  0 (also when it
 * was not claimed), or -EIO when it could not be removed. */
int suite_release_file(struct suite *s, uint32_t k);
/* The test files joined by @sep into @buf. */
void suite_files_joined(const struct suite *s, const char *sep, char *buf,
			size_t len);
/* The run's messages speak of -c, which the suite sets from --file-size:
 * say the option the user gave. */
void suite_space_hint(char *err, size_t len);

/* suite_file.c: one test file chosen, checked, claimed and released as a
 * suite PATH's is, for a command that is not a suite (the sweep's folder
 * target). */
struct test_file {
	struct suite_file f;
	const char *path;	/* the folder or new file name given */
	bool keep;		/* --keep-file */
	uint64_t file_bytes;	/* --file-size */
};

/* Fill @t for @path (nothing is looked at yet). */
void test_file_init(struct test_file *t, const char *path, bool keep,
		    uint64_t bytes);
/* suite_choose_file() for @t: 0, -EINVAL, or -ENOENT. */
int test_file_choose(struct test_file *t, char *err, size_t len);
/* suite_check_space() for @t: 0, -ENOSPC or -errno. */
int test_file_check_space(const struct test_file *t, char *err, size_t len);
/* suite_claim_file() for @t: 0 or -errno, nothing created. */
int test_file_claim(struct test_file *t, char *err, size_t len);
/* suite_release_file() for @t: 0 or -EIO. */
int test_file_release(struct test_file *t);
/* The claimed file's descriptor, for the first run's -c; -1 none. */
int test_file_fd(const struct test_file *t);

#endif
