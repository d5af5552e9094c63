/* report_xml_system.c - the <System> and <CpuUtilization> parts of the
 * XML results.  ProcessorTopology is DiskSpd 2.2's: one <Group> per
 * processor group of 64 CPUs, a <Node> and a <Socket> per NUMA node and
 * package with the group masks of their CPUs, a <Core> per core (SMT
 * siblings share one); lower-case hex masks without leading zeros.  Our
 * Linux facts follow in System/Linux, never among DiskSpd's elements. */
#include "report/report_xml_parts.h"

#include <inttypes.h>

#include "lib/emit.h"
#include "report/report_fleet.h"
#include "report/report_xml_el.h"
#include "results/topo.h"

/* <Node Node="n"> / <Socket Socket="n"> blocks, with a <Group> per group
 * that has CPUs there. */
static void write_places(FILE *f, unsigned int lvl,
			 const struct system_info *s, int what,
			 const char *name)
{
	uint32_t g, ng = topo_groups(s);
	int64_t v = -1, lo;

	for (;;) {
		/* the next value over all groups */
		lo = -1;
		for (g = 0; g < ng; g++) {
			int64_t x = topo_next(s, what, g, v);

			if (x >= 0 && (lo < 0 || x < lo))
				lo = x;
		}
		if (lo < 0)
			break;
		v = lo;
		xml_ind(f, lvl);
		fprintf(f, "<%s %s=\"%" PRId64 "\">\n", name, name, v);
		for (g = 0; g < ng; g++) {
			uint64_t m = topo_mask(s, what, g, (uint32_t)v);

			if (!m)
				continue;
			xml_ind(f, lvl + 1);
			fprintf(f, "<Group Group=\"%" PRIu32 "\" Mask=\"0x%"
				PRIx64 "\"/>\n", g, m);
		}
		xml_close(f, lvl, name);
	}
}

static void write_topology(FILE *f, unsigned int lvl,
			   const struct system_info *s)
{
	uint32_t g, ng = topo_groups(s);
	int64_t c;

	xml_ind(f, lvl);
	fputs("<ProcessorTopology Heterogeneous=\"false\">\n", f);
	for (g = 0; g < ng; g++) {
		uint64_t m = 0;
		uint32_t n = 0;

		for (c = topo_next(s, TOPO_CORE, g, -1); c >= 0;
		     c = topo_next(s, TOPO_CORE, g, c))
			m |= topo_mask(s, TOPO_CORE, g, (uint32_t)c);
		n = (uint32_t)__builtin_popcountll(m);
		xml_ind(f, lvl + 1);
		fprintf(f, "<Group Group=\"%" PRIu32 "\" MaximumProcessors=\"%"
			PRIu32 "\" ActiveProcessors=\"%" PRIu32 "\" "
			"ActiveProcessorMask=\"0x%" PRIx64 "\"/>\n", g, n, n, m);
	}
	write_places(f, lvl + 1, s, TOPO_NODE, "Node");
	write_places(f, lvl + 1, s, TOPO_SOCKET, "Socket");
	for (g = 0; g < ng; g++)
		for (c = topo_next(s, TOPO_CORE, g, -1); c >= 0;
		     c = topo_next(s, TOPO_CORE, g, c)) {
			xml_ind(f, lvl + 1);
			fprintf(f, "<Core Group=\"%" PRIu32 "\" Core=\"%" PRId64
				"\" Mask=\"0x%" PRIx64 "\" EfficiencyClass="
				"\"0\"/>\n", g, c,
				topo_mask(s, TOPO_CORE, g, (uint32_t)c));
		}
	xml_close(f, lvl, "ProcessorTopology");
}

/* System/Linux/Target: what the device under a target is. */
static void write_target_facts(FILE *f, unsigned int lvl,
			       const struct target_info *t)
{
	xml_open(f, lvl, "Target");
	xml_str(f, lvl + 1, "Path", t->path);
	xml_str(f, lvl + 1, "FileSystem", t->fs_type);
	xml_str(f, lvl + 1, "BlockDevice", t->device);
	xml_str(f, lvl + 1, "Model", t->model);
	xml_i64(f, lvl + 1, "Rotational", t->rotational);
	xml_str(f, lvl + 1, "Scheduler", t->scheduler);
	xml_u64(f, lvl + 1, "LogicalBlockSize", t->logical_block);
	xml_u64(f, lvl + 1, "PhysicalBlockSize", t->physical_block);
	xml_u64(f, lvl + 1, "QueueDepth", t->hw_queue_depth);
	xml_str(f, lvl + 1, "InterruptCpus", t->irq_cpus);
	xml_close(f, lvl, "Target");
}

