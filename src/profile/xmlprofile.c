/* xmlprofile.c - DiskSpd XML profiles: -X reads one with libxml2 into a
 * struct profile, -Rpxml and the XML results write one back.
 *
 * Reading accepts the children of every element in any order (DiskSpd's
 * schema uses xs:all), takes command-line defaults for missing elements
 * and refuses anything it does not know, naming the file, the line and
 * the element, so a typo in a hand-edited profile never silently falls
 * back to a default.  Writing follows DiskSpd's emission order, so a
 * profile written here reads back into the same effective profile.
 */
#include "profile/xmlprofile.h"
#include "lib/emit.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "lib/readfile.h"
#include "lib/util.h"

#define TEXT_MAX 4096			/* longest element text we accept */
#define CPUS_PER_GROUP 64		/* DiskSpd processor group size */

/* ------------------------------------------------------------------ */
/* writing */

static void indent_to(FILE *f, unsigned int level)
{
	unsigned int i;

	for (i = 0; i < level; i++)
		fputs("  ", f);
}

/* <FlushType> values, in enum flush_mode order from FLUSH_VIEW. */
static const char *const flush_names[] = {
	"ViewOfFile", "NonVolatileMemory", "NonVolatileMemoryNoDrain",
};

static void put_u64(FILE *f, unsigned int lvl, const char *name, uint64_t v)
{
	indent_to(f, lvl);
	fprintf(f, "<%s>%" PRIu64 "</%s>\n", name, v, name);
}

static void put_bool(FILE *f, unsigned int lvl, const char *name, bool v)
{
	indent_to(f, lvl);
	fprintf(f, "<%s>%s</%s>\n", name, v ? "true" : "false", name);
}

static void put_str(FILE *f, unsigned int lvl, const char *name,
		    const char *v)
{
	indent_to(f, lvl);
	fprintf(f, "<%s>", name);
	emit_escaped(f, v);
	fprintf(f, "</%s>\n", name);
}

static const char *format_name(enum result_format fmt)
{
	switch (fmt) {
	case FORMAT_XML:
		return "xml";
	case FORMAT_JSON:
		return "json";
	case FORMAT_CSV:
		return "csv";
	case FORMAT_HTML:
		return "html";
	case FORMAT_TEXT:
	default:
		return "text";
	}
}

static void write_wbuf(FILE *f, unsigned int lvl, const struct target_opts *t)
{
	indent_to(f, lvl);
	fputs("<WriteBufferContent>\n", f);
	if (t->wbuf == WBUF_ZERO) {
		put_str(f, lvl + 1, "Pattern", "zero");
	} else if (t->wbuf == WBUF_SOURCE) {
		put_str(f, lvl + 1, "Pattern", "random");
		indent_to(f, lvl + 1);
		fputs("<RandomDataSource>\n", f);
		put_u64(f, lvl + 2, "SizeInBytes", t->wbuf_source_bytes);
		if (t->wbuf_source_path && *t->wbuf_source_path)
			put_str(f, lvl + 2, "FilePath", t->wbuf_source_path);
		indent_to(f, lvl + 1);
		fputs("</RandomDataSource>\n", f);
	} else {
		put_str(f, lvl + 1, "Pattern", "sequential");
	}
	indent_to(f, lvl);
	fputs("</WriteBufferContent>\n", f);
	/* DiskSpd reads <RandomWriteData> (-Zr) but never writes it, losing
	 * -Zr on a round trip; we write it so the round trip is exact. */
	if (t->wbuf == WBUF_RANDOM_PER_IO)
		put_bool(f, lvl, "RandomWriteData", true);
}

static void write_dist(FILE *f, unsigned int lvl, const struct target_opts *t)
{
	const char *kind = t->dist == DIST_PCT ? "Percent" : "Absolute";
	uint32_t i;

	indent_to(f, lvl);
	fputs("<Distribution>\n", f);
	indent_to(f, lvl + 1);
	fprintf(f, "<%s>\n", kind);
	for (i = 0; i < t->ndist && i < PROFILE_MAX_DIST; i++) {
		indent_to(f, lvl + 2);
		fprintf(f, "<Range IO=\"%" PRIu32 "\">%" PRIu64 "</Range>\n",
			t->dist_ranges[i].io_pct, t->dist_ranges[i].span);
	}
	indent_to(f, lvl + 1);
	fprintf(f, "</%s>\n", kind);
	indent_to(f, lvl);
	fputs("</Distribution>\n", f);
}

/* The end of the range: -f, or -B base:len folded into DiskSpd's single
 * MaxFileSize (as DiskSpd itself does). */
static uint64_t max_file_size(const struct target_opts *t)
{
	uint64_t end;

	if (!t->range_len_bytes)
		return t->max_bytes;
	end = t->base_bytes + t->range_len_bytes;
	if (t->max_bytes && t->max_bytes < end)
		return t->max_bytes;
	return end;
}

static void write_access(FILE *f, unsigned int lvl, const struct target_opts *t)
{
	if (t->random) {
		put_u64(f, lvl, "Random", t->random_align_bytes ?
			t->random_align_bytes : t->block_bytes);
		if (t->random_pct && t->random_pct < 100)
			put_u64(f, lvl, "RandomRatio", t->random_pct);
		if (t->dist != DIST_NONE && t->ndist)
			write_dist(f, lvl, t);
	} else {
		put_u64(f, lvl, "StrideSize", t->stride_bytes ?
			t->stride_bytes : t->block_bytes);
		put_bool(f, lvl, "InterlockedSequential", t->interlocked);
	}
}

