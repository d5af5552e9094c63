/* sysinfo.c - machine facts for the report (host, kernel, CPU topology,
 * memory, governor, clocksource), per-CPU usage from /proc/stat over the
 * measured window, and the CPUs that serve a block device's interrupts.
 *
 * The topology itself is topology.c's.  Everything is read from /proc
 * and /sys before or after the window; a
 * fact that cannot be found is left empty or zero, never guessed.
 */
#include "run/sysinfo.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "lib/cpuset.h"
#include "lib/util.h"
#include "run/topology.h"

#define MAX_CPUS CPUSET_MAX
#define MAX_IRQS 256
/* ---- gather ---------------------------------------------------------------- */

static void cpu_model(char *out, size_t len)
{
	static const char *const keys[] = { "model name", "Model", "cpu model",
					     "Processor", "cpu" };
	FILE *f = fopen("/proc/cpuinfo", "re");
	char line[512], *colon, *v;
	unsigned int i;

	out[0] = '\0';
	if (!f)
		return;
	while (!out[0] && fgets(line, sizeof(line), f)) {
		colon = strchr(line, ':');
		if (!colon)
			continue;
		for (i = 0; i < ARRAY_SIZE(keys); i++) {
			size_t k = strlen(keys[i]);

			/* the whole key, then only blanks up to the colon */
			if (strncmp(line, keys[i], k) ||
			    line + k + strspn(line + k, " \t") != colon)
				continue;
			v = colon + 1;
			while (*v == ' ')
				v++;
			v[strcspn(v, "\n")] = '\0';
			str_copy(out, len, v);
			break;
		}
	}
	fclose(f);
}

/* The sysfs tree the topology is read from.  IOPROBE_TEST_SYSFS is a
 * test hook: the tests point it at a faked tree (several sockets, SMT,
 * NUMA nodes) to check the reports of machines they do not run on. */
static void cpu_topology(struct system_info *s)
{
	const char *root = getenv("IOPROBE_TEST_SYSFS");

	if (!root || !*root)
		root = TOPOLOGY_SYSFS;
	if (!topology_read(root, s))
		return;
	s->cpu_count = (uint32_t)sysconf(_SC_NPROCESSORS_ONLN);
	s->core_count = s->cpu_count;
	s->socket_count = s->node_count = 1;
}

static uint64_t mem_total(void)
{
	FILE *f = fopen("/proc/meminfo", "re");
	char line[256];
	unsigned long long kib = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemTotal: %llu kB", &kib) == 1)
			break;
	fclose(f);
	return (uint64_t)kib * 1024;
}

void sysinfo_gather(struct system_info *s)
{
	struct utsname u;
	struct tm tm;
	time_t now = time(NULL);

	memset(s, 0, sizeof(*s));
	if (gethostname(s->hostname, sizeof(s->hostname) - 1))
		s->hostname[0] = '\0';
	if (gmtime_r(&now, &tm))
		strftime(s->start_time, sizeof(s->start_time),
			 "%Y/%m/%d %H:%M:%S UTC", &tm);
	if (!uname(&u))
		snprintf(s->kernel, sizeof(s->kernel), "%s %s %s", u.sysname,
			 u.release, u.machine);
	cpu_model(s->cpu_model, sizeof(s->cpu_model));
	cpu_topology(s);
	s->mem_bytes = mem_total();
	read_first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
		  s->governor, sizeof(s->governor));
	read_first_line("/sys/devices/system/clocksource/clocksource0/current_clocksource",
		  s->clocksource, sizeof(s->clocksource));
}

/* ---- CPU usage ------------------------------------------------------------- */

void sysinfo_cpu_release(struct cpu_ticks *t)
{
	free(t->id);
	free(t->user);
	free(t->kernel);
	free(t->idle);
	memset(t, 0, sizeof(*t));
}

