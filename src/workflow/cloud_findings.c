/* cloud_findings.c - findings that name a cloud disk's limits and a VM
 * size's cap (cloud_findings.h): the tier, % of provisioned, bursts and
 * credits, the VM cap. */
#include "workflow/cloud_findings.h"
#include "workflow/cloud_detect.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "workflow/burst.h"
#include "workflow/finding.h"

double cloud_fraction(const struct cloud_disk *d, unsigned int ndisks,
		      double iops, double mib_s)
{
	double k = ndisks ? ndisks : 1, fi = 0, fm = 0;

	if (d->iops > 0)
		fi = iops / (k * d->iops);
	if (d->mbps > 0)
		fm = mib_s / (k * cloud_mib(d->row, d->mbps));
	return fmax(fi, fm);
}

static bool matches(double frac)
{
	return fabs(frac - 1) <= CLOUD_MATCH_BAND;
}

/* The test reaching the largest fraction of @d. */
static size_t ref_test(const struct interp_test *t, size_t n,
		       const struct cloud_disk *d, unsigned int k)
{
	size_t i, best = 0;

	for (i = 1; i < n; i++)
		if (cloud_fraction(d, k, t[i].iops, t[i].mib_s) >
		    cloud_fraction(d, k, t[best].iops, t[best].mib_s))
			best = i;
	return best;
}

static void disks_label(const struct cloud_ctx *c,
			const struct cloud_disk *d, char *buf, size_t len)
{
	char l[96];

	cloud_row_label(d->row, l, sizeof(l));
	if (c->ndisks > 1)
		snprintf(buf, len, "%u × %s", c->ndisks, l);
	else
		snprintf(buf, len, "%s", l);
}

static void size_text(const struct cloud_ctx *c, char *buf, size_t len)
{
	if (c->gib > 0)
		snprintf(buf, len, "a %.0f GiB %s disk", c->gib,
			 cloud_provider_title(c->provider));
	else
		snprintf(buf, len, "an %s disk",
			 cloud_provider_title(c->provider));
}

static void named_tier(const struct interp_test *t, size_t n,
		       const struct cloud_ctx *c, struct finding *out,
		       size_t *nout, size_t max)
{
	const struct cloud_disk *d = &c->disk;
	char lab[128], fig[64], a[32];
	size_t r = ref_test(t, n, d, c->ndisks);
	double frac = cloud_fraction(d, c->ndisks, t[r].iops, t[r].mib_s);
	struct finding *f = finding_add(out, nout, max, FIND_CLOUD_TIER,
					100 * frac);

	if (!f)
		return;
	disks_label(c, d, lab, sizeof(lab));
	cloud_disk_figures(d, fig, sizeof(fig));
	fmt_count(a, sizeof(a), t[r].iops);
	finding_append(f, "%s: %s IOPS and %.1f MiB/s on the %s %s (%s%s, "
		       "named by --disk): at %.0f %% of provisioned",
		       t[r].name, a, t[r].mib_s,
		       cloud_provider_title(d->row->provider), lab, fig,
		       c->ndisks > 1 ? " each" : "", 100 * frac);
}

/* The candidates a test's figures match, into @hit; their count. */
static size_t match_cands(const struct interp_test *x,
			  const struct cloud_ctx *c, size_t *hit)
{
	size_t i, k = 0;

	for (i = 0; i < c->ncand; i++)
		if (matches(cloud_fraction(&c->cand_disk[i], c->ndisks,
					   x->iops, x->mib_s)))
			hit[k++] = i;
	return k;
}

static void cand_names(const struct cloud_ctx *c, const size_t *hit,
		       size_t k, struct finding *f)
{
	char l[96];
	size_t i;

	for (i = 0; i < k; i++) {
		cloud_row_label(c->cand[hit[i]], l, sizeof(l));
		finding_append(f, "%s%s", i ? " / " : "", l);
	}
}

/* Detected: the first test at a candidate's limits names the tier.
 * Returns the matched limits, NULL when none matched. */
