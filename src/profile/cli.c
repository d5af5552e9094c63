/* cli.c - the DiskSpd 2.2 command line, read the way DiskSpd reads it
 * (values glued to the letter, lenient integers, size suffixes, last-wins
 * repeats), plus ioprobe's long options, into a struct profile.
 *
 * Parsing runs in passes: tokens are normalised (a pasted en-dash or
 * em-dash becomes '-'), a pre-pass resolves -b so that "b" (blocks) size
 * suffixes anywhere mean blocks of the final -b, then every switch is
 * applied to a template target_opts, the profile-level rules of the spec
 * (§1.3) are checked, and finally each target receives a copy of the
 * template.  With -X the targets come from xmlprofile_load() instead and
 * only the switches DiskSpd allows beside -X are applied on top.
 */
#include "profile/cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "profile/engine_name.h"
#include "profile/parse.h"
#include "lib/util.h"
#include "profile/xmlprofile.h"

#define MAX_THREADS 65536U	/* -t, -F: per switch value */
#define MAX_DEPTH 65536U	/* -o, -O */
#define MAX_BLOCK_BYTES (1ULL << 30)
#define CPUS_PER_GROUP 64U

/* Switches that may accompany -X, as bits in cli.xover. */
enum {
	OV_V = 1 << 0, OV_Z = 1 << 1, OV_R = 1 << 2, OV_W = 1 << 3,
	OV_D = 1 << 4, OV_C = 1 << 5, OV_COLON = 1 << 6,
};

struct cli {
	struct profile *p;
	struct target_opts t;		/* copied to every target */
	char *err;
	size_t errlen;
	uint64_t block_bytes;		/* the last -b, resolved first */

	/* seen flags for the repeat and conflict rules */
	bool a, n, B, fsize, F, g, i, j, N, O, pflag, r, rs, rd, s;
	bool t_given, T, x, Zsize, h, rp;
	bool cache_set, wt_set;
	const char *zval;		/* the -Z<size> value as typed */
	unsigned int xover;		/* OV_* bits */
	const char *x_incompat;		/* first non -X switch typed */
};

static const char *const format_names[] = {
	[FORMAT_TEXT] = "text", [FORMAT_XML] = "xml", [FORMAT_JSON] = "json",
	[FORMAT_CSV] = "csv", [FORMAT_HTML] = "html",
};

/* "invalid -x 'val': expected ..." */
static int bad(struct cli *c, const char *sw, const char *val,
	       const char *expected)
{
	return errf(c->err, c->errlen, EINVAL, "invalid %s '%s': expected %s",
		    sw, val, expected);
}

static int get_uint(struct cli *c, const char *sw, const char *val,
		    uint64_t min, uint64_t max, const char *what,
		    uint64_t *out)
{
	uint64_t v;

	if (parse_uint_lenient(val, max, &v) || v < min)
		return bad(c, sw, val, what);
	*out = v;
	return 0;
}

static int get_u32(struct cli *c, const char *sw, const char *val,
		   uint64_t min, uint64_t max, const char *what, uint32_t *out)
{
	uint64_t v = 0;
	int ret = get_uint(c, sw, val, min, max, what, &v);

	if (!ret)
		*out = (uint32_t)v;
	return ret;
}

static int size_error(struct cli *c, const char *sw, const char *val,
		      int ret)
{
	if (ret == -ERANGE)
		return bad(c, sw, val, "a size below 16 EiB (the value "
			   "overflows 64 bits)");
	return bad(c, sw, val, "a size such as 4K, 1M or 2b (blocks)");
}

/* Size value of @sw; @min_bytes 1 rejects zero. */
static int get_size(struct cli *c, const char *sw, const char *val,
		    uint64_t min_bytes, uint64_t *out)
{
	uint64_t v;
	int ret = parse_size(val, c->block_bytes, &v);

	if (ret)
		return size_error(c, sw, val, ret);
	if (v < min_bytes)
		return bad(c, sw, val, "a size of at least 1 byte");
	*out = v;
	return 0;
}

static int no_value(struct cli *c, const char *sw, const char *val)
{
	if (*val)
		return bad(c, sw, val, "nothing after the letter");
	return 0;
}

static int repeated(struct cli *c, bool *seen, const char *typed)
{
	if (*seen)
		return errf(c->err, c->errlen, EINVAL,
			    "switch '%s' repeats an earlier one: it may be "
			    "given only once", typed);
	*seen = true;
	return 0;
}

/* -a[g#,]#[,#..]: CPU list; g<n> selects a 64-CPU block for what follows. */
static int parse_affinity(struct cli *c, const char *val)
{
	static const char want[] = "CPU numbers such as 0,1,2 or g0,0,1 "
		"(groups of 64 CPUs, group 0..15)";
	struct profile *p = c->p;
	const char *s = val;
	uint64_t group = 0, cpu;
	bool group_given = false;

	c->a = true;
	p->affinity_given = true;
	p->affinity_disabled = false;
	if (!strcmp(val, "") || !strcmp(val, "g"))
		return 0;	/* bare -a / -ag: round robin */
	for (;;) {
		const char *end;
		bool is_group = *s == 'g';

		if (is_group)
			s++;
		if (parse_uint_prefix(s, UINT32_MAX, &cpu, &end) ||
		    (*end && *end != ','))
			return bad(c, "-a", val, want);
		if (is_group) {
			if (cpu >= PROFILE_MAX_CPUS / CPUS_PER_GROUP)
				return bad(c, "-a", val, want);
			group = cpu;
			group_given = true;
		} else {
			if (group_given && cpu >= CPUS_PER_GROUP)
				return bad(c, "-a", val, want);
			cpu += group * CPUS_PER_GROUP;
			if (cpu >= PROFILE_MAX_CPUS ||
			    p->ncpus >= PROFILE_MAX_CPUS)
				return bad(c, "-a", val, want);
			p->cpus[p->ncpus++] = (uint32_t)cpu;
		}
		if (!*end)
			break;
		s = end + 1;
	}
	return 0;
}

