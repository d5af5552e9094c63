/* sysinfo.h - machine facts and CPU accounting for the report. */
#ifndef IOPROBE_SYSINFO_H
#define IOPROBE_SYSINFO_H

#include <stddef.h>
#include <stdint.h>

#include "results/results.h"

/* Per-CPU /proc/stat counters (USER_HZ ticks). */
struct cpu_ticks {
	uint32_t ncpus;
	uint32_t *id;		/* CPU number of each entry (offline CPUs
				 * are absent from /proc/stat) */
	uint64_t *user;		/* user + nice */
	uint64_t *kernel;	/* system + irq + softirq + steal */
	uint64_t *idle;		/* idle + iowait */
};

/* Hostname, start time (now, UTC), kernel, CPU model and counts, memory,
 * governor, clocksource. */
void sysinfo_gather(struct system_info *s);
/* Snapshot /proc/stat; 0 or -errno. */
int sysinfo_cpu_snapshot(struct cpu_ticks *t);
/* Parse /proc/stat text (the "cpuN ..." lines) into @t; 0, -EINVAL when
 * no CPU line is found, or -ENOMEM.  Used by the snapshot and by tests. */
int sysinfo_cpu_parse(const char *text, struct cpu_ticks *t);
/* Usage between two snapshots into a new array (*out, *n), CPUs paired by
 * id: Usage = User + Kernel, Idle = 100 - Usage, all in percent of the
 * elapsed ticks; 0 or -errno. */
int sysinfo_cpu_usage(const struct cpu_ticks *a, const struct cpu_ticks *b,
		      struct cpu_usage **out, uint32_t *n);
void sysinfo_cpu_release(struct cpu_ticks *t);
/* CPUs that serve block device @dev's interrupts (e.g. "1" or "0-1"),
 * from /proc/interrupts and sysfs; "" when unknown. */
void sysinfo_irq_cpus(const char *dev, char *out, size_t outlen);

#endif
