/* cpuset.c - CPU sets and the kernel's CPU list notation (see cpuset.h). */
#include "lib/cpuset.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cpuset_clear(struct cpuset *s)
{
	memset(s, 0, sizeof(*s));
}

void cpuset_add(struct cpuset *s, unsigned long cpu)
{
	if (cpu < CPUSET_MAX)
		s->bits[cpu / 64] |= 1ull << (cpu % 64);
}

bool cpuset_has(const struct cpuset *s, unsigned long cpu)
{
	return cpu < CPUSET_MAX && (s->bits[cpu / 64] & (1ull << (cpu % 64)));
}

unsigned int cpuset_count(const struct cpuset *s)
{
	unsigned int i, n = 0;

	for (i = 0; i < CPUSET_MAX / 64; i++)
		n += (unsigned int)__builtin_popcountll(s->bits[i]);
	return n;
}

int cpuset_parse(struct cpuset *s, const char *list)
{
	const char *p = list;
	unsigned long a, b;
	char *end;

	while (*p) {
		a = strtoul(p, &end, 10);
		if (end == p)
			break;
		b = a;
		if (*end == '-')
			b = strtoul(end + 1, &end, 10);
		for (; a <= b && a < CPUSET_MAX; a++)
			cpuset_add(s, a);
		p = *end == ',' ? end + 1 : end;
		if (*end != ',')
			break;
	}
	return p == list ? -EINVAL : 0;
}

void cpuset_format(const struct cpuset *s, char *out, size_t len)
{
	unsigned long c = 0, start;
	size_t used = 0;
	int n;

	out[0] = '\0';
	while (c < CPUSET_MAX) {
		if (!cpuset_has(s, c)) {
			c++;
			continue;
		}
		start = c;
		while (c + 1 < CPUSET_MAX && cpuset_has(s, c + 1))
			c++;
		if (start == c)
			n = snprintf(out + used, len - used, "%s%lu",
				     used ? "," : "", start);
		else
			n = snprintf(out + used, len - used, "%s%lu-%lu",
				     used ? "," : "", start, c);
		if (n < 0 || (size_t)n >= len - used) {
			out[used] = '\0';
			return;
		}
		used += (size_t)n;
		c++;
	}
}