/* -B<base>[:len] */
static int parse_base(struct cli *c, const char *typed, const char *val)
{
	uint64_t base, len = 0, sum;
	const char *end;
	int ret;

	ret = repeated(c, &c->B, typed);
	if (ret)
		return ret;
	ret = parse_size_prefix(val, c->block_bytes, &base, &end);
	if (ret)
		return size_error(c, "-B", val, ret);
	if (*end == ':') {
		ret = parse_size(end + 1, c->block_bytes, &len);
		if (ret)
			return size_error(c, "-B", val, ret);
		if (!len)
			return bad(c, "-B", val, "a length above 0 after ':'");
		if (__builtin_add_overflow(base, len, &sum))
			return size_error(c, "-B", val, -ERANGE);
	} else if (*end) {
		return size_error(c, "-B", val, -EINVAL);
	}
	c->t.base_bytes = base;
	c->t.range_len_bytes = len;
	return 0;
}

/* -f<size> (max offset) or -f<rst> (access hints) */
static int parse_f(struct cli *c, const char *typed, const char *val)
{
	const char *s;
	int ret;

	if (*val >= '0' && *val <= '9') {
		ret = repeated(c, &c->fsize, typed);
		if (ret)
			return ret;
		return get_size(c, "-f", val, 1, &c->t.max_bytes);
	}
	if (!*val)
		return bad(c, "-f", val, "a maximum offset such as 10G, or "
			   "hints r, s and t");
	for (s = val; *s; s++) {
		if (*s == 'r')
			c->t.hint_random = true;
		else if (*s == 's')
			c->t.hint_sequential = true;
		else if (*s == 't')
			c->t.hint_temporary = true;
		else
			return bad(c, "-f", val, "a maximum offset such as "
				   "10G, or hints r, s and t");
	}
	return 0;
}

/* -g<n> bytes per ms, or -g<n>i I/Os per second (per thread per target) */
static int parse_throttle(struct cli *c, const char *val)
{
	const char *s = val;
	uint64_t v = 0;
	int ret;

	ret = get_uint(c, "-g", val, 0, UINT64_MAX,
		       "a rate in bytes per ms such as 1000, or I/Os per "
		       "second such as 500i", &v);
	if (ret)
		return ret;
	while (*s >= '0' && *s <= '9')
		s++;
	c->g = v > 0;
	c->t.throttle_iops = *s == 'i' ? v : 0;
	c->t.throttle_bytes_per_ms = *s == 'i' ? 0 : v;
	return 0;
}

static int set_cache(struct cli *c, const char *typed, enum cache_mode m)
{
	if (c->cache_set)
		return errf(c->err, c->errlen, EINVAL,
			    "conflicting cache switch '%s': the cache mode "
			    "was already set by -S or -h", typed);
	c->cache_set = true;
	c->t.cache = m;
	return 0;
}

static int set_write_through(struct cli *c, const char *typed)
{
	if (c->wt_set)
		return errf(c->err, c->errlen, EINVAL,
			    "conflicting cache switch '%s': write-through "
			    "was already set by -S or -h", typed);
	c->wt_set = true;
	c->t.write_through = true;
	return 0;
}

/* -h, -Sh: O_DIRECT + O_DSYNC; not after any other cache switch */
static int set_h(struct cli *c, const char *typed)
{
	if (c->cache_set || c->wt_set)
		return errf(c->err, c->errlen, EINVAL,
			    "conflicting cache switch '%s': -h (= -Sh) may "
			    "not follow other -S or -h switches", typed);
	c->h = true;
	if (set_cache(c, typed, CACHE_DIRECT))
		return -EINVAL;
	return set_write_through(c, typed);
}

/* -S[bhmruw]; bare -S = -Su */
static int parse_cache(struct cli *c, const char *typed, const char *val)
{
	const char *s = *val ? val : "u";
	int ret = 0;

	for (; *s && !ret; s++) {
		switch (*s) {
		case 'b':
			ret = set_cache(c, typed, CACHE_BUFFERED);
			break;
		case 'u':
			ret = set_cache(c, typed, CACHE_DIRECT);
			break;
		case 'r':
			ret = set_cache(c, typed, CACHE_REMOTE);
			break;
		case 'm':
			ret = set_cache(c, typed, CACHE_MMAP);
			break;
		case 'w':
			ret = set_write_through(c, typed);
			break;
		case 'h':
			ret = set_h(c, typed);
			break;
		default:
			return bad(c, "-S", val, "letters from b, u, w, h, r "
				   "and m, such as -Sh or -Sbw");
		}
	}
	return ret;
}

/* -rd<pct|abs><io>/<span>[:<io>/<span>..] */
static int parse_dist(struct cli *c, const char *typed, const char *val)
{
	static const char want[] = "pct or abs and I/O%/range pairs, such "
		"as pct90/10:5/20 or abs90/10G";
	struct target_opts *t = &c->t;
	uint64_t io, span, io_sum = 0, span_sum = 0;
	const char *s, *end;
	bool pct;
	int ret;

	ret = repeated(c, &c->rd, typed);
	if (ret)
		return ret;
	if (!strncmp(val, "pct", 3))
		pct = true;
	else if (!strncmp(val, "abs", 3))
		pct = false;
	else
		return bad(c, "-rd", val, want);
	t->dist = pct ? DIST_PCT : DIST_ABS;
	t->ndist = 0;
	s = val + 3;
	do {
		if (t->ndist >= PROFILE_MAX_DIST - 1 ||
		    parse_uint_prefix(s, 100, &io, &end) || *end != '/')
			return bad(c, "-rd", val, want);
		s = end + 1;
		if (pct)
			ret = parse_uint_prefix(s, 100, &span, &end);
		else
			ret = parse_size_prefix(s, c->block_bytes, &span,
						&end);
		if (ret || !span || (*end && *end != ':'))
			return bad(c, "-rd", val, want);
		io_sum += io;
		if (__builtin_add_overflow(span_sum, span, &span_sum) ||
		    io_sum > 100 || (pct && span_sum > 100))
			return bad(c, "-rd", val, "I/O shares and (for pct) "
				   "target shares adding up to at most 100");
		t->dist_ranges[t->ndist].io_pct = (uint32_t)io;
		t->dist_ranges[t->ndist++].span = span;
		s = end + 1;
	} while (*end);
	if (pct && span_sum == 100 && io_sum < 100)
		return bad(c, "-rd", val, "I/O shares adding up to 100 when "
			   "the ranges cover the whole target");
	if (pct ? span_sum < 100 : io_sum < 100) {
		/* the rest of the I/O goes to the rest of the target */
		t->dist_ranges[t->ndist].io_pct = (uint32_t)(100 - io_sum);
		t->dist_ranges[t->ndist++].span = 0;
	}
	return 0;
}

