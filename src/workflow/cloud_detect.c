/* cloud_detect.c - the provider, VM size and disk from DMI and block
 * device sysfs under a root given as a parameter (cloud_detect.h). */
#include "workflow/cloud_detect.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "lib/util.h"
#include "run/target_sysfs.h"

const char *cloud_sysfs_root(void)
{
	const char *env = getenv("IOPROBE_CLOUD_SYSFS");

	return env && *env ? env : "/sys";
}

/* @root/@rel's first line, trimmed, into @buf ("" when missing). */
static void read_attr(const char *root, const char *rel, char *buf,
		      size_t len)
{
	char path[4096];
	size_t n;

	buf[0] = '\0';
	if (snprintf(path, sizeof(path), "%s/%s", root, rel) >=
	    (int)sizeof(path))
		return;
	if (read_first_line(path, buf, len))
		buf[0] = '\0';
	n = strlen(buf);
	while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\n'))
		buf[--n] = '\0';
}

static bool has(const char *s, const char *word)
{
	return strcasestr(s, word) != NULL;
}

/* On AWS Nitro product_name is the instance type: "m5.large". */
static bool instance_type(const char *s)
{
	const char *dot = strchr(s, '.');

	return dot && dot != s && dot[1] && !strchr(s, ' ');
}

int cloud_detect_host(const char *root, struct cloud_host *h)
{
	memset(h, 0, sizeof(*h));
	read_attr(root, "class/dmi/id/sys_vendor", h->sys_vendor,
		  sizeof(h->sys_vendor));
	read_attr(root, "class/dmi/id/product_name", h->product,
		  sizeof(h->product));
	read_attr(root, "class/dmi/id/chassis_asset_tag", h->asset_tag,
		  sizeof(h->asset_tag));
	/* Azure's fixed chassis asset tag; Microsoft Hyper-V elsewhere
	 * shows the same vendor without it */
	if (!strcmp(h->asset_tag, "7783-7084-3265-9085-8269-3286-77"))
		str_copy(h->provider, sizeof(h->provider), "azure");
	else if (has(h->sys_vendor, "Amazon EC2") ||
		 has(h->asset_tag, "Amazon EC2"))
		str_copy(h->provider, sizeof(h->provider), "aws");
	else if (has(h->sys_vendor, "Google") &&
		 has(h->product, "Google Compute Engine"))
		str_copy(h->provider, sizeof(h->provider), "gcp");
	if (!strcmp(h->provider, "aws") && instance_type(h->product))
		str_copy(h->vm, sizeof(h->vm), h->product);
	return 0;
}

static void dev_provider(struct cloud_dev *d)
{
	const char *p = "";

	if (has(d->vendor, "Msft") && has(d->model, "Virtual Disk"))
		p = "azure";
	else if (has(d->model, "Amazon Elastic Block Store"))
		p = "aws";
	else if (has(d->model, "PersistentDisk") ||
		 has(d->model, "nvme_card-pd"))
		p = "gcp";
	str_copy(d->provider, sizeof(d->provider), p);
}

int cloud_detect_dev(const char *root, const char *name,
		     struct cloud_dev *d)
{
	char rel[256], buf[64], path[4096];
	struct stat st;

	memset(d, 0, sizeof(*d));
	str_copy(d->name, sizeof(d->name), name);
	if (snprintf(path, sizeof(path), "%s/class/block/%s", root, name) >=
	    (int)sizeof(path) || stat(path, &st)) {
		d->name[0] = '\0';
		return -ENOENT;
	}
	snprintf(rel, sizeof(rel), "class/block/%s/device/vendor", name);
	read_attr(root, rel, d->vendor, sizeof(d->vendor));
	snprintf(rel, sizeof(rel), "class/block/%s/device/model", name);
	read_attr(root, rel, d->model, sizeof(d->model));
	snprintf(rel, sizeof(rel), "class/block/%s/device/serial", name);
	read_attr(root, rel, d->serial, sizeof(d->serial));
	snprintf(rel, sizeof(rel), "class/block/%s/size", name);
	read_attr(root, rel, buf, sizeof(buf));
	d->bytes = strtoull(buf, NULL, 10) * 512;
	dev_provider(d);
	return 0;
}

int cloud_dev_of_path(const char *path, char *name, size_t len)
{
	char part[64];
	struct stat st;
	dev_t dev;
	int ret;

	if (stat(path, &st))
		return -errno;
	dev = S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev;
	ret = target_dev_name(dev, part, sizeof(part));
	if (ret)
		return ret;
	target_disk_of(part, name, len);
	return 0;
}

static bool listed(const struct cloud_row **out, size_t n,
		   const struct cloud_row *r)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcasecmp(out[i]->name, r->name))
			return true;
	return false;
}

/* The smallest tier of @family that holds @gib. */
static const struct cloud_row *tier_of(const struct cloud_table *t,
				       const char *provider,
				       const char *family, double gib)
{
	const struct cloud_row *best = NULL;
	size_t i;

	for (i = 0; i < t->n; i++) {
		const struct cloud_row *r = &t->rows[i];

		if (r->kind != CLOUD_TIER || strcasecmp(r->provider, provider) ||
		    strcmp(r->family, family) || r->gib_max < gib)
			continue;
		if (!best || r->gib_max < best->gib_max)
			best = r;
	}
	return best;
}

size_t cloud_candidates(const struct cloud_table *t, const char *provider,
			double gib, const struct cloud_row **out, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < t->n && n < max; i++) {
		const struct cloud_row *r = &t->rows[i], *c = NULL;

		if (strcasecmp(r->provider, provider))
			continue;
		if (r->kind == CLOUD_TIER)
			c = tier_of(t, provider, r->family, gib);
		else if (r->kind == CLOUD_RULE &&
			 cloud_amount_at(&r->iops, gib) > 0)
			c = cloud_find(t, provider, r->name, gib);
		else if (r->kind == CLOUD_CONFIGURED && r->iops.base > 0 &&
			 (!r->gib_max || gib <= r->gib_max))
			c = r;	/* gp3 as it comes, unconfigured */
		if (c && !listed(out, n, c))
			out[n++] = c;
	}
	return n;
}
