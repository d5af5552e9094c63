/* topology.h - where each online CPU sits: socket, NUMA node and core,
 * read from a sysfs tree, for DiskSpd's ProcessorTopology and the CPU
 * table's Socket/Node/Core columns. */
#ifndef IOPROBE_TOPOLOGY_H
#define IOPROBE_TOPOLOGY_H

#include "results/results.h"

/* The sysfs root of the machine; tests pass a folder of their own. */
#define TOPOLOGY_SYSFS "/sys"

/* Fill s->topo/ntopo and the cpu, core, socket and node counts from the
 * tree at @sysfs (its devices/system/cpu/online, cpuN/topology/
 * physical_package_id and core_id, devices/system/node/nodeN/cpulist).
 * A missing topology file counts the CPU as its own core of socket 0; no
 * node folder means one node.  Returns 0, or -ENOENT when the tree lists
 * no online CPU (the counts are then left zero). */
int topology_read(const char *sysfs, struct system_info *s);

#endif