/* -r[align], -rs<pct>, -rd... */
static int parse_r(struct cli *c, const char *typed, const char *val)
{
	int ret;

	if (*val == 's') {
		ret = repeated(c, &c->rs, typed);
		if (ret)
			return ret;
		c->t.random = true;
		return get_u32(c, "-rs", val + 1, 1, 100,
			       "a random percentage from 1 to 100",
			       &c->t.random_pct);
	}
	if (*val == 'd')
		return parse_dist(c, typed, val + 1);
	ret = repeated(c, &c->r, typed);
	if (ret)
		return ret;
	c->t.random = true;
	if (!*val)
		return 0;
	return get_size(c, "-r", val, 1, &c->t.random_align_bytes);
}

/* -s[i][stride] */
static int parse_s(struct cli *c, const char *typed, const char *val)
{
	int ret = repeated(c, &c->s, typed);

	if (ret)
		return ret;
	if (*val == 'i') {
		c->t.interlocked = true;
		val++;
	}
	if (!*val)
		return 0;
	return get_size(c, c->t.interlocked ? "-si" : "-s", val, 1,
			&c->t.stride_bytes);
}

/* -R[p]<format> */
static int parse_format(struct cli *c, const char *val)
{
	const char *s = val;
	size_t i;

	c->rp = false;
	c->p->print_profile_only = false;
	if (*s == 'p') {
		c->rp = true;
		c->p->print_profile_only = true;
		s++;
		if (!*s)
			s = "text";
	}
	for (i = 0; i < ARRAY_SIZE(format_names); i++) {
		if (strcasecmp(s, format_names[i]))
			continue;
		if (c->rp && i != FORMAT_TEXT && i != FORMAT_XML)
			break;
		c->p->format = (enum result_format)i;
		return 0;
	}
	if (c->rp)
		return bad(c, "-R", val, "-Rp, -Rptext or -Rpxml");
	return bad(c, "-R", val, "text, xml, json, csv or html, such as "
		   "-Rxml");
}

/* -Z, -Zr, -Z<size>[,file] */
static int parse_wbuf(struct cli *c, const char *val)
{
	struct target_opts *t = &c->t;
	const char *end;
	uint64_t v;
	int ret;

	free(t->wbuf_source_path);
	t->wbuf_source_path = NULL;
	t->wbuf_source_bytes = 0;
	c->Zsize = false;
	if (!*val) {
		t->wbuf = WBUF_ZERO;
		return 0;
	}
	if (!strcmp(val, "r")) {
		t->wbuf = WBUF_RANDOM_PER_IO;
		return 0;
	}
	ret = parse_size_prefix(val, c->block_bytes, &v, &end);
	if (ret || (*end && *end != ',') || !v || (*end == ',' && !end[1]))
		return bad(c, "-Z", val, "-Z, -Zr or a buffer size such as "
			   "-Z1M or -Z1M,source.bin");
	t->wbuf = WBUF_SOURCE;
	t->wbuf_source_bytes = v;
	c->Zsize = true;
	c->zval = val;
	if (*end == ',') {
		t->wbuf_source_path = strdup(end + 1);
		if (!t->wbuf_source_path)
			return errf(c->err, c->errlen, ENOMEM,
				    "out of memory");
	}
	return 0;
}

static int parse_seed(struct cli *c, const char *val)
{
	struct timespec ts;

	c->xover |= OV_Z;
	c->p->seed_given = true;
	if (*val)
		return get_uint(c, "-z", val, 0, UINT64_MAX,
				"a seed such as 42", &c->p->seed);
	/* bare -z: milliseconds since boot, as DiskSpd */
	clock_gettime(CLOCK_BOOTTIME, &ts);
	c->p->seed = (uint64_t)ts.tv_sec * 1000 +
		     (uint64_t)ts.tv_nsec / 1000000;
	return 0;
}

static int parse_w(struct cli *c, const char *val)
{
	if (!*val) {
		notef("bare -w taken as -w0 (read only)");
		c->t.write_pct = 0;
		return 0;
	}
	return get_u32(c, "-w", val, 0, 100,
		       "a write percentage from 0 to 100", &c->t.write_pct);
}

static int parse_v(struct cli *c, const char *val)
{
	c->xover |= OV_V;
	if (!strcmp(val, "s")) {
		notef("-vs: wait statistics are Windows-only; -vs is taken "
		      "as -v");
	} else if (*val) {
		return bad(c, "-v", val, "-v or -vs");
	}
	c->p->verbose = true;
	return 0;
}

static int parse_N(struct cli *c, const char *val)
{
	c->N = true;
	if (!strcmp(val, "v"))
		c->t.flush = FLUSH_VIEW;
	else if (!strcmp(val, "n"))
		c->t.flush = FLUSH_NV;
	else if (!strcmp(val, "i"))
		c->t.flush = FLUSH_NV_NODRAIN;
	else
		return bad(c, "-N", val, "-Nv, -Nn or -Ni");
	return 0;
}

static int set_xml_path(struct cli *c, const char *typed, const char *val)
{
	bool seen = c->p->xml_profile_path != NULL;
	int ret = repeated(c, &seen, typed);

	if (ret)
		return ret;
	if (!*val)
		return bad(c, "-X", val,
			   "a profile file such as -Xprofile.xml");
	c->p->xml_profile_path = strdup(val);
	if (!c->p->xml_profile_path)
		return errf(c->err, c->errlen, ENOMEM, "out of memory");
	return 0;
}

