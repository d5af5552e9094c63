/* cloud_ctx.c - builds what a run knows about its cloud disks and VM
 * (cloud_ctx.h): --disk and --vm parsed against the limits table, else
 * the provider, VM size and candidate tiers detected from sysfs. */
#include "workflow/cloud_ctx.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/fmt.h"
#include "lib/util.h"

struct disk_spec {
	char provider[8], name[48];
	double iops, mbps, gib;
};

static int spec_value(struct disk_spec *s, const char *kv)
{
	const char *eq = strchr(kv, '=');
	double *dst;
	char *end;

	if (!eq)
		return -EINVAL;
	if (!strncmp(kv, "iops=", 5))
		dst = &s->iops;
	else if (!strncmp(kv, "mbps=", 5))
		dst = &s->mbps;
	else if (!strncmp(kv, "size=", 5))
		dst = &s->gib;
	else
		return -EINVAL;
	errno = 0;
	*dst = strtod(eq + 1, &end);
	if (errno || end == eq + 1 || (*end && *end != ',') || !(*dst > 0) ||
	    !isfinite(*dst))
		return -EINVAL;
	return 0;
}

/* "azure:P20", "aws:gp3:iops=6000,mbps=250", "P20" */
static int spec_parse(const char *v, struct disk_spec *s)
{
	const char *c1 = strchr(v, ':'), *c2, *p;
	size_t n;

	memset(s, 0, sizeof(*s));
	if (!c1) {
		str_copy(s->name, sizeof(s->name), v);
		return *v ? 0 : -EINVAL;
	}
	n = (size_t)(c1 - v);
	if (!n || n >= sizeof(s->provider))
		return -EINVAL;
	memcpy(s->provider, v, n);
	c2 = strchr(c1 + 1, ':');
	n = c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1);
	if (!n || n >= sizeof(s->name))
		return -EINVAL;
	memcpy(s->name, c1 + 1, n);
	for (p = c2; p; p = strchr(p + 1, ','))
		if (spec_value(s, p + 1))
			return -EINVAL;
	return 0;
}

/* The row named @name of @provider ("" = any provider). */
static const struct cloud_row *find_any(const struct cloud_table *t,
					const char *provider,
					const char *name, double gib)
{
	static const char *const all[] = { "azure", "aws", "gcp" };
	const struct cloud_row *r;
	size_t i;

	if (*provider)
		return cloud_find(t, provider, name, gib);
	for (i = 0; i < ARRAY_SIZE(all); i++) {
		r = cloud_find(t, all[i], name, gib);
		if (r)
			return r;
	}
	return NULL;
}

static int named_disk(struct cloud_ctx *c, const char *v, char *err,
		      size_t errlen)
{
	struct disk_spec s;
	const struct cloud_row *r;
	double gib;

	if (spec_parse(v, &s))
		return errf(err, errlen, EINVAL, "invalid --disk '%s': expected "
			    "PROVIDER:TIER[:iops=N,mbps=N,size=GIB], such as "
			    "azure:P20 or aws:gp3:iops=6000,mbps=250", v);
	gib = s.gib > 0 ? s.gib : c->gib;
	r = find_any(&c->table, s.provider, s.name, gib);
	if (!r)	/* a tier named for a larger disk (a performance tier) */
		r = find_any(&c->table, s.provider, s.name, 0);
	if (!r || r->kind == CLOUD_VM)
		return errf(err, errlen, EINVAL, "unknown --disk '%s': expected "
			    "a tier of the limits table, such as azure:P20, "
			    "azure:S20, aws:gp2, aws:gp3 or gcp:pd-balanced", v);
	cloud_disk_limits(r, gib, s.iops, s.mbps, &c->disk);
	if (!c->disk.iops && !c->disk.mbps)
		return errf(err, errlen, EINVAL, "--disk '%s' needs its figures: "
			    "%s is configured, give iops=N,mbps=N%s", v, r->name,
			    r->kind == CLOUD_RULE ? " or size=GIB" : "");
	c->named = true;
	str_copy(c->provider, sizeof(c->provider), r->provider);
	return 0;
}

