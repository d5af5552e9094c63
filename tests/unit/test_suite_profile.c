/* test_suite_profile.c - a suite test's profile is built in the struct
 * (suite_test_profile) and shown as a switch string
 * (suite_full_switches): for every built-in profile and the profiles of
 * a --profile-file, with and without -c and --engine, the string parsed
 * by the DiskSpd parser gives the same profile in every field a run
 * reads, so the command saved in the history measures the same way. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile/cli.h"
#include "workflow/suite.h"

/* Switches of a profile file: caches, patterns, pools, buffers, long
 * options, and a repeat of what the suite sets (last one wins). */
static const char profile_file[] =
	"# name | description | switches\n"
	"buf8k | buffered 8K | -b8K -r -w25 -t2 -o4 -Sb\n"
	"seqz | zeros, own warm-up | -b64K -s -t1 -o2 -Z -W9 -d3 "
	"--engine=sync\n"
	"dist | a hot spot | -b4K -r -rdpct10/50:90/50 -g100i -Sr\n"
	"spaced | tabs and spaces |  -b4K\t-r   -w0  -Suw\n"
	"pool | a thread pool | -F2 -O3 -b16K -r -a0,1 -z42 -D500\n"
	"range | a range, random data | -b8K -r4K -B1M -f32M -Zr "
	"--label=x --overwrite --quiet --continue-on-error\n"
	"stride | thread strides | -b4K -t3 -o1 -T8K -h -x -n\n"
	"source | a source buffer | -b4K -w100 -Z1M -i4 -j2 -fr -I2 -Sm -Nv\n";

