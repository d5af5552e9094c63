/* cloud_limits.c - reads the limits table (cloud_limits.h): TSV rows into
 * struct cloud_row, the user's file over the compiled-in one, and the
 * figures of a row at a disk size. */
#include "workflow/cloud_limits.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/readfile.h"
#include "lib/util.h"

#define COLS 16
/* No published figure comes near: a larger one is a typing error (and
 * per-GiB figures times any disk size stay finite). */
#define FIGURE_MAX 1e9

static int parse_num(const char *s, double *v)
{
	char *end;

	if (!strcmp(s, "-")) {
		*v = 0;
		return 0;
	}
	errno = 0;
	*v = strtod(s, &end);
	if (errno || end == s || *end || !(*v >= 0 && *v <= FIGURE_MAX))
		return -EINVAL;
	return 0;
}

/* "500", "-", "3/GiB>=100<=16000", "40/TiB<=500" */
static int parse_amount(const char *s, struct cloud_amount *a)
{
	char *end;
	double v;

	memset(a, 0, sizeof(*a));
	if (!strcmp(s, "-"))
		return 0;
	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || !(v >= 0 && v <= FIGURE_MAX))
		return -EINVAL;
	if (!*end) {
		a->base = v;
		return 0;
	}
	if (!strncmp(end, "/GiB", 4))
		a->per_gib = v;
	else if (!strncmp(end, "/TiB", 4))
		a->per_gib = v / 1024;
	else
		return -EINVAL;
	s = end + 4;
	while (*s) {
		double *dst;

		if (!strncmp(s, ">=", 2))
			dst = &a->min;
		else if (!strncmp(s, "<=", 2))
			dst = &a->max;
		else
			return -EINVAL;
		errno = 0;
		*dst = strtod(s + 2, &end);
		if (errno || end == s + 2 || !(*dst >= 0 && *dst <= FIGURE_MAX))
			return -EINVAL;
		s = end;
	}
	return 0;
}

static int parse_kind(const char *s, enum cloud_kind *k)
{
	static const char *const names[] = { "tier", "rule", "configured",
					     "vm" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (!strcmp(s, names[i])) {
			*k = (enum cloud_kind)i;
			return 0;
		}
	}
	return -EINVAL;
}

/* "1800s" or "5400000io" */
static int parse_limit(const char *s, struct cloud_row *r)
{
	char *end;
	double v;

	if (!strcmp(s, "-"))
		return 0;
	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || !(v >= 0 && v <= FIGURE_MAX))
		return -EINVAL;
	if (!strcmp(end, "s"))
		r->burst_s = v;
	else if (!strcmp(end, "io"))
		r->burst_credits = v;
	else
		return -EINVAL;
	return 0;
}

static int parse_fields(char **f, struct cloud_row *r)
{
	memset(r, 0, sizeof(*r));
	if (!*f[0] || !*f[2])
		return -EINVAL;
	str_copy(r->provider, sizeof(r->provider), f[0]);
	str_copy(r->name, sizeof(r->name), f[2]);
	str_copy(r->family, sizeof(r->family), f[3]);
	str_copy(r->how, sizeof(r->how), f[13]);
	str_copy(r->source, sizeof(r->source), f[14]);
	str_copy(r->read, sizeof(r->read), f[15]);
	if (strcmp(f[7], "MB") && strcmp(f[7], "MiB"))
		return -EINVAL;
	r->mb = !strcmp(f[7], "MB");
	if (parse_kind(f[1], &r->kind) || parse_num(f[4], &r->gib_max) ||
	    parse_amount(f[5], &r->iops) || parse_amount(f[6], &r->mbps) ||
	    parse_amount(f[8], &r->burst_iops) ||
	    parse_amount(f[9], &r->burst_mbps) || parse_limit(f[10], r) ||
	    parse_num(f[11], &r->cached_iops) ||
	    parse_num(f[12], &r->cached_mbps))
		return -EINVAL;
	return 0;
}

static bool same_row(const struct cloud_row *a, const struct cloud_row *b)
{
	return !strcasecmp(a->provider, b->provider) &&
	       !strcasecmp(a->name, b->name) && a->gib_max == b->gib_max;
}

static int table_put(struct cloud_table *t, const struct cloud_row *r)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		if (same_row(&t->rows[i], r)) {
			t->rows[i] = *r;
			return 0;
		}
	}
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		struct cloud_row *p = realloc(t->rows, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		t->rows = p;
		t->cap = cap;
	}
	t->rows[t->n++] = *r;
	return 0;
}