int cloud_ctx_set_vm(struct cloud_ctx *c, const char *v, char *err,
		     size_t errlen)
{
	const struct cloud_row *r = find_any(&c->table, "", v, 0);

	if (!r || r->kind != CLOUD_VM)
		return errf(err, errlen, EINVAL, "unknown --vm '%s': expected a "
			    "VM size of the limits table, such as "
			    "Standard_D4s_v3 or m5.large", v);
	c->vm = r;
	return 0;
}

/* The disks under @paths: the first one's facts, and how many. */
static void detect_disks(struct cloud_ctx *c, const char *root,
			 const char *const *paths, size_t npaths)
{
	char names[16][32], name[32];
	size_t i, j, n = 0;

	for (i = 0; i < npaths; i++) {
		if (cloud_dev_of_path(paths[i], name, sizeof(name)))
			continue;
		for (j = 0; j < n && strcmp(names[j], name); j++)
			;
		if (j < n || n == ARRAY_SIZE(names))
			continue;
		str_copy(names[n++], sizeof(names[0]), name);
	}
	c->ndisks = n ? (unsigned int)n : 1;
	if (n && !cloud_detect_dev(root, names[0], &c->dev))
		c->gib = (double)c->dev.bytes / 1073741824.0;
}

static void detect_candidates(struct cloud_ctx *c)
{
	size_t i;

	/* a device mapper or md volume over several disks has no model of
	 * its own: its size says nothing about one disk's tier */
	if (!c->gib || !*c->dev.provider)
		return;
	c->ncand = cloud_candidates(&c->table, c->provider, c->gib, c->cand,
				    CLOUD_MAX_CAND);
	for (i = 0; i < c->ncand; i++)
		cloud_disk_limits(c->cand[i], c->gib, 0, 0, &c->cand_disk[i]);
}

int cloud_ctx_build(struct cloud_ctx *c, const char *disk, const char *vm,
		    const char *root, const char *const *paths,
		    size_t npaths, char *err, size_t errlen)
{
	unsigned int bad = 0;
	char path[1024] = "";
	int ret;

	memset(c, 0, sizeof(*c));
	ret = cloud_table_load(&c->table, NULL, &bad);
	if (ret)
		cloud_limits_user_path(path, sizeof(path));
	if (ret == -EINVAL)
		return errf(err, errlen, EINVAL, "invalid limits file '%s' line "
			    "%u: expected 16 tab-separated columns as in "
			    "data/cloud-limits.tsv", path, bad);
	if (ret)
		return errf(err, errlen, -ret, "cannot read the limits file "
			    "'%s': %s", path, strerror(-ret));
	cloud_detect_host(root, &c->host);
	detect_disks(c, root, paths, npaths);
	str_copy(c->provider, sizeof(c->provider),
		 *c->dev.provider ? c->dev.provider : c->host.provider);
	if (disk && *disk) {
		ret = named_disk(c, disk, err, errlen);
		if (ret)
			return ret;
	} else {
		detect_candidates(c);
	}
	if (vm && *vm)
		return cloud_ctx_set_vm(c, vm, err, errlen);
	if (*c->host.vm) {
		const struct cloud_row *r = find_any(&c->table, "",
						     c->host.vm, 0);

		c->vm = r && r->kind == CLOUD_VM ? r : NULL;
	}
	return 0;
}

void cloud_ctx_release(struct cloud_ctx *c)
{
	cloud_table_release(&c->table);
}

bool cloud_ctx_known(const struct cloud_ctx *c)
{
	return c->named || c->ncand || c->vm;
}

void cloud_row_label(const struct cloud_row *r, char *buf, size_t len)
{
	snprintf(buf, len, "%s %s", r->family, r->name);
}

void cloud_disk_figures(const struct cloud_disk *d, char *buf, size_t len)
{
	char a[32] = "", b[32] = "";

	if (d->iops)
		fmt_count(a, sizeof(a), d->iops);
	if (d->mbps)
		snprintf(b, sizeof(b), d->mbps == (long)d->mbps ? "%.0f" :
			 "%.1f", d->mbps);
	snprintf(buf, len, "%s%s%s%s%s", a, *a ? " IOPS" : "",
		 *a && *b ? ", " : "", b,
		 *b ? (d->row->mb ? " MB/s" : " MiB/s") : "");
}
