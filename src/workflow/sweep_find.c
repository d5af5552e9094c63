/* sweep_find.c - what a finished sweep's points say, as pure functions:
 * where a block-size sweep stops being IOPS-bound and becomes
 * bandwidth-bound (two plateaus), the knee of a depth or thread sweep
 * (an SLO on P99, or the step where IOPS stalls while P99 climbs), and
 * Little's law at each point.  See sweep.h.
 */
#include "workflow/sweep.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/fmt.h"

#define FLAT 0.10		/* a plateau: within 10 % of its anchor */
#define KNEE_IOPS 1.10		/* past the knee IOPS grows < 10 % */
#define KNEE_P99 1.50		/* ... while P99 grows > 50 % */
#define LITTLE_TOL 0.15		/* IOPS x avg vs achieved depth */

/* A plateau's level as people say it: "≈1,000", "≈50", "≈2.5". */
static void fmt_level(char *buf, size_t len, double v)
{
	if (v >= 100)
		fmt_count(buf, len, v);	/* rounded, thousands separated */
	else if (v >= 10)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.1f", v);
}

static bool near(double v, double ref)
{
	return ref > 0 && isfinite(v) && fabs(v / ref - 1) <= FLAT;
}

bool sweep_find_crossover(const struct sweep_point *p, size_t n,
			  struct sweep_cross *c)
{
	size_t i = 0, j, k;
	double si = 0, sm = 0;

	if (n < 3 || !(p[0].iops > 0) || !(p[n - 1].mib_s > 0))
		return false;
	j = n - 1;
	while (i + 1 < n && near(p[i + 1].iops, p[0].iops))
		i++;
	while (j > 0 && near(p[j - 1].mib_s, p[n - 1].mib_s))
		j--;
	/* two points each, and not one plateau across the whole sweep */
	if (i < 1 || j > n - 2 || i > j)
		return false;
	for (k = 0; k <= i; k++)
		si += p[k].iops;
	for (k = j; k < n; k++)
		sm += p[k].mib_s;
	c->iops_end = i;
	c->mib_begin = j;
	c->iops = si / (double)(i + 1);
	c->mib_s = sm / (double)(n - j);
	return true;
}

int sweep_find_knee(const struct sweep_point *p, size_t n,
		    double slo_p99_ms)
{
	int best = -1;
	size_t i;

	if (slo_p99_ms > 0) {
		for (i = 0; i < n; i++)
			if (p[i].p99_ms > 0 && p[i].p99_ms <= slo_p99_ms &&
			    (best < 0 || p[i].iops > p[best].iops))
				best = (int)i;
		return best;
	}
	for (i = 0; i + 1 < n; i++)
		if (p[i].iops > 0 && p[i].p99_ms > 0 &&
		    p[i + 1].iops < p[i].iops * KNEE_IOPS &&
		    p[i + 1].p99_ms > p[i].p99_ms * KNEE_P99)
			return (int)i;
	return -1;
}

/* One plateau over the whole sweep, or none. */
static void block_no_cross(const struct sweep_point *p, size_t n,
			   char *out, size_t len)
{
	const char *sw = sweep_kind_switch(SWEEP_BLOCK);
	char lvl[32];
	size_t i;
	bool iops = true, mib = true;

	for (i = 1; i < n; i++) {
		iops = iops && near(p[i].iops, p[0].iops);
		mib = mib && near(p[i].mib_s, p[0].mib_s);
	}
	if (n >= 2 && iops) {
		fmt_level(lvl, sizeof(lvl), p[0].iops);
		snprintf(out, len, "IOPS flat at ≈%s from %s%s to %s%s: the "
			 "limit is on I/Os, not bytes; larger blocks move "
			 "more data at the same IOPS", lvl, sw, p[0].name, sw,
			 p[n - 1].name);
	} else if (n >= 2 && mib) {
		fmt_level(lvl, sizeof(lvl), p[0].mib_s);
		snprintf(out, len, "MiB/s flat at ≈%s from %s%s to %s%s: the "
			 "limit is on bytes; smaller blocks give more IOPS at "
			 "the same MiB/s", lvl, sw, p[0].name, sw,
			 p[n - 1].name);
	} else {
		snprintf(out, len, "no crossover: IOPS is not flat over the "
			 "smallest blocks and MiB/s is not flat over the "
			 "largest (two points each, within 10 %%)");
	}
}