/* Switches that take a plain integer or nothing. */
static int parse_simple(struct cli *c, char letter, const char *val)
{
	struct profile *p = c->p;

	switch (letter) {
	case ':':
		c->xover |= OV_COLON;
		return get_u32(c, "-:", val, 0, UINT32_MAX,
			       "an experiment bitmask such as 1",
			       &p->experiment_flags);
	case 'C':
		c->xover |= OV_C;
		return get_u32(c, "-C", val, 0, UINT32_MAX,
			       "a cool-down in seconds such as 5",
			       &p->cooldown_s);
	case 'd':
		c->xover |= OV_D;
		return get_u32(c, "-d", val, 1, UINT32_MAX,
			       "a duration of at least 1 second, such as 60",
			       &p->duration_s);
	case 'W':
		c->xover |= OV_W;
		return get_u32(c, "-W", val, 0, UINT32_MAX,
			       "a warm-up in seconds such as 5",
			       &p->warmup_s);
	case 'D':
		if (!*val) {
			p->iops_interval_ms = 1000;
			return 0;
		}
		return get_u32(c, "-D", val, 1, UINT32_MAX,
			       "an interval in ms such as 1000",
			       &p->iops_interval_ms);
	case 'P':
		if (!*val) {
			p->progress_every = 65536;
			return 0;
		}
		return get_u32(c, "-P", val, 1, UINT32_MAX,
			       "a completion count such as 65536",
			       &p->progress_every);
	case 'F':
		c->F = true;
		return get_u32(c, "-F", val, 1, MAX_THREADS,
			       "a total thread count from 1 to 65536",
			       &p->pool_threads);
	case 'O':
		c->O = true;
		return get_u32(c, "-O", val, 1, MAX_DEPTH,
			       "requests per thread from 1 to 65536",
			       &p->pool_requests);
	default:
		return 1;	/* not a simple switch */
	}
}

/* Per-target integer switches. */
static int parse_target_int(struct cli *c, char letter, const char *val)
{
	struct target_opts *t = &c->t;

	switch (letter) {
	case 't':
		c->t_given = true;
		return get_u32(c, "-t", val, 1, MAX_THREADS,
			       "a thread count from 1 to 65536", &t->threads);
	case 'o':
		return get_u32(c, "-o", val, 1, MAX_DEPTH,
			       "outstanding I/Os from 1 to 65536",
			       &t->outstanding);
	case 'i':
		c->i = true;
		return get_u32(c, "-i", val, 1, UINT32_MAX,
			       "a burst size of at least 1 I/O", &t->burst);
	case 'j':
		c->j = true;
		return get_u32(c, "-j", val, 1, UINT32_MAX,
			       "a think time of at least 1 ms", &t->think_ms);
	case 'I':
		return get_u32(c, "-I", val, 1, 3,
			       "an I/O priority from 1 (very low) to 3 "
			       "(normal)", &t->io_priority);
	default:
		return 1;
	}
}

/* Flags without a value. */
static int parse_flag(struct cli *c, const char *typed, char letter,
		      const char *val)
{
	const char sw[3] = { '-', letter, '\0' };
	int ret;

	if (!strchr("Lnplxh", letter))
		return 1;
	ret = no_value(c, sw, val);
	if (ret)
		return ret;
	switch (letter) {
	case 'L':
		c->p->measure_latency = true;
		break;
	case 'n':
		c->n = true;
		c->p->affinity_disabled = true;
		break;
	case 'p':
		c->pflag = true;
		c->t.parallel_async = true;
		break;
	case 'l':
		/* kept in the profile; no worker maps huge pages yet */
		c->p->large_pages = true;
		notef("-l: large-page buffers are not used; buffers use "
		      "normal pages");
		break;
	case 'x':
		c->x = true;
		notef("-x: completion routines are Windows-only; the same "
		      "engine runs (choose one with --engine=)");
		break;
	case 'h':
		return set_h(c, typed);
	}
	return 0;
}

static bool xml_compatible(char letter)
{
	return strchr("vzRWdC:", letter) != NULL;
}

/* One DiskSpd switch: @tok normalised, @typed as the user typed it. */
static int parse_switch(struct cli *c, const char *typed, const char *tok)
{
	char letter = tok[1];
	const char *val = tok + 2;
	int ret;

	if (!letter)
		return errf(c->err, c->errlen, EINVAL,
			    "unknown switch '%s'", typed);
	if (!xml_compatible(letter) && letter != 'X' && !c->x_incompat)
		c->x_incompat = typed;
	ret = parse_simple(c, letter, val);
	if (ret <= 0)
		return ret;
	ret = parse_target_int(c, letter, val);
	if (ret <= 0)
		return ret;
	ret = parse_flag(c, typed, letter, val);
	if (ret <= 0)
		return ret;

	switch (letter) {
	case 'a':
		return parse_affinity(c, val);
	case 'b':
		return 0;	/* resolved by the pre-pass */
	case 'B':
		return parse_base(c, typed, val);
	case 'c':
		return get_size(c, "-c", val, 1, &c->t.create_bytes);
	case 'e':
		warnf("-e%s: ETW tracing is Windows-only; no ETW output is "
		      "produced", val);
		return 0;
	case 'f':
		return parse_f(c, typed, val);
	case 'g':
		return parse_throttle(c, val);
	case 'N':
		return parse_N(c, val);
	case 'r':
		return parse_r(c, typed, val);
	case 'R':
		c->xover |= OV_R;
		return parse_format(c, val);
	case 's':
		return parse_s(c, typed, val);
	case 'S':
		return parse_cache(c, typed, val);
	case 'T':
		c->T = true;
		return get_size(c, "-T", val, 1, &c->t.thread_stride_bytes);
	case 'v':
		return parse_v(c, val);
	case 'w':
		return parse_w(c, val);
	case 'X':
		return set_xml_path(c, typed, val);
	case 'y':
		return errf(c->err, c->errlen, EINVAL,
			    "unsupported switch '%s': named events (-y) are "
			    "Windows-only", typed);
	case 'z':
		return parse_seed(c, val);
	case 'Z':
		return parse_wbuf(c, val);
	default:
		return errf(c->err, c->errlen, EINVAL,
			    "unknown switch '%s'", typed);
	}
}

