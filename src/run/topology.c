/* topology.c - the CPU topology reader (see topology.h).  Cores are
 * numbered the way DiskSpd numbers them: per processor group of 64 CPUs,
 * in the order of their first CPU, one core per distinct
 * (physical_package_id, core_id) pair. */
#include "run/topology.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cpuset.h"
#include "lib/util.h"

/* A non-negative number from the first line of @path, or @def. */
static uint32_t read_num(const char *path, uint32_t def)
{
	char line[64], *end;
	long v;

	if (read_first_line(path, line, sizeof(line)))
		return def;
	errno = 0;
	v = strtol(line, &end, 10);
	if (errno || end == line || v < 0 || v > (long)UINT32_MAX)
		return def;
	return (uint32_t)v;
}

/* The node of every CPU from nodeN/cpulist; returns the node count. */
static uint32_t read_nodes(const char *sysfs, struct system_info *s)
{
	char path[PATH_MAX], list[4096];
	struct cpuset cpus;
	struct dirent *de;
	uint32_t n = 0, i, node;
	char *end;
	DIR *d;

	snprintf(path, sizeof(path), "%s/devices/system/node", sysfs);
	d = opendir(path);
	if (!d)
		return 1;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, "node", 4) || de->d_name[4] < '0' ||
		    de->d_name[4] > '9')
			continue;
		node = (uint32_t)strtoul(de->d_name + 4, &end, 10);
		if (*end)
			continue;
		n++;
		snprintf(path, sizeof(path), "%s/devices/system/node/%s/cpulist",
			 sysfs, de->d_name);
		memset(&cpus, 0, sizeof(cpus));
		if (read_first_line(path, list, sizeof(list)) ||
		    cpuset_parse(&cpus, list))
			continue;
		for (i = 0; i < s->ntopo; i++)
			if (cpuset_has(&cpus, s->topo[i].cpu))
				s->topo[i].node = node;
	}
	closedir(d);
	return n ? n : 1;
}

/* Number the cores per group and count cores and sockets. */
static void number_cores(struct system_info *s, const uint32_t *core_id)
{
	uint32_t i, j, ncores = 0;
	struct cpuset pkgs;

	memset(&pkgs, 0, sizeof(pkgs));
	for (i = 0; i < s->ntopo; i++) {
		struct cpu_topo *t = &s->topo[i];
		uint32_t g = t->cpu / RESULTS_CPUS_PER_GROUP, next = 0;

		cpuset_add(&pkgs, t->socket < CPUSET_MAX ? t->socket : 0);
		for (j = 0; j < i; j++) {
			const struct cpu_topo *o = &s->topo[j];

			if (o->cpu / RESULTS_CPUS_PER_GROUP != g)
				continue;
			if (o->socket == t->socket && core_id[j] == core_id[i])
				break;
			if (o->core + 1 > next)
				next = o->core + 1;
		}
		if (j < i) {
			t->core = s->topo[j].core;
		} else {
			t->core = next;
			ncores++;
		}
	}
	s->core_count = ncores;
	s->socket_count = cpuset_count(&pkgs);
}

int topology_read(const char *sysfs, struct system_info *s)
{
	uint32_t core_id[RESULTS_MAX_TOPO];	/* 4 KiB */
	char path[PATH_MAX], online[4096];
	struct cpuset on;
	uint32_t c;

	s->ntopo = s->cpu_count = s->core_count = s->socket_count = 0;
	s->node_count = 0;
	memset(&on, 0, sizeof(on));
	snprintf(path, sizeof(path), "%s/devices/system/cpu/online", sysfs);
	if (read_first_line(path, online, sizeof(online)) ||
	    cpuset_parse(&on, online) || !cpuset_count(&on))
		return -ENOENT;
	for (c = 0; c < CPUSET_MAX && s->ntopo < RESULTS_MAX_TOPO; c++) {
		struct cpu_topo *t = &s->topo[s->ntopo];

		if (!cpuset_has(&on, c))
			continue;
		memset(t, 0, sizeof(*t));
		t->cpu = c;
		snprintf(path, sizeof(path), "%s/devices/system/cpu/cpu%u/"
			 "topology/physical_package_id", sysfs, c);
		t->socket = read_num(path, 0);
		snprintf(path, sizeof(path), "%s/devices/system/cpu/cpu%u/"
			 "topology/core_id", sysfs, c);
		core_id[s->ntopo] = read_num(path, c);
		s->ntopo++;
	}
	s->cpu_count = s->ntopo;
	number_cores(s, core_id);
	s->node_count = read_nodes(sysfs, s);
	return 0;
}
