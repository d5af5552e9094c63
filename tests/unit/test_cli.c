/* test_cli.c - unit tests for the DiskSpd command line (cli.c): every
 * switch lands in the right field, every rule of spec §1.3 rejects what it
 * should with a message naming the switch, pasted dashes, repeats, the
 * long options and the four command lines our users paste. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "profile/cli.h"
#include "profile/cli_long.h"
#include "profile/format.h"
#include "profile/profile.h"
#include "profile/xmlprofile.h"

#define EN "\xe2\x80\x93"	/* U+2013 */
#define EM "\xe2\x80\x94"	/* U+2014 */

static struct profile P;
static char ERR[1024];
static char STDERR_TEXT[8192];

/* Runs cli_parse on "ioprobe " + @line split at spaces.  The parser
 * prints nothing; its notes go to STDERR_TEXT as the command layer
 * prints them. */
static enum cli_action parse(const char *line)
{
	char buf[2048], *argv[128], *s;
	int argc = 0, saved, fd;
	uint32_t i;
	enum cli_action act;
	FILE *tmp;
	size_t n;

	snprintf(buf, sizeof(buf), "%s", line);
	argv[argc++] = (char *)"ioprobe";
	for (s = buf; *s && argc < 127;) {
		argv[argc++] = s;
		s += strcspn(s, " ");
		if (*s)
			*s++ = '\0';
	}
	argv[argc] = NULL;
	profile_release(&P);
	profile_init(&P);
	ERR[0] = '\0';
	tmp = tmpfile();
	assert_non_null(tmp);
	fflush(stderr);
	saved = dup(2);
	fd = fileno(tmp);
	dup2(fd, 2);
	act = cli_parse(argc, argv, &P, ERR, sizeof(ERR));
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	n = fread(STDERR_TEXT, 1, sizeof(STDERR_TEXT) - 1, tmp);
	STDERR_TEXT[n] = '\0';
	fclose(tmp);
	if (n)
		fail_msg("cli_parse printed '%s'", STDERR_TEXT);
	for (i = 0; i < P.notes.n; i++)
		snprintf(STDERR_TEXT + strlen(STDERR_TEXT),
			 sizeof(STDERR_TEXT) - strlen(STDERR_TEXT),
			 "ioprobe: %s: %s\n", note_kind_name(P.notes.v[i].kind),
			 P.notes.v[i].text);
	return act;
}

static int teardown(void **state)
{
	(void)state;
	profile_release(&P);
	return 0;
}

#define T0 (&P.targets[0])
#define OK(line) assert_int_equal(parse(line), CLI_RUN)
/* An error whose message contains @needle. */
#define FAILS(line, needle)                                             \
	do {                                                            \
		assert_int_equal(parse(line), CLI_ERROR);               \
		if (!strstr(ERR, needle))                               \
			fail_msg("'%s': message '%s' lacks '%s'", line, \
				 ERR, needle);                          \
	} while (0)
#define STDERR_HAS(needle)                                              \
	do {                                                            \
		if (!strstr(STDERR_TEXT, needle))                       \
			fail_msg("stderr '%s' lacks '%s'", STDERR_TEXT, \
				 needle);                               \
	} while (0)

static void test_defaults(void **state)
{
	(void)state;
	OK("file.dat");
	assert_int_equal(P.ntargets, 1);
	assert_string_equal(T0->path, "file.dat");
	assert_string_equal(P.cmdline, "ioprobe file.dat");
	assert_int_equal(T0->block_bytes, 65536);
	assert_int_equal(P.duration_s, 10);
	assert_int_equal(P.warmup_s, 5);
	assert_int_equal(P.cooldown_s, 0);
	assert_int_equal(T0->outstanding, 2);
	assert_int_equal(T0->threads, 1);
	assert_int_equal(T0->write_pct, 0);
	assert_false(T0->random);
	assert_int_equal(T0->stride_bytes, 0);	/* = block size */
	assert_int_equal(T0->cache, CACHE_BUFFERED);
	assert_false(T0->write_through);
	assert_int_equal(T0->io_priority, 3);
	assert_int_equal(T0->weight, 1);
	assert_int_equal(P.seed, 0);
	assert_false(P.seed_given);
	assert_false(P.affinity_disabled);	/* DiskSpd: only -n */
	assert_false(P.affinity_given);
	assert_int_equal(P.format, FORMAT_TEXT);
	assert_false(P.measure_latency);
	assert_int_equal(T0->wbuf, WBUF_PATTERN);
	assert_int_equal(profile_thread_count(&P), 1);
	assert_false(profile_writes(&P));
	assert_string_equal(STDERR_TEXT, "");
}

static void test_sizes(void **state)
{
	(void)state;
	OK("-b8K f");
	assert_int_equal(T0->block_bytes, 8192);
	OK("-b8k f");
	assert_int_equal(T0->block_bytes, 8192);
	OK("-b1M f");
	assert_int_equal(T0->block_bytes, 1 << 20);
	OK("-c5G f");
	assert_int_equal(T0->create_bytes, 5ULL << 30);
	OK("-c2T f");
	assert_int_equal(T0->create_bytes, 2ULL << 40);
	OK("-c4096 f");
	assert_int_equal(T0->create_bytes, 4096);
	/* b and B are blocks of the final -b, wherever -b is */
	OK("-c2b -b4K f");
	assert_int_equal(T0->create_bytes, 8192);
	OK("-b8K -c3B f");
	assert_int_equal(T0->create_bytes, 24576);
	OK("-r2b -b4K f");
	assert_int_equal(T0->random_align_bytes, 8192);
	FAILS("-b3k7 f", "invalid -b '3k7': expected a size such as 4K, 1M "
	      "or 2b (blocks)");
	OK("-b2b f");		/* DiskSpd: blocks of the -b before, 64K */
	assert_int_equal(T0->block_bytes, 131072);
	OK("-b8K -b2b f");
	assert_int_equal(T0->block_bytes, 16384);
	FAILS("-b0 f", "invalid -b '0'");
	FAILS("-b f", "invalid -b ''");
	FAILS("-c99999999999T f", "invalid -c '99999999999T'");
	FAILS("-c99999999999T f", "overflows");
	FAILS("-c0 f", "invalid -c '0'");
	FAILS("-c1.5G f", "invalid -c '1.5G'");
	FAILS("-b4K -c4KB f", "invalid -c '4KB'");
}