static const struct cloud_disk *detected_tier(const struct interp_test *t,
					      size_t n,
					      const struct cloud_ctx *c,
					      struct finding *out,
					      size_t *nout, size_t max)
{
	size_t hit[CLOUD_MAX_CAND], all[CLOUD_MAX_CAND], i, k = 0, r;
	const struct cloud_disk *d;
	struct finding *f;
	char where[96], fig[64], a[32];
	double frac;

	for (i = 0; i < c->ncand; i++)
		all[i] = i;
	for (i = 0; i < n && !k; i++)
		k = match_cands(&t[i], c, hit);
	size_text(c, where, sizeof(where));
	if (!k) {
		f = finding_add(out, nout, max, FIND_CLOUD_TIER, 0);
		if (!f)
			return NULL;
		fmt_count(a, sizeof(a), t[0].iops);
		finding_append(f, "%s: its size fits ", where);
		cand_names(c, all, c->ncand, f);
		finding_append(f, "; %s's %s IOPS and %.1f MiB/s match none of "
			       "their limits (name the tier with --disk)",
			       t[0].name, a, t[0].mib_s);
		return NULL;
	}
	d = &c->cand_disk[hit[0]];
	r = ref_test(t, n, d, c->ndisks);
	frac = cloud_fraction(d, c->ndisks, t[r].iops, t[r].mib_s);
	f = finding_add(out, nout, max, FIND_CLOUD_TIER, 100 * frac);
	if (!f)
		return d;
	fmt_count(a, sizeof(a), t[r].iops);
	cloud_disk_figures(d, fig, sizeof(fig));
	finding_append(f, "≈%s IOPS and ≤ %.1f MiB/s on %s: the ", a,
		       t[r].mib_s, where);
	cand_names(c, hit, k, f);
	finding_append(f, " tier (%s): at %.0f %% of provisioned", fig,
		       100 * frac);
	return d;
}

static void pct_list(const struct interp_test *t, size_t n,
		     const struct cloud_ctx *c, const struct cloud_disk *d,
		     struct finding *out, size_t *nout, size_t max)
{
	struct finding *f;
	size_t i;

	if (n < 2)
		return;
	f = finding_add(out, nout, max, FIND_CLOUD_TIER, 0);
	if (!f)
		return;
	finding_append(f, "%% of provisioned (%s):", d->row->name);
	for (i = 0; i < n; i++)
		finding_append(f, "%s %s %.0f %%", i ? "," : "", t[i].name,
			       100 * cloud_fraction(d, c->ndisks, t[i].iops,
						    t[i].mib_s));
}

static void burst_text(const struct cloud_disk *d, struct finding *f)
{
	char a[32], b[32];

	fmt_count(a, sizeof(a), d->iops);
	fmt_count(b, sizeof(b), d->burst_iops);
	finding_append(f, "%s provisioned, bursts to %s", a, b);
	if (d->burst_s >= 60)
		finding_append(f, " for up to %.0f min on credits",
			       d->burst_s / 60);
	else if (d->burst_s > 0)
		finding_append(f, " for up to %.0f s on credits", d->burst_s);
}

/* Above the tier: burst, and the credits running out in the series: a
 * step down to the provisioned figure (a busy host may fall short of it,
 * down to CLOUD_SUSTAINED_MIN of it). */
static void burst_one(const struct interp_test *x, const struct cloud_ctx *c,
		      const struct cloud_disk *d, struct finding *out,
		      size_t *nout, size_t max)
{
	double k = c->ndisks ? c->ndisks : 1, prov = k * d->iops;
	struct burst_phases bp;
	struct finding *f;
	char a[32], b[32], p[32];

	if (!(d->iops > 0))
		return;
	fmt_count(p, sizeof(p), prov);
	if (burst_detect(x->interval_iops, x->nintervals, x->interval_s,
			 &bp) && bp.burst_iops > prov * (1 + CLOUD_MATCH_BAND) &&
	    bp.sustained_iops <= prov * (1 + CLOUD_MATCH_BAND) &&
	    bp.sustained_iops >= prov * CLOUD_SUSTAINED_MIN) {
		f = finding_add(out, nout, max, FIND_CLOUD_BURST, bp.drop_s);
		if (!f)
			return;
		fmt_count(a, sizeof(a), bp.burst_iops);
		fmt_count(b, sizeof(b), bp.sustained_iops);
		finding_append(f, "%s: %s IOPS for %.1f s, then %s: the %s's "
			       "burst credits ran out (", x->name, a, bp.drop_s,
			       b, d->row->name);
		burst_text(d, f);
		finding_append(f, "): the sustained figure is %s", p);
		return;
	}
	if (!(x->iops > prov * (1 + CLOUD_MATCH_BAND)))
		return;
	f = finding_add(out, nout, max, FIND_CLOUD_BURST, x->iops / prov);
	if (!f)
		return;
	fmt_count(a, sizeof(a), x->iops);
	finding_append(f, "%s: %s IOPS on a %s (", x->name, a, d->row->name);
	if (d->burst_iops > 0 && x->iops <= k * d->burst_iops *
					     (1 + CLOUD_MATCH_BAND)) {
		burst_text(d, f);
		finding_append(f, "): this run measured burst, the sustained "
			       "figure is %s", p);
		if (x->dev.counters)
			finding_append(f, "; a host read cache is the other "
				       "possibility when caching is on");
	} else {
		finding_append(f, "%s provisioned): above what the tier gives "
			       "and its burst: a host read cache, or not this "
			       "tier", p);
	}
}