static void write_target(FILE *f, unsigned int lvl, const struct profile *p,
			 const struct target_opts *t)
{
	indent_to(f, lvl);
	fputs("<Target>\n", f);
	lvl++;
	put_str(f, lvl, "Path", t->path ? t->path : "");
	put_u64(f, lvl, "BlockSize", t->block_bytes);
	put_u64(f, lvl, "BaseFileOffset", t->base_bytes);
	put_bool(f, lvl, "SequentialScan", t->hint_sequential);
	put_bool(f, lvl, "RandomAccess", t->hint_random);
	put_bool(f, lvl, "TemporaryFile", t->hint_temporary);
	put_bool(f, lvl, "UseLargePages", p->large_pages);
	if (t->cache == CACHE_REMOTE)
		put_bool(f, lvl, "DisableLocalCache", true);
	else if (t->cache == CACHE_DIRECT)
		put_bool(f, lvl, "DisableOSCache", true);
	if (t->write_through)
		put_bool(f, lvl, "WriteThrough", true);
	if (t->cache == CACHE_MMAP)
		put_bool(f, lvl, "MemoryMappedIo", true);
	if (t->flush != FLUSH_NONE)
		put_str(f, lvl, "FlushType", flush_names[t->flush - 1]);
	write_wbuf(f, lvl, t);
	put_bool(f, lvl, "ParallelAsyncIO", t->parallel_async);
	if (t->burst)
		put_u64(f, lvl, "BurstSize", t->burst);
	if (t->think_ms)
		put_u64(f, lvl, "ThinkTime", t->think_ms);
	if (t->create_bytes)
		put_u64(f, lvl, "FileSize", t->create_bytes);
	write_access(f, lvl, t);
	put_u64(f, lvl, "ThreadStride", t->thread_stride_bytes);
	put_u64(f, lvl, "MaxFileSize", max_file_size(t));
	put_u64(f, lvl, "RequestCount", t->outstanding);
	put_u64(f, lvl, "WriteRatio", t->write_pct);
	indent_to(f, lvl);
	if (t->throttle_iops)
		fprintf(f, "<Throughput unit=\"IOPS\">%" PRIu64 "</Throughput>\n",
			t->throttle_iops);
	else
		fprintf(f, "<Throughput>%" PRIu64 "</Throughput>\n",
			t->throttle_bytes_per_ms);
	put_u64(f, lvl, "ThreadsPerFile", t->threads);
	put_u64(f, lvl, "IOPriority", t->io_priority);
	put_u64(f, lvl, "Weight", t->weight);
	indent_to(f, lvl - 1);
	fputs("</Target>\n", f);
}

static void write_timespan(FILE *f, unsigned int lvl, const struct profile *p)
{
	uint32_t i;

	indent_to(f, lvl);
	fputs("<TimeSpan>\n", f);
	lvl++;
	put_bool(f, lvl, "CompletionRoutines", false);
	put_bool(f, lvl, "MeasureLatency", p->measure_latency);
	put_bool(f, lvl, "CalculateIopsStdDev", p->iops_interval_ms > 0);
	put_bool(f, lvl, "DisableAffinity", p->affinity_disabled);
	put_u64(f, lvl, "Duration", p->duration_s);
	put_u64(f, lvl, "Warmup", p->warmup_s);
	put_u64(f, lvl, "Cooldown", p->cooldown_s);
	put_u64(f, lvl, "ThreadCount", p->pool_threads);
	put_u64(f, lvl, "RequestCount", p->pool_requests);
	put_u64(f, lvl, "IoBucketDuration",
		p->iops_interval_ms ? p->iops_interval_ms : 1000);
	put_u64(f, lvl, "RandSeed", p->seed);
	if (p->affinity_given && p->ncpus) {
		indent_to(f, lvl);
		fputs("<Affinity>\n", f);
		for (i = 0; i < p->ncpus && i < PROFILE_MAX_CPUS; i++) {
			indent_to(f, lvl + 1);
			fprintf(f, "<AffinityGroupAssignment Group=\"%" PRIu32
				"\" Processor=\"%" PRIu32 "\"/>\n",
				p->cpus[i] / CPUS_PER_GROUP,
				p->cpus[i] % CPUS_PER_GROUP);
		}
		indent_to(f, lvl);
		fputs("</Affinity>\n", f);
	}
	indent_to(f, lvl);
	fputs("<Targets>\n", f);
	for (i = 0; i < p->ntargets && i < PROFILE_MAX_TARGETS; i++)
		write_target(f, lvl + 1, p, &p->targets[i]);
	indent_to(f, lvl);
	fputs("</Targets>\n", f);
	indent_to(f, lvl - 1);
	fputs("</TimeSpan>\n", f);
}

int xmlprofile_write_as(const struct profile *p, enum result_format fmt,
			FILE *f, unsigned int indent)
{
	unsigned int lvl = indent + 1;

	indent_to(f, indent);
	fputs("<Profile>\n", f);
	put_u64(f, lvl, "Progress", p->progress_every);
	if (p->experiment_flags)
		put_u64(f, lvl, "ExperimentFlags", p->experiment_flags);
	put_str(f, lvl, "ResultFormat", format_name(fmt));
	put_bool(f, lvl, "Verbose", p->verbose);
	indent_to(f, lvl);
	fputs("<TimeSpans>\n", f);
	write_timespan(f, lvl + 1, p);
	indent_to(f, lvl);
	fputs("</TimeSpans>\n", f);
	indent_to(f, indent);
	fputs("</Profile>\n", f);
	if (ferror(f))
		return -EIO;
	return 0;
}

int xmlprofile_write(const struct profile *p, FILE *f, unsigned int indent)
{
	return xmlprofile_write_as(p, p->format, f, indent);
}

/* ------------------------------------------------------------------ */
/* reading */

struct xp_ctx {
	const char *name;		/* file name for messages */
	char *err;
	size_t errlen;
	char *const *subst;
	unsigned int nsubst;
	bool *used;			/* nsubst flags: substitution taken */
	bool allow_templates;
	struct profile *p;
	bool have_perr;			/* first parser error recorded */
	int perr_line;
	char perr[512];
};

static const char *nm(const xmlNode *n)
{
	return (const char *)n->name;
}