static void test_lenient_ints(void **state)
{
	(void)state;
	OK("-d10s -W10s -C3x f");
	assert_int_equal(P.duration_s, 10);
	assert_int_equal(P.warmup_s, 10);
	assert_int_equal(P.cooldown_s, 3);
	OK("-d1m f");
	assert_int_equal(P.duration_s, 1);
	OK("-t4threads -o32deep f");
	assert_int_equal(T0->threads, 4);
	assert_int_equal(T0->outstanding, 32);
	FAILS("-dx f", "invalid -d 'x'");
	FAILS("-d0 f", "invalid -d '0'");
	FAILS("-d99999999999 f", "invalid -d '99999999999'");
	FAILS("-t0 f", "invalid -t '0'");
	FAILS("-o0 f", "invalid -o '0'");
	FAILS("-t-1 f", "invalid -t '-1'");
}

static void test_time_and_stats(void **state)
{
	(void)state;
	OK("-d60 -W30 -C5 -L -D -:1 f");
	assert_int_equal(P.duration_s, 60);
	assert_int_equal(P.warmup_s, 30);
	assert_int_equal(P.cooldown_s, 5);
	assert_true(P.measure_latency);
	assert_int_equal(P.iops_interval_ms, 1000);
	assert_int_equal(P.experiment_flags, 1);
	OK("-D250 -P f");
	assert_int_equal(P.iops_interval_ms, 250);
	assert_int_equal(P.progress_every, 65536);
	OK("-P100 -v f");
	assert_int_equal(P.progress_every, 100);
	assert_true(P.verbose);
	OK("-W0 f");
	assert_int_equal(P.warmup_s, 0);
	OK("-D0 -P0 f");	/* DiskSpd: 0 keeps the defaults */
	assert_int_equal(P.iops_interval_ms, 1000);
	assert_int_equal(P.progress_every, 65536);
	OK("-Lx f");		/* DiskSpd ignores the rest; a note says so */
	assert_true(P.measure_latency);
	assert_non_null(strstr(STDERR_TEXT, "'-Lx' is read as -L"));
	OK("-W -Cabc -Dabc -Pabc f");	/* DiskSpd's atoi(): 0 */
	assert_int_equal(P.warmup_s, 0);
	assert_int_equal(P.cooldown_s, 0);
	assert_int_equal(P.iops_interval_ms, 1000);
	assert_int_equal(P.progress_every, 65536);
	FAILS("-dabc f", "invalid -d 'abc'");	/* -d0, as ioprobe refuses */
}

static void test_threads_and_queue(void **state)
{
	(void)state;
	OK("-t4 -o32 f g");
	assert_int_equal(P.ntargets, 2);
	assert_int_equal(P.targets[1].threads, 4);
	assert_int_equal(P.targets[1].outstanding, 32);
	assert_string_equal(P.targets[1].path, "g");
	assert_int_equal(profile_thread_count(&P), 8);
	OK("-F6 f g");
	assert_int_equal(P.pool_threads, 6);
	assert_int_equal(profile_thread_count(&P), 6);
	OK("-F2 -O8 f");
	assert_int_equal(P.pool_requests, 8);
	OK("-F2 -t1 f");
	OK("-O8 -o3 f");	/* ignored without -F, as in DiskSpd */
	assert_int_equal(P.pool_requests, 8);	/* kept: RequestCount */
	assert_int_equal(T0->outstanding, 3);
	STDERR_HAS("-O8 without -F is ignored");
	FAILS("-F2 -t2 f", "-F conflicts with -t");
}

static void test_random_and_sequential(void **state)
{
	(void)state;
	OK("-r f");
	assert_true(T0->random);
	assert_int_equal(T0->random_pct, 100);
	assert_int_equal(T0->random_align_bytes, 0);	/* = block size */
	OK("-r4K f");
	assert_int_equal(T0->random_align_bytes, 4096);
	OK("-rs30 f");
	assert_true(T0->random);
	assert_int_equal(T0->random_pct, 30);
	OK("-r8K -rs50 f");
	assert_int_equal(T0->random_pct, 50);
	assert_int_equal(T0->random_align_bytes, 8192);
	OK("-s f");
	assert_false(T0->random);
	assert_false(T0->interlocked);
	assert_int_equal(T0->stride_bytes, 0);
	OK("-s8K f");
	assert_int_equal(T0->stride_bytes, 8192);
	OK("-si -t2 f");
	assert_true(T0->interlocked);
	OK("-si16K -t2 f");
	assert_true(T0->interlocked);
	assert_int_equal(T0->stride_bytes, 16384);
	OK("-T1M -t4 f");
	assert_int_equal(T0->thread_stride_bytes, 1 << 20);
	OK("-p -o4 f");
	assert_true(T0->parallel_async);
	FAILS("-rs0 f", "invalid -rs '0'");
	FAILS("-rs101 f", "invalid -rs '101'");
	FAILS("-r0 f", "invalid -r '0'");
}

static void test_distribution(void **state)
{
	(void)state;
	OK("-r -rdpct90/10:0/10:5/20 f");
	assert_int_equal(T0->dist, DIST_PCT);
	assert_int_equal(T0->ndist, 4);
	assert_int_equal(T0->dist_ranges[0].io_pct, 90);
	assert_int_equal(T0->dist_ranges[0].span, 10);
	assert_int_equal(T0->dist_ranges[1].io_pct, 0);
	assert_int_equal(T0->dist_ranges[2].io_pct, 5);
	assert_int_equal(T0->dist_ranges[2].span, 20);
	/* the rest of the I/O over the rest of the target */
	assert_int_equal(T0->dist_ranges[3].io_pct, 5);
	assert_int_equal(T0->dist_ranges[3].span, 0);
	OK("-r -rdpct50/50:50/50 f");
	assert_int_equal(T0->ndist, 2);
	OK("-r -rdabs90/10G f");
	assert_int_equal(T0->dist, DIST_ABS);
	assert_int_equal(T0->ndist, 2);
	assert_int_equal(T0->dist_ranges[0].span, 10ULL << 30);
	assert_int_equal(T0->dist_ranges[1].io_pct, 10);
	FAILS("-rdpct90/10 f", "-rd needs -r");
	FAILS("-r -rdpct90/60:20/10 f", "invalid -rd");
	FAILS("-r -rdpct50/60:20/60 f", "invalid -rd");
	FAILS("-r -rdpct90/100 f", "invalid -rd");
	FAILS("-r -rdxyz f", "invalid -rd 'xyz'");
	FAILS("-r -rdpct90/0 f", "invalid -rd");
}

