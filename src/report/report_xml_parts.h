/* report_xml_parts.h - the parts of the XML results written outside
 * report_xml.c: System (DiskSpd's elements, ProcessorTopology and our
 * System/Linux), CpuUtilization, and TimeSpan/Linux. */
#ifndef IOPROBE_REPORT_XML_PARTS_H
#define IOPROBE_REPORT_XML_PARTS_H

#include <stdint.h>
#include <stdio.h>

#include "results/results.h"

#define XML_DISKSPD_VERSION "2.2.0"
#define XML_DISKSPD_VERSION_DATE "2024/6/3"

/* <System>: DiskSpd's ComputerName, Tool, RunTime, PowerScheme and
 * ProcessorTopology, then <Linux> with the host facts and one <Target>
 * per target (Path first, then its device facts). */
void xml_system(FILE *f, unsigned int lvl, const struct results *r);
/* <CpuUtilization> with DiskSpd's per-CPU Socket/Node/Group/Core/Id. */
void xml_cpu_utilization(FILE *f, unsigned int lvl, const struct results *r);

/* <Distribution> of Thread/Target for target @target (nothing without
 * -rd): the effective ranges as DiskSpd prints them. */
void xml_distribution(FILE *f, unsigned int lvl, const struct results *r,
		      uint32_t target);

/* <Linux> of a TimeSpan: engine, batching, label, interruption,
 * warnings, failed I/Os, then one <Target> per target (see below). */
void xml_timespan_linux(FILE *f, unsigned int lvl, const struct results *r);
/* The children of TimeSpan/Linux/Target for target @t, after its
 * <Path>, at level @lvl: the per-run Linux facts of that target (one
 * <Thread> per thread that used it, with achieved queue depth, worker
 * CPUs, I/O errors).  New per-target figures (device counters, a
 * summary) are added here, as elements of their own. */
void xml_ts_linux_target(FILE *f, unsigned int lvl, const struct results *r,
			 uint32_t t);

#endif
