/* sweep_find.c - what a finished sweep's points say, as pure functions:
 * where a block-size sweep stops being IOPS-bound and becomes
 * bandwidth-bound (the plateaus its figures show, and only those), the
 * knee of a depth or thread sweep (an SLO on P99, or the step where IOPS
 * stalls while P99 or the mean latency climbs; among points whose IOPS
 * are equal within noise, the smallest setting), and Little's law at
 * each point.  See sweep.h.
 */
#include "workflow/sweep.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/fmt.h"

#define FLAT 0.10		/* a plateau: within 10 % of its anchor */
#define KNEE_IOPS 1.10		/* past the knee IOPS grows < 10 % */
#define KNEE_P99 1.50		/* ... while P99 grows > 50 % */
#define KNEE_MEAN 1.30		/* ... or the mean latency > 30 % */
#define NOISE_BATCH 5		/* -D intervals per batch: neighbours are
				 * correlated, batch means much less */
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

double sweep_iops_noise(const double *v, uint32_t n)
{
	uint32_t nb = n / NOISE_BATCH, b, k;
	double sum = 0, ss = 0, mean, m;

	if (!v || nb < 2)
		return 0;
	for (b = 0; b < nb; b++) {
		for (m = 0, k = 0; k < NOISE_BATCH; k++)
			m += v[b * NOISE_BATCH + k];
		m /= NOISE_BATCH;
		sum += m;
		ss += m * m;
	}
	mean = sum / nb;
	if (!(mean > 0))
		return 0;
	/* two standard errors of the mean, relative to it */
	return 2 * sqrt(fmax(0, (ss - nb * mean * mean) / (nb - 1)) / nb) /
	       mean;
}

double sweep_equal_band(const struct sweep_point *a,
			const struct sweep_point *b)
{
	return fmax(SWEEP_EQUAL, 2 * fmax(a->iops_noise, b->iops_noise));
}

bool sweep_iops_equal(const struct sweep_point *a,
		      const struct sweep_point *b)
{
	double hi = fmax(a->iops, b->iops), lo = fmin(a->iops, b->iops);

	return hi > 0 && isfinite(hi) && lo >= hi * (1 - sweep_equal_band(a, b));
}

/* The point of the smallest setting among those whose IOPS equal
 * @best's within noise (and pass @ok when given): fewest in flight,
 * lowest latency, the same IOPS. */
static int smallest_equal(const struct sweep_point *p, size_t n, int best,
			  double slo_p99_ms)
{
	size_t i;
	int pick = best;

	for (i = 0; i < n; i++) {
		if (slo_p99_ms > 0 &&
		    !(p[i].p99_ms > 0 && p[i].p99_ms <= slo_p99_ms))
			continue;
		if (p[i].value < p[pick].value &&
		    sweep_iops_equal(&p[i], &p[best]))
			pick = (int)i;
	}
	return pick;
}

/* Does latency climb from @a to @b: P99 by half, or the mean by 30 %? */
static bool latency_climbs(const struct sweep_point *a,
			   const struct sweep_point *b)
{
	return (a->p99_ms > 0 && b->p99_ms > a->p99_ms * KNEE_P99) ||
	       (a->mean_ms > 0 && b->mean_ms > a->mean_ms * KNEE_MEAN);
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
		return best < 0 ? -1 : smallest_equal(p, n, best, slo_p99_ms);
	}
	for (i = 0; i + 1 < n; i++)
		if (p[i].iops > 0 &&
		    p[i + 1].iops < p[i].iops * KNEE_IOPS &&
		    latency_climbs(&p[i], &p[i + 1]))
			return smallest_equal(p, n, (int)i, 0);
	return -1;
}

/* The plateaus the figures show, when they are not a crossover: IOPS
 * flat over the smallest blocks (@i its last point, 0 none) and MiB/s
 * flat over the largest (@j its first, n - 1 none); each said only when
 * it holds two points or more, at the mean of its points. */