static int bad(struct xp_ctx *c, const xmlNode *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad(struct xp_ctx *c, const xmlNode *n, const char *fmt, ...)
{
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return errf(c->err, c->errlen, EINVAL, "%s:%ld: %s", c->name,
		    n ? xmlGetLineNo(n) : 0L, msg);
}

static bool is_blank(const char *s)
{
	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			return false;
	return true;
}

/* Non-element children of a container: comments are fine, text must be
 * blank. */
static int check_other_child(struct xp_ctx *c, const xmlNode *parent,
			     const xmlNode *ch)
{
	if ((ch->type == XML_TEXT_NODE || ch->type == XML_CDATA_SECTION_NODE)
	    && ch->content && !is_blank((const char *)ch->content))
		return bad(c, ch, "unexpected text in <%s>: expected only "
			   "elements", nm(parent));
	return 0;
}

/* The first earlier sibling element with the same name, if any. */
static bool seen_before(const xmlNode *ch)
{
	const xmlNode *s;

	for (s = ch->prev; s; s = s->prev)
		if (s->type == XML_ELEMENT_NODE && !strcmp(nm(s), nm(ch)))
			return true;
	return false;
}

static int unknown(struct xp_ctx *c, const xmlNode *parent, const xmlNode *ch)
{
	return bad(c, ch, "unknown element <%s> in <%s>", nm(ch), nm(parent));
}

/* Trimmed text of a leaf element into @buf. */
static int leaf_text(struct xp_ctx *c, const xmlNode *n, char *buf,
		     size_t len)
{
	const xmlNode *ch;
	xmlChar *content;
	const char *s, *e;
	size_t l;

	for (ch = n->children; ch; ch = ch->next)
		if (ch->type == XML_ELEMENT_NODE)
			return unknown(c, n, ch);
	content = xmlNodeGetContent(n);
	s = content ? (const char *)content : "";
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
			 e[-1] == '\r'))
		e--;
	l = (size_t)(e - s);
	if (l >= len) {
		xmlFree(content);
		return bad(c, n, "value of <%s> too long: expected at most %zu "
			   "characters", nm(n), len - 1);
	}
	memcpy(buf, s, l);
	buf[l] = '\0';
	xmlFree(content);
	return 0;
}

/* Strict decimal: digits only, no sign, no suffix. */
static bool parse_dec(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return false;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*out = v;
	return true;
}

static int leaf_u64(struct xp_ctx *c, const xmlNode *n, uint64_t min,
		    uint64_t max, uint64_t *out)
{
	char buf[64];
	uint64_t v;
	int ret;

	ret = leaf_text(c, n, buf, sizeof(buf));
	if (ret)
		return ret;
	if (!parse_dec(buf, &v) || v < min || v > max)
		return bad(c, n, "invalid <%s> '%s': expected an integer from "
			   "%" PRIu64 " to %" PRIu64, nm(n), buf, min, max);
	*out = v;
	return 0;
}

static int leaf_u32(struct xp_ctx *c, const xmlNode *n, uint32_t min,
		    uint32_t max, uint32_t *out)
{
	uint64_t v;
	int ret = leaf_u64(c, n, min, max, &v);

	if (!ret)
		*out = (uint32_t)v;
	return ret;
}

static int leaf_bool(struct xp_ctx *c, const xmlNode *n, bool *out)
{
	char buf[16];
	int ret;

	ret = leaf_text(c, n, buf, sizeof(buf));
	if (ret)
		return ret;
	if (!strcmp(buf, "true") || !strcmp(buf, "1"))
		*out = true;
	else if (!strcmp(buf, "false") || !strcmp(buf, "0"))
		*out = false;
	else
		return bad(c, n, "invalid <%s> '%s': expected true or false",
			   nm(n), buf);
	return 0;
}

static int leaf_strdup(struct xp_ctx *c, const xmlNode *n, char **out)
{
	char buf[TEXT_MAX];
	char *s;
	int ret;

	ret = leaf_text(c, n, buf, sizeof(buf));
	if (ret)
		return ret;
	s = strdup(buf);
	if (!s)
		return errf(c->err, c->errlen, ENOMEM, "out of memory");
	free(*out);
	*out = s;
	return 0;
}

/* One-of-a-list leaf; index into @names or error. */
static int leaf_enum(struct xp_ctx *c, const xmlNode *n,
		     const char *const *names, unsigned int count,
		     const char *expected, unsigned int *out)
{
	char buf[64];
	unsigned int i;
	int ret;

	ret = leaf_text(c, n, buf, sizeof(buf));
	if (ret)
		return ret;
	for (i = 0; i < count; i++) {
		if (!strcmp(buf, names[i])) {
			*out = i;
			return 0;
		}
	}
	return bad(c, n, "invalid <%s> '%s': expected %s", nm(n), buf,
		   expected);
}

/* Attribute @attr of @n as an integer in [min, max]. */
static int attr_u64(struct xp_ctx *c, const xmlNode *n, const char *attr,
		    uint64_t min, uint64_t max, uint64_t *out)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)attr);
	uint64_t x;
	bool ok;

	if (!v)
		return bad(c, n, "<%s> has no %s attribute: expected %s=\"N\"",
			   nm(n), attr, attr);
	ok = parse_dec((const char *)v, &x) && x >= min && x <= max;
	if (!ok) {
		char shown[64];

		str_copy(shown, sizeof(shown), (const char *)v);
		xmlFree(v);
		return bad(c, n, "invalid %s '%s' in <%s>: expected an integer "
			   "from %" PRIu64 " to %" PRIu64, attr, shown, nm(n),
			   min, max);
	}
	xmlFree(v);
	*out = x;
	return 0;
}