static void check_str(const char *a, const char *b)
{
	if (!a || !b)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

/* Every field of a target a run reads. */
static void check_target(const struct target_opts *a,
			 const struct target_opts *b)
{
	uint32_t i;

	check_str(a->path, b->path);
	check_str(a->wbuf_source_path, b->wbuf_source_path);
	assert_int_equal(a->block_bytes, b->block_bytes);
	assert_int_equal(a->base_bytes, b->base_bytes);
	assert_int_equal(a->range_len_bytes, b->range_len_bytes);
	assert_int_equal(a->max_bytes, b->max_bytes);
	assert_int_equal(a->create_bytes, b->create_bytes);
	assert_int_equal(a->overwrite, b->overwrite);
	assert_int_equal(a->fd, b->fd);
	assert_int_equal(a->random, b->random);
	assert_int_equal(a->random_align_bytes, b->random_align_bytes);
	assert_int_equal(a->random_pct, b->random_pct);
	assert_int_equal(a->stride_bytes, b->stride_bytes);
	assert_int_equal(a->interlocked, b->interlocked);
	assert_int_equal(a->thread_stride_bytes, b->thread_stride_bytes);
	assert_int_equal(a->parallel_async, b->parallel_async);
	assert_int_equal(a->threads, b->threads);
	assert_int_equal(a->outstanding, b->outstanding);
	assert_int_equal(a->weight, b->weight);
	assert_int_equal(a->write_pct, b->write_pct);
	assert_int_equal(a->throttle_bytes_per_ms, b->throttle_bytes_per_ms);
	assert_int_equal(a->throttle_iops, b->throttle_iops);
	assert_int_equal(a->burst, b->burst);
	assert_int_equal(a->think_ms, b->think_ms);
	assert_int_equal(a->cache, b->cache);
	assert_int_equal(a->flush, b->flush);
	assert_int_equal(a->write_through, b->write_through);
	assert_int_equal(a->hint_random, b->hint_random);
	assert_int_equal(a->hint_sequential, b->hint_sequential);
	assert_int_equal(a->hint_temporary, b->hint_temporary);
	assert_int_equal(a->io_priority, b->io_priority);
	assert_int_equal(a->wbuf, b->wbuf);
	assert_int_equal(a->wbuf_source_bytes, b->wbuf_source_bytes);
	assert_int_equal(a->dist, b->dist);
	assert_int_equal(a->ndist, b->ndist);
	for (i = 0; i < a->ndist && i < PROFILE_MAX_DIST; i++) {
		assert_int_equal(a->dist_ranges[i].io_pct,
				 b->dist_ranges[i].io_pct);
		assert_int_equal(a->dist_ranges[i].span,
				 b->dist_ranges[i].span);
	}
}

/* The profile-level timing, threading and reporting fields. */
static void check_run(const struct profile *a, const struct profile *b)
{
	uint32_t i;

	check_str(a->cmdline, b->cmdline);
	assert_int_equal(a->duration_s, b->duration_s);
	assert_int_equal(a->warmup_s, b->warmup_s);
	assert_int_equal(a->cooldown_s, b->cooldown_s);
	assert_int_equal(a->measure_latency, b->measure_latency);
	assert_int_equal(a->iops_interval_ms, b->iops_interval_ms);
	assert_int_equal(a->seed, b->seed);
	assert_int_equal(a->seed_given, b->seed_given);
	assert_int_equal(a->experiment_flags, b->experiment_flags);
	assert_int_equal(a->pool_threads, b->pool_threads);
	assert_int_equal(a->pool_requests, b->pool_requests);
	assert_int_equal(a->affinity_disabled, b->affinity_disabled);
	assert_int_equal(a->affinity_given, b->affinity_given);
	assert_int_equal(a->ncpus, b->ncpus);
	for (i = 0; i < a->ncpus && i < PROFILE_MAX_CPUS; i++)
		assert_int_equal(a->cpus[i], b->cpus[i]);
	assert_int_equal(a->progress_every, b->progress_every);
	assert_int_equal(a->verbose, b->verbose);
	assert_int_equal(a->verbose_stats, b->verbose_stats);
	assert_int_equal(a->completion_routines, b->completion_routines);
	assert_int_equal(a->random_write_data, b->random_write_data);
	assert_int_equal(a->large_pages, b->large_pages);
	assert_int_equal(a->format, b->format);
	assert_int_equal(a->print_profile_only, b->print_profile_only);
	assert_int_equal(a->noutputs, b->noutputs);
}

/* The options ioprobe adds to DiskSpd's, then the targets. */
static void check_profile(const struct profile *a, const struct profile *b)
{
	uint32_t i;

	check_run(a, b);
	for (i = 0; i < a->noutputs && i < PROFILE_MAX_OUTPUTS; i++) {
		assert_int_equal(a->outputs[i].format, b->outputs[i].format);
		check_str(a->outputs[i].path, b->outputs[i].path);
	}
	check_str(a->engine, b->engine);
	assert_int_equal(a->batch_submit, b->batch_submit);
	check_str(a->allow_device_writes, b->allow_device_writes);
	assert_int_equal(a->overwrite, b->overwrite);
	check_str(a->label, b->label);
	check_str(a->series_path, b->series_path);
	assert_int_equal(a->series_csv, b->series_csv);
	assert_int_equal(a->quiet, b->quiet);
	assert_int_equal(a->continue_on_error, b->continue_on_error);
	assert_int_equal(a->no_findings, b->no_findings);
	check_str(a->xml_profile_path, b->xml_profile_path);
	assert_int_equal(a->ntargets, b->ntargets);
	for (i = 0; i < a->ntargets && i < PROFILE_MAX_TARGETS; i++)
		check_target(&a->targets[i], &b->targets[i]);
}

/* The shown switches and the test files through the DiskSpd parser. */
static void parse_shown(const struct suite *s, size_t i, bool create,
			struct profile *p)
{
	char sw[640], err[512], prog[] = "ioprobe", *argv[300], *tok;
	char *save = NULL;
	int argc = 0;
	uint32_t k;

	suite_full_switches(s, i, create, sw, sizeof(sw));
	argv[argc++] = prog;
	for (tok = strtok_r(sw, " \t", &save); tok && argc < 290;
	     tok = strtok_r(NULL, " \t", &save))
		argv[argc++] = tok;
	for (k = 0; k < s->nfiles; k++)
		argv[argc++] = (char *)s->files[k].name;
	argv[argc] = NULL;
	profile_init(p);
	assert_int_equal(cli_parse(argc, argv, p, err, sizeof(err)), CLI_RUN);
}

/* Every profile of @s, with and without -c: parsed string == struct. */
static void check_all(struct suite *s)
{
	struct profile built, shown;
	char err[512];
	size_t i;
	int create;

	assert_int_equal(suite_check_profiles(s, err, sizeof(err)), 0);
	for (i = 0; i < s->nprof; i++) {
		for (create = 0; create < 2; create++) {
			assert_int_equal(suite_test_profile(s, i, create,
							    &built, err,
							    sizeof(err)), 0);
			parse_shown(s, i, create, &shown);
			check_profile(&built, &shown);
			profile_release(&built);
			profile_release(&shown);
		}
	}
}

static struct suite *new_suite(uint32_t nfiles, const char *engine)
{
	struct suite *s = calloc(1, sizeof(*s));
	uint32_t k;

	assert_non_null(s);
	s->o.label = "t";
	s->o.duration_s = 2;
	s->o.warmup_s = 0;
	s->o.file_bytes = 64ull << 20;
	s->o.engine = engine;
	s->nfiles = nfiles;
	for (k = 0; k < nfiles; k++) {
		snprintf(s->files[k].name, sizeof(s->files[k].name),
			 "/mnt/d%u/ioprobe-suite-1.dat", k);
		s->files[k].fd = -1;
		s->files[k].slot = -1;
	}
	return s;
}

static void free_suite(struct suite *s)
{
	suite_release(s);
	free(s);
}

static void test_builtin(void **state)
{
	static const char *const engines[] = { NULL, "null", "libaio" };
	size_t e, i;

	(void)state;
	for (e = 0; e < 3; e++) {
		struct suite *s = new_suite(e + 1, engines[e]);

		for (i = 0; i < suite_nbuiltin; i++)
			s->prof[s->nprof++] = suite_builtin[i];
		check_all(s);
		free_suite(s);
	}
}

static void test_profile_file(void **state)
{
	char path[] = "/tmp/ioprobe-test-suite-profile-XXXXXX", err[512];
	struct suite *s = new_suite(2, "null");
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, profile_file, strlen(profile_file)),
			 (ssize_t)strlen(profile_file));
	close(fd);
	s->o.profile_file = path;
	assert_int_equal(suite_pick_profiles(s, err, sizeof(err)), 0);
	unlink(path);
	assert_int_equal(s->nprof, 8);
	check_all(s);
	free_suite(s);
	s = new_suite(1, NULL);
	s->o.profile_file = "/nonexistent";
	s->prof[s->nprof++] = (struct suite_profile){ "spaced", "",
						       " -b4K\t-r   -w0" };
	check_all(s);
	free_suite(s);
}