static void block_plateaus(const struct sweep_point *p, size_t n, size_t i,
			   size_t j, char *out, size_t len)
{
	const char *sw = sweep_kind_switch(SWEEP_BLOCK);
	char lvl[32], a[32];
	double iops = 0, mib = 0;
	size_t k;

	for (k = 0; k <= i; k++)
		iops += p[k].iops / (double)(i + 1);
	for (k = j; k < n; k++)
		mib += p[k].mib_s / (double)(n - j);
	if (n >= 2 && i == n - 1) {
		fmt_level(lvl, sizeof(lvl), iops);
		snprintf(out, len, "IOPS flat at ≈%s from %s%s to %s%s: the "
			 "limit is on I/Os, not bytes; larger blocks move "
			 "more data at the same IOPS", lvl, sw, p[0].name, sw,
			 p[n - 1].name);
	} else if (n >= 2 && j == 0) {
		fmt_level(lvl, sizeof(lvl), mib);
		snprintf(out, len, "MiB/s flat at ≈%s from %s%s to %s%s: the "
			 "limit is on bytes; smaller blocks give more IOPS at "
			 "the same MiB/s", lvl, sw, p[0].name, sw,
			 p[n - 1].name);
	} else if (i >= 1) {
		fmt_level(lvl, sizeof(lvl), iops);
		fmt_level(a, sizeof(a), p[i + 1].iops);
		snprintf(out, len, "IOPS flat at ≈%s from %s%s to %s%s, then "
			 "%s IOPS (%.1f MiB/s) at %s%s: the limit is on I/Os "
			 "up to %s%s; no MiB/s plateau over the largest blocks "
			 "(two points within 10 %%): add larger blocks to see "
			 "where bytes cap it", lvl, sw, p[0].name, sw,
			 p[i].name, a, p[i + 1].mib_s, sw, p[i + 1].name, sw,
			 p[i].name);
	} else if (j + 1 < n) {
		fmt_level(lvl, sizeof(lvl), mib);
		snprintf(out, len, "MiB/s flat at ≈%s from %s%s to %s%s: the "
			 "limit is on bytes from %s%s; no IOPS plateau over "
			 "the smallest blocks (two points within 10 %%)", lvl,
			 sw, p[j].name, sw, p[n - 1].name, sw, p[j].name);
	} else {
		snprintf(out, len, "no plateau: IOPS is not flat over the "
			 "smallest blocks and MiB/s is not flat over the "
			 "largest (two points each, within 10 %%)");
	}
}

/* The plateau ends from both sides: the last point whose IOPS is near
 * the first's, and the first whose MiB/s is near the last's. */
static void plateau_ends(const struct sweep_point *p, size_t n, size_t *i,
			 size_t *j)
{
	*i = 0;
	*j = n - 1;
	while (*i + 1 < n && near(p[*i + 1].iops, p[0].iops))
		(*i)++;
	while (*j > 0 && near(p[*j - 1].mib_s, p[n - 1].mib_s))
		(*j)--;
}

static void block_finding(const struct sweep_point *p, size_t n, char *out,
			  size_t len)
{
	struct sweep_cross c;
	char a[32], b[32];
	size_t i, j;

	if (!sweep_find_crossover(p, n, &c)) {
		plateau_ends(p, n, &i, &j);
		block_plateaus(p, n, i, j, out, len);
		return;
	}
	fmt_level(a, sizeof(a), c.iops);
	fmt_level(b, sizeof(b), c.mib_s);
	snprintf(out, len, "IOPS flat at ≈%s up to %s, then MiB/s flat at "
		 "≈%s from %s: the disk caps both; pick the block size your "
		 "workload uses", a, p[c.iops_end].name, b,
		 p[c.mib_begin].name);
}

static const char *more_what(enum sweep_kind kind)
{
	return kind == SWEEP_THREADS ? "threads" : "I/Os in flight";
}

/* Saturated from the first point: IOPS equal within noise from there on
 * while the latency grows.  False (nothing written) when the next point
 * is not equal. */
