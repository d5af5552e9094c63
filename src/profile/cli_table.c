/* cli_table.c - the DiskSpd switch table (cli_table.h): one row per
 * switch in the order `ioprobe -?` lists them, the lookup that applies
 * a token's row, and the help printed from the rows.
 */
#include "profile/cli_table.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "lib/util.h"
#include "profile/cli_internal.h"

#define PROF(f) .in = SW_IN_PROFILE, .off = offsetof(struct profile, f)
#define TGT(f) .in = SW_IN_TARGET, .off = offsetof(struct target_opts, f)
#define SEEN(f) .seen = offsetof(struct cli, f)
#define U32(lo, hi, w) .kind = SW_U32, .min = (lo), .max = (hi), .what = (w)
#define FUNC(fn) .kind = SW_FUNC, .parse = (fn)
#define FUNCP(fn, pr) .kind = SW_FUNC, .parse = (fn), .print = (pr)
#define BESIDE_X(ov) .flags = SW_WITH_X, .xover = (ov)

#define MAX_THREADS 65536U	/* -t, -F: per switch value */
#define MAX_DEPTH 65536U	/* -o, -O */

const struct cli_sw cli_switches[] = {
	{ "?", "-?", "this help (also --help)", .kind = SW_HELP },
	{ "b", "-b<size>", "block size, default 64K",
	  FUNCP(NULL, cli_pr_block) },	/* read by cli.c's pre-pass */
	{ "B", "-B<base>[:len]", "start offset [and length] of the range used",
	  FUNCP(cli_sw_base, cli_pr_base), .flags = SW_ONCE, SEEN(B) },
	{ "c", "-c<size>", "create file targets of this size (filled with "
	  "data)", .kind = SW_SIZE, .min = 1, TGT(create_bytes) },
	{ "C", "-C<s>", "cool-down seconds, I/O runs but is not measured",
	  U32(0, UINT32_MAX, "a cool-down in seconds such as 5"),
	  PROF(cooldown_s), .flags = SW_WITH_X | SW_ATOI, .xover = OV_C },
	{ "d", "-d<s>", "measured duration in seconds, default 10",
	  U32(1, UINT32_MAX, "a duration of at least 1 second, such as 60"),
	  PROF(duration_s), BESIDE_X(OV_D) },
	{ "D", "-D[ms]", "IOPS standard deviation per interval, default 1000",
	  U32(0, UINT32_MAX, "an interval in ms such as 1000"), .dflt = 1000,
	  PROF(iops_interval_ms), .flags = SW_ATOI },
	{ "e", "-e<opt>", "ETW (Windows-only): accepted, no output",
	  FUNCP(cli_sw_etw, cli_pr_etw) },
	{ "f", "-f<size>", "maximum offset;  -f<rst>: random/sequential hints",
	  FUNCP(cli_sw_f, cli_pr_f) },
	{ "F", "-F<n>", "total threads, each driving every target",
	  U32(1, MAX_THREADS, "a total thread count from 1 to 65536"),
	  PROF(pool_threads), SEEN(F) },
	{ "g", "-g<n>[i]", "throttle per thread per target: bytes/ms, or IOPS "
	  "(i)", FUNCP(cli_sw_throttle, cli_pr_throttle) },
	{ "h", "-h", "= -Sh", FUNC(cli_sw_h) },
	{ "i", "-i<n> -j<ms>", "bursts of n I/Os separated by j ms of think "
	  "time", U32(1, UINT32_MAX, "a burst size of at least 1 I/O"),
	  TGT(burst), SEEN(i) },
	{ "j", NULL, NULL,
	  U32(1, UINT32_MAX, "a think time of at least 1 ms"),
	  TGT(think_ms), SEEN(j) },
	{ "I", "-I<1-3>", "I/O priority: 1 very low, 2 low, 3 normal",
	  U32(1, 3, "an I/O priority from 1 (very low) to 3 (normal)"),
	  TGT(io_priority) },
	{ "l", "-l", "large pages for buffers", .kind = SW_FLAG,
	  PROF(large_pages), .note = "-l: large-page buffers are not used; "
	  "buffers use normal pages" },
	{ "L", "-L", "latency statistics and percentiles", .kind = SW_FLAG,
	  PROF(measure_latency) },
	{ "n", "-n", "no affinity (ioprobe pins only with -a)",
	  .kind = SW_FLAG, PROF(affinity_disabled), SEEN(n) },
	{ "a", "-a[g#,]#[,#]", "pin thread i to CPU entry i mod n (g# = 64-CPU "
	  "group)", FUNCP(cli_sw_affinity, cli_pr_affinity), SEEN(a) },
	{ "N", "-N<v|n|i>", "flush mode for -Sm",
	  FUNCP(cli_sw_flush, cli_pr_flush),
	  SEEN(N) },
	{ "o", "-o<n>", "outstanding I/Os per thread per target, default 2",
	  U32(1, MAX_DEPTH, "outstanding I/Os from 1 to 65536"),
	  TGT(outstanding) },
	{ "O", "-O<n>", "outstanding I/Os per thread with -F",
	  U32(1, MAX_DEPTH, "requests per thread from 1 to 65536"),
	  PROF(pool_requests), SEEN(O) },
	{ "p", "-p", "parallel sequential pointers per request",
	  .kind = SW_FLAG, TGT(parallel_async), SEEN(pflag) },
	{ "P", "-P[n]", "progress dot every n completions, default 65536",
	  U32(0, UINT32_MAX, "a completion count such as 65536"),
	  .dflt = 65536, PROF(progress_every), .flags = SW_ATOI },
	{ "r", "-r[align]", "random I/O aligned to align, default block size",
	  FUNCP(cli_sw_r, cli_pr_r), .flags = SW_ONCE, SEEN(r) },
	{ "rs", "-rs<pct>", "percent random, the rest sequential",
	  FUNCP(cli_sw_rs, cli_pr_rs), SEEN(rs) },	/* repeat: the last */
	{ "rd", "-rdpct<io/span:..> -rdabs<io/size:..>", "random distribution",
	  FUNCP(cli_sw_rd, cli_pr_rd), SEEN(rd) },	/* likewise */
	{ "R", "-R[p]<fmt>", "result format text|xml|json|csv|html; p = print "
	  "profile", FUNCP(cli_sw_format, cli_pr_format), BESIDE_X(OV_R) },
	{ "s", "-s[i][stride]", "sequential [interlocked] with stride, default "
	  "block", FUNCP(cli_sw_s, cli_pr_s), .flags = SW_ONCE, SEEN(s) },
	{ "S", "-S[bhmruw]", "cache: b buffered, u O_DIRECT, w O_DSYNC, h "
	  "both,\nr remote, m mmap; bare -S = -Su",
	  FUNCP(cli_parse_cache, cli_pr_cache) },
	{ "t", "-t<n>", "threads per target, default 1",
	  U32(1, MAX_THREADS, "a thread count from 1 to 65536"),
	  TGT(threads), SEEN(t_given) },
	{ "T", "-T<size>", "stride between threads' start offsets",
	  .kind = SW_SIZE, .min = 1, TGT(thread_stride_bytes), SEEN(T) },
	{ "v", "-v", "verbose", FUNCP(cli_sw_verbose, cli_pr_verbose),
	  BESIDE_X(OV_V) },
	{ "w", "-w<pct>", "write percentage, default 0",
	  FUNCP(cli_sw_w, cli_pr_w) },
	{ "W", "-W<s>", "warm-up seconds, default 5",
	  U32(0, UINT32_MAX, "a warm-up in seconds such as 5"),
	  PROF(warmup_s), .flags = SW_WITH_X | SW_ATOI, .xover = OV_W },
	{ "x", "-x", "completion routines (Windows): same engine",
	  .kind = SW_FLAG, PROF(completion_routines), SEEN(x),
	  .note = "-x: completion routines are Windows-only; the same engine "
	  "runs (choose one with --engine=)" },
	{ "X", "-X<file>", "DiskSpd XML profile", FUNC(cli_sw_xml),
	  BESIDE_X(0) },
	{ "y", "-y...", "named events: Windows-only, rejected",
	  FUNC(cli_sw_events), .flags = SW_REFUSED },
	{ "z", "-z[seed]", "random seed, bare = ms since boot",
	  FUNCP(cli_sw_seed, cli_pr_seed), BESIDE_X(OV_Z) },
	{ "Z", "-Z  -Zr  -Z<size>[,file]", "zero / random per write / source "
	  "buffer", FUNCP(cli_sw_wbuf, cli_pr_wbuf) },
	{ ":", "-:<n>", "experiment flags",
	  U32(0, UINT32_MAX, "an experiment bitmask such as 1"),
	  PROF(experiment_flags), BESIDE_X(OV_COLON) },
};

