/* cli_switches.c - DiskSpd's switches, one parser each: -a -b -B -c -C
 * -d -D -e -f -F -g -h -i -I -j -l -L -n -N -o -O -p -P -r -rs -rd -R -s
 * -S -t -T -v -w -W -x -X -y -z -Z -:.  Each reads the value glued to
 * its letter into the template target (c->t) or the profile and records
 * what the repeat and conflict rules of cli_validate.c need.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/util.h"
#include "profile/cli_internal.h"
#include "profile/parse.h"

#define MAX_THREADS 65536U	/* -t, -F: per switch value */
#define MAX_DEPTH 65536U	/* -o, -O */
#define CPUS_PER_GROUP 64U

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
			return cli_bad(c, "-a", val, want);
		if (is_group) {
			if (cpu >= PROFILE_MAX_CPUS / CPUS_PER_GROUP)
				return cli_bad(c, "-a", val, want);
			group = cpu;
			group_given = true;
		} else {
			if (group_given && cpu >= CPUS_PER_GROUP)
				return cli_bad(c, "-a", val, want);
			cpu += group * CPUS_PER_GROUP;
			if (cpu >= PROFILE_MAX_CPUS ||
			    p->ncpus >= PROFILE_MAX_CPUS)
				return cli_bad(c, "-a", val, want);
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

	ret = cli_repeated(c, &c->B, typed);
	if (ret)
		return ret;
	ret = parse_size_prefix(val, c->block_bytes, &base, &end);
	if (ret)
		return cli_size_error(c, "-B", val, ret);
	if (*end == ':') {
		ret = parse_size(end + 1, c->block_bytes, &len);
		if (ret)
			return cli_size_error(c, "-B", val, ret);
		if (!len)
			return cli_bad(c, "-B", val,
				       "a length above 0 after ':'");
		if (__builtin_add_overflow(base, len, &sum))
			return cli_size_error(c, "-B", val, -ERANGE);
	} else if (*end) {
		return cli_size_error(c, "-B", val, -EINVAL);
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
		ret = cli_repeated(c, &c->fsize, typed);
		if (ret)
			return ret;
		return cli_get_size(c, "-f", val, 1, &c->t.max_bytes);
	}
	if (!*val)
		return cli_bad(c, "-f", val, "a maximum offset such as 10G, or "
			       "hints r, s and t");
	for (s = val; *s; s++) {
		if (*s == 'r')
			c->t.hint_random = true;
		else if (*s == 's')
			c->t.hint_sequential = true;
		else if (*s == 't')
			c->t.hint_temporary = true;
		else
			return cli_bad(c, "-f", val, "a maximum offset such as "
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

	ret = cli_get_uint(c, "-g", val, 0, UINT64_MAX,
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
			return cli_bad(c, "-S", val, "letters from b, u, w, "
				       "h, r and m, such as -Sh or -Sbw");
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

	ret = cli_repeated(c, &c->rd, typed);
	if (ret)
		return ret;
	if (!strncmp(val, "pct", 3))
		pct = true;
	else if (!strncmp(val, "abs", 3))
		pct = false;
	else
		return cli_bad(c, "-rd", val, want);
	t->dist = pct ? DIST_PCT : DIST_ABS;
	t->ndist = 0;
	s = val + 3;
	do {
		if (t->ndist >= PROFILE_MAX_DIST - 1 ||
		    parse_uint_prefix(s, 100, &io, &end) || *end != '/')
			return cli_bad(c, "-rd", val, want);
		s = end + 1;
		if (pct)
			ret = parse_uint_prefix(s, 100, &span, &end);
		else
			ret = parse_size_prefix(s, c->block_bytes, &span,
						&end);
		if (ret || !span || (*end && *end != ':'))
			return cli_bad(c, "-rd", val, want);
		io_sum += io;
		if (__builtin_add_overflow(span_sum, span, &span_sum) ||
		    io_sum > 100 || (pct && span_sum > 100))
			return cli_bad(c, "-rd", val, "I/O shares and (for "
				       "pct) target shares adding up to at "
				       "most 100");
		t->dist_ranges[t->ndist].io_pct = (uint32_t)io;
		t->dist_ranges[t->ndist++].span = span;
		s = end + 1;
	} while (*end);
	if (pct && span_sum == 100 && io_sum < 100)
		return cli_bad(c, "-rd", val, "I/O shares adding up to 100 "
			       "when the ranges cover the whole target");
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
		ret = cli_repeated(c, &c->rs, typed);
		if (ret)
			return ret;
		c->t.random = true;
		return cli_get_u32(c, "-rs", val + 1, 1, 100,
				   "a random percentage from 1 to 100",
				   &c->t.random_pct);
	}
	if (*val == 'd')
		return parse_dist(c, typed, val + 1);
	ret = cli_repeated(c, &c->r, typed);
	if (ret)
		return ret;
	c->t.random = true;
	if (!*val)
		return 0;
	return cli_get_size(c, "-r", val, 1, &c->t.random_align_bytes);
}

/* -s[i][stride] */
static int parse_s(struct cli *c, const char *typed, const char *val)
{
	int ret = cli_repeated(c, &c->s, typed);

	if (ret)
		return ret;
	if (*val == 'i') {
		c->t.interlocked = true;
		val++;
	}
	if (!*val)
		return 0;
	return cli_get_size(c, c->t.interlocked ? "-si" : "-s", val, 1,
			    &c->t.stride_bytes);
}

/* -R[p]<format> */
static int parse_format(struct cli *c, const char *val)
{
	const char *s = val;
	enum result_format fmt;

	c->rp = false;
	c->p->print_profile_only = false;
	if (*s == 'p') {
		c->rp = true;
		c->p->print_profile_only = true;
		s++;
		if (!*s)
			s = "text";
	}
	if (!result_format_from_name(s, &fmt) &&
	    (!c->rp || fmt == FORMAT_TEXT || fmt == FORMAT_XML)) {
		c->p->format = fmt;
		return 0;
	}
	if (c->rp)
		return cli_bad(c, "-R", val, "-Rp, -Rptext or -Rpxml");
	return cli_bad(c, "-R", val, "text, xml, json, csv or html, such as "
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
		return cli_bad(c, "-Z", val, "-Z, -Zr or a buffer size such as "
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
		return cli_get_uint(c, "-z", val, 0, UINT64_MAX,
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
	return cli_get_u32(c, "-w", val, 0, 100,
			   "a write percentage from 0 to 100", &c->t.write_pct);
}

static int parse_v(struct cli *c, const char *val)
{
	c->xover |= OV_V;
	if (!strcmp(val, "s")) {
		/* DiskSpd's VerboseStats, not -v: kept for its profile */
		c->p->verbose_stats = true;
		notef("-vs: wait statistics are Windows-only; nothing more "
		      "is printed");
		return 0;
	} else if (*val) {
		return cli_bad(c, "-v", val, "-v or -vs");
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
		return cli_bad(c, "-N", val, "-Nv, -Nn or -Ni");
	return 0;
}

static int set_xml_path(struct cli *c, const char *typed, const char *val)
{
	bool seen = c->p->xml_profile_path != NULL;
	int ret = cli_repeated(c, &seen, typed);

	if (ret)
		return ret;
	if (!*val)
		return cli_bad(c, "-X", val,
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
		return cli_get_u32(c, "-:", val, 0, UINT32_MAX,
				   "an experiment bitmask such as 1",
				   &p->experiment_flags);
	case 'C':
		c->xover |= OV_C;
		return cli_get_u32(c, "-C", val, 0, UINT32_MAX,
				   "a cool-down in seconds such as 5",
				   &p->cooldown_s);
	case 'd':
		c->xover |= OV_D;
		return cli_get_u32(c, "-d", val, 1, UINT32_MAX,
				   "a duration of at least 1 second, such as "
				   "60",
				   &p->duration_s);
	case 'W':
		c->xover |= OV_W;
		return cli_get_u32(c, "-W", val, 0, UINT32_MAX,
				   "a warm-up in seconds such as 5",
				   &p->warmup_s);
	case 'D':
		if (!*val) {
			p->iops_interval_ms = 1000;
			return 0;
		}
		return cli_get_u32(c, "-D", val, 1, UINT32_MAX,
				   "an interval in ms such as 1000",
				   &p->iops_interval_ms);
	case 'P':
		if (!*val) {
			p->progress_every = 65536;
			return 0;
		}
		return cli_get_u32(c, "-P", val, 1, UINT32_MAX,
				   "a completion count such as 65536",
				   &p->progress_every);
	case 'F':
		c->F = true;
		return cli_get_u32(c, "-F", val, 1, MAX_THREADS,
				   "a total thread count from 1 to 65536",
				   &p->pool_threads);
	case 'O':
		c->O = true;
		return cli_get_u32(c, "-O", val, 1, MAX_DEPTH,
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
		return cli_get_u32(c, "-t", val, 1, MAX_THREADS,
				   "a thread count from 1 to 65536",
				   &t->threads);
	case 'o':
		return cli_get_u32(c, "-o", val, 1, MAX_DEPTH,
				   "outstanding I/Os from 1 to 65536",
				   &t->outstanding);
	case 'i':
		c->i = true;
		return cli_get_u32(c, "-i", val, 1, UINT32_MAX,
				   "a burst size of at least 1 I/O", &t->burst);
	case 'j':
		c->j = true;
		return cli_get_u32(c, "-j", val, 1, UINT32_MAX,
				   "a think time of at least 1 ms",
				   &t->think_ms);
	case 'I':
		return cli_get_u32(c, "-I", val, 1, 3,
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
	ret = cli_no_value(c, sw, val);
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
		c->p->completion_routines = true;
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

int cli_switch(struct cli *c, const char *typed, const char *tok)
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
		return cli_get_size(c, "-c", val, 1, &c->t.create_bytes);
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
		return cli_get_size(c, "-T", val, 1, &c->t.thread_stride_bytes);
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
