/* topo.c - the CPU topology questions of the reports (see topo.h). */
#include "results/topo.h"

uint32_t topo_count(const struct system_info *s)
{
	if (s->ntopo)
		return s->ntopo;
	return s->cpu_count ? s->cpu_count : 1;
}

struct cpu_topo topo_at(const struct system_info *s, uint32_t i)
{
	struct cpu_topo t = { 0 };

	if (s->ntopo)
		return s->topo[i < s->ntopo ? i : s->ntopo - 1];
	t.cpu = i;
	t.core = i % RESULTS_CPUS_PER_GROUP;
	return t;
}

struct cpu_topo topo_of(const struct system_info *s, uint32_t cpu)
{
	struct cpu_topo t = { 0 };
	uint32_t i;

	for (i = 0; i < s->ntopo; i++)
		if (s->topo[i].cpu == cpu)
			return s->topo[i];
	t.cpu = cpu;
	t.core = cpu % RESULTS_CPUS_PER_GROUP;
	return t;
}

static uint32_t field(const struct cpu_topo *t, int what)
{
	return what == TOPO_SOCKET ? t->socket :
		what == TOPO_NODE ? t->node : t->core;
}

int64_t topo_next(const struct system_info *s, int what, uint32_t g,
		  int64_t after)
{
	uint32_t i, n = topo_count(s);
	int64_t best = -1;

	for (i = 0; i < n; i++) {
		struct cpu_topo t = topo_at(s, i);
		int64_t v = field(&t, what);

		if (topo_group(t.cpu) == g && v > after &&
		    (best < 0 || v < best))
			best = v;
	}
	return best;
}

uint64_t topo_mask(const struct system_info *s, int what, uint32_t g,
		   uint32_t v)
{
	uint32_t i, n = topo_count(s);
	uint64_t m = 0;

	for (i = 0; i < n; i++) {
		struct cpu_topo t = topo_at(s, i);

		if (topo_group(t.cpu) == g && field(&t, what) == v)
			m |= UINT64_C(1) << (t.cpu % RESULTS_CPUS_PER_GROUP);
	}
	return m;
}

uint32_t topo_groups(const struct system_info *s)
{
	uint32_t i, n = topo_count(s), g = 0;

	for (i = 0; i < n; i++) {
		struct cpu_topo t = topo_at(s, i);

		if (topo_group(t.cpu) + 1 > g)
			g = topo_group(t.cpu) + 1;
	}
	return g;
}

/* Distinct values of @what over all groups. */
static uint32_t distinct(const struct system_info *s, int what)
{
	uint32_t i, j, n = topo_count(s), k = 0;

	for (i = 0; i < n; i++) {
		struct cpu_topo a = topo_at(s, i);

		for (j = 0; j < i; j++) {
			struct cpu_topo b = topo_at(s, j);

			if (field(&a, what) == field(&b, what))
				break;
		}
		k += j == i;
	}
	return k;
}

uint32_t topo_sockets(const struct system_info *s)
{
	return distinct(s, TOPO_SOCKET);
}

uint32_t topo_nodes(const struct system_info *s)
{
	return distinct(s, TOPO_NODE);
}

bool topo_smt(const struct system_info *s)
{
	uint32_t i, n = topo_count(s);

	for (i = 0; i < n; i++) {
		struct cpu_topo t = topo_at(s, i);
		uint64_t m = topo_mask(s, TOPO_CORE, topo_group(t.cpu), t.core);

		if (m & (m - 1))
			return true;
	}
	return false;
}