const size_t cli_nswitches = ARRAY_SIZE(cli_switches);

const struct cli_sw *cli_switch_find(const char *letters)
{
	const struct cli_sw *best = NULL;
	size_t i, n, best_n = 0;

	for (i = 0; i < cli_nswitches; i++) {
		n = strlen(cli_switches[i].name);
		if (n > best_n && !strncmp(letters, cli_switches[i].name, n)) {
			best = &cli_switches[i];
			best_n = n;
		}
	}
	return best;
}

/* SW_U32: @val into the uint32_t at @dst; "" or 0 keep a default. */
static int apply_u32(struct cli *c, const struct cli_sw *r, const char *sw,
		     const char *val, uint32_t *dst)
{
	uint32_t v = 0;
	int ret;

	if ((r->flags & SW_ATOI) && (*val < '0' || *val > '9') && *val != '-')
		val = "0";	/* DiskSpd's atoi reads "abc" and "" as 0 */
	if (!r->dflt)
		return cli_get_u32(c, sw, val, r->min, r->max, r->what, dst);
	*dst = r->dflt;		/* bare -D, -D0: 1000, as in DiskSpd */
	if (!*val)
		return 0;
	ret = cli_get_u32(c, sw, val, r->min, r->max, r->what, &v);
	if (!ret && v)
		*dst = v;
	return ret;
}