/* Refuse attributes except the listed ones (NULL-terminated). */
static int check_attrs(struct xp_ctx *c, const xmlNode *n,
		       const char *const *allowed)
{
	const xmlAttr *a;
	unsigned int i;

	for (a = n->properties; a; a = a->next) {
		for (i = 0; allowed && allowed[i]; i++)
			if (!strcmp((const char *)a->name, allowed[i]))
				break;
		if (!allowed || !allowed[i])
			return bad(c, n, "unknown attribute '%s' on <%s>",
				   (const char *)a->name, nm(n));
	}
	return 0;
}

#define FOR_ELEMENTS(c, parent, ch, ret)				\
	for ((ch) = (parent)->children; (ch); (ch) = (ch)->next)	\
		if ((ch)->type != XML_ELEMENT_NODE) {			\
			(ret) = check_other_child((c), (parent), (ch));	\
			if (ret)					\
				return ret;				\
		} else if (seen_before(ch) && !repeatable(ch)) {	\
			return bad((c), (ch), "duplicate element <%s> in <%s>", \
				   nm(ch), nm(parent));			\
		} else

static bool repeatable(const xmlNode *n)
{
	static const char *const names[] = {
		"Target", "TimeSpan", "Range", "AffinityGroupAssignment",
		"AffinityAssignment", "GroupAffinity", "ThreadTarget",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(nm(n), names[i]))
			return true;
	return false;
}

static bool is(const xmlNode *n, const char *name)
{
	return !strcmp(nm(n), name);
}

static int parse_random_source(struct xp_ctx *c, const xmlNode *n,
			       struct target_opts *t)
{
	const xmlNode *ch;
	bool have_size = false;
	int ret = 0;

	FOR_ELEMENTS(c, n, ch, ret) {
		if (is(ch, "SizeInBytes")) {
			ret = leaf_u64(c, ch, 1, UINT64_MAX,
				       &t->wbuf_source_bytes);
			have_size = true;
		} else if (is(ch, "FilePath")) {
			ret = leaf_strdup(c, ch, &t->wbuf_source_path);
		} else {
			ret = unknown(c, n, ch);
		}
		if (ret)
			return ret;
	}
	if (!have_size)
		return bad(c, n, "<RandomDataSource> has no <SizeInBytes>: "
			   "expected the random buffer size in bytes");
	return 0;
}

static int parse_wbuf(struct xp_ctx *c, const xmlNode *n,
		      struct target_opts *t)
{
	static const char *const pats[] = { "sequential", "zero", "random" };
	const xmlNode *ch, *source = NULL, *pattern = NULL;
	unsigned int pat = 0;
	int ret = 0;

	FOR_ELEMENTS(c, n, ch, ret) {
		if (is(ch, "Pattern")) {
			ret = leaf_enum(c, ch, pats, ARRAY_SIZE(pats),
					"sequential, zero or random", &pat);
			pattern = ch;
		} else if (is(ch, "RandomDataSource")) {
			source = ch;
		} else {
			ret = unknown(c, n, ch);
		}
		if (ret)
			return ret;
	}
	if (!pattern)
		return 0;
	if (pat == 2) {
		if (!source)
			return bad(c, pattern, "<Pattern>random</Pattern> needs "
				   "a <RandomDataSource> with <SizeInBytes>");
		t->wbuf = WBUF_SOURCE;
		return parse_random_source(c, source, t);
	}
	if (source)
		return bad(c, source, "<RandomDataSource> needs "
			   "<Pattern>random</Pattern>");
	t->wbuf = pat == 1 ? WBUF_ZERO : WBUF_PATTERN;
	return 0;
}

static int parse_ranges(struct xp_ctx *c, const xmlNode *n,
			struct target_opts *t, bool pct)
{
	static const char *const attrs[] = { "IO", NULL };
	const xmlNode *ch;
	uint64_t io, span, io_sum = 0, span_sum = 0;
	int ret = 0;

	t->ndist = 0;
	FOR_ELEMENTS(c, n, ch, ret) {
		if (!is(ch, "Range"))
			return unknown(c, n, ch);
		if (t->ndist >= PROFILE_MAX_DIST)
			return bad(c, ch, "too many <Range> elements: expected "
				   "at most %d", PROFILE_MAX_DIST);
		ret = check_attrs(c, ch, attrs);
		if (!ret)
			ret = attr_u64(c, ch, "IO", 0, 100, &io);
		if (!ret)
			ret = leaf_u64(c, ch, 0, pct ? 100 : UINT64_MAX, &span);
		if (ret)
			return ret;
		io_sum += io;
		span_sum += span;
		if (io_sum > 100)
			return bad(c, ch, "<Range> IO shares add up to %" PRIu64
				   "%%: expected at most 100", io_sum);
		if (pct && span_sum > 100)
			return bad(c, ch, "<Range> target shares add up to %"
				   PRIu64 "%%: expected at most 100", span_sum);
		t->dist_ranges[t->ndist].io_pct = (uint32_t)io;
		t->dist_ranges[t->ndist].span = span;
		t->ndist++;
	}
	if (!t->ndist)
		return bad(c, n, "<%s> has no <Range>: expected at least one",
			   nm(n));
	t->dist = pct ? DIST_PCT : DIST_ABS;
	return 0;
}

static int parse_dist(struct xp_ctx *c, const xmlNode *n,
		      struct target_opts *t)
{
	const xmlNode *ch;
	int ret = 0, kinds = 0;

	FOR_ELEMENTS(c, n, ch, ret) {
		if (is(ch, "Percent") || is(ch, "Absolute")) {
			if (kinds++)
				return bad(c, ch, "<Distribution> has both "
					   "<Percent> and <Absolute>: expected "
					   "one");
			ret = parse_ranges(c, ch, t, is(ch, "Percent"));
		} else {
			ret = unknown(c, n, ch);
		}
		if (ret)
			return ret;
	}
	if (!kinds)
		return bad(c, n, "<Distribution> is empty: expected <Percent> "
			   "or <Absolute>");
	return 0;
}