static int ticks_grow(struct cpu_ticks *t, uint32_t cap)
{
	uint32_t *id = realloc(t->id, cap * sizeof(*id));
	uint64_t *u, *k, *i;

	if (!id)
		return -ENOMEM;
	t->id = id;
	u = realloc(t->user, cap * sizeof(*u));
	if (!u)
		return -ENOMEM;
	t->user = u;
	k = realloc(t->kernel, cap * sizeof(*k));
	if (!k)
		return -ENOMEM;
	t->kernel = k;
	i = realloc(t->idle, cap * sizeof(*i));
	if (!i)
		return -ENOMEM;
	t->idle = i;
	return 0;
}

int sysinfo_cpu_parse(const char *text, struct cpu_ticks *t)
{
	unsigned long long v[8];
	uint32_t cap = 0;
	const char *line;
	unsigned int id;
	int ret;

	memset(t, 0, sizeof(*t));
	for (line = text; line && *line;
	     line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		if (strncmp(line, "cpu", 3) || line[3] < '0' || line[3] > '9')
			continue;
		memset(v, 0, sizeof(v));
		if (sscanf(line + 3, "%u %llu %llu %llu %llu %llu %llu %llu %llu",
			   &id, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
			   &v[6], &v[7]) < 5)
			continue;
		if (t->ncpus == cap) {
			cap = cap ? cap * 2 : 16;
			ret = ticks_grow(t, cap);
			if (ret) {
				sysinfo_cpu_release(t);
				return ret;
			}
		}
		/* user nice system idle iowait irq softirq steal */
		t->id[t->ncpus] = id;
		t->user[t->ncpus] = v[0] + v[1];
		t->kernel[t->ncpus] = v[2] + v[5] + v[6] + v[7];
		t->idle[t->ncpus] = v[3] + v[4];
		t->ncpus++;
	}
	return t->ncpus ? 0 : -EINVAL;
}

int sysinfo_cpu_snapshot(struct cpu_ticks *t)
{
	static char buf[1 << 20];
	size_t n;
	FILE *f = fopen("/proc/stat", "re");

	memset(t, 0, sizeof(*t));
	if (!f)
		return -errno;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return sysinfo_cpu_parse(buf, t);
}

static uint64_t delta(uint64_t a, uint64_t b)
{
	return b > a ? b - a : 0;
}

int sysinfo_cpu_usage(const struct cpu_ticks *a, const struct cpu_ticks *b,
		      struct cpu_usage **out, uint32_t *n)
{
	struct cpu_usage *u;
	uint32_t i, j, k = 0;

	*out = NULL;
	*n = 0;
	u = calloc(b->ncpus ? b->ncpus : 1, sizeof(*u));
	if (!u)
		return -ENOMEM;
	for (j = 0; j < b->ncpus; j++) {
		uint64_t du, dk, di, total;

		/* Pair by CPU id: a CPU may go offline between snapshots. */
		for (i = 0; i < a->ncpus && a->id[i] != b->id[j]; i++)
			;
		if (i == a->ncpus)
			continue;
		du = delta(a->user[i], b->user[j]);
		dk = delta(a->kernel[i], b->kernel[j]);
		di = delta(a->idle[i], b->idle[j]);
		total = du + dk + di;
		u[k].id = b->id[j];
		if (total) {
			u[k].user_pct = 100.0 * (double)du / (double)total;
			u[k].kernel_pct = 100.0 * (double)dk / (double)total;
		}
		u[k].usage_pct = u[k].user_pct + u[k].kernel_pct;
		u[k].idle_pct = 100.0 - u[k].usage_pct;
		k++;
	}
	*out = u;
	*n = k;
	return 0;
}

/* ---- interrupt CPUs -------------------------------------------------------- */

/* IRQ numbers of the device behind sysfs path @dir: the msi_irqs of the
 * nearest ancestor that has them, else its legacy "irq".  Also finds the
 * virtio bus id ("virtio1") on the way up. */