/* Read @val as row @r says, into the field it names. */
static int apply(struct cli *c, const struct cli_sw *r, const char *typed,
		 const char *val)
{
	char *base = r->in == SW_IN_PROFILE ? (char *)c->p : (char *)&c->t;
	char sw[8];

	snprintf(sw, sizeof(sw), "-%s", r->name);
	switch (r->kind) {
	case SW_FLAG:
		cli_rest_ignored(c, typed, sw, val);
		*(bool *)(base + r->off) = true;
		if (r->note)
			notes_add(&c->p->notes, NOTE_NOTE, "%s", r->note);
		return 0;
	case SW_U32:
		return apply_u32(c, r, sw, val, (uint32_t *)(base + r->off));
	case SW_SIZE:
		return cli_get_size(c, sw, val, r->min,
				    (uint64_t *)(base + r->off));
	case SW_FUNC:
		return r->parse ? r->parse(c, typed, val) : 0;
	case SW_HELP:
		break;
	}
	return errf(c->err, c->errlen, EINVAL, "unknown switch '%s'", typed);
}

int cli_switch(struct cli *c, const char *typed, const char *tok)
{
	const struct cli_sw *r = cli_switch_find(tok + 1);
	int ret;

	if (!r || r->kind == SW_HELP)
		return errf(c->err, c->errlen, EINVAL,
			    "unknown switch '%s'", typed);
	if (!(r->flags & SW_WITH_X) && !c->x_incompat)
		c->x_incompat = typed;
	c->xover |= r->xover;
	if (r->seen) {
		bool *seen = (bool *)((char *)c + r->seen);

		if (r->flags & SW_ONCE) {
			ret = cli_repeated(c, seen, typed);
			if (ret)
				return ret;
		}
		*seen = true;
	}
	return apply(c, r, typed, tok + 1 + strlen(r->name));
}

/* The switch column is 14 wide; a longer one is set off by two spaces
 * (one when it fills the column exactly); a help line goes on below
 * at the same place. */
void cli_switch_usage(FILE *f)
{
	const char *h, *nl;
	size_t i, n;
	int pad;

	for (i = 0; i < cli_nswitches; i++) {
		if (!cli_switches[i].usage)
			continue;
		n = strlen(cli_switches[i].usage);
		pad = n < 14 ? (int)(14 - n) : n == 14 ? 1 : 2;
		fprintf(f, "  %s%*s", cli_switches[i].usage, pad, "");
		for (h = cli_switches[i].help; (nl = strchr(h, '\n'));
		     h = nl + 1)
			fprintf(f, "%.*s\n%16s", (int)(nl - h), h, "");
		fprintf(f, "%s\n", h);
	}
}
