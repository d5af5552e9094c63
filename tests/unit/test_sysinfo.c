/* test_sysinfo.c - CPU usage arithmetic on crafted /proc/stat snapshots,
 * and the machine facts gathered on the test host. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run/sysinfo.h"

/* user nice system idle iowait irq softirq steal guest guest_nice */
static const char stat_a[] =
	"cpu  300 20 150 1600 80 10 10 0 0 0\n"
	"cpu0 100 10 50 800 40 5 5 0 0 0\n"
	"cpu1 200 10 100 800 40 5 5 0 0 0\n"
	"intr 12345 0 0\n"
	"ctxt 99\n";
static const char stat_b[] =
	"cpu  0 0 0 0 0 0 0 0 0 0\n"
	"cpu0 130 20 70 860 50 7 8 5 0 0\n"	/* +40 user, +35 kernel, +70 idle */
	"cpu1 200 10 100 1000 40 5 5 0 0 0\n"	/* only idle moved */
	"intr 0\n";

static void test_usage_arithmetic(void **state)
{
	struct cpu_ticks a, b;
	struct cpu_usage *u;
	uint32_t n;

	(void)state;
	assert_int_equal(sysinfo_cpu_parse(stat_a, &a), 0);
	assert_int_equal(sysinfo_cpu_parse(stat_b, &b), 0);
	assert_int_equal(a.ncpus, 2);
	/* user = user + nice; kernel = system + irq + softirq + steal;
	 * idle = idle + iowait */
	assert_int_equal(a.user[0], 110);
	assert_int_equal(a.kernel[0], 60);
	assert_int_equal(a.idle[0], 840);
	assert_int_equal(b.kernel[0], 90);
	assert_int_equal(sysinfo_cpu_usage(&a, &b, &u, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(u[0].id, 0);
	/* total delta = 40 + 30 + 70 = 140 */
	assert_float_equal(u[0].user_pct, 100.0 * 40 / 140, 1e-9);
	assert_float_equal(u[0].kernel_pct, 100.0 * 30 / 140, 1e-9);
	assert_float_equal(u[0].usage_pct, 100.0 * 70 / 140, 1e-9);
	assert_float_equal(u[0].idle_pct, 50.0, 1e-9);
	assert_float_equal(u[1].usage_pct, 0.0, 1e-9);
	assert_float_equal(u[1].idle_pct, 100.0, 1e-9);
	free(u);
	sysinfo_cpu_release(&a);
	sysinfo_cpu_release(&b);
}

static void test_usage_pairs_by_id(void **state)
{
	struct cpu_ticks a, b;
	struct cpu_usage *u;
	uint32_t n;

	(void)state;
	/* cpu1 went offline between the snapshots, cpu2 is reported. */
	assert_int_equal(sysinfo_cpu_parse("cpu0 0 0 0 100 0 0 0 0\n"
					   "cpu1 0 0 0 100 0 0 0 0\n"
					   "cpu2 0 0 0 100 0 0 0 0\n", &a), 0);
	assert_int_equal(sysinfo_cpu_parse("cpu0 0 0 0 200 0 0 0 0\n"
					   "cpu2 100 0 0 100 0 0 0 0\n", &b), 0);
	assert_int_equal(sysinfo_cpu_usage(&a, &b, &u, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(u[1].id, 2);
	assert_float_equal(u[1].user_pct, 100.0, 1e-9);
	assert_float_equal(u[0].usage_pct, 0.0, 1e-9);
	free(u);
	sysinfo_cpu_release(&a);
	sysinfo_cpu_release(&b);
}

static void test_parse_rejects_garbage(void **state)
{
	struct cpu_ticks t;

	(void)state;
	assert_int_equal(sysinfo_cpu_parse("intr 1 2 3\nctxt 4\n", &t),
			 -EINVAL);
	assert_int_equal(sysinfo_cpu_parse("", &t), -EINVAL);
}

static void test_snapshot_real(void **state)
{
	struct cpu_ticks t;

	(void)state;
	assert_int_equal(sysinfo_cpu_snapshot(&t), 0);
	assert_true(t.ncpus >= 1);
	assert_true(t.user[0] + t.kernel[0] + t.idle[0] > 0);
	sysinfo_cpu_release(&t);
}

static void test_gather(void **state)
{
	struct system_info s;

	(void)state;
	sysinfo_gather(&s);
	assert_true(s.hostname[0] != '\0');
	assert_int_equal(strlen(s.start_time), strlen("2024/07/01 12:00:00 UTC"));
	assert_string_equal(s.start_time + 19, " UTC");
	assert_int_equal(s.start_time[4], '/');
	assert_int_equal(strncmp(s.kernel, "Linux ", 6), 0);
	assert_true(s.cpu_model[0] != '\0');
	/* a model name, not a family number */
	assert_true(strspn(s.cpu_model, "0123456789") < strlen(s.cpu_model));
	assert_int_equal(s.cpu_count, (uint32_t)sysconf(_SC_NPROCESSORS_ONLN));
	assert_true(s.core_count >= 1 && s.core_count <= s.cpu_count);
	assert_true(s.socket_count >= 1 && s.socket_count <= s.core_count);
	assert_true(s.node_count >= 1);
	assert_true(s.mem_bytes > 64ull << 20);
	assert_true(s.clocksource[0] != '\0');
}

static void test_irq_cpus(void **state)
{
	char out[256] = "x";

	(void)state;
	sysinfo_irq_cpus("no-such-disk", out, sizeof(out));
	assert_string_equal(out, "");
	sysinfo_irq_cpus("loop0", out, sizeof(out));
	assert_string_equal(out, "");	/* virtual: no interrupts */
	if (access("/sys/class/block/vda", F_OK)) {
		skip();
		return;
	}
	sysinfo_irq_cpus("vda", out, sizeof(out));
	assert_true(out[0] >= '0' && out[0] <= '9');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_usage_arithmetic),
		cmocka_unit_test(test_usage_pairs_by_id),
		cmocka_unit_test(test_parse_rejects_garbage),
		cmocka_unit_test(test_snapshot_real),
		cmocka_unit_test(test_gather),
		cmocka_unit_test(test_irq_cpus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