static void test_cache_modes(void **state)
{
	(void)state;
	OK("-h f");
	assert_int_equal(T0->cache, CACHE_DIRECT);
	assert_true(T0->write_through);
	OK("-Sh f");
	assert_int_equal(T0->cache, CACHE_DIRECT);
	assert_true(T0->write_through);
	OK("-S f");
	assert_int_equal(T0->cache, CACHE_DIRECT);
	assert_false(T0->write_through);
	OK("-Su f");
	assert_int_equal(T0->cache, CACHE_DIRECT);
	OK("-Sw f");
	assert_int_equal(T0->cache, CACHE_BUFFERED);
	assert_true(T0->write_through);
	OK("-Sbw f");
	assert_int_equal(T0->cache, CACHE_BUFFERED);
	assert_true(T0->write_through);
	OK("-Suw f");
	assert_int_equal(T0->cache, CACHE_DIRECT);
	assert_true(T0->write_through);
	OK("-Sb f");
	assert_int_equal(T0->cache, CACHE_BUFFERED);
	OK("-Sr f");
	assert_int_equal(T0->cache, CACHE_REMOTE);
	OK("-Sm f");
	assert_int_equal(T0->cache, CACHE_MMAP);
	OK("-Sm -Nv f");
	assert_int_equal(T0->flush, FLUSH_VIEW);
	OK("-Sm -Nn f");
	assert_int_equal(T0->flush, FLUSH_NV);
	OK("-Sm -Ni f");
	assert_int_equal(T0->flush, FLUSH_NV_NODRAIN);
	OK("-Sm f");
	assert_int_equal(T0->flush, FLUSH_NONE);
	FAILS("-Nv f", "-N needs -Sm");
	FAILS("-Sm -Nq f", "invalid -N 'q'");
	FAILS("-Su -Sb f", "conflicting cache switch '-Sb'");
	FAILS("-Sbu f", "conflicting cache switch '-Sbu'");
	FAILS("-Sw -h f", "conflicting cache switch '-h'");
	FAILS("-h -h f", "conflicting cache switch '-h'");
	FAILS("-h -Sw f", "conflicting cache switch '-Sw'");
	FAILS("-Shw f", "conflicting cache switch '-Shw'");
	FAILS("-Sq f", "invalid -S 'q'");
	FAILS("-Sm -Su f", "conflicting cache switch");
	FAILS("-Sm -x f", "-Sm conflicts with -x");
}

static void test_write_mix_and_buffers(void **state)
{
	(void)state;
	OK("-w30 f");
	assert_int_equal(T0->write_pct, 30);
	assert_true(profile_writes(&P));
	OK("-w100 f");
	assert_int_equal(T0->write_pct, 100);
	FAILS("-w f", "no write ratio passed to -w");
	FAILS("-w150 f", "invalid -w '150': expected a write percentage from "
	      "0 to 100");
	OK("-Z f");
	assert_int_equal(T0->wbuf, WBUF_ZERO);
	OK("-Zr f");
	assert_int_equal(T0->wbuf, WBUF_RANDOM_PER_IO);
	OK("-Z1M f");
	assert_int_equal(T0->wbuf, WBUF_SOURCE);
	assert_int_equal(T0->wbuf_source_bytes, 1 << 20);
	assert_null(T0->wbuf_source_path);
	OK("-Z1M,src.bin f g");
	assert_string_equal(T0->wbuf_source_path, "src.bin");
	assert_string_equal(P.targets[1].wbuf_source_path, "src.bin");
	assert_ptr_not_equal(T0->wbuf_source_path,
			     P.targets[1].wbuf_source_path);
	FAILS("-Z4K f", "invalid -Z '4K': expected a source buffer of at "
	      "least the block size (65536 bytes)");
	FAILS("-Zq f", "invalid -Z 'q'");
}

static void test_offsets(void **state)
{
	(void)state;
	OK("-B1G f");
	assert_int_equal(T0->base_bytes, 1ULL << 30);
	assert_int_equal(T0->range_len_bytes, 0);
	OK("-B1G:2G f");
	assert_int_equal(T0->base_bytes, 1ULL << 30);
	assert_int_equal(T0->range_len_bytes, 2ULL << 30);
	OK("-f10G f");
	assert_int_equal(T0->max_bytes, 10ULL << 30);
	OK("-frst f");
	assert_true(T0->hint_random);
	assert_true(T0->hint_sequential);
	assert_true(T0->hint_temporary);
	OK("-fr -f1G f");
	assert_true(T0->hint_random);
	assert_int_equal(T0->max_bytes, 1ULL << 30);
	FAILS("-fq f", "invalid -f 'q'");
	FAILS("-B1G -f1G f", "-f is not above -B");
	FAILS("-B1G:x f", "invalid -B '1G:x'");
	FAILS("-B1G:0 f", "invalid -B '1G:0'");
	FAILS("-B16777215T:16777215T f", "invalid -B");
}