static void vm_cap(const struct interp_test *x, const struct cloud_ctx *c,
		   const struct cloud_disk *d, struct finding *out,
		   size_t *nout, size_t max)
{
	const struct cloud_row *v = c->vm;
	struct cloud_disk vd = { .row = v, .iops = v->iops.base,
				 .mbps = v->mbps.base };
	double frac = cloud_fraction(&vd, 1, x->iops, x->mib_s);
	struct finding *f;
	char a[32], fig[64], sum[64];

	if (!matches(frac))
		return;
	/* the disks give no more than the VM: they are the cap */
	if (d && cloud_fraction(d, c->ndisks, x->iops, x->mib_s) >=
		 1 - CLOUD_MATCH_BAND)
		return;
	f = finding_add(out, nout, max, FIND_VM_CAP, 100 * frac);
	if (!f)
		return;
	fmt_count(a, sizeof(a), x->iops);
	cloud_disk_figures(&vd, fig, sizeof(fig));
	finding_append(f, "%s: %s IOPS and %.1f MiB/s over %u disk%s: the %s "
		       "VM size's uncached limit is %s (at %.0f %%): the VM "
		       "size caps this, not the disk", x->name, a, x->mib_s,
		       c->ndisks, c->ndisks == 1 ? "" : "s", v->name, fig,
		       100 * frac);
	if (d) {
		struct cloud_disk s = *d;

		s.iops *= c->ndisks;
		s.mbps *= c->ndisks;
		cloud_disk_figures(&s, sum, sizeof(sum));
		finding_append(f, " (the disks' sum is %s)", sum);
	}
}

void cloud_findings(const struct interp_test *t, size_t n,
		    const struct cloud_ctx *c, struct finding *out,
		    size_t *nout, size_t max)
{
	const struct cloud_disk *d = NULL;
	size_t i;

	if (!c || !n)
		return;
	if (c->named) {
		d = &c->disk;
		named_tier(t, n, c, out, nout, max);
	} else if (c->ncand) {
		d = detected_tier(t, n, c, out, nout, max);
	}
	if (d)
		pct_list(t, n, c, d, out, nout, max);
	for (i = 0; i < n; i++) {
		if (d)
			burst_one(&t[i], c, d, out, nout, max);
		if (c->vm)
			vm_cap(&t[i], c, d, out, nout, max);
	}
}

size_t cloud_findings_named(const char *disk, const char *vm,
			    const char *const *paths, size_t npaths,
			    const struct interp_test *t, size_t n,
			    struct interp_env *env, struct finding *f,
			    size_t max)
{
	struct cloud_ctx *c = malloc(sizeof(*c));
	char err[256];
	size_t nout = 0;

	if (!c)
		return 0;
	if (!cloud_ctx_build(c, disk, vm, cloud_sysfs_root(), paths, npaths,
			     err, sizeof(err)) && cloud_ctx_known(c)) {
		if (c->named) {
			env->expect_iops = c->disk.iops * c->ndisks;
			env->expect_mib_s = cloud_mib(c->disk.row,
						      c->disk.mbps) * c->ndisks;
		}
		cloud_findings(t, n, c, f, &nout, max);
	}
	cloud_ctx_release(c);
	free(c);
	return nout;
}