static int parse_throughput(struct xp_ctx *c, const xmlNode *n,
			    struct target_opts *t)
{
	static const char *const attrs[] = { "unit", NULL };
	xmlChar *unit;
	uint64_t v;
	bool iops = false;
	int ret;

	ret = check_attrs(c, n, attrs);
	if (ret)
		return ret;
	unit = xmlGetProp(n, (const xmlChar *)"unit");
	if (unit) {
		char shown[32];

		str_copy(shown, sizeof(shown), (const char *)unit);
		xmlFree(unit);
		if (strcmp(shown, "IOPS"))
			return bad(c, n, "invalid <Throughput> unit '%s': "
				   "expected IOPS, or no unit for bytes per "
				   "millisecond", shown);
		iops = true;
	}
	ret = leaf_u64(c, n, 0, UINT32_MAX, &v);
	if (ret)
		return ret;
	t->throttle_iops = iops ? v : 0;
	t->throttle_bytes_per_ms = iops ? 0 : v;
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
	if (!parse_dec(t->path + 1, &idx) || idx == 0)
		return bad(c, path_node, "invalid template path '%s': expected "
			   "*1, *2, ...", t->path);
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
	return bad(c, path_node, "template path '%s' has no substitution: "
		   "expected at least %" PRIu64 " target%s after -X on the "
		   "command line", t->path, idx, idx == 1 ? "" : "s");
}

struct target_seen {
	const xmlNode *path, *random, *stride, *ratio, *dist, *interlocked;
	uint32_t ratio_pct;
};

static int parse_target_cache(struct xp_ctx *c, const xmlNode *ch,
			      struct target_opts *t, bool *handled)
{
	unsigned int idx = 0;
	bool v = false;
	int ret = 0;

	*handled = true;
	if (is(ch, "DisableOSCache")) {
		ret = leaf_bool(c, ch, &v);
		if (!ret && v)
			t->cache = CACHE_DIRECT;
	} else if (is(ch, "DisableLocalCache")) {
		ret = leaf_bool(c, ch, &v);
		if (!ret && v)
			t->cache = CACHE_REMOTE;
	} else if (is(ch, "DisableAllCache")) {
		ret = leaf_bool(c, ch, &v);
		if (!ret && v) {
			t->cache = CACHE_DIRECT;
			t->write_through = true;
		}
	} else if (is(ch, "WriteThrough")) {
		ret = leaf_bool(c, ch, &v);
		if (!ret && v)
			t->write_through = true;
	} else if (is(ch, "MemoryMappedIo")) {
		ret = leaf_bool(c, ch, &v);
		if (!ret && v)
			t->cache = CACHE_MMAP;
	} else if (is(ch, "FlushType")) {
		ret = leaf_enum(c, ch, flush_names, ARRAY_SIZE(flush_names),
				"ViewOfFile, NonVolatileMemory or "
				"NonVolatileMemoryNoDrain", &idx);
		if (!ret)
			t->flush = (enum flush_mode)(idx + 1);
	} else {
		*handled = false;
	}
	return ret;
}

static int parse_target_elem(struct xp_ctx *c, const xmlNode *n,
			     const xmlNode *ch, struct target_opts *t,
			     struct target_seen *s)
{
	bool v = false, handled;
	int ret;

	ret = parse_target_cache(c, ch, t, &handled);
	if (handled)
		return ret;
	if (is(ch, "Path")) {
		s->path = ch;
		return leaf_strdup(c, ch, &t->path);
	} else if (is(ch, "BlockSize")) {
		return leaf_u64(c, ch, 1, UINT32_MAX, &t->block_bytes);
	} else if (is(ch, "BaseFileOffset")) {
		return leaf_u64(c, ch, 0, UINT64_MAX, &t->base_bytes);
	} else if (is(ch, "SequentialScan")) {
		return leaf_bool(c, ch, &t->hint_sequential);
	} else if (is(ch, "RandomAccess")) {
		return leaf_bool(c, ch, &t->hint_random);
	} else if (is(ch, "TemporaryFile")) {
		return leaf_bool(c, ch, &t->hint_temporary);
	} else if (is(ch, "UseLargePages")) {
		ret = leaf_bool(c, ch, &v);
		if (!ret && v)
			c->p->large_pages = true;	/* per process here */
		return ret;
	} else if (is(ch, "WriteBufferContent")) {
		return parse_wbuf(c, ch, t);
	} else if (is(ch, "RandomWriteData")) {
		ret = leaf_bool(c, ch, &v);
		if (!ret && v)
			t->wbuf = WBUF_RANDOM_PER_IO;
		return ret;
	} else if (is(ch, "ParallelAsyncIO")) {
		return leaf_bool(c, ch, &t->parallel_async);
	} else if (is(ch, "BurstSize")) {
		return leaf_u32(c, ch, 0, UINT32_MAX, &t->burst);
	} else if (is(ch, "ThinkTime")) {
		return leaf_u32(c, ch, 0, UINT32_MAX, &t->think_ms);
	} else if (is(ch, "FileSize")) {
		return leaf_u64(c, ch, 0, UINT64_MAX, &t->create_bytes);
	} else if (is(ch, "Random")) {
		s->random = ch;
		return leaf_u64(c, ch, 1, UINT32_MAX, &t->random_align_bytes);
	} else if (is(ch, "RandomRatio")) {
		s->ratio = ch;
		return leaf_u32(c, ch, 1, 100, &s->ratio_pct);
	} else if (is(ch, "Distribution")) {
		s->dist = ch;
		return parse_dist(c, ch, t);
	} else if (is(ch, "StrideSize")) {
		s->stride = ch;
		return leaf_u64(c, ch, 0, UINT32_MAX, &t->stride_bytes);
	} else if (is(ch, "InterlockedSequential")) {
		s->interlocked = ch;
		return leaf_bool(c, ch, &t->interlocked);
	} else if (is(ch, "ThreadStride")) {
		return leaf_u64(c, ch, 0, UINT64_MAX, &t->thread_stride_bytes);
	} else if (is(ch, "MaxFileSize")) {
		return leaf_u64(c, ch, 0, UINT64_MAX, &t->max_bytes);
	} else if (is(ch, "RequestCount")) {
		return leaf_u32(c, ch, 1, 65536, &t->outstanding);
	} else if (is(ch, "WriteRatio")) {
		return leaf_u32(c, ch, 0, 100, &t->write_pct);
	} else if (is(ch, "Throughput")) {
		return parse_throughput(c, ch, t);
	} else if (is(ch, "ThreadsPerFile")) {
		return leaf_u32(c, ch, 1, 65536, &t->threads);
	} else if (is(ch, "IOPriority")) {
		return leaf_u32(c, ch, 1, 3, &t->io_priority);
	} else if (is(ch, "Weight")) {
		return leaf_u32(c, ch, 0, UINT32_MAX, &t->weight);
	} else if (is(ch, "ThreadTargets")) {
		return bad(c, ch, "<ThreadTargets> is not supported: expected "
			   "targets shared by all -F threads");
	}
	return unknown(c, n, ch);
}