static void test_throttle_burst_priority(void **state)
{
	(void)state;
	OK("-g1000 f");
	assert_int_equal(T0->throttle_bytes_per_ms, 1000);
	assert_int_equal(T0->throttle_iops, 0);
	OK("-g500i f");
	assert_int_equal(T0->throttle_iops, 500);
	assert_int_equal(T0->throttle_bytes_per_ms, 0);
	OK("-g500i -g100 f");	/* last wins, clears the other form */
	assert_int_equal(T0->throttle_iops, 0);
	assert_int_equal(T0->throttle_bytes_per_ms, 100);
	OK("-i10 -j5 f");
	assert_int_equal(T0->burst, 10);
	assert_int_equal(T0->think_ms, 5);
	OK("-I1 f");
	assert_int_equal(T0->io_priority, 1);
	FAILS("-I4 f", "invalid -I '4'");
	FAILS("-I0 f", "invalid -I '0'");
	FAILS("-gx f", "invalid -g 'x'");
	FAILS("-i10 f", "-i and -j go together");
	FAILS("-j10 f", "-i and -j go together");
	FAILS("-g100 -x f", "-g conflicts with -x");
}

static void test_affinity(void **state)
{
	(void)state;
	OK("f");
	assert_false(P.affinity_disabled);
	OK("-n f");
	assert_true(P.affinity_disabled);
	OK("-a f");
	assert_true(P.affinity_given);
	assert_false(P.affinity_disabled);
	assert_int_equal(P.ncpus, 0);
	OK("-a0,1,3 f");
	assert_int_equal(P.ncpus, 3);
	assert_int_equal(P.cpus[2], 3);
	OK("-ag1,0,1 f");
	assert_int_equal(P.ncpus, 2);
	assert_int_equal(P.cpus[0], 64);
	assert_int_equal(P.cpus[1], 65);
	OK("-ag0,2,g1,5 f");
	assert_int_equal(P.cpus[0], 2);
	assert_int_equal(P.cpus[1], 69);
	OK("-a0 -a1 f");	/* repeatable: entries append */
	assert_int_equal(P.ncpus, 2);
	FAILS("-a0 -n f", "-n conflicts with -a");
	FAILS("-n -a0 f", "-n conflicts with -a");
	FAILS("-ag1,64 f", "invalid -a 'g1,64'");
	FAILS("-ag99,1 f", "invalid -a 'g99,1'");
	FAILS("-a0,,1 f", "invalid -a '0,,1'");
	FAILS("-ax f", "invalid -a 'x'");
}

static void test_formats(void **state)
{
	(void)state;
	OK("-Rxml f");
	assert_int_equal(P.format, FORMAT_XML);
	OK("-Rjson f");
	assert_int_equal(P.format, FORMAT_JSON);
	OK("-Rcsv f");
	assert_int_equal(P.format, FORMAT_CSV);
	OK("-Rhtml f");
	assert_int_equal(P.format, FORMAT_HTML);
	OK("-Rtext f");
	assert_int_equal(P.format, FORMAT_TEXT);
	assert_int_equal(parse("-Rp f"), CLI_PRINT_PROFILE);
	assert_int_equal(P.format, FORMAT_TEXT);
	assert_true(P.print_profile_only);
	assert_int_equal(parse("-Rpxml f"), CLI_PRINT_PROFILE);
	assert_int_equal(P.format, FORMAT_XML);
	assert_int_equal(parse("-Rptext f"), CLI_PRINT_PROFILE);
	/* DiskSpd: the p stays, a later format is the format */
	assert_int_equal(parse("-Rp -Rxml f"), CLI_PRINT_PROFILE);
	assert_int_equal(P.format, FORMAT_XML);
	assert_int_equal(parse("-Rxml -Rp f"), CLI_PRINT_PROFILE);
	assert_int_equal(P.format, FORMAT_XML);
	FAILS("-RXML f", "invalid -R 'XML'");	/* case-sensitive */
	FAILS("-R f", "invalid -R ''");
	FAILS("-Rpdf f", "invalid -R 'pdf'");
	FAILS("-Rpjson f", "invalid -R 'pjson'");
}

static void test_windows_only(void **state)
{
	(void)state;
	OK("-eDISK_IO f");
	STDERR_HAS("ioprobe: warning: -eDISK_IO: ETW");
	STDERR_HAS("no ETW output");
	OK("-x f");
	STDERR_HAS("ioprobe: note: -x");
	OK("-l f");
	assert_true(P.large_pages);
	STDERR_HAS("ioprobe: note: -l");
	FAILS("-ysEvent f", "named events (-y) are Windows-only");
	FAILS("-ysEvent f", "'-ysEvent'");
	OK("-z f");
	assert_true(P.seed_given);
	OK("-z42 f");
	assert_int_equal(P.seed, 42);
	assert_true(P.seed_given);
}