static unsigned int device_irqs(const char *dir, unsigned int *irqs,
				unsigned int max, char *virtio, size_t vlen)
{
	char path[PATH_MAX], sub[PATH_MAX + 16], line[32], *slash;
	unsigned int n = 0;
	struct dirent *de;
	DIR *d;

	str_copy(path, sizeof(path), dir);
	virtio[0] = '\0';
	while (n == 0 && (slash = strrchr(path, '/')) && slash != path) {
		if (!virtio[0] && !strncmp(slash + 1, "virtio", 6))
			str_copy(virtio, vlen, slash + 1);
		snprintf(sub, sizeof(sub), "%s/msi_irqs", path);
		d = opendir(sub);
		if (d) {
			while ((de = readdir(d)) && n < max)
				if (de->d_name[0] >= '0' && de->d_name[0] <= '9')
					irqs[n++] = (unsigned int)strtoul(
						de->d_name, NULL, 10);
			closedir(d);
		}
		snprintf(sub, sizeof(sub), "%s/irq", path);
		if (!n && !read_first_line(sub, line, sizeof(line)) &&
		    strtoul(line, NULL, 10) > 0 && strncmp(path, "/sys/devices/virtual", 20))
			irqs[n++] = (unsigned int)strtoul(line, NULL, 10);
		*slash = '\0';
	}
	return n;
}

static bool irq_in(unsigned int irq, const unsigned int *irqs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (irqs[i] == irq)
			return true;
	return false;
}

/* Does an /proc/interrupts line's action name @dev or "@virtio-"? */
static bool line_names(const char *line, const char *dev, const char *virtio)
{
	char key[80];

	if (virtio[0]) {
		snprintf(key, sizeof(key), " %s-", virtio);
		if (strstr(line, key))
			return true;
	}
	snprintf(key, sizeof(key), " %s", dev);
	return dev[0] && strstr(line, key);
}

/* Walk /proc/interrupts: CPUs with non-zero counts for the chosen IRQs
 * into @s; the IRQs themselves (if found by name) into @irqs. */
static void scan_interrupts(const char *dev, const char *virtio,
			    unsigned int *irqs, unsigned int *nirqs,
			    unsigned int max, struct cpuset *s)
{
	static unsigned int cols[MAX_CPUS];
	FILE *f = fopen("/proc/interrupts", "re");
	static char line[65536];
	unsigned int ncols = 0, irq, c, by_name = *nirqs == 0;
	char *p, *end;

	if (!f)
		return;
	if (fgets(line, sizeof(line), f))
		for (p = strstr(line, "CPU"); p && ncols < MAX_CPUS;
		     p = strstr(p, "CPU"))
			cols[ncols++] = (unsigned int)strtoul(p += 3, NULL, 10);
	while (fgets(line, sizeof(line), f)) {
		irq = (unsigned int)strtoul(line, &end, 10);
		if (end == line || *end != ':')
			continue;
		if (by_name) {
			if (!line_names(line, dev, virtio))
				continue;
			if (*nirqs < max)
				irqs[(*nirqs)++] = irq;
		} else if (!irq_in(irq, irqs, *nirqs)) {
			continue;
		}
		p = end + 1;
		for (c = 0; c < ncols; c++) {
			unsigned long long cnt = strtoull(p, &end, 10);

			if (end == p)
				break;
			if (cnt)
				cpuset_add(s, cols[c]);
			p = end;
		}
	}
	fclose(f);
}

void sysinfo_irq_cpus(const char *dev, char *out, size_t outlen)
{
	char path[PATH_MAX], real[PATH_MAX], virtio[32] = "", list[1024];
	unsigned int irqs[MAX_IRQS], n = 0, i;
	struct cpuset s = { { 0 } };

	if (outlen)
		out[0] = '\0';
	if (!dev || !dev[0] || !outlen)
		return;
	snprintf(path, sizeof(path), "/sys/class/block/%s", dev);
	if (realpath(path, real))
		n = device_irqs(real, irqs, MAX_IRQS, virtio, sizeof(virtio));
	scan_interrupts(dev, virtio, irqs, &n, MAX_IRQS, &s);
	if (!n)
		return;
	if (!cpuset_count(&s)) {
		/* No interrupt counted yet: say where they would go. */
		for (i = 0; i < n; i++) {
			snprintf(path, sizeof(path),
				 "/proc/irq/%u/effective_affinity_list", irqs[i]);
			if (!read_first_line(path, list, sizeof(list)))
				(void)cpuset_parse(&s, list);
		}
	}
	cpuset_format(&s, out, outlen);
}