/* Cross-element rules of one <Target>. */
static int finish_target(struct xp_ctx *c, const xmlNode *n,
			 struct target_opts *t, const struct target_seen *s)
{
	if (s->random && s->stride) {
		const xmlNode *later = xmlGetLineNo(s->random) >
			xmlGetLineNo(s->stride) ? s->random : s->stride;

		return bad(c, later, "<Random> and <StrideSize> in one "
			   "<Target>: expected one of them (random or "
			   "sequential)");
	}
	if ((s->ratio || s->dist) && !s->random)
		return bad(c, s->ratio ? s->ratio : s->dist, "<%s> needs "
			   "<Random> in the same <Target>",
			   s->ratio ? "RandomRatio" : "Distribution");
	if (s->random && s->interlocked && t->interlocked)
		return bad(c, s->interlocked, "<InterlockedSequential> with "
			   "<Random>: expected a sequential <Target>");
	if (s->random) {
		t->random = true;
		t->random_pct = s->ratio ? s->ratio_pct : 100;
	} else if (s->stride) {
		t->random = false;
	}
	/* alignment / stride equal to the block size is the default (0) */
	if (t->random_align_bytes == t->block_bytes)
		t->random_align_bytes = 0;
	if (t->stride_bytes == t->block_bytes)
		t->stride_bytes = 0;
	if (!s->path || !t->path || !*t->path)
		return bad(c, s->path ? s->path : n, "<Target> has no <Path>: "
			   "expected a file or device path, or *1 for the "
			   "first command-line target");
	return subst_path(c, s->path, t);
}

static int parse_target(struct xp_ctx *c, const xmlNode *n,
			struct target_opts *t)
{
	struct target_seen s = { 0 };
	const xmlNode *ch;
	int ret = 0;

	FOR_ELEMENTS(c, n, ch, ret) {
		ret = parse_target_elem(c, n, ch, t, &s);
		if (ret)
			return ret;
	}
	return finish_target(c, n, t, &s);
}

static int parse_targets(struct xp_ctx *c, const xmlNode *n)
{
	struct profile *p = c->p;
	const xmlNode *ch;
	int ret = 0;

	FOR_ELEMENTS(c, n, ch, ret) {
		if (!is(ch, "Target"))
			return unknown(c, n, ch);
		if (p->ntargets >= PROFILE_MAX_TARGETS)
			return bad(c, ch, "too many <Target> elements: expected "
				   "at most %d", PROFILE_MAX_TARGETS);
		target_opts_init(&p->targets[p->ntargets]);
		p->ntargets++;	/* counted now so profile_release frees it */
		ret = parse_target(c, ch, &p->targets[p->ntargets - 1]);
		if (ret)
			return ret;
	}
	if (!p->ntargets)
		return bad(c, n, "<Targets> is empty: expected at least one "
			   "<Target>");
	return 0;
}

static int add_cpu(struct xp_ctx *c, const xmlNode *n, uint64_t group,
		   uint64_t proc)
{
	struct profile *p = c->p;
	uint64_t cpu = group * CPUS_PER_GROUP + proc;

	if (cpu >= PROFILE_MAX_CPUS)
		return bad(c, n, "processor %" PRIu64 " of group %" PRIu64
			   " is out of range: expected a CPU below %d", proc,
			   group, PROFILE_MAX_CPUS);
	if (p->ncpus >= PROFILE_MAX_CPUS)
		return bad(c, n, "too many affinity assignments: expected at "
			   "most %d", PROFILE_MAX_CPUS);
	p->cpus[p->ncpus++] = (uint32_t)cpu;
	p->affinity_given = true;
	return 0;
}

static int parse_affinity(struct xp_ctx *c, const xmlNode *n)
{
	static const char *const attrs[] = { "Group", "Processor", NULL };
	const xmlNode *ch;
	uint64_t group, proc;
	int ret = 0;

	c->p->ncpus = 0;
	FOR_ELEMENTS(c, n, ch, ret) {
		if (is(ch, "AffinityGroupAssignment") ||
		    is(ch, "GroupAffinity")) {
			ret = check_attrs(c, ch, attrs);
			if (!ret)
				ret = attr_u64(c, ch, "Group", 0,
					       PROFILE_MAX_CPUS / CPUS_PER_GROUP
					       - 1, &group);
			if (!ret)
				ret = attr_u64(c, ch, "Processor", 0,
					       CPUS_PER_GROUP - 1, &proc);
			if (!ret)
				ret = add_cpu(c, ch, group, proc);
		} else if (is(ch, "AffinityAssignment")) {
			/* DiskSpd's older form: a processor of group 0 */
			ret = leaf_u64(c, ch, 0, PROFILE_MAX_CPUS - 1, &proc);
			if (!ret)
				ret = add_cpu(c, ch, 0, proc);
		} else {
			ret = unknown(c, n, ch);
		}
		if (ret)
			return ret;
	}
	return 0;
}