/* The value rules DiskSpd's parser applies (issue 10). */
static void test_diskspd_values(void **state)
{
	(void)state;
	OK("-g1.5i f");		/* the leading digits, in I/Os per second */
	assert_int_equal(T0->throttle_iops, 1);
	assert_int_equal(T0->throttle_bytes_per_ms, 0);
	FAILS("-g0 f", "invalid -g '0'");
	FAILS("-g0i f", "invalid -g '0i'");
	FAILS("-g100x f", "invalid -g '100x'");
	FAILS("-gi100 f", "invalid -g 'i100'");
	FAILS("-g f", "invalid -g ''");
	/* DiskSpd's rule: -g<n>i is n * block / 1000 bytes per ms, refused
	 * beside -x and -F -O when that is above 0 */
	FAILS("-g100i -x f", "-g conflicts with -x");
	FAILS("-F2 -O4 -g100i f", "-g conflicts with -F and -O");
	OK("-g1i -b512 -x f");
	assert_true(P.completion_routines);
	OK("-F2 -O4 -g1i -b512 f");
	assert_int_equal(T0->throttle_iops, 1);
	FAILS("-F2 -O4 -g100 f", "-g conflicts with -F and -O");
	OK("-s0 f");
	assert_int_equal(T0->stride_bytes, 0);
	FAILS("-B5m:1m -f6m f", "conflicts with -f");
	OK("-B5m -f6m f");
	OK("-Sbm f");
	assert_int_equal(T0->cache, CACHE_MMAP);
	OK("-Smb f");
	assert_int_equal(T0->cache, CACHE_MMAP);
	OK("-Srm f");
	assert_int_equal(T0->cache, CACHE_MMAP);
	FAILS("-Smu f", "conflicting cache switch '-Smu'");
	FAILS("-Su -Sm f", "conflicting cache switch '-Sm'");
	FAILS("-Sm -Sm f", "conflicting cache switch '-Sm'");
	FAILS("-Sm -h f", "conflicting cache switch '-h'");
	OK("-Sm -NV f");
	assert_int_equal(T0->flush, FLUSH_VIEW);
	OK("-Sm -NI f");
	assert_int_equal(T0->flush, FLUSH_NV_NODRAIN);
	FAILS("-Sm -Nvv f", "invalid -N 'vv'");
	FAILS("-Sm -N f", "invalid -N ''");
	OK("-b8K -Z1M, f");
	assert_int_equal(T0->wbuf, WBUF_SOURCE);
	assert_null(T0->wbuf_source_path);
	OK("-z4294967295 f");
	assert_int_equal(P.seed, 4294967295U);
	FAILS("-z42x f", "invalid -z '42x'");
	FAILS("-z4294967296 f", "32-bit seed");
	FAILS("-e f", "invalid -e ''");
	FAILS("-eFOO f", "invalid -e 'FOO'");
	FAILS("-eprocess f", "invalid -e 'process'");
	OK("-epx f");
	OK("-eMEMORY_HARD_FAULTS f");
	OK("-vs f");
	assert_false(P.verbose);
	assert_true(P.verbose_stats);
	STDERR_HAS("wait statistics are Windows-only");
	FAILS("-a0 -n f", "-n conflicts with -a");
	FAILS("-a256 f", "core 256 is out of range");
	FAILS("-a64 f", "core 64 is out of range");
	FAILS("-ag16,0 f", "invalid -a 'g16,0'");
	FAILS("-ag0 f", "invalid -a 'g0'");
	FAILS("-ag1,0,g2 f", "invalid -a 'g1,0,g2'");
	FAILS("-a1, f", "invalid -a '1,'");
	OK("-ag0,1,4,6 -ag1,2,5,7 f");
	assert_int_equal(P.ncpus, 6);
	assert_int_equal(P.cpus[5], 71);
}

static void test_validation_rules(void **state)
{
	(void)state;
	FAILS("-r -T1M -t2 f", "-r/-rs conflicts with -T");
	FAILS("-rs50 -si -t2 f", "-r/-rs conflicts with -si");
	FAILS("-r -p f", "-r/-rs conflicts with -p");
	FAILS("-s -r f", "-s conflicts with -r");
	FAILS("-si -T1M -t2 f", "-si conflicts with -T");
	FAILS("-si -p f", "-si conflicts with -p");
	FAILS("-T1M f", "-T needs more than one thread");
	FAILS("-F1 -T1M f", "-T needs more than one thread");
	OK("-F2 -T1M f");
	FAILS("-F2 -O4 -g100 f", "-g conflicts with -F and -O");
	FAILS("-F2 -O4 -i1 -j1 f", "-j conflicts with -F and -O");
	FAILS("-F2 -O4 -p f", "-p conflicts with -F and -O");
	/* warnings keep the run */
	OK("-p -o1 f");
	STDERR_HAS("ioprobe: warning: -p has no effect with -o1");
	OK("-si f");
	STDERR_HAS("ioprobe: warning: -si with a single thread");
	OK("-t2 f");
	STDERR_HAS("ioprobe: warning: target access pattern will not be "
		   "sequential, consider -si");
	OK("-t2 -r f");
	assert_null(strstr(STDERR_TEXT, "consider -si"));
	OK("-t2 -si f");
	assert_null(strstr(STDERR_TEXT, "consider -si"));
}

static void test_repeats(void **state)
{
	(void)state;
	OK("-b4K -b8K f");
	assert_int_equal(T0->block_bytes, 8192);
	OK("-d5 -d7 -w10 -w20 -t2 -t3 -o1 -o9 f");
	assert_int_equal(P.duration_s, 7);
	assert_int_equal(T0->write_pct, 20);
	assert_int_equal(T0->threads, 3);
	assert_int_equal(T0->outstanding, 9);
	OK("-c1G -c2G f");
	assert_int_equal(T0->create_bytes, 2ULL << 30);
	OK("-Z -Zr f");		/* zeros win, either order */
	assert_int_equal(T0->wbuf, WBUF_ZERO);
	OK("-Zr -Z f");
	assert_int_equal(T0->wbuf, WBUF_ZERO);
	OK("-rs10 -rs20 f");	/* last wins */
	assert_int_equal(T0->random_pct, 20);
	OK("-r -rdpct10/10 -rdabs20/1G f");
	assert_int_equal(T0->dist, DIST_ABS);
	assert_int_equal(T0->dist_ranges[0].io_pct, 20);
	FAILS("-B1G -B2G f", "switch '-B2G' repeats");
	FAILS("-f1G -f2G f", "switch '-f2G' repeats");
	FAILS("-r -r4K f", "switch '-r4K' repeats");
	FAILS("-s -s8K f", "switch '-s8K' repeats");
	FAILS("-Xa.xml -Xb.xml", "switch '-Xb.xml' repeats");
}

static void test_token_order(void **state)
{
	(void)state;
	FAILS("file.dat -b4K", "switch '-b4K' comes after target 'file.dat': "
	      "switches must come before targets");
	FAILS("f --engine=null", "switch '--engine=null' comes after target");
	FAILS("-q f", "unknown switch '-q'");
	FAILS("-K f", "unknown switch '-K'");
	FAILS("- f", "unknown switch '-'");
	FAILS("-b4K", "no target given");
	assert_non_null(strstr(ERR, "\nusage: ioprobe"));
	assert_int_equal(parse(""), CLI_ERROR);
	/* '/' is a path on Linux, not a switch */
	OK("/tmp/io.dat");
	assert_string_equal(T0->path, "/tmp/io.dat");
	OK("f g h");
	assert_int_equal(P.ntargets, 3);
}

