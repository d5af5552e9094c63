/* interpret.c - turns a suite's figures into short findings a user can act
 * on (a provisioned wall, queueing, tail stalls, cache-flattered numbers,
 * bursts), each only when the numbers support it.  See interpret.h. */
#include "workflow/interpret.h"
#include "workflow/finding.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/util.h"

/* Do the tests differ in block size or pattern?  A wall means something
 * only when different workloads land on it. */
static bool varied(const struct interp_test *t, size_t n, const bool *use)
{
	size_t i, first = n;

	for (i = 0; i < n; i++) {
		if (!use[i])
			continue;
		if (first == n)
			first = i;
		else if (t[i].block_bytes != t[first].block_bytes ||
			 t[i].random != t[first].random)
			return true;
	}
	return false;
}

/* Band of @v over the used tests: true when all are > 0 and max/min is
 * within the wall band; *level gets the mean. */
static bool in_band(const double *v, size_t n, const bool *use,
		    double *level)
{
	double lo = INFINITY, hi = 0, sum = 0;
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (!use[i])
			continue;
		if (!(v[i] > 0))
			return false;
		lo = fmin(lo, v[i]);
		hi = fmax(hi, v[i]);
		sum += v[i];
		k++;
	}
	if (k < 2 || hi > lo * INTERP_WALL_BAND)
		return false;
	*level = sum / (double)k;
	return true;
}

static void wall_expect(struct finding *f, double level, double expect,
			const char *unit)
{
	char a[32];

	if (expect <= 0)
		return;
	fmt_count(a, sizeof(a), expect);
	finding_append(f, " (%.0f%% of the provisioned %s %s)", 100 * level / expect,
	       a, unit);
	if (level > 1.5 * expect)
		finding_append(f, "; above --expect at a wall, so the disk's "
			  "limit is higher than expected, not a cache");
}

#define WALL_MAX 16

static void wall_list(struct finding *f, const struct interp_test *t,
		      size_t n, const double *v, const bool *use)
{
	char a[32];
	size_t i;
	bool first = true;

	for (i = 0; i < n; i++) {
		if (!use[i])
			continue;
		fmt_count(a, sizeof(a), v[i]);
		finding_append(f, "%s%s %s", first ? "" : ", ", t[i].name, a);
		first = false;
	}
}

/* A wall in one direction: the throttle caps reads and writes apart, so a
 * mixed profile's total is the cap divided by that direction's share. */
static bool wall_dir(const struct interp_test *t, size_t n,
		     const struct interp_env *env, struct finding *out,
		     size_t *nout, size_t max)
{
	double v[WALL_MAX], level;
	bool use[WALL_MAX];
	struct finding *f;
	char a[32], b[32];
	int d;
	size_t i;

	for (d = 0; d < 2; d++) {
		for (i = 0; i < n; i++) {
			v[i] = d ? t[i].write_iops : t[i].read_iops;
			use[i] = v[i] > 0;
		}
		if (!varied(t, n, use) || !in_band(v, n, use, &level))
			continue;
		f = finding_add(out, nout, max, FIND_WALL_DIR, level);
		if (!f)
			return true;
		fmt_count(a, sizeof(a), level);
		finding_append(f, "%s capped at ≈%s IOPS in every profile (%s IOPS: ",
		       d ? "writes" : "reads", a, d ? "write" : "read");
		wall_list(f, t, n, v, use);
		finding_append(f, ")");
		wall_expect(f, level, env->expect_iops, "IOPS");
		for (i = 0; i < n; i++) {
			double share = (d ? t[i].write_iops : t[i].read_iops) /
				       t[i].iops;

			if (!use[i] || share > 0.99)
				continue;
			fmt_count(b, sizeof(b), t[i].iops);
			finding_append(f, "; %s's total %s = the cap ÷ %.2f %s",
			       t[i].name, b, share, d ? "writes" : "reads");
		}
		finding_append(f, ": looks like a limit on each direction, as a kernel "
			  "throttle applies (a cloud disk caps the sum)");
		return true;
	}
	return false;
}

void interp_wall(const struct interp_test *t, size_t n,
		 const struct interp_env *env, struct finding *out,
		 size_t *nout, size_t max)
{
	double v[WALL_MAX], level;
	bool use[WALL_MAX], same_block = true;
	struct finding *f;
	char a[32];
	size_t i;

	if (n < 2 || n > WALL_MAX)
		return;
	for (i = 0; i < n; i++) {
		v[i] = t[i].iops;
		use[i] = true;
		if (t[i].block_bytes != t[0].block_bytes)
			same_block = false;
	}
	if (!varied(t, n, use))
		return;
	if (in_band(v, n, use, &level)) {
		f = finding_add(out, nout, max, FIND_WALL_IOPS, level);
		if (!f)
			return;
		fmt_count(a, sizeof(a), level);
		finding_append(f, "capped at ≈%s IOPS: every profile lands there "
			  "whatever its block size and pattern (", a);
		wall_list(f, t, n, v, use);
		finding_append(f, "): looks like a provisioned limit (cloud disk or "
			  "throttle)");
		wall_expect(f, level, env->expect_iops, "IOPS");
		return;
	}
	if (wall_dir(t, n, env, out, nout, max))
		return;
	for (i = 0; i < n; i++)
		v[i] = t[i].mib_s;
	if (same_block || !in_band(v, n, use, &level))
		return;
	f = finding_add(out, nout, max, FIND_WALL_MBPS, level);
	if (!f)
		return;
	finding_append(f, "capped at ≈%.1f MiB/s: every profile moves the same "
		  "bytes per second whatever its block size (", level);
	for (i = 0; i < n; i++)
		finding_append(f, "%s%s %.1f", i ? ", " : "", t[i].name, v[i]);
	finding_append(f, "): looks like a provisioned throughput limit");
	wall_expect(f, level, env->expect_mib_s, "MiB/s");
}

