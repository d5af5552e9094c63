/* interpret_device.c - the rules whose evidence is the kernel's own
 * counters of the target's device (struct interp_dev): the cache finding
 * (the device completed far fewer reads, or took far fewer writes, than
 * ioprobe did, so a cache answered) and its opposite (the device moved
 * far more than ioprobe asked for).  Without counters the cache finding needs a median no
 * device of the class reaches, so a median of milliseconds never calls
 * itself a cache.  See interpret.h.
 */
#include "workflow/interpret.h"
#include "workflow/finding.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/fmt.h"

#define DEV_MIN_IOS 100		/* fewer I/Os prove nothing either way */
#define DEV_FEWER 0.5		/* device / ioprobe under this: a cache */
#define DEV_MORE 1.5		/* device / ioprobe bytes over this */
/* No disk head seeks in under a few ms and no flash device completes a
 * read in under ~10 us; a page cache hit takes 1-5 us. */
#define CACHE_ROT_MEDIAN_MS 0.5
#define CACHE_FLASH_MEDIAN_MS 0.010

/* A whole count with thousands separators: "12", "1,394,223". */
static void count(char *buf, size_t len, uint64_t v)
{
	if (v < 100)
		snprintf(buf, len, "%" PRIu64, v);
	else
		fmt_count(buf, len, (double)v);
}

static const char *s_(uint64_t v)
{
	return v == 1 ? "" : "s";
}

static const char *dev_name(const struct interp_test *t)
{
	return t->dev.name[0] ? t->dev.name : "the device";
}

static void fits_in_ram(struct finding *f, const struct interp_test *t,
		       const struct interp_env *env)
{
	char a[32], b[32];

	if (!env->mem_bytes || !t->file_bytes ||
	    t->file_bytes >= env->mem_bytes)
		return;
	finding_size(a, sizeof(a), t->file_bytes);
	finding_size(b, sizeof(b), env->mem_bytes);
	finding_append(f, "; the %s test file fits in RAM (%s)", a, b);
}

/* The counters say: ioprobe read, the device did not. */
static void cache_counters(const struct interp_test *t,
			   const struct interp_env *env, struct finding *out,
			   size_t *nout, size_t max)
{
	const struct interp_dev *d = &t->dev;
	struct finding *f;
	char a[32], b[32], sa[32], sb[32];

	if (d->io_reads < DEV_MIN_IOS || !d->io_read_bytes ||
	    (double)d->dev_reads >= DEV_FEWER * (double)d->io_reads ||
	    (double)d->dev_read_bytes >= DEV_FEWER * (double)d->io_read_bytes)
		return;
	f = finding_add(out, nout, max, FIND_CACHE,
		(double)d->dev_reads / (double)d->io_reads);
	if (!f)
		return;
	count(a, sizeof(a), d->dev_reads);
	count(b, sizeof(b), d->io_reads);
	finding_size(sa, sizeof(sa), d->dev_read_bytes);
	finding_size(sb, sizeof(sb), d->io_read_bytes);
	finding_append(f, "%s: the device %s completed %s read%s (%s) while "
		  "ioprobe read %s times (%s) in the same window: the "
		  "page cache or a cache above the device answered, so these "
		  "figures are not the device's", t->name, dev_name(t), a,
	       s_(d->dev_reads), sa, b, sb);
	if (t->buffered)
		finding_append(f, "; -Sh bypasses the page cache");
	fits_in_ram(f, t, env);
}

/* The same for writes: the page cache took them, write-back comes later
 * (ioprobe syncs a buffered target after the window, outside it). */
static void cache_writes(const struct interp_test *t, struct finding *out,
			 size_t *nout, size_t max)
{
	const struct interp_dev *d = &t->dev;
	struct finding *f;
	char a[32], b[32], sa[32], sb[32];

	if (d->io_writes < DEV_MIN_IOS || !d->io_write_bytes ||
	    (double)d->dev_write_bytes >=
		    DEV_FEWER * (double)d->io_write_bytes)
		return;
	f = finding_add(out, nout, max, FIND_CACHE,
		(double)d->dev_write_bytes / (double)d->io_write_bytes);
	if (!f)
		return;
	count(a, sizeof(a), d->dev_writes);
	count(b, sizeof(b), d->io_writes);
	finding_size(sa, sizeof(sa), d->dev_write_bytes);
	finding_size(sb, sizeof(sb), d->io_write_bytes);
	finding_append(f, "%s: the device %s completed %s write%s (%s) while "
		  "ioprobe wrote %s times (%s) in the same window: the "
		  "page cache took the writes and writes them back later, so "
		  "these figures are not the device's", t->name, dev_name(t),
	       a, s_(d->dev_writes), sa, b, sb);
	if (t->buffered)
		finding_append(f, "; -Sh writes through to the device");
}