static void test_dashes(void **state)
{
	(void)state;
	OK(EN "b4K " EN "d30 f");
	assert_int_equal(T0->block_bytes, 4096);
	assert_int_equal(P.duration_s, 30);
	STDERR_HAS("ioprobe: note: treating '" EN "b4K' as '-b4K' (pasted "
		   "en-dash");
	/* one note line, not one per token */
	assert_int_equal(strchr(STDERR_TEXT, '\n') + 1 - STDERR_TEXT,
			 (long)strlen(STDERR_TEXT));
	assert_string_equal(P.cmdline, "ioprobe " EN "b4K " EN "d30 f");
	OK(EM "w20 f");
	assert_int_equal(T0->write_pct, 20);
	STDERR_HAS("treating '" EM "w20' as '-w20' (pasted em-dash)");
	FAILS("f " EN "b4K", "switch '" EN "b4K' comes after target 'f'");
	FAILS(EN "q f", "unknown switch '" EN "q'");
	/* other UTF-8 is a target */
	OK("\xe2\x80\x99quoted");
	assert_int_equal(P.ntargets, 1);
}

static void test_long_options(void **state)
{
	(void)state;
	OK("--engine=null f");
	assert_string_equal(P.engine, "null");
	OK("--engine io_uring f");
	assert_string_equal(P.engine, "io_uring");
	OK("--engine=libaio --engine=sync f");
	assert_string_equal(P.engine, "sync");
	FAILS("--engine=spdk f", "invalid --engine 'spdk': expected io_uring,"
	      " libaio, sync or null");
	OK("--allow-device-writes=/dev/loop0 -w10 /dev/loop0");
	assert_string_equal(P.allow_device_writes, "/dev/loop0");
	OK("--output=json:r.json --output xml:- --output=CSV:x.csv f");
	assert_int_equal(P.noutputs, 3);
	assert_int_equal(P.outputs[0].format, FORMAT_JSON);
	assert_string_equal(P.outputs[0].path, "r.json");
	assert_int_equal(P.outputs[1].format, FORMAT_XML);
	assert_string_equal(P.outputs[1].path, "-");
	assert_int_equal(P.outputs[2].format, FORMAT_CSV);
	assert_string_equal(P.targets[0].path, "f");
	FAILS("--output=json f", "invalid --output 'json'");
	FAILS("--output=pdf:x f", "invalid --output 'pdf:x'");
	FAILS("--output=json: f", "invalid --output 'json:'");
	FAILS("--output=text:1 --output=text:2 --output=text:3 "
	      "--output=text:4 --output=text:5 --output=text:6 "
	      "--output=text:7 --output=text:8 --output=text:9 f",
	      "too many --output");
	OK("--label=before f");
	assert_string_equal(P.label, "before");
	OK("f");
	assert_int_equal(P.batch_submit, 1);
	OK("--batch=16 f");
	assert_int_equal(P.batch_submit, 16);
	OK("--batch 4 f");
	assert_int_equal(P.batch_submit, 4);
	FAILS("--batch=0 f", "invalid --batch '0': expected a number of "
	      "requests from 1 to 4096");
	FAILS("--batch=8x f", "invalid --batch '8x'");
	FAILS("--label= f", "invalid --label ''");
	FAILS("--frobnicate f", "unknown option '--frobnicate'");
	FAILS("--engine", "missing value for '--engine': expected --engine "
	      "NAME or --engine=NAME");
	FAILS("--lab=x f", "unknown option '--lab=x': did you mean '--label'?");
	assert_int_equal(parse("--help"), CLI_HELP);
	assert_int_equal(parse("-?"), CLI_HELP);
	assert_int_equal(parse("-b4K -?"), CLI_HELP);
	assert_int_equal(parse("--version"), CLI_VERSION);
}

static void test_xml_companions(void **state)
{
	(void)state;
	FAILS("-Xp.xml -b4K", "parameter '-b4K' is not compatible with -X");
	FAILS("-Xp.xml -t2 f", "parameter '-t2' is not compatible with -X");
	FAILS("-h -Xp.xml", "parameter '-h' is not compatible with -X");
	FAILS("-Xp.xml " EN "o4", "parameter '" EN "o4' is not compatible");
	FAILS("-X f", "invalid -X ''");
}

/* A real load: the allowed switches override the profile's values. */
static void test_xml_load(void **state)
{
	static const char xml[] =
		"<Profile><TimeSpans><TimeSpan><Duration>30</Duration>"
		"<Warmup>2</Warmup><Targets><Target><Path>*1</Path>"
		"<BlockSize>8192</BlockSize></Target></Targets>"
		"</TimeSpan></TimeSpans></Profile>\n";
	char path[] = "/tmp/test_cli_XXXXXX", line[256];
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, xml, sizeof(xml) - 1), sizeof(xml) - 1);
	close(fd);
	snprintf(line, sizeof(line), "-X%s -d5 --engine=null --batch=8 "
		 "--output=json:r.json tgt", path);
	if (parse(line) != CLI_RUN) {
		unlink(path);
		fail_msg("-X load failed: %s", ERR);
	}
	unlink(path);
	assert_int_equal(P.duration_s, 5);	/* overridden */
	assert_int_equal(P.warmup_s, 2);	/* from the profile */
	assert_int_equal(P.ntargets, 1);
	assert_string_equal(T0->path, "tgt");
	assert_int_equal(T0->block_bytes, 8192);
	assert_string_equal(P.engine, "null");
	assert_int_equal(P.batch_submit, 8);	/* long options survive -X */
	assert_int_equal(P.noutputs, 1);
	assert_string_equal(P.outputs[0].path, "r.json");
	assert_non_null(P.cmdline);
	FAILS("-X/nonexistent/p.xml", "");
}

