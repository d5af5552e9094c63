/* test_topology.c - the sysfs topology reader on faked trees: SMT
 * siblings that are not adjacent, two sockets and two NUMA nodes,
 * missing files, no online list; and the report questions of topo.h. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "results/topo.h"
#include "run/topology.h"

static char root[64];

static void put(const char *rel, const char *text)
{
	char path[256], *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (p = strchr(path + strlen(root) + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void cpu(unsigned int n, const char *pkg, const char *core)
{
	char rel[128];

	snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%u/topology/"
		 "physical_package_id", n);
	put(rel, pkg);
	snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%u/topology/core_id",
		 n);
	put(rel, core);
}

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/ioprobe-topo-x10xml.XXXXXX");
	return mkdtemp(root) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) ? -1 : 0;
}

/* 8 CPUs: two sockets of two cores, siblings 0+2, 1+3, 4+6, 5+7; node
 * 0 = socket 0, node 1 = socket 1. */
static void test_two_sockets_smt(void **state)
{
	static struct system_info s;
	const char *core[] = { "0\n", "1\n", "0\n", "1\n" };
	unsigned int i;

	(void)state;
	put("devices/system/cpu/online", "0-7\n");
	for (i = 0; i < 8; i++)
		cpu(i, i < 4 ? "0\n" : "1\n", core[i % 4]);
	put("devices/system/node/node0/cpulist", "0-3\n");
	put("devices/system/node/node1/cpulist", "4-7\n");
	put("devices/system/node/possible", "0-1\n");
	assert_int_equal(topology_read(root, &s), 0);
	assert_int_equal(s.ntopo, 8);
	assert_int_equal(s.cpu_count, 8);
	assert_int_equal(s.core_count, 4);
	assert_int_equal(s.socket_count, 2);
	assert_int_equal(s.node_count, 2);
	/* DiskSpd numbers the cores of a group in the order of their
	 * first CPU */
	assert_int_equal(s.topo[2].core, 0);
	assert_int_equal(s.topo[3].core, 1);
	assert_int_equal(s.topo[4].core, 2);
	assert_int_equal(s.topo[7].core, 3);
	assert_int_equal(s.topo[5].socket, 1);
	assert_int_equal(s.topo[5].node, 1);
	assert_int_equal(s.topo[1].node, 0);
	assert_true(topo_smt(&s));
	assert_int_equal(topo_sockets(&s), 2);
	assert_int_equal(topo_nodes(&s), 2);
	assert_int_equal(topo_groups(&s), 1);
	assert_int_equal(topo_mask(&s, TOPO_CORE, 0, 0), 0x5);
	assert_int_equal(topo_mask(&s, TOPO_CORE, 0, 3), 0xa0);
	assert_int_equal(topo_mask(&s, TOPO_NODE, 0, 1), 0xf0);
	assert_int_equal(topo_next(&s, TOPO_SOCKET, 0, 0), 1);
	assert_int_equal(topo_next(&s, TOPO_SOCKET, 0, 1), -1);
}

/* Offline CPUs are left out; missing topology files make each CPU its
 * own core of socket 0; no node folder means one node. */
static void test_sparse_and_missing(void **state)
{
	static struct system_info s;

	(void)state;
	put("devices/system/cpu/online", "0,2-3\n");
	assert_int_equal(topology_read(root, &s), 0);
	assert_int_equal(s.ntopo, 3);
	assert_int_equal(s.topo[1].cpu, 2);
	assert_int_equal(s.core_count, 3);
	assert_int_equal(s.socket_count, 1);
	assert_int_equal(s.node_count, 1);
	assert_false(topo_smt(&s));
	assert_int_equal(topo_mask(&s, TOPO_SOCKET, 0, 0), 0xd);
}

/* Past 64 CPUs a second processor group starts, numbering its cores
 * from 0 again. */
static void test_groups(void **state)
{
	static struct system_info s;
	struct cpu_topo t;

	(void)state;
	put("devices/system/cpu/online", "0-69\n");
	assert_int_equal(topology_read(root, &s), 0);
	assert_int_equal(topo_groups(&s), 2);
	t = topo_of(&s, 65);
	assert_int_equal(t.core, 1);
	assert_int_equal(topo_group(65), 1);
	assert_int_equal(topo_mask(&s, TOPO_SOCKET, 1, 0), 0x3f);
}

static void test_no_online_list(void **state)
{
	static struct system_info s;

	(void)state;
	assert_int_equal(topology_read("/nonexistent-x10xml", &s), -ENOENT);
	assert_int_equal(s.ntopo, 0);
	/* a result without topology reads as one socket, own cores */
	s.cpu_count = 2;
	assert_int_equal(topo_count(&s), 2);
	assert_int_equal(topo_of(&s, 1).core, 1);
	assert_false(topo_smt(&s));
	assert_int_equal(topo_nodes(&s), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_two_sockets_smt, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_sparse_and_missing, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_groups, setup, teardown),
		cmocka_unit_test(test_no_online_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