struct timespan_seen {
	const xmlNode *targets;
	bool calc_given, calc;
	uint32_t bucket_ms;
};

static int parse_timespan_elem(struct xp_ctx *c, const xmlNode *n,
			       const xmlNode *ch, struct timespan_seen *s)
{
	struct profile *p = c->p;
	bool ignored;

	if (is(ch, "CompletionRoutines"))
		return leaf_bool(c, ch, &ignored);	/* -x: same engine */
	if (is(ch, "MeasureLatency"))
		return leaf_bool(c, ch, &p->measure_latency);
	if (is(ch, "CalculateIopsStdDev")) {
		s->calc_given = true;
		return leaf_bool(c, ch, &s->calc);
	}
	if (is(ch, "IoBucketDuration"))
		return leaf_u32(c, ch, 1, UINT32_MAX, &s->bucket_ms);
	if (is(ch, "DisableAffinity"))
		return leaf_bool(c, ch, &p->affinity_disabled);
	if (is(ch, "Duration"))
		return leaf_u32(c, ch, 1, UINT32_MAX, &p->duration_s);
	if (is(ch, "Warmup"))
		return leaf_u32(c, ch, 0, UINT32_MAX, &p->warmup_s);
	if (is(ch, "Cooldown"))
		return leaf_u32(c, ch, 0, UINT32_MAX, &p->cooldown_s);
	if (is(ch, "ThreadCount"))
		return leaf_u32(c, ch, 0, 65536, &p->pool_threads);
	if (is(ch, "RequestCount"))
		return leaf_u32(c, ch, 0, 65536, &p->pool_requests);
	if (is(ch, "RandSeed")) {
		int ret = leaf_u64(c, ch, 0, UINT64_MAX, &p->seed);

		if (!ret && p->seed)
			p->seed_given = true;
		return ret;
	}
	if (is(ch, "Affinity"))
		return parse_affinity(c, ch);
	if (is(ch, "Targets")) {
		s->targets = ch;
		return 0;
	}
	return unknown(c, n, ch);
}

static int parse_timespan(struct xp_ctx *c, const xmlNode *n)
{
	struct timespan_seen s = { 0 };
	struct profile *p = c->p;
	const xmlNode *ch;
	int ret = 0;

	FOR_ELEMENTS(c, n, ch, ret) {
		ret = parse_timespan_elem(c, n, ch, &s);
		if (ret)
			return ret;
	}
	if (s.calc_given && !s.calc)
		p->iops_interval_ms = 0;
	else if (s.calc_given)
		p->iops_interval_ms = s.bucket_ms ? s.bucket_ms :
			(p->iops_interval_ms ? p->iops_interval_ms : 1000);
	if (!s.targets)
		return bad(c, n, "<TimeSpan> has no <Targets>: expected at "
			   "least one <Target>");
	return parse_targets(c, s.targets);
}

static int parse_timespans(struct xp_ctx *c, const xmlNode *n)
{
	const xmlNode *ch, *first = NULL;
	int ret = 0;

	FOR_ELEMENTS(c, n, ch, ret) {
		if (!is(ch, "TimeSpan"))
			return unknown(c, n, ch);
		if (first)
			return bad(c, ch, "multiple <TimeSpan> elements are not "
				   "supported yet: expected one per profile");
		first = ch;
	}
	if (!first)
		return bad(c, n, "<TimeSpans> is empty: expected one "
			   "<TimeSpan>");
	return parse_timespan(c, first);
}

static int parse_etw(struct xp_ctx *c, const xmlNode *n)
{
	static const char *const names[] = {
		"Process", "Thread", "ImageLoad", "DiskIO", "MemoryPageFaults",
		"MemoryHardFaults", "Network", "Registry", "UsePagedMemory",
		"UsePerfTimer", "UseSystemTimer", "UseCyclesCounter",
	};
	const xmlNode *ch;
	unsigned int i;
	bool v;
	int ret = 0;

	FOR_ELEMENTS(c, n, ch, ret) {
		for (i = 0; i < ARRAY_SIZE(names); i++)
			if (is(ch, names[i]))
				break;
		if (i == ARRAY_SIZE(names))
			return unknown(c, n, ch);
		ret = leaf_bool(c, ch, &v);
		if (ret)
			return ret;
	}
	warnf("%s:%ld: <ETW> has no Linux equivalent and is ignored",
	      c->name, xmlGetLineNo(n));
	return 0;
}

static int parse_profile_elem(struct xp_ctx *c, const xmlNode *n,
			      const xmlNode *ch, const xmlNode **spans)
{
	static const char *const fmts[] = {
		"text", "xml", "json", "csv", "html",
	};
	static const char *const precreate[] = {
		"UseMaxSize", "CreateOnlyFilesWithConstantSizes",
		"CreateOnlyFilesWithConstantOrZeroSizes",
	};
	static const enum result_format fmt_val[] = {
		FORMAT_TEXT, FORMAT_XML, FORMAT_JSON, FORMAT_CSV, FORMAT_HTML,
	};
	struct profile *p = c->p;
	unsigned int idx = 0;
	bool ignored;
	int ret;

	if (is(ch, "Progress"))
		return leaf_u32(c, ch, 0, UINT32_MAX, &p->progress_every);
	if (is(ch, "ExperimentFlags"))
		return leaf_u32(c, ch, 0, UINT32_MAX, &p->experiment_flags);
	if (is(ch, "ResultFormat")) {
		ret = leaf_enum(c, ch, fmts, ARRAY_SIZE(fmts),
				"text or xml (or json, csv, html)", &idx);
		if (!ret)
			p->format = fmt_val[idx];
		return ret;
	}
	if (is(ch, "Verbose"))
		return leaf_bool(c, ch, &p->verbose);
	if (is(ch, "VerboseStats"))
		return leaf_bool(c, ch, &ignored);
	if (is(ch, "PrecreateFiles"))
		return leaf_enum(c, ch, precreate, ARRAY_SIZE(precreate),
				 "UseMaxSize, CreateOnlyFilesWithConstantSizes"
				 " or CreateOnlyFilesWithConstantOrZeroSizes",
				 &idx);
	if (is(ch, "ETW"))
		return parse_etw(c, ch);
	if (is(ch, "TimeSpans")) {
		*spans = ch;
		return 0;
	}
	return unknown(c, n, ch);
}

