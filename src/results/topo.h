/* topo.h - questions the reports ask of the CPU topology in struct
 * system_info: where a CPU sits, and which of DiskSpd's optional CPU
 * columns (Socket, Node, Group, Core) a machine needs.  A result without
 * topology (files saved before it was recorded) reads as one socket and
 * one node, each CPU its own core. */
#ifndef IOPROBE_TOPO_H
#define IOPROBE_TOPO_H

#include <stdbool.h>
#include <stdint.h>

#include "results/results.h"

/* CPUs described: s->ntopo, or s->cpu_count (at least 1) without it. */
uint32_t topo_count(const struct system_info *s);
/* The @i-th CPU (i < topo_count()), in CPU order. */
struct cpu_topo topo_at(const struct system_info *s, uint32_t i);
/* Where Linux CPU @cpu sits; a CPU not listed is its own core. */
struct cpu_topo topo_of(const struct system_info *s, uint32_t cpu);

static inline uint32_t topo_group(uint32_t cpu)
{
	return cpu / RESULTS_CPUS_PER_GROUP;
}

/* Processor groups, distinct sockets and nodes of the CPUs described. */
uint32_t topo_groups(const struct system_info *s);
uint32_t topo_sockets(const struct system_info *s);
uint32_t topo_nodes(const struct system_info *s);
/* Some core holds more than one CPU (SMT). */
bool topo_smt(const struct system_info *s);

/* The lowest socket (@what 0), node (1) or core (2) number greater than
 * @after (-1: the lowest) among the CPUs of group @g, or -1 if none. */
int64_t topo_next(const struct system_info *s, int what, uint32_t g,
		  int64_t after);
/* Group-relative bit mask of the CPUs of group @g whose socket (@what
 * 0), node (1) or core (2) is @v. */
uint64_t topo_mask(const struct system_info *s, int what, uint32_t g,
		   uint32_t v);

#define TOPO_SOCKET 0
#define TOPO_NODE 1
#define TOPO_CORE 2

#endif