static void block_finding(const struct sweep_point *p, size_t n, char *out,
			  size_t len)
{
	struct sweep_cross c;
	char a[32], b[32];

	if (!sweep_find_crossover(p, n, &c)) {
		block_no_cross(p, n, out, len);
		return;
	}
	fmt_level(a, sizeof(a), c.iops);
	fmt_level(b, sizeof(b), c.mib_s);
	snprintf(out, len, "IOPS flat at ≈%s up to %s, then MiB/s flat at "
		 "≈%s from %s: the disk caps both; pick the block size your "
		 "workload uses", a, p[c.iops_end].name, b,
		 p[c.mib_begin].name);
}

static void knee_finding(enum sweep_kind kind, const struct sweep_point *p,
			 size_t n, double slo, int k, char *out, size_t len)
{
	const char *sw = sweep_kind_switch(kind);
	char a[32], b[32], c[32], d[32];
	size_t i, lo = 0;

	if (k < 0 && slo > 0) {
		for (i = 1; i < n; i++)
			if (p[i].p99_ms < p[lo].p99_ms)
				lo = i;
		fmt_latency_ms(a, sizeof(a), slo);
		fmt_latency_ms(b, sizeof(b), p[lo].p99_ms);
		snprintf(out, len, "no point keeps P99 under %s: the lowest "
			 "P99 is %s at %s%s", a, b, sw, p[lo].name);
		return;
	}
	if (k < 0) {
		snprintf(out, len, "no knee: at every step up to %s%s IOPS "
			 "grew by 10 %% or more, or P99 by 50 %% or less", sw,
			 n ? p[n - 1].name : "");
		return;
	}
	fmt_count(a, sizeof(a), p[k].iops);
	fmt_latency_ms(b, sizeof(b), p[k].p99_ms);
	if (slo > 0) {
		fmt_latency_ms(c, sizeof(c), slo);
		snprintf(out, len, "knee at %s%s: %s IOPS with P99 %s, the "
			 "highest IOPS whose P99 stays under %s", sw,
			 p[k].name, a, b, c);
		return;
	}
	fmt_count(c, sizeof(c), p[k + 1].iops);
	fmt_latency_ms(d, sizeof(d), p[k + 1].p99_ms);
	snprintf(out, len, "knee at %s%s: %s IOPS with P99 %s; %s%s gives %s "
		 "IOPS (%+.0f %%) for P99 %s (%+.0f %%): past the knee more "
		 "%s only queue", sw, p[k].name, a, b, sw, p[k + 1].name, c,
		 100 * (p[k + 1].iops / p[k].iops - 1), d,
		 100 * (p[k + 1].p99_ms / p[k].p99_ms - 1),
		 kind == SWEEP_THREADS ? "threads" : "I/Os in flight");
}

/* Little's law at each point: IOPS x mean latency is the depth the
 * device saw; far from the achieved depth, time goes elsewhere. */
static void little_finding(enum sweep_kind kind, const struct sweep_point *p,
			   size_t n, char *out, size_t len)
{
	const char *sw = sweep_kind_switch(kind);
	size_t i, worst = 0, known = 0;
	double dev, wdev = -1;

	for (i = 0; i < n; i++) {
		if (!(p[i].inflight > 0) || !(p[i].little > 0))
			continue;
		known++;
		dev = fabs(p[i].little / p[i].inflight - 1);
		if (dev > wdev) {
			wdev = dev;
			worst = i;
		}
	}
	if (!known) {
		out[0] = '\0';
		return;
	}
	if (wdev <= LITTLE_TOL)
		snprintf(out, len, "Little's law holds at every point: IOPS × "
			 "avg latency is within 15 %% of the achieved depth "
			 "(at %s%s: %.1f vs %.1f in flight)", sw,
			 p[worst].name, p[worst].little, p[worst].inflight);
	else
		snprintf(out, len, "Little's law: at %s%s IOPS × avg latency "
			 "is %.1f but %.1f I/Os were in flight: %s", sw,
			 p[worst].name, p[worst].little, p[worst].inflight,
			 p[worst].little < p[worst].inflight ?
				 "I/Os waited outside the measured latency "
				 "(submission, the engine)" :
				 "the latency includes time before the I/O "
				 "was in flight");
}

size_t sweep_findings(enum sweep_kind kind, const struct sweep_point *p,
		      size_t n, double slo_p99_ms, int *knee,
		      char out[][512], size_t max)
{
	size_t nf = 0;

	*knee = -1;
	if (!n || !max)
		return 0;
	if (kind == SWEEP_BLOCK) {
		block_finding(p, n, out[nf++], 512);
	} else {
		*knee = sweep_find_knee(p, n, slo_p99_ms);
		knee_finding(kind, p, n, slo_p99_ms, *knee, out[nf++], 512);
	}
	if (nf < max) {
		little_finding(kind, p, n, out[nf], 512);
		if (out[nf][0])
			nf++;
	}
	return nf;
}