static void write_linux(FILE *f, unsigned int lvl, const struct results *r)
{
	const struct system_info *s = &r->sys;
	uint32_t i;

	xml_open(f, lvl, "Linux");
	xml_str(f, lvl + 1, "Tool", "ioprobe");
	xml_str(f, lvl + 1, "ToolVersion", r->version);
	xml_str(f, lvl + 1, "Kernel", s->kernel);
	xml_str(f, lvl + 1, "CpuModel", s->cpu_model);
	xml_u64(f, lvl + 1, "CpuCount", s->cpu_count);
	xml_u64(f, lvl + 1, "CoreCount", s->core_count);
	xml_u64(f, lvl + 1, "SocketCount", s->socket_count);
	xml_u64(f, lvl + 1, "NodeCount", s->node_count);
	xml_u64(f, lvl + 1, "MemoryBytes", s->mem_bytes);
	xml_str(f, lvl + 1, "Governor", s->governor);
	xml_str(f, lvl + 1, "Clocksource", s->clocksource);
	for (i = 0; i < r->ntargets; i++)
		write_target_facts(f, lvl + 1, &r->targets[i]);
	report_xml_fleet(r, f, lvl + 1);
	xml_close(f, lvl, "Linux");
}

void xml_system(FILE *f, unsigned int lvl, const struct results *r)
{
	const struct system_info *s = &r->sys;

	xml_open(f, lvl, "System");
	xml_str(f, lvl + 1, "ComputerName", s->hostname);
	xml_open(f, lvl + 1, "Tool");
	xml_str(f, lvl + 2, "Version", XML_DISKSPD_VERSION);
	xml_str(f, lvl + 2, "VersionDate", XML_DISKSPD_VERSION_DATE);
	xml_close(f, lvl + 1, "Tool");
	xml_str(f, lvl + 1, "RunTime", s->start_time);
	/* DiskSpd's Windows power plan: the cpufreq governor by name; Linux
	 * has no plan GUID */
	xml_ind(f, lvl + 1);
	fputs("<PowerScheme Name=\"", f);
	emit_escaped(f, s->governor);
	fputs("\" Guid=\"\"/>\n", f);
	write_topology(f, lvl + 1, s);
	write_linux(f, lvl + 1, r);
	xml_close(f, lvl, "System");
}

void xml_cpu_utilization(FILE *f, unsigned int lvl, const struct results *r)
{
	double use = 0, user = 0, kern = 0, idle = 0;
	uint32_t i, n = r->ncpus;

	xml_open(f, lvl, "CpuUtilization");
	for (i = 0; i < n; i++) {
		const struct cpu_usage *c = &r->cpus[i];
		struct cpu_topo t = topo_of(&r->sys, c->id);

		xml_open(f, lvl + 1, "CPU");
		xml_u64(f, lvl + 2, "Socket", t.socket);
		xml_u64(f, lvl + 2, "Node", t.node);
		xml_u64(f, lvl + 2, "Group", topo_group(c->id));
		xml_u64(f, lvl + 2, "Core", t.core);
		xml_u64(f, lvl + 2, "EfficiencyClass", 0);
		xml_u64(f, lvl + 2, "Id", c->id % RESULTS_CPUS_PER_GROUP);
		xml_dbl(f, lvl + 2, "UsagePercent", 2, c->usage_pct);
		xml_dbl(f, lvl + 2, "UserPercent", 2, c->user_pct);
		xml_dbl(f, lvl + 2, "KernelPercent", 2, c->kernel_pct);
		xml_dbl(f, lvl + 2, "IdlePercent", 2, c->idle_pct);
		xml_close(f, lvl + 1, "CPU");
		use += c->usage_pct;
		user += c->user_pct;
		kern += c->kernel_pct;
		idle += c->idle_pct;
	}
	xml_open(f, lvl + 1, "Average");
	xml_dbl(f, lvl + 2, "UsagePercent", 2, n ? use / n : 0);
	xml_dbl(f, lvl + 2, "UserPercent", 2, n ? user / n : 0);
	xml_dbl(f, lvl + 2, "KernelPercent", 2, n ? kern / n : 0);
	xml_dbl(f, lvl + 2, "IdlePercent", 2, n ? idle / n : 0);
	xml_close(f, lvl + 1, "Average");
	xml_close(f, lvl, "CpuUtilization");
}
