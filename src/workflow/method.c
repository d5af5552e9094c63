/* method.c - a test's method of measurement from its history row, the
 * differences between two methods, the metric that matters for a
 * workload, and the subject of a comparison.  See method.h. */
#include "workflow/method.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/util.h"
#include "profile/profile.h"
#include "workflow/saved_cmdline.h"

#define KIB UINT64_C(1024)

static void cache_name(const struct target_opts *t, char *buf, size_t len)
{
	const char *mode = t->cache == CACHE_DIRECT ? "direct" :
			   t->cache == CACHE_REMOTE ? "direct (remote)" :
			   t->cache == CACHE_MMAP   ? "mapped" :
						      "buffered";

	snprintf(buf, len, "%s%s%s", mode,
		 t->write_through ? ", write-through" : "",
		 t->flush != FLUSH_NONE ? ", flushed" : "");
}

void method_from_row(const struct history_row *row, struct test_method *m)
{
	char err[256];
	struct profile p;

	memset(m, 0, sizeof(*m));
	m->file_bytes = row->file_size_bytes;
	m->ranks = row->ranks ? row->ranks : 1;
	m->engine = row->engine;
	m->fill = row->fill;
	m->version = row->version;
	saved_cmdline_switches(row->cmdline, m->switches, sizeof(m->switches));
	/* one target: threads and depth as one test file has them */
	if (!saved_cmdline_profile(row->cmdline, 1, &p, err, sizeof(err))) {
		const struct target_opts *t = &p.targets[0];

		m->parsed = true;
		m->block_bytes = t->block_bytes;
		m->write_pct = t->write_pct;
		m->random = t->random;
		m->threads = profile_thread_count(&p);
		m->depth = t->outstanding;
		cache_name(t, m->cache, sizeof(m->cache));
		m->duration_s = p.duration_s;
		m->warmup_s = p.warmup_s;
	}
	profile_release(&p);
}

/* Appends "; " plus a formatted difference to a bounded buffer. */
struct diff_out {
	char *buf;
	size_t len, o, n;
	const char *sep;	/* between two differences */
};