static int set_string(struct cli *c, char **dst, const char *val)
{
	free(*dst);
	*dst = strdup(val);
	if (!*dst)
		return errf(c->err, c->errlen, ENOMEM, "out of memory");
	return 0;
}

/* A label goes into every report and the history: no control characters
 * (a newline would split a CSV row, an escape would reach a terminal). */
static int parse_label(struct cli *c, const char *val)
{
	char shown[256];

	if (!str_has_control(val))
		return set_string(c, &c->p->label, val);
	str_escape_c(shown, sizeof(shown), val);
	return errf(c->err, c->errlen, EINVAL, "invalid --label '%s': control "
		    "characters are not allowed", shown);
}

static int parse_engine(struct cli *c, const char *val)
{
	if (engine_name_canonical(val))
		return set_string(c, &c->p->engine, val);
	return bad(c, "--engine", val, "io_uring, libaio, sync or null");
}

/* --batch=N: requests staged before one submit call. */
static int parse_batch(struct cli *c, const char *val)
{
	uint64_t v;

	if (parse_uint_strict(val, 4096, &v) || !v)
		return bad(c, "--batch", val,
			   "a number of requests from 1 to 4096");
	c->p->batch_submit = (uint32_t)v;
	return 0;
}

/* --output FORMAT:PATH */
static int parse_output(struct cli *c, const char *val)
{
	struct profile *p = c->p;
	const char *colon = strchr(val, ':');
	size_t i, n = colon ? (size_t)(colon - val) : 0;

	if (p->noutputs >= PROFILE_MAX_OUTPUTS)
		return errf(c->err, c->errlen, EINVAL,
			    "too many --output options at '%s': at most %d",
			    val, PROFILE_MAX_OUTPUTS);
	for (i = 0; colon && colon[1] && i < ARRAY_SIZE(format_names); i++) {
		if (strlen(format_names[i]) != n ||
		    strncasecmp(val, format_names[i], n))
			continue;
		p->outputs[p->noutputs].format = (enum result_format)i;
		p->outputs[p->noutputs].path = strdup(colon + 1);
		if (!p->outputs[p->noutputs].path)
			return errf(c->err, c->errlen, ENOMEM,
				    "out of memory");
		p->noutputs++;
		return 0;
	}
	return bad(c, "--output", val, "FORMAT:PATH with FORMAT text, xml, "
		   "json, csv or html and PATH a file or - (stdout), such as "
		   "json:result.json");
}

