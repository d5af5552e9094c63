/* cli_switches.c - the readers of the DiskSpd switches whose value is
 * more than a flag, an integer or a size (those the table in
 * cli_table.c reads itself): -a -B -e -f -g -h -N -r -rs -rd -R -s -v
 * -w -X -y -z -Z (-S is in cli_cache.c).  Each reads the value glued to
 * its letters into the template target (c->t) or the profile; the table
 * records what the repeat and conflict rules of cli_validate.c need.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/util.h"
#include "profile/cli_internal.h"
#include "profile/parse.h"

#define CPUS_PER_GROUP 64U

/* -a[g#,]#[,#..]: CPU list; g<n> selects a 64-CPU block for what follows.
 * DiskSpd's parser takes cores 0-255 and any 16-bit group and leaves the
 * rest to the machine; a Linux CPU number is group * 64 + core, so a core
 * past 63 names no CPU and a group past 15 is past PROFILE_MAX_CPUS:
 * both are refused here, before anything is created. */
int cli_sw_affinity(struct cli *c, const char *typed, const char *val)
{
	static const char want[] = "CPU numbers such as 0,1,2 or g0,0,1 "
		"(groups of 64 CPUs, group 0..15)";
	struct profile *p = c->p;
	const char *s = val;
	uint64_t group = 0, cpu;
	bool group_open = false;

	(void)typed;
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
				return cli_bad(c, "-a", val, "a group from 0 "
					       "to 15 (64 CPUs each)");
			group = cpu;
			group_open = true;
		} else {
			if (cpu >= CPUS_PER_GROUP)
				return errf(c->err, c->errlen, EINVAL,
					    "invalid -a '%s': core %" PRIu64
					    " is out of range: a group holds "
					    "cores 0-63 (CPU 64 is -ag1,0)",
					    val, cpu);
			cpu += group * CPUS_PER_GROUP;
			if (p->ncpus >= PROFILE_MAX_CPUS)
				return cli_bad(c, "-a", val, want);
			p->cpus[p->ncpus++] = (uint32_t)cpu;
			group_open = false;
		}
		if (!*end)
			break;
		s = end + 1;
	}
	if (group_open)
		return cli_bad(c, "-a", val, "at least one core after each "
			       "group, such as g1,0");
	return 0;
}

