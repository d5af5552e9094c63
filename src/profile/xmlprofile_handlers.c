/* xmlprofile_handlers.c - the special cases of DiskSpd XML profiles,
 * referenced from the element table (xmlprofile_fields.c): a <TimeSpan>'s
 * IOPS standard deviation, affinity lists, template paths "*1", the
 * random-or-sequential rules of a <Target>, the -B/-f range, IOPS or
 * bytes throughput, -Z write buffer content and -rd distributions.
 * Several <TimeSpan>s and <ThreadTargets> are in xmlprofile_spans.c.
 * Messages name the file, the line and the element (xp_bad).
 */
#include "profile/xmlprofile_handlers.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"

/* ------------------------------------------------------------------ */
/* <Profile> and <TimeSpans> */

void xh_w_format(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	xw_str(w, lvl, f->name, xw_enum_name(f->en, (int)w->fmt));
}

int xh_f_etw(struct xp_ctx *c, const struct xtable *tbl, const xmlNode *n,
	     const xmlNode *const *seen)
{
	(void)tbl;
	(void)seen;
	c->p->etw.enabled = true;	/* written back by -Rpxml */
	notes_add(&c->p->notes, NOTE_WARNING, "%s:%ld: <ETW> has no Linux "
		  "equivalent: nothing is traced", c->name, xmlGetLineNo(n));
	return 0;
}

bool xh_has_etw(const struct xw *w)
{
	return w->p->etw.enabled;
}

int xh_f_profile(struct xp_ctx *c, const struct xtable *tbl, const xmlNode *n,
		 const xmlNode *const *seen)
{
	unsigned int i;
	int ret;

	if (!seen[PR_SPANS])
		return xp_bad(c, n, "<Profile> has no <TimeSpans>: expected "
			      "one <TimeSpan> with <Targets>");
	ret = xp_read_field(c, &tbl->fields[PR_SPANS], seen[PR_SPANS]);
	if (ret)
		return ret;
	for (i = 0; i < c->nsubst; i++)
		if (!c->used[i])
			return errf(c->err, c->errlen, EINVAL, "%s: unused "
				    "target '%s': the profile has no template "
				    "path *%u", c->name, c->subst[i], i + 1);
	return 0;
}

/* ------------------------------------------------------------------ */
/* <TimeSpan>: IOPS standard deviation, affinity */

void xh_w_calc(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	xw_bool(w, lvl, f->name, w->p->iops_interval_ms > 0);
}

bool xh_has_random_write(const struct xw *w)
{
	uint32_t i;

	if (w->p->random_write_data)
		return true;
	for (i = 0; i < w->p->ntargets; i++)
		if (w->p->targets[i].wbuf == WBUF_RANDOM_PER_IO)
			return true;
	return false;
}

void xh_w_random_write(struct xw *w, unsigned int lvl,
		       const struct xfield *f)
{
	xw_bool(w, lvl, f->name, true);
}

void xh_w_bucket(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	xw_u64(w, lvl, f->name,
	       w->p->iops_interval_ms ? w->p->iops_interval_ms : 1000);
}

int xh_f_timespan(struct xp_ctx *c, const struct xtable *tbl, const xmlNode *n,
		  const xmlNode *const *seen)
{
	struct profile *p = c->p;
	uint32_t i;
	int ret;

	if (seen[TS_SEED] && p->seed)
		p->seed_given = true;
	if (seen[TS_CALC] && !c->s.calc)
		p->iops_interval_ms = 0;
	else if (seen[TS_CALC])
		p->iops_interval_ms = c->s.bucket_ms ? c->s.bucket_ms :
			(p->iops_interval_ms ? p->iops_interval_ms : 1000);
	if (!seen[TS_TARGETS])
		return xp_bad(c, n, "<TimeSpan> has no <Targets>: expected at "
			      "least one <Target>");
	ret = xp_read_field(c, &tbl->fields[TS_TARGETS], seen[TS_TARGETS]);
	if (!ret)
		ret = xh_check_thread_targets(c, n);
	if (c->s.random_write)
		p->random_write_data = true;
	/* -Zr: random data for the targets that write the pattern (-Z
	 * zeros and -Z<size> buffers win, as on DiskSpd's command line) */
	for (i = 0; !ret && c->s.random_write && i < p->ntargets; i++)
		if (p->targets[i].wbuf == WBUF_PATTERN)
			p->targets[i].wbuf = WBUF_RANDOM_PER_IO;
	return ret;
}

