/* suggest.c - the closest name to a typo (see suggest.h): the optimal
 * string alignment distance over two rows of a small table. */
#include "lib/suggest.h"

#include <string.h>

#define SUGGEST_MAX 64

static unsigned int min3(unsigned int a, unsigned int b, unsigned int c)
{
	unsigned int m = a < b ? a : b;

	return m < c ? m : c;
}

unsigned int suggest_distance(const char *a, size_t na, const char *b)
{
	unsigned int d[3][SUGGEST_MAX + 1];
	size_t nb = strlen(b), i, j;

	if (na >= SUGGEST_MAX || nb >= SUGGEST_MAX)
		return 1000;
	for (j = 0; j <= nb; j++)
		d[0][j] = (unsigned int)j;
	for (i = 1; i <= na; i++) {
		unsigned int *cur = d[i % 3], *prev = d[(i - 1) % 3];
		const unsigned int *prev2 = d[(i + 1) % 3];

		cur[0] = (unsigned int)i;
		for (j = 1; j <= nb; j++) {
			unsigned int cost = a[i - 1] != b[j - 1];

			cur[j] = min3(prev[j] + 1, cur[j - 1] + 1,
				      prev[j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < cur[j])
				cur[j] = prev2[j - 2] + 1;
		}
	}
	return d[na % 3][nb];
}

const char *suggest_name(const char *typed, size_t len, const void *names,
			 size_t n, size_t stride)
{
	const char *best = NULL;
	unsigned int best_d = 1000, bound = len > 4 ? 2 : 1;
	size_t i;

	for (i = 0; i < n; i++) {
		const char *name = *(const char *const *)((const char *)names +
							  i * stride);
		unsigned int d = suggest_distance(typed, len, name);

		if (d && d <= bound && d < best_d) {
			best = name;
			best_d = d;
		}
	}
	return best;
}