/* Command line -> -Rpxml -> -X gives the same effective target. */
static void roundtrip(const char *line)
{
	char path[] = "/tmp/test_cli_rt_XXXXXX", xline[256], want_path[64];
	struct target_opts want;
	FILE *f;
	int fd;

	OK(line);
	want = *T0;	/* its strings die with the next parse */
	snprintf(want_path, sizeof(want_path), "%s", T0->path);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	assert_int_equal(xmlprofile_write(&P, f, 0), 0);
	fclose(f);
	snprintf(xline, sizeof(xline), "-X%s", path);
	if (parse(xline) != CLI_RUN) {
		unlink(path);
		fail_msg("'%s' round trip failed: %s", line, ERR);
	}
	unlink(path);
	assert_int_equal(P.ntargets, 1);
	assert_string_equal(T0->path, want_path);
	assert_int_equal(T0->block_bytes, want.block_bytes);
	assert_int_equal(T0->random, want.random);
	assert_int_equal(T0->random_pct, want.random_pct);
	assert_int_equal(T0->random_align_bytes, want.random_align_bytes);
	assert_int_equal(T0->stride_bytes, want.stride_bytes);
	assert_int_equal(T0->threads, want.threads);
	assert_int_equal(T0->outstanding, want.outstanding);
	assert_int_equal(T0->write_pct, want.write_pct);
	assert_int_equal(T0->cache, want.cache);
	assert_int_equal(T0->write_through, want.write_through);
	assert_int_equal(T0->create_bytes, want.create_bytes);
	assert_int_equal(T0->wbuf, want.wbuf);
	assert_int_equal(T0->wbuf_source_bytes, want.wbuf_source_bytes);
}

static void test_xml_roundtrip(void **state)
{
	(void)state;
	roundtrip("-b8K -d60 -h -L -o2 -t4 -r -w30 -c100M FILE");
	roundtrip("-b4K -o4 -t8 -h -r -w25 -L -Z1G -c5G FILE");
	roundtrip("-b64K -s -w0 -t1 -o8 -d30 -W5 -Sh -L -c4G FILE");
	roundtrip("-b4K -rs30 -r8K -Sbw -w50 FILE");
}

/* The four command lines from the articles our users paste. */
static void test_seed_1(void **state)
{
	(void)state;
	OK("-b8K -d60 -h -L -o2 -t4 -r -w30 -c100M FILE");
	assert_int_equal(T0->block_bytes, 8192);
	assert_int_equal(P.duration_s, 60);
	assert_int_equal(T0->cache, CACHE_DIRECT);
	assert_true(T0->write_through);
	assert_true(P.measure_latency);
	assert_int_equal(T0->outstanding, 2);
	assert_int_equal(T0->threads, 4);
	assert_true(T0->random);
	assert_int_equal(T0->random_pct, 100);
	assert_int_equal(T0->write_pct, 30);
	assert_int_equal(T0->create_bytes, 100ULL << 20);
	assert_string_equal(T0->path, "FILE");
	assert_int_equal(profile_thread_count(&P), 4);
}

static void test_seed_2(void **state)
{
	(void)state;
	OK(EN "b4K " EN "d30 " EN "o4 " EN "t8 " EN "h " EN "r " EN "w25 "
	   EN "L " EN "Z1G " EN "c5G FILE");
	assert_int_equal(T0->block_bytes, 4096);
	assert_int_equal(P.duration_s, 30);
	assert_int_equal(T0->outstanding, 4);
	assert_int_equal(T0->threads, 8);
	assert_int_equal(T0->cache, CACHE_DIRECT);
	assert_true(T0->write_through);
	assert_true(T0->random);
	assert_int_equal(T0->write_pct, 25);
	assert_true(P.measure_latency);
	assert_int_equal(T0->wbuf, WBUF_SOURCE);
	assert_int_equal(T0->wbuf_source_bytes, 1ULL << 30);
	assert_int_equal(T0->create_bytes, 5ULL << 30);
	assert_string_equal(T0->path, "FILE");
	STDERR_HAS("treating '" EN "b4K' as '-b4K' (pasted en-dash");
}

static void test_seed_3(void **state)
{
	(void)state;
	OK("-c1024M -d90 -W30 -w100 -t8 -o64 -b8k -r -h -L FILE");
	assert_int_equal(T0->create_bytes, 1ULL << 30);
	assert_int_equal(P.duration_s, 90);
	assert_int_equal(P.warmup_s, 30);
	assert_int_equal(T0->write_pct, 100);
	assert_int_equal(T0->threads, 8);
	assert_int_equal(T0->outstanding, 64);
	assert_int_equal(T0->block_bytes, 8192);
	assert_true(T0->random);
	assert_int_equal(T0->cache, CACHE_DIRECT);
	assert_true(T0->write_through);
	assert_true(P.measure_latency);
}

static void test_seed_4(void **state)
{
	(void)state;
	OK("-b64K -s -w0 -t1 -o8 -d30 -W5 -Sh -L -c4G FILE");
	assert_int_equal(T0->block_bytes, 65536);
	assert_false(T0->random);
	assert_false(T0->interlocked);
	assert_int_equal(T0->write_pct, 0);
	assert_int_equal(T0->threads, 1);
	assert_int_equal(T0->outstanding, 8);
	assert_int_equal(P.duration_s, 30);
	assert_int_equal(P.warmup_s, 5);
	assert_int_equal(T0->cache, CACHE_DIRECT);
	assert_true(T0->write_through);
	assert_true(P.measure_latency);
	assert_int_equal(T0->create_bytes, 4ULL << 30);
	assert_string_equal(STDERR_TEXT, "");
}

static void test_usage(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	cli_usage(f);
	fclose(f);
	assert_non_null(strstr(buf, "usage: ioprobe [switches] target..."));
	assert_non_null(strstr(buf, "ioprobe suite"));
	assert_non_null(strstr(buf, "ioprobe compare"));
	assert_non_null(strstr(buf, "ioprobe show"));
	assert_non_null(strstr(buf, "--engine="));
	assert_non_null(strstr(buf, "--output="));
	assert_non_null(strstr(buf, "  -b<size>"));
	assert_non_null(strstr(buf, "  -Z "));
	free(buf);
}