bool interp_dev_cached(const struct interp_dev *d)
{
	if (!d->counters || d->io_reads < DEV_MIN_IOS || !d->io_read_bytes)
		return false;
	if ((double)d->dev_reads < DEV_FEWER * (double)d->io_reads &&
	    (double)d->dev_read_bytes < DEV_FEWER * (double)d->io_read_bytes)
		return true;
	return d->back_name[0] && d->dev_reads >= DEV_MIN_IOS &&
	       (double)d->back_reads < DEV_FEWER * (double)d->dev_reads &&
	       (double)d->back_read_bytes <
		       DEV_FEWER * (double)d->dev_read_bytes;
}

/* The named device did the reads, but the device holding a loop
 * device's backing file did not: the page cache served that file (a
 * loop device without direct I/O reads it buffered).  Other processes on
 * the backing device only add to its count, so fewer is still proof. */
static void cache_backing(const struct interp_test *t,
			  const struct interp_env *env, struct finding *out,
			  size_t *nout, size_t max)
{
	const struct interp_dev *d = &t->dev;
	struct finding *f;
	char a[32], b[32], sa[32], sb[32];

	if (!d->back_name[0] || d->io_reads < DEV_MIN_IOS ||
	    d->dev_reads < DEV_MIN_IOS || !d->dev_read_bytes ||
	    (double)d->dev_reads < DEV_FEWER * (double)d->io_reads ||
	    (double)d->back_reads >= DEV_FEWER * (double)d->dev_reads ||
	    (double)d->back_read_bytes >= DEV_FEWER * (double)d->dev_read_bytes)
		return;
	f = finding_add(out, nout, max, FIND_CACHE,
		(double)d->back_reads / (double)d->dev_reads);
	if (!f)
		return;
	count(a, sizeof(a), d->back_reads);
	count(b, sizeof(b), d->io_reads);
	finding_size(sa, sizeof(sa), d->back_read_bytes);
	finding_size(sb, sizeof(sb), d->io_read_bytes);
	finding_append(f, "%s: ioprobe read %s times (%s) and %s passed them "
		  "on, but %s, which holds %s's backing file, completed %s "
		  "read%s (%s) in the same window: the page cache under %s "
		  "answered (a loop device without direct I/O reads its file "
		  "through it), so these figures are not the disk's; "
		  "losetup --direct-io=on reads the file directly", t->name,
		  b, sb, dev_name(t), d->back_name, dev_name(t), a,
		  s_(d->back_reads), sa, dev_name(t));
	fits_in_ram(f, t, env);
}

static const char *media_text(const struct interp_test *t)
{
	bool several = t->device && strchr(t->device, '+');

	switch (t->media) {
	case MEDIA_ROTATIONAL:
		return several ? "each reports itself rotational" :
				 "reports itself rotational";
	case MEDIA_FLASH:
		return several ? "all flash" : "flash";
	case MEDIA_MIXED:
		return "devices of more than one type";
	default:
		return "device type unknown";
	}
}

/* No counters: only a median below what the device class can do; with
 * several targets the rotational limit only when every one is a disk. */
static void cache_latency(const struct interp_test *t,
			  const struct interp_env *env, struct finding *out,
			  size_t *nout, size_t max)
{
	double med = t->read_p50_ms > 0	    ? t->read_p50_ms :
		     !(t->write_iops > 0) ? t->p50_ms : 0;
	bool rot = t->media == MEDIA_ROTATIONAL;
	double limit = rot ? CACHE_ROT_MEDIAN_MS : CACHE_FLASH_MEDIAN_MS;
	const char *dev = t->device && t->device[0] ? t->device : "the target";
	struct finding *f;
	char a[32], b[32];

	if (!t->random || !(t->read_iops > 0) ||
	    !(med >= INTERP_LAT_FLOOR_MS) || med >= limit)
		return;
	f = finding_add(out, nout, max, FIND_CACHE, med);
	if (!f)
		return;
	fmt_count(a, sizeof(a), t->read_iops);
	fmt_latency_ms(b, sizeof(b), med);
	finding_append(f, "%s: %s random read IOPS at a median of %s from %s (%s): ",
	       t->name, a, b, dev, media_text(t));
	finding_append(f, rot ? "a disk head needs milliseconds per random read" :
			"no flash device completes a read in under 10 µs");
	finding_append(f, ", so memory (the page cache or a host cache) answered; %s",
	       t->dev.measured ? "there are no device counters to confirm it "
				 "(no block device under the target)" :
				 "the result has no device counters to "
				 "confirm it");
	fits_in_ram(f, t, env);
}

void interp_cache(const struct interp_test *t, const struct interp_env *env,
		  struct finding *out, size_t *nout, size_t max)
{
	if (t->dev.counters) {
		cache_counters(t, env, out, nout, max);
		cache_backing(t, env, out, nout, max);
		cache_writes(t, out, nout, max);
	} else
		cache_latency(t, env, out, nout, max);
}