static int add_cpu(struct xp_ctx *c, const xmlNode *n, uint64_t group,
		   uint64_t proc)
{
	struct profile *p = c->p;
	uint64_t cpu = group * XP_CPUS_PER_GROUP + proc;

	if (cpu >= PROFILE_MAX_CPUS)
		return xp_bad(c, n, "processor %" PRIu64 " of group %" PRIu64
			      " is out of range: expected a CPU below %d",
			      proc, group, PROFILE_MAX_CPUS);
	if (p->ncpus >= PROFILE_MAX_CPUS)
		return xp_bad(c, n, "too many affinity assignments: expected "
			      "at most %d", PROFILE_MAX_CPUS);
	p->cpus[p->ncpus++] = (uint32_t)cpu;
	p->affinity_given = true;
	return 0;
}

/* <AffinityGroupAssignment Group="g" Processor="p"/> */
int xh_r_group_cpu(struct xp_ctx *c, const struct xfield *f, const xmlNode *n)
{
	static const char *const attrs[] = { "Group", "Processor", NULL };
	uint64_t group, proc;
	int ret;

	(void)f;
	ret = xp_check_attrs(c, n, attrs);
	if (!ret)
		ret = xp_attr_u64(c, n, "Group", 0, PROFILE_MAX_CPUS /
				  XP_CPUS_PER_GROUP - 1, &group);
	if (!ret)
		ret = xp_attr_u64(c, n, "Processor", 0, XP_CPUS_PER_GROUP - 1,
				  &proc);
	if (!ret)
		ret = add_cpu(c, n, group, proc);
	return ret;
}

/* DiskSpd's older form: <AffinityAssignment>, a processor of group 0. */
int xh_r_cpu(struct xp_ctx *c, const struct xfield *f, const xmlNode *n)
{
	uint64_t proc;
	int ret = xp_leaf_u64(c, n, f->min, f->max, &proc);

	if (!ret)
		ret = add_cpu(c, n, 0, proc);
	return ret;
}

void xh_w_group_cpus(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	const struct profile *p = w->p;
	uint32_t i;

	for (i = 0; i < p->ncpus && i < PROFILE_MAX_CPUS; i++) {
		xw_indent(w, lvl);
		fprintf(w->f, "<%s Group=\"%" PRIu32 "\" Processor=\"%" PRIu32
			"\"/>\n", f->name, p->cpus[i] / XP_CPUS_PER_GROUP,
			p->cpus[i] % XP_CPUS_PER_GROUP);
	}
}

int xh_r_affinity(struct xp_ctx *c, const struct xfield *f, const xmlNode *n)
{
	c->p->ncpus = 0;
	return xp_read_node(c, n, f->sub);
}

bool xh_has_affinity(const struct xw *w)
{
	return w->p->affinity_given && w->p->ncpus;
}

/* ------------------------------------------------------------------ */
/* <Targets> */

int xh_r_target(struct xp_ctx *c, const struct xfield *f, const xmlNode *n)
{
	struct profile *p = c->p;

	if (p->ntargets >= PROFILE_MAX_TARGETS)
		return xp_bad(c, n, "too many <Target> elements: expected at "
			      "most %d", PROFILE_MAX_TARGETS);
	target_opts_init(&p->targets[p->ntargets]);
	p->ntargets++;	/* counted now so profile_release frees it */
	c->t = &p->targets[p->ntargets - 1];
	return xp_read_node(c, n, f->sub);
}

void xh_w_targets(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	uint32_t i;

	for (i = 0; i < w->p->ntargets && i < PROFILE_MAX_TARGETS; i++) {
		w->t = &w->p->targets[i];
		xw_node(w, lvl, f);
	}
	w->t = NULL;
}