static void add_diff(struct diff_out *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_diff(struct diff_out *d, const char *fmt, ...)
{
	va_list ap;

	d->n++;
	if (d->o + 3 >= d->len)
		return;
	if (d->o)
		d->o += (size_t)snprintf(d->buf + d->o, d->len - d->o, "%s",
					 d->sep);
	va_start(ap, fmt);
	if (d->o < d->len)
		d->o += (size_t)vsnprintf(d->buf + d->o, d->len - d->o, fmt,
					  ap);
	va_end(ap);
	if (d->o >= d->len)
		d->o = d->len - 1;
}

static void size_name(char *buf, size_t len, uint64_t b)
{
	if (b && !(b % (KIB * KIB * KIB)))
		snprintf(buf, len, "%" PRIu64 " GiB", b / (KIB * KIB * KIB));
	else if (b && !(b % (KIB * KIB)))
		snprintf(buf, len, "%" PRIu64 " MiB", b / (KIB * KIB));
	else if (b && !(b % KIB))
		snprintf(buf, len, "%" PRIu64 " KiB", b / KIB);
	else
		snprintf(buf, len, "%" PRIu64 " bytes", b);
}

static void diff_size(struct diff_out *d, const char *what, uint64_t a,
		      uint64_t b)
{
	char x[32], y[32];

	if (a == b)
		return;
	size_name(x, sizeof(x), a);
	size_name(y, sizeof(y), b);
	add_diff(d, "%s %s vs %s", what, x, y);
}

static void diff_u32(struct diff_out *d, const char *what, const char *unit,
		     uint32_t a, uint32_t b)
{
	if (a != b)
		add_diff(d, "%s %" PRIu32 "%s vs %" PRIu32 "%s", what, a, unit,
			 b, unit);
}

/* A text field; unknown ("") on either side is listed, not compared. */
static void diff_str(struct diff_out *d, const char *what, const char *a,
		     const char *b, char *unknown, size_t ulen)
{
	size_t o = strlen(unknown);

	if (!a[0] || !b[0]) {
		if (o + 1 < ulen)
			snprintf(unknown + o, ulen - o, "%s%s", o ? ", " : "",
				 what);
		return;
	}
	if (strcmp(a, b))
		add_diff(d, "%s %s vs %s", what, a, b);
}

/* The switch fields of two parsed methods. */
static void diff_switches(struct diff_out *d, const struct test_method *a,
			  const struct test_method *b)
{
	size_t before = d->n;

	diff_size(d, "block size", a->block_bytes, b->block_bytes);
	diff_u32(d, "writes", "%", a->write_pct, b->write_pct);
	if (a->random != b->random)
		add_diff(d, "pattern %s vs %s",
			 a->random ? "random" : "sequential",
			 b->random ? "random" : "sequential");
	diff_u32(d, "threads", "", a->threads, b->threads);
	diff_u32(d, "queue depth", "", a->depth, b->depth);
	if (strcmp(a->cache, b->cache))
		add_diff(d, "cache %s vs %s", a->cache, b->cache);
	diff_u32(d, "duration", " s", a->duration_s, b->duration_s);
	diff_u32(d, "warm-up", " s", a->warmup_s, b->warmup_s);
	/* anything else on the command lines (-g, -Z, -B ...) */
	if (d->n == before && strcmp(a->switches, b->switches))
		add_diff(d, "switches '%s' vs '%s'", a->switches, b->switches);
}

size_t method_diff(const struct test_method *a, const struct test_method *b,
		   char *buf, size_t len, char *unknown, size_t ulen)
{
	struct diff_out d = { buf, len, 0, 0, "; " };

	buf[0] = '\0';
	unknown[0] = '\0';
	diff_size(&d, "file size", a->file_bytes, b->file_bytes);
	diff_u32(&d, "MPI ranks", "", a->ranks ? a->ranks : 1,
		 b->ranks ? b->ranks : 1);
	if (a->parsed && b->parsed)
		diff_switches(&d, a, b);
	else if (strcmp(a->switches, b->switches))
		add_diff(&d, "switches '%s' vs '%s'", a->switches,
			 b->switches);
	diff_str(&d, "engine", a->engine, b->engine, unknown, ulen);
	diff_str(&d, "fill", a->fill, b->fill, unknown, ulen);
	diff_str(&d, "ioprobe version", a->version, b->version, unknown, ulen);
	return d.n;
}

enum cmp_metric method_metric(const struct test_method *m)
{
	if (m->parsed && m->threads * m->depth == 1)
		return CMP_METRIC_P99;
	if (!m->parsed || (m->random && m->block_bytes < 64 * KIB))
		return CMP_METRIC_IOPS;
	return CMP_METRIC_MIB_S;
}

static const char *media_name(enum interp_media m)
{
	return m == MEDIA_ROTATIONAL ? "rotational" :
	       m == MEDIA_FLASH	     ? "flash" :
					"";
}

static void diff_subject(struct diff_out *d, const char *what, const char *a,
			 const char *b)
{
	if (a[0] && b[0] && strcmp(a, b))
		add_diff(d, "%s %s → %s", what, a, b);
}

/* The folder of each test file in @target ("/a/f + /b/f" gives
 * "/a + /b"): the suite names each test file by its pid. */
static void target_folders(const char *target, char *buf, size_t len)
{
	const char *p = target, *sep, *slash;
	size_t o = 0, k;

	buf[0] = '\0';
	while (*p && o < len) {
		sep = strstr(p, HISTORY_TARGET_SEP);
		k = sep ? (size_t)(sep - p) : strlen(p);
		slash = memrchr(p, '/', k);
		o += (size_t)snprintf(buf + o, len - o, "%s%.*s",
				      o ? HISTORY_TARGET_SEP : "",
				      slash ? (int)(slash - p) : 0, p);
		p = sep ? sep + strlen(HISTORY_TARGET_SEP) : p + k;
	}
}

void method_subject(const struct history_row *a, const struct history_row *b,
		    enum interp_media media_a, enum interp_media media_b,
		    char *buf, size_t len)
{
	struct diff_out d = { buf, len, 0, 0, ", " };
	char fa[512], fb[512];

	buf[0] = '\0';
	target_folders(a->target, fa, sizeof(fa));
	target_folders(b->target, fb, sizeof(fb));
	diff_subject(&d, "host", a->host, b->host);
	diff_subject(&d, "device", a->device, b->device);
	diff_subject(&d, "filesystem", a->filesystem, b->filesystem);
	diff_subject(&d, "folder", fa, fb);
	diff_subject(&d, "disk type", media_name(media_a), media_name(media_b));
}