/* Split @line (modified) at tabs into @f; the field count. */
static size_t split_tabs(char *line, char **f, size_t max)
{
	size_t n = 0;

	f[n++] = line;
	for (; *line && n < max; line++) {
		if (*line == '\t') {
			*line = '\0';
			f[n++] = line + 1;
		}
	}
	return strchr(f[n - 1], '\t') ? max + 1 : n;
}

int cloud_table_parse(struct cloud_table *t, const char *text,
		      unsigned int *bad_line)
{
	char line[1024], *f[COLS + 1];
	struct cloud_row r;
	unsigned int no = 0;
	const char *p = text;
	int ret;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		no++;
		if (len && p[len - 1] == '\r')
			len--;
		if (len >= sizeof(line))
			goto bad;
		memcpy(line, p, len);
		line[len] = '\0';
		p += nl ? (size_t)(nl - p) + 1 : strlen(p);
		if (!len || line[0] == '#')
			continue;
		if (split_tabs(line, f, COLS) != COLS || parse_fields(f, &r))
			goto bad;
		ret = table_put(t, &r);
		if (ret)
			return ret;
	}
	return 0;
bad:
	if (bad_line)
		*bad_line = no;
	return -EINVAL;
}

int cloud_limits_user_path(char *buf, size_t len)
{
	const char *env = getenv("IOPROBE_LIMITS");
	const char *home = getenv("HOME");

	int n;

	if (env && *env)
		n = snprintf(buf, len, "%s", env);
	else if (home && *home)
		n = snprintf(buf, len, "%s/.config/ioprobe/limits.tsv", home);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int cloud_table_load(struct cloud_table *t, const char *user_path,
		     unsigned int *bad_line)
{
	char path[4096], err[256];
	char *text = NULL;
	size_t len;
	int ret;

	memset(t, 0, sizeof(*t));
	ret = cloud_table_parse(t, cloud_limits_tsv, bad_line);
	if (ret)
		return ret;
	if (!user_path) {
		if (cloud_limits_user_path(path, sizeof(path)))
			return 0;
		user_path = path;
	}
	ret = readfile_all(user_path, "limits file", 1u << 20, &text, &len,
			   err, sizeof(err));
	if (ret == -ENOENT)
		return 0;
	if (ret)
		return ret;
	ret = cloud_table_parse(t, text, bad_line);
	free(text);
	return ret;
}

void cloud_table_release(struct cloud_table *t)
{
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

const struct cloud_row *cloud_find(const struct cloud_table *t,
				   const char *provider, const char *name,
				   double gib)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		const struct cloud_row *r = &t->rows[i];

		if (strcasecmp(r->provider, provider) ||
		    strcasecmp(r->name, name))
			continue;
		if (gib <= 0 || !r->gib_max || gib <= r->gib_max)
			return r;
	}
	return NULL;
}

double cloud_amount_at(const struct cloud_amount *a, double gib)
{
	double v;

	if (!(a->per_gib > 0))
		return a->base;
	if (!(gib > 0))
		return 0;
	v = a->per_gib * gib;
	if (a->min > 0 && v < a->min)
		v = a->min;
	if (a->max > 0 && v > a->max)
		v = a->max;
	return v;
}

double cloud_mib(const struct cloud_row *r, double v)
{
	return r->mb ? v * 1e6 / 1048576.0 : v;
}

void cloud_disk_limits(const struct cloud_row *row, double gib,
		       double cfg_iops, double cfg_mbps,
		       struct cloud_disk *d)
{
	memset(d, 0, sizeof(*d));
	d->row = row;
	d->gib = gib;
	d->iops = cfg_iops > 0 ? cfg_iops : cloud_amount_at(&row->iops, gib);
	d->mbps = cfg_mbps > 0 ? cfg_mbps : cloud_amount_at(&row->mbps, gib);
	d->burst_iops = cloud_amount_at(&row->burst_iops, gib);
	d->burst_mbps = cloud_amount_at(&row->burst_mbps, gib);
	if (d->burst_iops && d->iops && d->burst_iops <= d->iops)
		d->burst_iops = 0;	/* the baseline reaches the burst */
	if (d->burst_mbps && d->mbps && d->burst_mbps <= d->mbps)
		d->burst_mbps = 0;
	d->burst_s = row->burst_s;
	if (row->burst_credits > 0 && d->burst_iops > d->iops)
		d->burst_s = row->burst_credits / (d->burst_iops - d->iops);
}

const char *cloud_provider_title(const char *provider)
{
	if (!strcasecmp(provider, "azure"))
		return "Azure";
	if (!strcasecmp(provider, "aws"))
		return "AWS";
	if (!strcasecmp(provider, "gcp"))
		return "GCP";
	return provider;
}