/* The one table of format names, both ways. */
static void test_format_names(void **state)
{
	static const char *const names[] = {
		"text", "xml", "json", "csv", "html",
	};
	enum result_format f;
	unsigned int i;

	(void)state;
	for (i = 0; i < RESULT_FORMAT_COUNT; i++) {
		assert_string_equal(result_format_name((enum result_format)i),
				    names[i]);
		assert_int_equal(result_format_from_name(names[i], &f), 0);
		assert_int_equal(f, i);
	}
	f = (enum result_format)RESULT_FORMAT_COUNT;
	assert_null(result_format_name(f));
	assert_int_equal(result_format_from_name("XmL", &f), 0);
	assert_int_equal(f, FORMAT_XML);
	f = FORMAT_CSV;
	assert_int_equal(result_format_from_name("jsonx", &f), -EINVAL);
	assert_int_equal(result_format_from_name("jso", &f), -EINVAL);
	assert_int_equal(result_format_from_name("", &f), -EINVAL);
	assert_int_equal(f, FORMAT_CSV);	/* untouched on failure */
	assert_int_equal(result_format_from_name_len("html:a.html", 4, &f), 0);
	assert_int_equal(f, FORMAT_HTML);
	assert_int_equal(result_format_from_name_len("html:a", 3, &f),
			 -EINVAL);
	assert_int_equal(result_format_from_name_len("html", 0, &f), -EINVAL);
}

/* The long options' table and its parser, apart from cli_parse. */
static void test_long_table(void **state)
{
	const struct opt_spec *o;
	char err[256];
	int used = -1;

	(void)state;
	o = cli_long_find("--engine=null");
	assert_non_null(o);
	assert_string_equal(o->name, "engine");
	assert_int_equal(o->kind, OPT_VALUE);
	o = cli_long_find("--overwrite");
	assert_non_null(o);
	assert_int_equal(o->kind, OPT_FLAG);
	assert_null(cli_long_find("--engin"));
	assert_null(cli_long_find("--engines=null"));
	assert_int_equal(cli_long_table.nopts, 14);	/* with help, version */
	o = cli_long_find("--no-findings");
	assert_non_null(o);
	assert_int_equal(o->kind, OPT_FLAG);

	profile_release(&P);
	profile_init(&P);
	assert_int_equal(cli_long_parse(&P, "--label", "x", &used, err,
					sizeof(err)), 0);
	assert_int_equal(used, 1);
	assert_string_equal(P.label, "x");
	assert_int_equal(cli_long_parse(&P, "--batch=8", "y", &used, err,
					sizeof(err)), 0);
	assert_int_equal(used, 0);
	assert_int_equal(P.batch_submit, 8);
	assert_int_equal(cli_long_parse(&P, "--overwrite", "z", &used, err,
					sizeof(err)), 0);
	assert_int_equal(used, 0);	/* a flag never takes the next token */
	assert_true(P.overwrite);
	assert_int_equal(cli_long_parse(&P, "--series=s.csv", NULL, &used,
					err, sizeof(err)), 0);
	assert_true(P.series_csv);
	assert_string_equal(P.series_path, "s.csv");
	assert_int_equal(cli_long_parse(&P, "--series", "d/s.jsonl", &used,
					err, sizeof(err)), 0);
	assert_false(P.series_csv);
	assert_int_equal(cli_long_parse(&P, "--series=s.txt", NULL, &used,
					err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "invalid --series 's.txt': expected a file "
			    "name ending in .jsonl or .json (JSON Lines) or "
			    ".csv");
	assert_int_equal(cli_long_parse(&P, "--series=d/.csv", NULL, &used,
					err, sizeof(err)), -EINVAL);
	assert_int_equal(cli_long_parse(&P, "--quiet", "x", &used, err,
					sizeof(err)), 0);
	assert_int_equal(used, 0);
	assert_true(P.quiet);
	assert_int_equal(cli_long_parse(&P, "--continue-on-error=1", NULL,
					&used, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "option '--continue-on-error' takes no value: "
			    "'--continue-on-error=1'");
	assert_int_equal(cli_long_parse(&P, "--output", NULL, &used, err,
					sizeof(err)), -EINVAL);
	assert_string_equal(err, "missing value for '--output': expected "
			    "--output FORMAT:PATH or --output=FORMAT:PATH");
	assert_int_equal(cli_long_parse(&P, "--output=XML:o.xml", NULL,
					&used, err, sizeof(err)), 0);
	assert_int_equal(P.noutputs, 1);
	assert_int_equal(P.outputs[0].format, FORMAT_XML);
	assert_string_equal(P.outputs[0].path, "o.xml");

	/* through cli_parse, --overwrite reaches every target */
	assert_int_equal(parse("--overwrite -Rp a b"), CLI_PRINT_PROFILE);
	assert_true(P.overwrite);
	assert_true(P.targets[0].overwrite && P.targets[1].overwrite);
	assert_int_equal(parse("-Rp a"), CLI_PRINT_PROFILE);
	assert_false(P.overwrite || P.targets[0].overwrite);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_lenient_ints),
		cmocka_unit_test(test_time_and_stats),
		cmocka_unit_test(test_threads_and_queue),
		cmocka_unit_test(test_random_and_sequential),
		cmocka_unit_test(test_distribution),
		cmocka_unit_test(test_cache_modes),
		cmocka_unit_test(test_write_mix_and_buffers),
		cmocka_unit_test(test_offsets),
		cmocka_unit_test(test_throttle_burst_priority),
		cmocka_unit_test(test_affinity),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_windows_only),
		cmocka_unit_test(test_diskspd_values),
		cmocka_unit_test(test_validation_rules),
		cmocka_unit_test(test_repeats),
		cmocka_unit_test(test_token_order),
		cmocka_unit_test(test_dashes),
		cmocka_unit_test(test_long_options),
		cmocka_unit_test(test_xml_companions),
		cmocka_unit_test(test_xml_load),
		cmocka_unit_test(test_xml_roundtrip),
		cmocka_unit_test(test_seed_1),
		cmocka_unit_test(test_seed_2),
		cmocka_unit_test(test_seed_3),
		cmocka_unit_test(test_seed_4),
		cmocka_unit_test(test_usage),
		cmocka_unit_test(test_format_names),
		cmocka_unit_test(test_long_table),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}