int xh_f_targets(struct xp_ctx *c, const struct xtable *tbl, const xmlNode *n,
		 const xmlNode *const *seen)
{
	(void)tbl;
	(void)seen;
	if (!c->p->ntargets)
		return xp_bad(c, n, "<Targets> is empty: expected at least one "
			      "<Target>");
	return 0;
}

/* Replace a "*N" template path, or check it may stay. */
static int subst_path(struct xp_ctx *c, const xmlNode *path_node,
		      struct target_opts *t)
{
	uint64_t idx;
	char *s;

	if (!t->path || t->path[0] != '*')
		return 0;
	if (!xp_parse_dec(t->path + 1, &idx) || idx == 0)
		return xp_bad(c, path_node, "invalid template path '%s': "
			      "expected *1, *2, ...", t->path);
	if (idx <= c->nsubst) {
		s = strdup(c->subst[idx - 1]);
		if (!s)
			return errf(c->err, c->errlen, ENOMEM, "out of memory");
		free(t->path);
		t->path = s;
		c->used[idx - 1] = true;
		return 0;
	}
	if (c->allow_templates)
		return 0;
	return xp_bad(c, path_node, "template path '%s' has no substitution: "
		      "expected at least %" PRIu64 " target%s after -X on the "
		      "command line", t->path, idx, idx == 1 ? "" : "s");
}

/* ------------------------------------------------------------------ */
/* <Target>: caches, random or sequential access, the range, throughput */

int xh_r_all_cache(struct xp_ctx *c, const struct xfield *f, const xmlNode *n)
{
	bool v = false;
	int ret = xp_leaf_bool(c, n, &v);

	(void)f;
	if (!ret && v) {
		c->t->cache = CACHE_DIRECT;
		c->t->write_through = true;
	}
	return ret;
}

bool xh_is_random(const struct xw *w)
{
	return w->t->random;
}

bool xh_is_sequential(const struct xw *w)
{
	return !w->t->random;
}

bool xh_has_ratio(const struct xw *w)
{
	return w->t->random && w->t->random_pct && w->t->random_pct < 100;
}

/* <Random>: the alignment, the block size by default (0). */
void xh_w_random(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	xw_u64(w, lvl, f->name, w->t->random_align_bytes ?
	       w->t->random_align_bytes : w->t->block_bytes);
}

/* <StrideSize>: the block size by default (0). */
void xh_w_stride(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	xw_u64(w, lvl, f->name, w->t->stride_bytes ?
	       w->t->stride_bytes : w->t->block_bytes);
}

/* The end of the range: -f, or -B base:len folded into DiskSpd's single
 * MaxFileSize (as DiskSpd itself does). */
void xh_w_max_size(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	const struct target_opts *t = w->t;
	uint64_t end = t->max_bytes;

	if (t->range_len_bytes) {
		end = t->base_bytes + t->range_len_bytes;
		if (t->max_bytes && t->max_bytes < end)
			end = t->max_bytes;
	}
	xw_u64(w, lvl, f->name, end);
}

/* <Throughput unit="IOPS">: -g<n>i; without a unit, bytes per ms. */
int xh_r_throughput(struct xp_ctx *c, const struct xfield *f, const xmlNode *n)
{
	static const char *const attrs[] = { "unit", NULL };
	xmlChar *unit;
	uint64_t v;
	bool iops = false;
	int ret;

	ret = xp_check_attrs(c, n, attrs);
	if (ret)
		return ret;
	unit = xmlGetProp(n, (const xmlChar *)"unit");
	if (unit) {
		char shown[32];

		str_copy(shown, sizeof(shown), (const char *)unit);
		xmlFree(unit);
		if (strcmp(shown, "IOPS"))
			return xp_bad(c, n, "invalid <Throughput> unit '%s': "
				      "expected IOPS, or no unit for bytes per "
				      "millisecond", shown);
		iops = true;
	}
	ret = xp_leaf_u64(c, n, f->min, f->max, &v);
	if (ret)
		return ret;
	c->t->throttle_iops = iops ? v : 0;
	c->t->throttle_bytes_per_ms = iops ? 0 : v;
	return 0;
}