/* Above --expect, and the device completed the reads: its own figure. */
void interp_expect(const struct interp_test *t, const struct interp_env *env,
		   struct finding *out, size_t *nout, size_t max)
{
	const struct interp_dev *d = &t->dev;
	struct finding *f;
	char a[32], b[32], c[32], e[32];

	if (!d->counters || !(env->expect_iops > 0) ||
	    !(t->read_iops > 1.5 * env->expect_iops) ||
	    d->io_reads < DEV_MIN_IOS || interp_dev_cached(d) ||
	    (double)d->dev_reads < DEV_FEWER * (double)d->io_reads)
		return;
	f = finding_add(out, nout, max, FIND_EXPECT,
			t->read_iops / env->expect_iops);
	if (!f)
		return;
	fmt_count(a, sizeof(a), t->read_iops);
	fmt_count(b, sizeof(b), env->expect_iops);
	fmt_count(c, sizeof(c), (double)d->dev_reads);
	fmt_count(e, sizeof(e), (double)d->io_reads);
	finding_append(f, "%s: reads at %s IOPS are %.1f× the provisioned %s, "
		  "and the device %s completed them (%s reads for ioprobe's "
		  "%s): the figure is the device's, not a cache's: the disk "
		  "is larger or faster than --expect says, or it spent burst "
		  "credits", t->name, a, t->read_iops / env->expect_iops,
		  b, d->name[0] ? d->name : "", c, e);
}

static const char *more_cause(const struct interp_dev *d)
{
	if (!d->io_writes && d->dev_read_bytes > DEV_MORE * d->io_read_bytes)
		return d->dev_writes ? "read-ahead, or another process on the "
				       "same device" :
				       "read-ahead, or another process reading "
				       "the same device";
	if (d->io_writes && d->dev_write_bytes > DEV_MORE * d->io_write_bytes)
		return "write amplification (journal, metadata, copy-on-write) "
		       "or another process on the same device";
	return "read-ahead, write amplification or another process on the "
	       "same device";
}

void interp_device_more(const struct interp_test *t, struct finding *out,
			size_t *nout, size_t max)
{
	const struct interp_dev *d = &t->dev;
	uint64_t io_bytes = d->io_read_bytes + d->io_write_bytes;
	uint64_t dev_bytes = d->dev_read_bytes + d->dev_write_bytes;
	struct finding *f;
	char a[6][32];

	if (!d->counters || d->io_reads + d->io_writes < DEV_MIN_IOS ||
	    !io_bytes || (double)dev_bytes <= DEV_MORE * (double)io_bytes)
		return;
	f = finding_add(out, nout, max, FIND_DEVICE_MORE,
		(double)dev_bytes / (double)io_bytes);
	if (!f)
		return;
	count(a[0], sizeof(a[0]), d->dev_reads);
	count(a[1], sizeof(a[1]), d->dev_writes);
	count(a[2], sizeof(a[2]), d->io_reads);
	count(a[3], sizeof(a[3]), d->io_writes);
	finding_size(a[4], sizeof(a[4]), dev_bytes);
	finding_size(a[5], sizeof(a[5]), io_bytes);
	finding_append(f, "%s: the device %s completed %s read%s and %s write%s "
		  "(%s) while ioprobe did %s read%s and %s write%s "
		  "(%s) in the same window, %.1f× the bytes: %s",
	       t->name, dev_name(t), a[0], s_(d->dev_reads), a[1],
	       s_(d->dev_writes), a[4], a[2], s_(d->io_reads), a[3],
	       s_(d->io_writes), a[5], (double)dev_bytes / (double)io_bytes,
	       more_cause(d));
}

const char *interp_rule_name(enum finding_kind kind)
{
	/* no default: a new kind without a name here fails the build
	 * (-Wswitch), and docs/json-schema.md lists every name */
	switch (kind) {
	case FIND_WALL_IOPS:
	case FIND_WALL_DIR:
	case FIND_WALL_MBPS:
		return "wall";
	case FIND_LITTLE:
		return "little";
	case FIND_TAIL:
		return "tail";
	case FIND_FLATTERED:
		return "flattered";
	case FIND_BURST:
		return "burst";
	case FIND_STEADY:
		return "steady";
	case FIND_CACHE:
		return "cache";
	case FIND_CHANGE:
		return "change";
	case FIND_DEVICE_MORE:
		return "device_more";
	case FIND_EXPECT:
		return "expect";
	case FIND_CLOUD_TIER:
		return "tier";
	case FIND_CLOUD_BURST:
		return "cloud_burst";
	case FIND_VM_CAP:
		return "vm_cap";
	}
	return "wall";	/* not reached: every kind is named above */
}