static bool saturated_finding(enum sweep_kind kind,
			      const struct sweep_point *p, size_t n, int k,
			      char *out, size_t len)
{
	const char *sw = sweep_kind_switch(kind);
	char a[32], b[32], c[32];
	size_t m = (size_t)k, i;
	double sum = 0;

	while (m + 1 < n && sweep_iops_equal(&p[m + 1], &p[k]))
		m++;
	if (k != 0 || m == 0)
		return false;
	for (i = 0; i <= m; i++)
		sum += p[i].iops;
	fmt_level(a, sizeof(a), sum / (double)(m + 1));
	fmt_latency_ms(b, sizeof(b), p[0].mean_ms);
	fmt_latency_ms(c, sizeof(c), p[m].mean_ms);
	snprintf(out, len, "saturated at %s%s: more %s adds only queueing: "
		 "IOPS stays at ≈%s from %s%s to %s%s (within %.0f %%) while "
		 "the mean latency grows %s → %s", sw, p[0].name,
		 kind == SWEEP_THREADS ? "threads" : "depth", a, sw,
		 p[0].name, sw, p[m].name, 100 * sweep_equal_band(&p[0], &p[m]),
		 b, c);
	return true;
}

/* The SLO's answer, and the larger settings it passed over because
 * their IOPS were the same within noise. */
static void slo_finding(enum sweep_kind kind, const struct sweep_point *p,
			size_t n, double slo, int k, char *out, size_t len)
{
	const char *sw = sweep_kind_switch(kind);
	char a[32], b[32], c[32];
	size_t i, top = (size_t)k, len0;

	fmt_count(a, sizeof(a), p[k].iops);
	fmt_latency_ms(b, sizeof(b), p[k].p99_ms);
	fmt_latency_ms(c, sizeof(c), slo);
	snprintf(out, len, "knee at %s%s: %s IOPS with P99 %s, the highest "
		 "IOPS whose P99 stays under %s", sw, p[k].name, a, b, c);
	for (i = 0; i < n; i++)
		if (p[i].p99_ms > 0 && p[i].p99_ms <= slo &&
		    p[i].iops > p[top].iops)
			top = i;
	if (top == (size_t)k)
		return;
	len0 = strlen(out);
	fmt_count(a, sizeof(a), p[top].iops);
	snprintf(out + len0, len - len0, "; %s%s gives %s IOPS (%+.1f %%), "
		 "the same within noise (±%.0f %%), with more %s: the "
		 "smallest setting is the answer", sw, p[top].name, a,
		 100 * (p[top].iops / p[k].iops - 1),
		 100 * sweep_equal_band(&p[k], &p[top]), more_what(kind));
}

static void knee_finding(enum sweep_kind kind, const struct sweep_point *p,
			 size_t n, double slo, int k, char *out, size_t len)
{
	const char *sw = sweep_kind_switch(kind);
	char a[32], b[32], c[32], d[32];
	const struct sweep_point *x, *y;
	bool p99;
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
			 "grew by 10 %% or more, or neither P99 grew by 50 %% "
			 "nor the mean latency by 30 %%", sw,
			 n ? p[n - 1].name : "");
		return;
	}
	if (slo > 0) {
		slo_finding(kind, p, n, slo, k, out, len);
		return;
	}
	if (saturated_finding(kind, p, n, k, out, len))
		return;
	x = &p[k];
	y = (size_t)k + 1 < n ? &p[k + 1] : x;
	p99 = x->p99_ms > 0 && y->p99_ms > x->p99_ms * KNEE_P99;
	fmt_count(a, sizeof(a), x->iops);
	fmt_latency_ms(b, sizeof(b), p99 ? x->p99_ms : x->mean_ms);
	fmt_count(c, sizeof(c), y->iops);
	fmt_latency_ms(d, sizeof(d), p99 ? y->p99_ms : y->mean_ms);
	snprintf(out, len, "knee at %s%s: %s IOPS with %s %s; %s%s gives %s "
		 "IOPS (%+.0f %%) for %s %s (%+.0f %%): past the knee more "
		 "%s only queue", sw, x->name, a, p99 ? "P99" : "avg latency",
		 b, sw, y->name, c, 100 * (y->iops / x->iops - 1),
		 p99 ? "P99" : "avg latency", d,
		 100 * (p99 ? y->p99_ms / x->p99_ms : y->mean_ms / x->mean_ms) -
			 100,
		 more_what(kind));
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
