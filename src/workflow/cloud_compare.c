/* cloud_compare.c - each label's tier and % of provisioned in a
 * comparison (cloud_compare.h). */
#include "workflow/cloud_compare.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "workflow/cloud_findings.h"
#include "workflow/compare.h"
#include "workflow/figures.h"

/* The --disk of @label: "LABEL=TIER" for it, else a plain "TIER". */
static const char *disk_of(const struct cloud_names *n, const char *label)
{
	const char *plain = NULL;
	size_t i, len = strlen(label);

	for (i = 0; i < n->ndisks; i++) {
		const char *d = n->disk[i], *eq = strchr(d, '='),
			   *colon = strchr(d, ':');

		if (eq && (!colon || eq < colon)) {
			if ((size_t)(eq - d) == len && !strncmp(d, label, len))
				return eq + 1;
		} else {
			plain = d;
		}
	}
	return plain;
}

const struct cloud_names *cloud_names_of(struct cloud_names *cn,
					 const char *label, const char *disk,
					 const char *vm, char *buf,
					 size_t len)
{
	memset(cn, 0, sizeof(*cn));
	cn->vm = vm;
	if (disk) {
		snprintf(buf, len, "%s=%s", label, disk);
		cn->disk[cn->ndisks++] = buf;
	}
	return disk || vm ? cn : NULL;
}

int cloud_names_check(const struct cloud_names *n, char *err,
		      size_t errlen)
{
	struct cloud_ctx *c = malloc(sizeof(*c));
	size_t i;
	int ret = 0;

	if (!c)
		return errf(err, errlen, ENOMEM, "out of memory");
	for (i = 0; i <= n->ndisks && !ret; i++) {
		const char *d = i < n->ndisks ? n->disk[i] : NULL;
		const char *eq = d ? strchr(d, '=') : NULL,
			   *colon = d ? strchr(d, ':') : NULL;

		if (eq && (!colon || eq < colon))
			d = eq + 1;
		ret = cloud_ctx_build(c, d, i ? NULL : n->vm, "/nonexistent",
				      NULL, 0, err, errlen);
		cloud_ctx_release(c);
	}
	free(c);
	return ret;
}

/* The side's tests as the findings see them (as compare.c does). */
static size_t side_tests(const struct cmp_view *v, int side,
			 struct interp_test *t, size_t max)
{
	size_t i, k = 0;

	for (i = 0; i < v->ntests && k < max; i++) {
		const struct cmp_detail *d = &v->detail[2 * i + side];
		const struct history_row *row = v->tests[i].latest[side];

		if (!row)
			continue;
		if (d->loaded)
			figures_interp(d, row->test, row->file_size_bytes,
				       &t[k]);
		else if (compare_interp_from_row(row, &t[k]))
			continue;
		k++;
	}
	return k;
}

/* Put @add (@nadd) in front of the side's findings. */
static void prepend(struct cmp_view *v, int side, const struct finding *add,
		    size_t nadd)
{
	size_t keep = v->nfind[side];

	if (nadd > INTERP_MAX_FINDINGS)
		nadd = INTERP_MAX_FINDINGS;
	if (keep > INTERP_MAX_FINDINGS - nadd)
		keep = INTERP_MAX_FINDINGS - nadd;
	memmove(&v->find[side][nadd], v->find[side], keep * sizeof(*add));
	memcpy(v->find[side], add, nadd * sizeof(*add));
	v->nfind[side] = keep + nadd;
}

static void tier_line(struct cmp_view *v, int side,
		      const struct cloud_ctx *c, const struct finding *f,
		      size_t nf, char *line, size_t len)
{
	size_t i, n = strlen(line);

	for (i = 0; i < nf; i++) {
		if (f[i].kind != FIND_CLOUD_TIER || !c->named)
			continue;
		snprintf(line + n, len - n, "%s'%s' %s at %.0f %%",
			 n ? ", " : "tiers: ", side ? v->to : v->from,
			 c->disk.row->name, f[i].value);
		return;
	}
}

int cloud_compare(struct cmp_view *v, const struct cloud_names *n)
{
	struct interp_test t[CMP_MAX_TESTS];
	struct finding f[INTERP_MAX_FINDINGS];
	struct cloud_ctx *c;
	char line[256] = "";
	int side;
	size_t k, nf;

	if (!n || (!n->ndisks && !n->vm))
		return 0;
	c = malloc(sizeof(*c));
	if (!c)
		return -ENOMEM;
	for (side = 0; side < (v->single ? 1 : 2); side++) {
		char err[256];
		const char *d = disk_of(n, side ? v->to : v->from);

		nf = 0;
		if (!cloud_ctx_build(c, d, n->vm, "/nonexistent", NULL, 0, err,
				     sizeof(err)) && cloud_ctx_known(c)) {
			k = side_tests(v, side, t, CMP_MAX_TESTS);
			cloud_findings(t, k, c, f, &nf, INTERP_MAX_FINDINGS);
			tier_line(v, side, c, f, nf, line, sizeof(line));
			prepend(v, side, f, nf);
		}
		cloud_ctx_release(c);
	}
	free(c);
	if (*line) {
		size_t m = strlen(v->change);

		snprintf(v->change + m, sizeof(v->change) - m, "%s%s",
			 m ? "; " : "", line);
	}
	return 0;
}