/* A claimed file reaches the first test through its open fd. */
static void test_claimed_fd(void **state)
{
	struct suite *s = new_suite(2, NULL);
	struct profile p;
	char err[512];

	(void)state;
	s->prof[s->nprof++] = suite_builtin[0];
	s->files[0].claimed = s->files[1].claimed = true;
	s->files[0].fd = 7;
	s->files[1].fd = 8;
	assert_int_equal(suite_check_profiles(s, err, sizeof(err)), 0);
	assert_int_equal(suite_test_profile(s, 0, true, &p, err, sizeof(err)),
			 0);
	assert_int_equal(p.targets[0].fd, 7);
	assert_int_equal(p.targets[1].fd, 8);
	assert_int_equal(p.targets[1].create_bytes, 64ull << 20);
	profile_release(&p);
	assert_int_equal(suite_test_profile(s, 0, false, &p, err, sizeof(err)),
			 0);
	assert_int_equal(p.targets[0].fd, -1);
	assert_int_equal(p.targets[0].create_bytes, 0);
	profile_release(&p);
	free_suite(s);
}

/* A profile the parser refuses is refused at plan time, by name. */
static void test_refused(void **state)
{
	struct suite *s = new_suite(1, NULL);
	struct profile p;
	char err[512];

	(void)state;
	s->prof[s->nprof++] = suite_builtin[0];
	s->prof[s->nprof++] = (struct suite_profile){ "bad", "",
						       "-b4K -r -s" };
	assert_int_equal(suite_check_profiles(s, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "invalid profile 'bad' (-b4K -r -s): "));
	assert_int_not_equal(suite_test_profile(s, 1, false, &p, err,
						sizeof(err)), 0);
	profile_release(&p);
	free_suite(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_builtin),
		cmocka_unit_test(test_profile_file),
		cmocka_unit_test(test_claimed_fd),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