void xh_w_throughput(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	if (!w->t->throttle_iops) {
		xw_u64(w, lvl, f->name, w->t->throttle_bytes_per_ms);
		return;
	}
	xw_indent(w, lvl);
	fprintf(w->f, "<%s unit=\"IOPS\">%" PRIu64 "</%s>\n", f->name,
		w->t->throttle_iops, f->name);
}

/* Cross-element rules of one <Target>. */
int xh_f_target(struct xp_ctx *c, const struct xtable *tbl, const xmlNode *n,
		const xmlNode *const *seen)
{
	const xmlNode *random = seen[TG_RANDOM], *stride = seen[TG_STRIDE];
	const xmlNode *ratio = seen[TG_RATIO], *dist = seen[TG_DIST];
	const xmlNode *path = seen[TG_PATH];
	struct target_opts *t = c->t;

	if (random && stride)
		return xp_bad(c, xmlGetLineNo(random) > xmlGetLineNo(stride) ?
			      random : stride, "<Random> and <StrideSize> in "
			      "one <Target>: expected one of them (random or "
			      "sequential)");
	if ((ratio || dist) && !random)
		return xp_bad(c, ratio ? ratio : dist, "<%s> needs <Random> in "
			      "the same <Target>",
			      tbl->fields[ratio ? TG_RATIO : TG_DIST].name);
	if (random && seen[TG_INTERLOCKED] && t->interlocked)
		return xp_bad(c, seen[TG_INTERLOCKED], "<InterlockedSequential>"
			      " with <Random>: expected a sequential <Target>");
	if (random) {
		t->random = true;
		if (!ratio)
			t->random_pct = 100;
	} else if (stride) {
		t->random = false;
	}
	/* alignment / stride equal to the block size is the default (0) */
	if (t->random_align_bytes == t->block_bytes)
		t->random_align_bytes = 0;
	if (t->stride_bytes == t->block_bytes)
		t->stride_bytes = 0;
	if (!path || !t->path || !*t->path)
		return xp_bad(c, path ? path : n, "<Target> has no <Path>: "
			      "expected a file or device path, or *1 for the "
			      "first command-line target");
	return subst_path(c, path, t);
}

/* ------------------------------------------------------------------ */
/* <WriteBufferContent> (-Z) and <Distribution> (-rd) */

int xh_f_wbuf(struct xp_ctx *c, const struct xtable *tbl, const xmlNode *n,
	      const xmlNode *const *seen)
{
	const xmlNode *pattern = seen[WB_PATTERN], *source = seen[WB_SOURCE];

	(void)n;
	if (!pattern)
		return 0;
	if (c->s.pattern == WBUF_SOURCE) {
		if (!source)
			return xp_bad(c, pattern, "<Pattern>random</Pattern> "
				      "needs a <RandomDataSource> with "
				      "<SizeInBytes>");
		c->t->wbuf = WBUF_SOURCE;
		return xp_read_field(c, &tbl->fields[WB_SOURCE], source);
	}
	if (source)
		return xp_bad(c, source, "<RandomDataSource> needs "
			      "<Pattern>random</Pattern>");
	c->t->wbuf = (enum wbuf_mode)c->s.pattern;
	return 0;
}

/* -Zr writes "sequential" with <RandomWriteData> beside it. */
void xh_w_pattern(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	int v = WBUF_PATTERN;

	if (w->t->wbuf == WBUF_ZERO || w->t->wbuf == WBUF_SOURCE)
		v = (int)w->t->wbuf;
	xw_str(w, lvl, f->name, xw_enum_name(f->en, v));
}

bool xh_is_source(const struct xw *w)
{
	return w->t->wbuf == WBUF_SOURCE;
}

int xh_f_source(struct xp_ctx *c, const struct xtable *tbl, const xmlNode *n,
		const xmlNode *const *seen)
{
	(void)tbl;
	if (!seen[SRC_SIZE])
		return xp_bad(c, n, "<RandomDataSource> has no <SizeInBytes>: "
			      "expected the random buffer size in bytes");
	return 0;
}

