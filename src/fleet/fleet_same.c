/* fleet_same.c - every rank's mode and words to rank 0, which compares
 * them with its own and broadcasts the first rank that differs (see
 * fleet_same.h).  The words travel NUL-separated, so a word with spaces
 * stays one word.
 */
#include "fleet/fleet_same.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* @host, @mode and @argv as "host\0mode\0word\0word\0" into *@out
 * (malloc'ed). */
static int same_pack(const char *host, const char *mode, int argc,
		     char *const *argv, char **out, uint64_t *len)
{
	size_t n = strlen(host) + 1 + strlen(mode) + 1, o;
	int i;

	for (i = 0; i < argc; i++)
		n += strlen(argv[i]) + 1;
	*out = malloc(n);
	if (!*out)
		return -ENOMEM;
	o = strlen(host) + 1;
	memcpy(*out, host, o);
	memcpy(*out + o, mode, strlen(mode) + 1);
	o += strlen(mode) + 1;
	for (i = 0; i < argc; i++) {
		size_t w = strlen(argv[i]) + 1;

		memcpy(*out + o, argv[i], w);
		o += w;
	}
	*len = n;
	return 0;
}

/* The next word of @p (@end its end), or NULL past the last one. */
static const char *same_word(const char **p, const char *end)
{
	const char *w = *p;

	if (w >= end)
		return NULL;
	*p += strnlen(w, (size_t)(end - w)) + 1;
	return w;
}

/* Rank 0: the first difference of @b (rank @k's) from @a (rank 0's) in
 * @why, the hosts left out; false when the same. */
static bool same_diff(const char *a, uint64_t alen, const char *b,
		      uint64_t blen, uint32_t k, char *why, size_t len)
{
	const char *pa = a, *pb = b, *wa, *wb, *host;
	char head[160];
	unsigned int i;

	same_word(&pa, a + alen);
	host = same_word(&pb, b + blen);
	snprintf(head, sizeof(head), "rank %u (%.64s) was started with "
		 "another workload than rank 0", k, host ? host : "-");
	for (i = 0;; i++) {
		wa = same_word(&pa, a + alen);
		wb = same_word(&pb, b + blen);
		if (!wa && !wb)
			return false;
		if (wa && wb && !strcmp(wa, wb))
			continue;
		if (!i)
			snprintf(why, len, "%s: it runs '%s' where rank 0 "
				 "runs '%s'", head, wb, wa);
		else if (wa && wb)
			snprintf(why, len, "%s: its '%.200s' where rank 0 has "
				 "'%.200s'", head, wb, wa);
		else if (wb)
			snprintf(why, len, "%s: its '%.200s', which rank 0 "
				 "has not", head, wb);
		else
			snprintf(why, len, "%s: it has not rank 0's '%.200s'",
				 head, wa);
		return true;
	}
}

/* Rank 0: the first rank in @all (@lens) that differs, 0 when none. */
static uint64_t same_pick(const struct fleet *f, const char *all,
			  const uint64_t *lens, char *why, size_t len)
{
	uint64_t off = lens[0];
	uint32_t k;

	for (k = 1; k < f->size; off += lens[k], k++)
		if (same_diff(all, lens[0], all + off, lens[k], k, why, len))
			return k;
	return 0;
}

int fleet_same(struct fleet *f, const char *mode, int argc,
	       char *const *argv, char *why, size_t len)
{
	uint64_t *lens = NULL, v = 0, n = 0;
	char *text = NULL, *all = NULL;
	int ret;

	if (len)
		why[0] = '\0';
	ret = same_pack(f->host[0] ? f->host : "-", mode, argc, argv, &text,
			&n);
	if (ret)
		return ret;
	ret = fleet_gather(f, text, n, &all, &lens, FLEET_SAME_WAIT_S);
	free(text);
	if (!ret && !f->rank)
		v = same_pick(f, all, lens, why, len);
	free(all);
	free(lens);
	if (!ret)
		ret = fleet_bcast(f, &v, FLEET_SAME_WAIT_S);
	if (ret)
		return ret;
	return v ? 1 : 0;
}