void interp_little(const struct interp_test *t, struct finding *out,
		   size_t *nout, size_t max)
{
	double predicted_ms, ratio;
	struct finding *f;
	char a[32], b[32], c[32];

	if (t->inflight < 4 || !(t->iops > 0) || t->mean_ms < 1)
		return;
	predicted_ms = t->inflight / t->iops * 1000;
	ratio = t->mean_ms / predicted_ms;
	if (ratio < 0.75 || ratio > 1.33)
		return;
	f = finding_add(out, nout, max, FIND_LITTLE, predicted_ms);
	if (!f)
		return;
	fmt_latency_ms(a, sizeof(a), t->mean_ms);
	fmt_count(b, sizeof(b), t->iops);
	fmt_latency_ms(c, sizeof(c), predicted_ms);
	finding_append(f, "%s: avg %s ≈ %.0f in flight ÷ %s IOPS = %s (Little's law): "
		  "the wait is queueing, not a slow device; a lower queue "
		  "depth shows the device's own latency",
	       t->name, a, t->inflight, b, c);
}

void interp_tail(const struct interp_test *t, struct finding *out,
		 size_t *nout, size_t max)
{
	struct finding *f;
	char a[32], b[32];

	if (!(t->p50_ms >= INTERP_LAT_FLOOR_MS))
		return;	/* ratios to ioprobe's own cost say nothing */
	if (t->p99_ms >= 10 * t->p50_ms) {
		f = finding_add(out, nout, max, FIND_TAIL, t->p99_ms / t->p50_ms);
		if (!f)
			return;
		fmt_latency_ms(a, sizeof(a), t->p99_ms);
		fmt_latency_ms(b, sizeof(b), t->p50_ms);
		finding_append(f, "%s: tail stalls: P99 %s is %.0f× the median %s",
		       t->name, a, t->p99_ms / t->p50_ms, b);
	} else if (t->max_ms >= 100 * t->p50_ms && t->max_ms >= 100) {
		f = finding_add(out, nout, max, FIND_TAIL, t->max_ms / t->p50_ms);
		if (!f)
			return;
		fmt_latency_ms(a, sizeof(a), t->max_ms);
		fmt_latency_ms(b, sizeof(b), t->p50_ms);
		finding_append(f, "%s: tail stalls: max %s is %.0f× the median %s",
		       t->name, a, t->max_ms / t->p50_ms, b);
	}
}

void interp_flattered(const struct interp_test *t,
		      const struct interp_env *env, struct finding *out,
		      size_t *nout, size_t max)
{
	struct finding *f;
	char a[32], b[32];

	/* with the device's counters the cache rule knows, and a figure
	 * above --expect that the device completed is the device's */
	if (t->dev.counters)
		return;
	if (t->buffered) {
		f = finding_add(out, nout, max, FIND_FLATTERED, 0);
		if (!f)
			return;
		finding_append(f, "%s ran buffered (page cache): its figures may be "
			  "the cache's; run with -Sh", t->name);
	} else if (env->expect_iops > 0 &&
		   t->read_iops > 1.5 * env->expect_iops) {
		f = finding_add(out, nout, max, FIND_FLATTERED,
			t->read_iops / env->expect_iops);
		if (!f)
			return;
		fmt_count(a, sizeof(a), t->read_iops);
		fmt_count(b, sizeof(b), env->expect_iops);
		finding_append(f, "%s: reads at %s IOPS are %.1f× the provisioned %s "
			  "and there are no device counters to tell who "
			  "answered: the number may be a cache's (host cache or "
			  "burst credits)", t->name, a, t->read_iops /
			  env->expect_iops, b);
	} else if (t->read_mean_ms >= INTERP_LAT_FLOOR_MS &&
		   t->write_mean_ms >= 10 * t->read_mean_ms) {
		f = finding_add(out, nout, max, FIND_FLATTERED,
			t->write_mean_ms / t->read_mean_ms);
		if (!f)
			return;
		fmt_latency_ms(a, sizeof(a), t->read_mean_ms);
		fmt_latency_ms(b, sizeof(b), t->write_mean_ms);
		finding_append(f, "%s: reads (avg %s) are %.0f× faster than writes "
			  "(avg %s) on the same file: the reads may be a "
			  "cache's", t->name, a,
		       t->write_mean_ms / t->read_mean_ms, b);
	} else {
		return;
	}
	if (env->mem_bytes && t->file_bytes < env->mem_bytes) {
		finding_size(a, sizeof(a), t->file_bytes);
		finding_size(b, sizeof(b), env->mem_bytes);
		finding_append(f, "; the %s test file fits in RAM (%s): try "
			  "--file-size above RAM", a, b);
	} else {
		finding_append(f, "; try a larger --file-size");
	}
}

size_t interpret(const struct interp_test *t, size_t n,
		 const struct interp_env *env, struct finding *out,
		 size_t max)
{
	size_t nout = 0, i;

	bool wall;

	interp_wall(t, n, env, out, &nout, max);
	/* an IOPS wall found with --expect puts its level beside it */
	wall = nout > 0 && out[0].kind != FIND_WALL_MBPS &&
	       env->expect_iops > 0;
	for (i = 0; i < n; i++) {
		interp_little(&t[i], out, &nout, max);
		interp_tail(&t[i], out, &nout, max);
		interp_flattered(&t[i], env, out, &nout, max);
		if (!wall)
			interp_expect(&t[i], env, out, &nout, max);
		interp_burst(&t[i], out, &nout, max);
		interp_cache(&t[i], env, out, &nout, max);
		interp_device_more(&t[i], out, &nout, max);
	}
	return nout;
}
