/* baseline.c - the labels a comparison takes when none is named (see
 * baseline.h).  The folders of two rows are compared by their targets'
 * folders: the test file name changes with every suite (it carries the
 * pid), the folder the user gave does not.
 */
#include "workflow/baseline.h"

#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "lib/path.h"

bool baseline_is_demo(const char *label)
{
	return !strcmp(label, BASELINE_DEMO_LABEL);
}

bool baseline_label_exists(const struct history *h, const char *label)
{
	size_t i;

	for (i = 0; i < h->nrows; i++)
		if (!strcmp(h->rows[i].label, label))
			return true;
	return false;
}

/* The folder of the target at *@p (up to HISTORY_TARGET_SEP) into @dir;
 * *@p moves past it.  false at the end. */
static bool next_dir(const char **p, char *dir, size_t len)
{
	const char *end;
	char one[PATH_MAX];
	size_t n;

	if (!**p)
		return false;
	end = strstr(*p, HISTORY_TARGET_SEP);
	n = end ? (size_t)(end - *p) : strlen(*p);
	if (n >= sizeof(one))
		n = sizeof(one) - 1;
	memcpy(one, *p, n);
	one[n] = '\0';
	path_dir(one, dir, len);
	*p += n + (end ? strlen(HISTORY_TARGET_SEP) : 0);
	return true;
}

/* Were @a and @b measured in the same folders, in the same order? */
static bool same_dirs(const char *a, const char *b)
{
	char da[PATH_MAX], db[PATH_MAX];
	bool more_a, more_b;

	for (;;) {
		more_a = next_dir(&a, da, sizeof(da));
		more_b = next_dir(&b, db, sizeof(db));
		if (!more_a || !more_b)
			return more_a == more_b;
		if (strcmp(da, db))
			return false;
	}
}

const char *baseline_previous(const struct history *h, const char *label)
{
	const struct history_row *ours = NULL;
	size_t i;

	for (i = h->nrows; i-- > 0 && !ours;)
		if (!strcmp(h->rows[i].label, label))
			ours = &h->rows[i];
	if (!ours)
		return NULL;
	for (i = h->nrows; i-- > 0;) {
		const struct history_row *r = &h->rows[i];

		if (!strcmp(r->label, label) || baseline_is_demo(r->label))
			continue;
		if (same_dirs(r->target, ours->target) &&
		    history_has_test(h, label, r->test))
			return r->label;
	}
	return NULL;
}

/* Does @h hold a label that is not the demo's? */
static bool has_real_label(const struct history *h)
{
	size_t i;

	for (i = 0; i < h->nrows; i++)
		if (!baseline_is_demo(h->rows[i].label))
			return true;
	return false;
}

void baseline_defaults(const struct history *h, const char **from,
		       const char **to)
{
	bool skip_demo = has_real_label(h);
	const char *first = NULL, *latest = NULL;
	size_t i;

	for (i = 0; i < h->nrows; i++) {
		const char *l = h->rows[i].label;

		if (skip_demo && baseline_is_demo(l))
			continue;
		if (!first)
			first = l;
		latest = l;
	}
	if (!first)
		first = latest = "";
	if (!*to)
		*to = latest;
	if (*from)
		return;
	*from = first;
	for (i = 0; !strcmp(*from, *to) && i < h->nrows; i++) {
		const char *l = h->rows[i].label;

		if (strcmp(l, *to) && !(skip_demo && baseline_is_demo(l)))
			*from = l;
	}
}