static int parse_profile(struct xp_ctx *c, const xmlNode *root)
{
	const xmlNode *ch, *spans = NULL;
	unsigned int i;
	int ret = 0;

	if (!is(root, "Profile"))
		return bad(c, root, "unknown root element <%s>: expected "
			   "<Profile>", nm(root));
	FOR_ELEMENTS(c, root, ch, ret) {
		ret = parse_profile_elem(c, root, ch, &spans);
		if (ret)
			return ret;
	}
	if (!spans)
		return bad(c, root, "<Profile> has no <TimeSpans>: expected "
			   "one <TimeSpan> with <Targets>");
	ret = parse_timespans(c, spans);
	if (ret)
		return ret;
	for (i = 0; i < c->nsubst; i++)
		if (!c->used[i])
			return errf(c->err, c->errlen, EINVAL,
				    "%s: unused target '%s': the profile has no "
				    "template path *%u", c->name, c->subst[i],
				    i + 1);
	return 0;
}

/* libxml2 reports every error of a broken document; the first one names
 * the real fault (a mismatched tag), later ones its consequences. */
static void first_error(void *data, xmlErrorPtr e)
{
	xmlParserCtxtPtr pctx = data;
	struct xp_ctx *c = pctx ? pctx->_private : NULL;

	if (!c || !e || c->have_perr || e->level < XML_ERR_ERROR)
		return;
	c->have_perr = true;
	c->perr_line = e->line;
	str_copy(c->perr, sizeof(c->perr), e->message);
}

/* libxml2 reports some errors (input encodings, I/O) outside the parser
 * context, on its generic channel, which prints them raw on stderr; the
 * parser context still records them, so they are dropped here. */
static void drop_generic_error(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

/* The parser's first error as "name:line: malformed XML: message". */
static int parse_error(struct xp_ctx *c, xmlParserCtxtPtr pctx)
{
	const xmlError *e = xmlCtxtGetLastError(pctx);
	char msg[512];
	size_t l;
	int line = c->perr_line;

	if (c->have_perr) {
		str_copy(msg, sizeof(msg), c->perr);
	} else {
		str_copy(msg, sizeof(msg), e && e->message ? e->message :
			 "cannot parse");
		line = e ? e->line : 0;
	}
	l = strlen(msg);
	while (l && (msg[l - 1] == '\n' || msg[l - 1] == ' '))
		msg[--l] = '\0';
	if (msg[0] >= 'A' && msg[0] <= 'Z')
		msg[0] = (char)(msg[0] - 'A' + 'a');
	return errf(c->err, c->errlen, EINVAL, "%s:%d: malformed XML: %s",
		    c->name, line, msg);
}

int xmlprofile_load_mem(const char *buf, size_t len, const char *name,
			char *const *subst, unsigned int nsubst,
			bool allow_templates, struct profile *p, char *err,
			size_t errlen)
{
	struct xp_ctx c = {
		.name = name, .err = err, .errlen = errlen, .subst = subst,
		.nsubst = nsubst, .allow_templates = allow_templates, .p = p,
	};
	xmlGenericErrorFunc old_generic;
	void *old_generic_ctx;
	xmlParserCtxtPtr pctx;
	xmlDocPtr doc;
	xmlNodePtr root;
	int ret;

	if (len > INT32_MAX)
		return errf(err, errlen, EFBIG, "profile '%s' is too large",
			    name);
	c.used = calloc(nsubst ? nsubst : 1, sizeof(*c.used));
	pctx = xmlNewParserCtxt();
	if (!c.used || !pctx) {
		free(c.used);
		xmlFreeParserCtxt(pctx);
		return errf(err, errlen, ENOMEM, "out of memory");
	}
	pctx->_private = &c;
	pctx->sax->serror = first_error;
	old_generic = xmlGenericError;
	old_generic_ctx = xmlGenericErrorContext;
	xmlSetGenericErrorFunc(NULL, drop_generic_error);
	doc = xmlCtxtReadMemory(pctx, buf, (int)len, name, NULL,
				XML_PARSE_NONET | XML_PARSE_NOERROR |
				XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES);
	xmlSetGenericErrorFunc(old_generic_ctx, old_generic);
	root = doc ? xmlDocGetRootElement(doc) : NULL;
	if (!doc)
		ret = parse_error(&c, pctx);
	else if (!root)
		ret = errf(err, errlen, EINVAL, "%s: no root element: expected "
			   "<Profile>", name);
	else
		ret = parse_profile(&c, root);
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(pctx);
	free(c.used);
	return ret;
}

/* The file is read whole (readfile.c: regular files only, 16 MiB at most)
 * and parsed from memory, so libxml2 never opens a path itself. */
static int read_file(const char *path, char **out, size_t *len, char *err,
		     size_t errlen)
{
	return readfile_all(path, "profile", READFILE_PROFILE_MAX, out, len,
			    err, errlen);
}

int xmlprofile_load(const char *path, char *const *subst, unsigned int nsubst,
		    bool allow_templates, struct profile *p, char *err,
		    size_t errlen)
{
	char *buf = NULL;
	size_t len = 0;
	int ret;

	ret = read_file(path, &buf, &len, err, errlen);
	if (ret)
		return ret;
	ret = xmlprofile_load_mem(buf, len, path, subst, nsubst,
				  allow_templates, p, err, errlen);
	free(buf);
	return ret;
}