/* -B<base>[:len] */
int cli_sw_base(struct cli *c, const char *typed, const char *val)
{
	uint64_t base, len = 0, sum;
	const char *end;
	int ret;

	(void)typed;
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
int cli_sw_f(struct cli *c, const char *typed, const char *val)
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

/* -g<n> bytes per ms, or -g<n>i I/Os per second (per thread per target),
 * read as DiskSpd does: a trailing 'i' picks I/Os, otherwise the value
 * must end in a digit, and the number is its leading digits (-g1.5i is
 * 1 I/O per second); 0 is refused. */
int cli_sw_throttle(struct cli *c, const char *typed, const char *val)
{
	size_t n = strlen(val);
	bool iops = n && val[n - 1] == 'i';
	uint64_t v = 0;

	(void)typed;
	if (!n || (!iops && (val[n - 1] < '0' || val[n - 1] > '9')) ||
	    parse_uint_lenient(val, UINT64_MAX, &v) || !v)
		return cli_bad(c, "-g", val, "a rate above 0 in bytes per ms "
			       "such as 1000, or I/Os per second such as "
			       "500i");
	c->t.throttle_iops = iops ? v : 0;
	c->t.throttle_bytes_per_ms = iops ? 0 : v;
	return 0;
}

/* -rd<pct|abs><io>/<span>[:<io>/<span>..] */
int cli_sw_rd(struct cli *c, const char *typed, const char *val)
{
	static const char want[] = "pct or abs and I/O%/range pairs, such "
		"as pct90/10:5/20 or abs90/10G";
	struct target_opts *t = &c->t;
	uint64_t io, span, io_sum = 0, span_sum = 0;
	const char *s, *end;
	bool pct;
	int ret;

	(void)typed;
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

/* -rs<pct>; a repeated -rs replaces the earlier one */
int cli_sw_rs(struct cli *c, const char *typed, const char *val)
{
	(void)typed;
	c->t.random = true;
	return cli_get_u32(c, "-rs", val, 1, 100,
			   "a random percentage from 1 to 100",
			   &c->t.random_pct);
}

/* -r[align] */
int cli_sw_r(struct cli *c, const char *typed, const char *val)
{
	(void)typed;
	c->t.random = true;
	if (!*val)
		return 0;
	return cli_get_size(c, "-r", val, 1, &c->t.random_align_bytes);
}

/* -s[i][stride] */
int cli_sw_s(struct cli *c, const char *typed, const char *val)
{
	(void)typed;
	if (*val == 'i') {
		c->t.interlocked = true;
		val++;
	}
	if (!*val)
		return 0;
	/* -s0 is allowed, as in DiskSpd: stride 0 = the block size */
	return cli_get_size(c, c->t.interlocked ? "-si" : "-s", val, 0,
			    &c->t.stride_bytes);
}

/* A format named exactly, in lower case: DiskSpd compares -R's value
 * case-sensitively (-RXML is refused). */
static bool format_exact(const char *name, enum result_format *fmt)
{
	unsigned int i;

	for (i = 0; i < RESULT_FORMAT_COUNT; i++) {
		if (!strcmp(name, result_format_names[i])) {
			*fmt = (enum result_format)i;
			return true;
		}
	}
	return false;
}

/* -R[p]<format>, as DiskSpd reads it: the p (profile only) stays once
 * given, and a later -R<format> sets the format, so -Rp -Rxml and
 * -Rxml -Rp both print the XML profile and run nothing.  -Rp<format>
 * is text or xml; a profile is printed as XML when the format is xml,
 * else as text. */
int cli_sw_format(struct cli *c, const char *typed, const char *val)
{
	const char *s = val;
	enum result_format fmt;
	bool with_p = *s == 'p';

	(void)typed;
	if (with_p) {
		c->rp = true;
		c->p->print_profile_only = true;
		s++;
		if (!*s)
			return 0;	/* -Rp keeps the format given */
	}
	if (format_exact(s, &fmt) &&
	    (!with_p || fmt == FORMAT_TEXT || fmt == FORMAT_XML)) {
		c->p->format = fmt;
		return 0;
	}
	if (with_p)
		return cli_bad(c, "-R", val, "-Rp, -Rptext or -Rpxml");
	return cli_bad(c, "-R", val, "text, xml, json, csv or html, such as "
		       "-Rxml");
}

/* -Z, -Zr, -Z<size>[,file]; with both -Z and -Zr (either order) the
 * writes are zeros, as in DiskSpd */
int cli_sw_wbuf(struct cli *c, const char *typed, const char *val)
{
	struct target_opts *t = &c->t;
	const char *end;
	uint64_t v;
	int ret;

	(void)typed;
	if (!strcmp(val, "r")) {
		c->p->random_write_data = true;	/* DiskSpd warns even so */
		if (t->wbuf != WBUF_ZERO)
			t->wbuf = WBUF_RANDOM_PER_IO;
		return 0;
	}
	free(t->wbuf_source_path);
	t->wbuf_source_path = NULL;
	t->wbuf_source_bytes = 0;
	c->Zsize = false;
	if (!*val) {
		t->wbuf = WBUF_ZERO;
		return 0;
	}
	ret = parse_size_prefix(val, c->block_bytes, &v, &end);
	if (ret || (*end && *end != ',') || !v)
		return cli_bad(c, "-Z", val, "-Z, -Zr or a buffer size such as "
			       "-Z1M or -Z1M,source.bin");
	t->wbuf = WBUF_SOURCE;
	t->wbuf_source_bytes = v;
	c->Zsize = true;
	c->zval = val;
	if (*end == ',' && end[1]) {	/* "-Z1M," = no source file */
		t->wbuf_source_path = strdup(end + 1);
		if (!t->wbuf_source_path)
			return errf(c->err, c->errlen, ENOMEM,
				    "out of memory");
	}
	return 0;
}

int cli_sw_seed(struct cli *c, const char *typed, const char *val)
{
	struct timespec ts;

	(void)typed;
	c->p->seed_given = true;
	/* DiskSpd's seed is a 32-bit integer, digits only */
	if (*val && parse_uint_strict(val, UINT32_MAX, &c->p->seed))
		return cli_bad(c, "-z", val, "a 32-bit seed from 0 to "
			       "4294967295, such as 42");
	if (*val)
		return 0;
	/* bare -z: milliseconds since boot, as DiskSpd (32 bits, wraps) */
	clock_gettime(CLOCK_BOOTTIME, &ts);
	c->p->seed = ((uint64_t)ts.tv_sec * 1000 +
		      (uint64_t)ts.tv_nsec / 1000000) & UINT32_MAX;
	return 0;
}

int cli_sw_w(struct cli *c, const char *typed, const char *val)
{
	(void)typed;
	if (!*val)
		return errf(c->err, c->errlen, EINVAL,
			    "no write ratio passed to -w: expected a write "
			    "percentage from 0 to 100, such as -w30");
	return cli_get_u32(c, "-w", val, 0, 100,
			   "a write percentage from 0 to 100", &c->t.write_pct);
}

int cli_sw_verbose(struct cli *c, const char *typed, const char *val)
{
	(void)typed;
	if (!strcmp(val, "s")) {
		notes_add(&c->p->notes, NOTE_NOTE, "-vs: wait statistics are "
			  "Windows-only; none are collected");
		c->p->verbose_stats = true;
		return 0;
	}
	if (*val)
		return cli_bad(c, "-v", val, "-v or -vs");
	c->p->verbose = true;
	return 0;
}

int cli_sw_flush(struct cli *c, const char *typed, const char *val)
{
	char letter = (char)(val[0] | 0x20);	/* any case, as DiskSpd */

	(void)typed;
	if (!val[0] || val[1])
		letter = '\0';
	if (letter == 'v')
		c->t.flush = FLUSH_VIEW;
	else if (letter == 'n')
		c->t.flush = FLUSH_NV;
	else if (letter == 'i')
		c->t.flush = FLUSH_NV_NODRAIN;
	else
		return cli_bad(c, "-N", val, "-Nv, -Nn or -Ni");
	return 0;
}

int cli_sw_xml(struct cli *c, const char *typed, const char *val)
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

/* -e<provider>: DiskSpd's ETW names (case-sensitive), or p, q, s, c
 * (DiskSpd reads the first letter: -epx is -ep, but -eprocess is no
 * name); accepted, nothing is traced. */
int cli_sw_etw(struct cli *c, const char *typed, const char *val)
{
	static const char *const names[] = {
		"PROCESS", "THREAD", "IMAGE_LOAD", "DISK_IO", "NETWORK",
		"REGISTRY", "MEMORY_PAGE_FAULTS", "MEMORY_HARD_FAULTS",
	};
	struct etw_opts *e = &c->p->etw;
	bool *const flag[] = {
		&e->process, &e->thread, &e->image_load, &e->disk_io,
		&e->network, &e->registry, &e->page_faults, &e->hard_faults,
	};
	size_t i;
	bool known = *val && strchr("pqsc", *val) && strlen(val) <= 2;

	(void)typed;
	if (known)	/* DiskSpd reads the first letter */
		*(*val == 'p' ? &e->paged_memory : *val == 'q' ?
		  &e->perf_timer : *val == 's' ? &e->system_timer :
		  &e->cycles_counter) = true;
	for (i = 0; !known && i < ARRAY_SIZE(names); i++)
		if (!strcmp(val, names[i]))
			known = *flag[i] = true;
	if (!known)
		return cli_bad(c, "-e", val, "an ETW provider such as -eDISK_IO, "
			       "-ePROCESS or -ep");
	e->enabled = true;	/* -Rpxml writes <ETW> as DiskSpd does */
	notes_add(&c->p->notes, NOTE_WARNING, "-e%s: ETW tracing is "
		  "Windows-only; no ETW output is produced", val);
	return 0;
}

int cli_sw_h(struct cli *c, const char *typed, const char *val)
{
	cli_rest_ignored(c, typed, "-h", val);
	return cli_set_h(c, typed);
}

int cli_sw_events(struct cli *c, const char *typed, const char *val)
{
	(void)val;
	return errf(c->err, c->errlen, EINVAL, "unsupported switch '%s': "
		    "named events (-y) are Windows-only", typed);
}