int xh_r_dist(struct xp_ctx *c, const struct xfield *f, const xmlNode *n)
{
	c->s.kinds = 0;
	return xp_read_node(c, n, f->sub);
}

int xh_f_dist(struct xp_ctx *c, const struct xtable *tbl, const xmlNode *n,
	      const xmlNode *const *seen)
{
	(void)tbl;
	(void)seen;
	if (!c->s.kinds)
		return xp_bad(c, n, "<Distribution> is empty: expected "
			      "<Percent> or <Absolute>");
	return 0;
}

bool xh_has_dist(const struct xw *w)
{
	return w->t->random && w->t->dist != DIST_NONE && w->t->ndist;
}

bool xh_is_pct(const struct xw *w)
{
	return w->t->dist == DIST_PCT;
}

bool xh_is_abs(const struct xw *w)
{
	return w->t->dist != DIST_PCT;
}

/* <Percent> or <Absolute> (its def): one list of ranges. */
int xh_r_ranges(struct xp_ctx *c, const struct xfield *f, const xmlNode *n)
{
	if (c->s.kinds++)
		return xp_bad(c, n, "<Distribution> has both <Percent> and "
			      "<Absolute>: expected one");
	c->t->ndist = 0;
	c->s.pct = f->def == DIST_PCT;
	c->s.io_sum = 0;
	c->s.span_sum = 0;
	return xp_read_node(c, n, f->sub);
}

int xh_f_ranges(struct xp_ctx *c, const struct xtable *tbl, const xmlNode *n,
		const xmlNode *const *seen)
{
	(void)tbl;
	(void)seen;
	if (!c->t->ndist)
		return xp_bad(c, n, "<%s> has no <Range>: expected at least "
			      "one", (const char *)n->name);
	c->t->dist = c->s.pct ? DIST_PCT : DIST_ABS;
	return 0;
}

/* <Range IO="io%">span</Range>: span is % of the target or bytes. */
int xh_r_range(struct xp_ctx *c, const struct xfield *f, const xmlNode *n)
{
	static const char *const attrs[] = { "IO", NULL };
	struct target_opts *t = c->t;
	uint64_t io, span;
	int ret;

	(void)f;
	if (t->ndist >= PROFILE_MAX_DIST)
		return xp_bad(c, n, "too many <Range> elements: expected at "
			      "most %d", PROFILE_MAX_DIST);
	ret = xp_check_attrs(c, n, attrs);
	if (!ret)
		ret = xp_attr_u64(c, n, "IO", 0, 100, &io);
	if (!ret)
		ret = xp_leaf_u64(c, n, 0, c->s.pct ? 100 : UINT64_MAX, &span);
	if (ret)
		return ret;
	c->s.io_sum += io;
	c->s.span_sum += span;
	if (c->s.io_sum > 100)
		return xp_bad(c, n, "<Range> IO shares add up to %" PRIu64
			      "%%: expected at most 100", c->s.io_sum);
	if (c->s.pct && c->s.span_sum > 100)
		return xp_bad(c, n, "<Range> target shares add up to %" PRIu64
			      "%%: expected at most 100", c->s.span_sum);
	t->dist_ranges[t->ndist].io_pct = (uint32_t)io;
	t->dist_ranges[t->ndist].span = span;
	t->ndist++;
	return 0;
}

/* A -rdpct range "to the rest" (span 0) is written as DiskSpd states
 * its tail range, with the real span: -rdpct90/10 gives <Range IO="10">90
 * </Range>.  An absolute open tail stays 0, as DiskSpd writes it. */
void xh_w_ranges(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	const struct target_opts *t = w->t;
	uint64_t span, used = 0;
	uint32_t i;

	for (i = 0; i < t->ndist && i < PROFILE_MAX_DIST; i++) {
		span = t->dist_ranges[i].span;
		if (t->dist == DIST_PCT && !span)
			span = used < 100 ? 100 - used : 0;
		used += span;
		xw_indent(w, lvl);
		fprintf(w->f, "<%s IO=\"%" PRIu32 "\">%" PRIu64 "</%s>\n",
			f->name, t->dist_ranges[i].io_pct, span, f->name);
	}
}