/* Long options; *used is set to 1 when the value was the next token. */
static int parse_long(struct cli *c, const char *tok, const char *next,
		      int *used)
{
	static const char *const names[] = {
		"--engine", "--allow-device-writes", "--output", "--label",
		"--batch",
	};
	const char *eq = strchr(tok, '=');
	size_t n = eq ? (size_t)(eq - tok) : strlen(tok);
	const char *val;
	size_t i;

	*used = 0;
	if (!strcmp(tok, "--overwrite")) {
		c->p->overwrite = c->t.overwrite = true;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (strlen(names[i]) == n && !strncmp(tok, names[i], n))
			break;
	if (i == ARRAY_SIZE(names) && !strcmp(tok, "--continue-on-error")) {
		c->p->continue_on_error = true;	/* a flag, no value */
		return 0;
	}
	if (i == ARRAY_SIZE(names))
		return errf(c->err, c->errlen, EINVAL,
			    "unknown option '%s'", tok);
	if (eq) {
		val = eq + 1;
	} else if (next) {
		val = next;
		*used = 1;
	} else {
		return errf(c->err, c->errlen, EINVAL, "option '%s' needs a "
			    "value: expected %s=VALUE", tok, names[i]);
	}
	if (!*val)
		return bad(c, names[i], val, "a value that is not empty");
	switch (i) {
	case 0:
		return parse_engine(c, val);
	case 1:
		return set_string(c, &c->p->allow_device_writes, val);
	case 2:
		return parse_output(c, val);
	case 3:
		return parse_label(c, val);
	default:
		return parse_batch(c, val);
	}
}

static bool is_switch(const char *tok)
{
	return tok[0] == '-';
}

/* Pre-pass: the last -b among the switches (before the first target). */
static int resolve_block(struct cli *c, char **tok, int ntok)
{
	uint64_t v;
	int i, ret;

	c->block_bytes = 64 * 1024;
	for (i = 0; i < ntok && is_switch(tok[i]); i++) {
		if (tok[i][1] == '-') {
			if (!strchr(tok[i], '=') && i + 1 < ntok &&
			    strcmp(tok[i], "--help") &&
			    strcmp(tok[i], "--version"))
				i++;	/* two-token long option */
			continue;
		}
		if (tok[i][1] != 'b')
			continue;
		ret = parse_size(tok[i] + 2, 0, &v);
		if (ret)
			return size_error(c, "-b", tok[i] + 2, ret);
		if (!v || v > MAX_BLOCK_BYTES)
			return bad(c, "-b", tok[i] + 2,
				   "a block size from 1 byte to 1G");
		c->block_bytes = v;
	}
	c->t.block_bytes = c->block_bytes;
	return 0;
}

static int conflict(struct cli *c, const char *what)
{
	return errf(c->err, c->errlen, EINVAL, "%s", what);
}

/* DiskSpd's profile-level rules (spec §1.3), except those about -X. */
static int validate_pattern(struct cli *c, uint32_t per_target)
{
	const struct target_opts *t = &c->t;
	bool random = c->r || c->rs;

	if (random && c->T)
		return conflict(c, "-r/-rs conflicts with -T: a thread "
				"stride applies to sequential I/O only");
	if (random && t->interlocked)
		return conflict(c, "-r/-rs conflicts with -si: interlocked "
				"I/O is sequential");
	if (random && c->pflag)
		return conflict(c, "-r/-rs conflicts with -p: parallel "
				"async I/O is sequential");
	if (random && c->s)
		return conflict(c, "-s conflicts with -r/-rs: choose "
				"sequential (-s) or random (-r) I/O");
	if (c->rd && !random)
		return conflict(c, "-rd needs -r or -rs: a distribution "
				"shapes random I/O only");
	if (t->interlocked && c->T)
		return conflict(c, "-si conflicts with -T: interlocked "
				"threads share one offset");
	if (t->interlocked && c->pflag)
		return conflict(c, "-si conflicts with -p");
	if (c->T && per_target < 2)
		return conflict(c, "-T needs more than one thread per target "
				"(-t2 or more, or -F2 or more)");
	return 0;
}

static int validate_modes(struct cli *c)
{
	const struct target_opts *t = &c->t;

	if (c->n && c->a)
		return conflict(c, "-n conflicts with -a: -n turns off the "
				"affinity that -a sets");
	if (c->F && c->t_given && t->threads > 1)
		return conflict(c, "-F conflicts with -t: -F sets the total "
				"thread count, drop -t");
	if (c->g && c->x)
		return conflict(c, "-g conflicts with -x: throttling needs "
				"the default completion mode");
	if (c->i != c->j)
		return conflict(c, "-i and -j go together: a burst of -i "
				"I/Os is followed by -j ms of think time");
	if (c->O && !c->F)
		return conflict(c, "-O needs -F: requests per thread apply "
				"to a thread pool");
	if (c->F && c->O && c->g)
		return conflict(c, "-g conflicts with -F and -O");
	if (c->F && c->O && c->j)
		return conflict(c, "-j conflicts with -F and -O");
	if (c->F && c->O && c->pflag)
		return conflict(c, "-p conflicts with -F and -O");
	if (c->N && t->cache != CACHE_MMAP)
		return conflict(c, "-N needs -Sm: flush modes apply to "
				"memory-mapped I/O");
	if (t->cache == CACHE_MMAP && c->x)
		return conflict(c, "-Sm conflicts with -x");
	return 0;
}

static int validate_sizes(struct cli *c)
{
	const struct target_opts *t = &c->t;
	uint64_t buf;

	if (c->Zsize && t->wbuf_source_bytes < t->block_bytes)
		return errf(c->err, c->errlen, EINVAL,
			    "invalid -Z '%s': expected a source buffer of at "
			    "least the block size (%" PRIu64 " bytes)",
			    c->zval, t->block_bytes);
	if (c->fsize && t->max_bytes <= t->base_bytes)
		return conflict(c, "-f is not above -B: the maximum offset "
				"must be larger than the base offset");
	if (__builtin_mul_overflow(t->block_bytes, t->outstanding, &buf) ||
	    __builtin_mul_overflow(buf, 2, &buf))
		return conflict(c, "-b times -o overflows: buffers would "
				"need more than 16 EiB");
	return 0;
}

static void warn_pattern(struct cli *c, uint32_t per_target)
{
	const struct target_opts *t = &c->t;
	bool random = c->r || c->rs;

	if (c->pflag && t->outstanding == 1)
		warnf("-p has no effect with -o1: one request per thread "
		      "walks the file anyway");
	if (t->interlocked && per_target == 1)
		warnf("-si with a single thread per target is plain "
		      "sequential I/O");
	if (!random && per_target > 1 && !c->T && !t->interlocked)
		warnf("target access pattern will not be sequential, "
		      "consider -si");
}

static int validate(struct cli *c)
{
	uint32_t per_target = c->F ? c->p->pool_threads : c->t.threads;
	uint64_t total;
	int ret;

	ret = validate_modes(c);
	if (!ret)
		ret = validate_pattern(c, per_target);
	if (!ret)
		ret = validate_sizes(c);
	if (ret)
		return ret;
	if (!c->F && __builtin_mul_overflow((uint64_t)c->t.threads,
					    (uint64_t)c->p->ntargets, &total))
		return conflict(c, "-t times the number of targets is too "
				"large");
	warn_pattern(c, per_target);
	return 0;
}

/* Every target gets a copy of the template.  Stride and alignment stay
 * 0 ("the block size") unless given, as an XML profile loads them. */
static int commit_targets(struct cli *c, char *const *targets, int n)
{
	struct target_opts *t = &c->t;
	struct profile *p = c->p;
	int i;

	if (c->r && !c->rs)
		t->random_pct = 100;
	for (i = 0; i < n; i++) {
		struct target_opts *d = &p->targets[i];

		*d = *t;
		d->path = strdup(targets[i]);
		d->wbuf_source_path = str_dup(t->wbuf_source_path);
		p->ntargets++;
		if (!d->path || (t->wbuf_source_path && !d->wbuf_source_path))
			return errf(c->err, c->errlen, ENOMEM,
				    "out of memory");
	}
	return 0;
}

/* The profile-level values a -X load keeps from the command line. */
static void move_kept(struct profile *to, struct profile *from,
		      unsigned int ov)
{
	uint32_t i;

	to->cmdline = from->cmdline;
	to->engine = from->engine;
	to->allow_device_writes = from->allow_device_writes;
	to->overwrite = from->overwrite;
	for (i = 0; i < to->ntargets; i++)
		to->targets[i].overwrite = from->overwrite;
	to->label = from->label;
	to->xml_profile_path = from->xml_profile_path;
	to->batch_submit = from->batch_submit;
	to->continue_on_error = from->continue_on_error;
	for (i = 0; i < from->noutputs; i++) {
		to->outputs[i] = from->outputs[i];
		from->outputs[i].path = NULL;	/* moved, not shared */
	}
	to->noutputs = from->noutputs;
	from->cmdline = from->engine = from->allow_device_writes = NULL;
	from->label = from->xml_profile_path = NULL;
	from->noutputs = 0;
	if (ov & OV_V)
		to->verbose = from->verbose;
	if (ov & OV_Z) {
		to->seed = from->seed;
		to->seed_given = from->seed_given;
	}
	if (ov & OV_R) {
		to->format = from->format;
		to->print_profile_only = from->print_profile_only;
	}
	if (ov & OV_W)
		to->warmup_s = from->warmup_s;
	if (ov & OV_D)
		to->duration_s = from->duration_s;
	if (ov & OV_C)
		to->cooldown_s = from->cooldown_s;
	if (ov & OV_COLON)
		to->experiment_flags = from->experiment_flags;
}

/* -X: load the profile, then apply the switches allowed beside it. */
static int load_xml(struct cli *c, char *const *targets, int n)
{
	struct profile *keep;
	struct profile *p = c->p;
	int ret;

	if (c->x_incompat)
		return errf(c->err, c->errlen, EINVAL,
			    "parameter '%s' is not compatible with -X: only "
			    "-v -z -R -W -d -C -: may accompany a profile",
			    c->x_incompat);
	keep = malloc(sizeof(*keep));
	if (!keep)
		return errf(c->err, c->errlen, ENOMEM, "out of memory");
	*keep = *p;
	profile_init(p);
	ret = xmlprofile_load(keep->xml_profile_path, targets,
			      (unsigned int)n, c->rp, p, c->err, c->errlen);
	if (ret) {
		profile_release(p);
		profile_init(p);
	}
	/* keep the command line's strings and overrides either way */
	move_kept(p, keep, ret ? ~0U : c->xover);
	profile_release(keep);
	free(keep);
	return ret;
}

static char *join_cmdline(int argc, char **argv)
{
	size_t len = strlen("ioprobe") + 1;
	char *s;
	int i;

	for (i = 1; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	str_copy(s, len, "ioprobe");
	len = strlen(s);
	for (i = 1; i < argc; i++) {
		size_t n = strlen(argv[i]);

		s[len++] = ' ';
		memcpy(s + len, argv[i], n + 1);
		len += n;
	}
	return s;
}

/* A token starting with U+2013 or U+2014 becomes '-' + the rest. */
static int normalise(int argc, char **argv, char **tok)
{
	const char *first = NULL, *kind = NULL;
	int i, more = 0;

	for (i = 1; i < argc; i++) {
		const unsigned char *u = (const unsigned char *)argv[i];
		size_t len;

		tok[i - 1] = argv[i];
		if (u[0] != 0xe2 || u[1] != 0x80 ||
		    (u[2] != 0x93 && u[2] != 0x94))
			continue;
		len = strlen(argv[i]) - 2;
		tok[i - 1] = malloc(len + 1);
		if (!tok[i - 1])
			return -ENOMEM;
		tok[i - 1][0] = '-';
		memcpy(tok[i - 1] + 1, argv[i] + 3, len);
		if (!first) {
			first = argv[i];
			kind = u[2] == 0x93 ? "en-dash" : "em-dash";
		} else {
			more++;
		}
	}
	if (first && more)
		notef("treating '%s' as '-%s' (pasted %s; %d more tokens "
		      "likewise)", first, first + 3, kind, more);
	else if (first)
		notef("treating '%s' as '-%s' (pasted %s)", first, first + 3,
		      kind);
	return 0;
}

static void free_tokens(int argc, char **argv, char **tok)
{
	int i;

	for (i = 1; i < argc; i++)
		if (tok[i - 1] && tok[i - 1] != argv[i])
			free(tok[i - 1]);
	free(tok);
}

/* -? / --help / --version anywhere win over everything else. */
static enum cli_action early_action(char **tok, int ntok)
{
	int i;

	for (i = 0; i < ntok; i++) {
		if (!strcmp(tok[i], "-?") || !strcmp(tok[i], "--help"))
			return CLI_HELP;
		if (!strcmp(tok[i], "--version"))
			return CLI_VERSION;
	}
	return CLI_RUN;
}

/* Walk the tokens: switches, then targets (collected into @targets). */
static int parse_tokens(struct cli *c, char **argv, char **tok, int ntok,
			char **targets, int *ntargets)
{
	int i, used, ret;

	for (i = 0; i < ntok; i++) {
		const char *typed = argv[i + 1];

		if (is_switch(tok[i]) && *ntargets)
			return errf(c->err, c->errlen, EINVAL,
				    "switch '%s' comes after target '%s': "
				    "switches must come before targets",
				    typed, targets[0]);
		if (!is_switch(tok[i])) {
			if (!*tok[i])
				return errf(c->err, c->errlen, EINVAL,
					    "empty target '': expected a file "
					    "or block device path");
			if (*ntargets >= PROFILE_MAX_TARGETS)
				return errf(c->err, c->errlen, EINVAL,
					    "too many targets at '%s': at most "
					    "%d", typed, PROFILE_MAX_TARGETS);
			targets[(*ntargets)++] = tok[i];
			continue;
		}
		if (tok[i][1] == '-') {
			ret = parse_long(c, tok[i],
					 i + 1 < ntok ? tok[i + 1] : NULL,
					 &used);
			i += used;
		} else {
			ret = parse_switch(c, typed, tok[i]);
		}
		if (ret)
			return ret;
	}
	return 0;
}

static int cli_run(struct cli *c, int argc, char **argv, char **tok)
{
	int ntok = argc - 1, ntargets = 0, ret;
	char **targets;

	targets = calloc((size_t)ntok + 1, sizeof(*targets));
	if (!targets)
		return errf(c->err, c->errlen, ENOMEM, "out of memory");
	ret = resolve_block(c, tok, ntok);
	if (!ret)
		ret = parse_tokens(c, argv, tok, ntok, targets, &ntargets);
	if (ret)
		goto out;
	if (c->p->xml_profile_path) {
		ret = load_xml(c, targets, ntargets);
		goto out;
	}
	if (!ntargets) {
		ret = errf(c->err, c->errlen, EINVAL,
			   "no target given: expected at least one file or "
			   "block device after the switches\n"
			   "usage: ioprobe [switches] target... (ioprobe -? "
			   "lists the switches)");
		goto out;
	}
	c->p->ntargets = (uint32_t)ntargets;
	ret = validate(c);
	c->p->ntargets = 0;
	if (!ret)
		ret = commit_targets(c, targets, ntargets);
out:
	free(targets);
	return ret;
}

enum cli_action cli_parse(int argc, char **argv, struct profile *p,
			  char *err, size_t errlen)
{
	struct cli c = { .p = p, .err = err, .errlen = errlen };
	enum cli_action act;
	char **tok;
	int ret;

	if (err && errlen)
		err[0] = '\0';
	if (argc < 2) {
		errf(err, errlen, EINVAL, "no switches or targets given\n"
		     "usage: ioprobe [switches] target... (ioprobe -? lists "
		     "the switches)");
		return CLI_ERROR;
	}
	tok = calloc((size_t)argc, sizeof(*tok));
	if (!tok || normalise(argc, argv, tok)) {
		if (tok)
			free_tokens(argc, argv, tok);
		errf(err, errlen, ENOMEM, "out of memory");
		return CLI_ERROR;
	}
	act = early_action(tok, argc - 1);
	if (act != CLI_RUN) {
		free_tokens(argc, argv, tok);
		return act;
	}
	target_opts_init(&c.t);
	free(p->cmdline);
	p->cmdline = join_cmdline(argc, argv);
	ret = p->cmdline ? cli_run(&c, argc, argv, tok) :
		errf(err, errlen, ENOMEM, "out of memory");
	free(c.t.wbuf_source_path);
	free_tokens(argc, argv, tok);
	if (ret)
		return CLI_ERROR;
	return p->print_profile_only ? CLI_PRINT_PROFILE : CLI_RUN;
}

void cli_usage(FILE *f)
{
	fputs(
"usage: ioprobe [switches] target...\n"
"       ioprobe suite PATH [--label LABEL] [options]  before/after suite\n"
"       ioprobe compare [--history FILE] [--from LABEL] [--to LABEL]\n"
"       ioprobe show FILE.json [-R<fmt>]              re-render a result\n"
"       (ioprobe suite --help, ioprobe compare --help for their options)\n"
"\n"
"DiskSpd switches (values glued to the letter; sizes take K M G T or b\n"
"for blocks of -b; a pasted en-dash works as '-'):\n"
"  -?            this help (also --help)\n"
"  -b<size>      block size, default 64K\n"
"  -B<base>[:len] start offset [and length] of the range used\n"
"  -c<size>      create file targets of this size (filled with data)\n"
"  -C<s>         cool-down seconds, I/O runs but is not measured\n"
"  -d<s>         measured duration in seconds, default 10\n"
"  -D[ms]        IOPS standard deviation per interval, default 1000\n"
"  -e<opt>       ETW (Windows-only): accepted, no output\n"
"  -f<size>      maximum offset;  -f<rst>: random/sequential hints\n"
"  -F<n>         total threads, each driving every target\n"
"  -g<n>[i]      throttle per thread per target: bytes/ms, or IOPS (i)\n"
"  -h            = -Sh\n"
"  -i<n> -j<ms>  bursts of n I/Os separated by j ms of think time\n"
"  -I<1-3>       I/O priority: 1 very low, 2 low, 3 normal\n"
"  -l            large pages for buffers\n"
"  -L            latency statistics and percentiles\n"
"  -n            no affinity (the default on Linux)\n"
"  -a[g#,]#[,#]  pin thread i to CPU entry i mod n (g# = 64-CPU group)\n"
"  -N<v|n|i>     flush mode for -Sm\n"
"  -o<n>         outstanding I/Os per thread per target, default 2\n"
"  -O<n>         outstanding I/Os per thread with -F\n"
"  -p            parallel sequential pointers per request\n"
"  -P[n]         progress dot every n completions, default 65536\n"
"  -r[align]     random I/O aligned to align, default block size\n"
"  -rs<pct>      percent random, the rest sequential\n"
"  -rdpct<io/span:..> -rdabs<io/size:..>  random distribution\n"
"  -R[p]<fmt>    result format text|xml|json|csv|html; p = print profile\n"
"  -s[i][stride] sequential [interlocked] with stride, default block\n"
"  -S[bhmruw]    cache: b buffered, u O_DIRECT, w O_DSYNC, h both,\n"
"                r remote, m mmap; bare -S = -Su\n"
"  -t<n>         threads per target, default 1\n"
"  -T<size>      stride between threads' start offsets\n"
"  -v            verbose\n"
"  -w<pct>       write percentage, default 0\n"
"  -W<s>         warm-up seconds, default 5\n"
"  -x            completion routines (Windows): same engine\n"
"  -X<file>      DiskSpd XML profile\n"
"  -y...         named events: Windows-only, rejected\n"
"  -z[seed]      random seed, bare = ms since boot\n"
"  -Z  -Zr  -Z<size>[,file]  zero / random per write / source buffer\n"
"  -:<n>         experiment flags\n"
"\n"
"ioprobe options:\n"
"  --engine=NAME              io_uring (default), libaio, sync or null\n"
"  --batch=N                  submit once N requests are ready (default 1:\n"
"                             each at once; larger saves system calls)\n"
"  --allow-device-writes=DEV  permit a write test on block device DEV\n"
"  --overwrite                let -c rewrite an existing file ioprobe did\n"
"                             not create (never shrinks or deletes it)\n"
"  --output=FORMAT:PATH       also write FORMAT to PATH (- = stdout),\n"
"                             repeatable\n"
"  --label=TEXT               label the results\n"
"  --continue-on-error        count failed I/Os and keep going (default:\n"
"                             the first one stops the run; exit 1 either way)\n"
"  --help, --version\n"
"\n"
"Exit status: 0 ok, 1 run failed, 2 usage error, 3 regression (compare),\n"
"128+N interrupted by signal N.\n", f);
}
