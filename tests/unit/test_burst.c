/* test_burst.c - the step-drop detector and SNIA's steady-state rule on
 * crafted -D series: each fires on its series and stays silent on the
 * twin (a ramp instead of a step, a one-interval dip, a flat series). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "workflow/burst.h"
#include "workflow/interpret.h"

static void test_step_found(void **state)
{
	/* 3,000 IOPS for 4.5 s, then 500: interval 4 holds the drop */
	double v[12] = { 2990, 3010, 3005, 2995, 1750, 505,
			 498, 502, 500, 497, 503, 500 };
	struct burst_phases p;

	(void)state;
	assert_true(burst_detect(v, 12, 1.0, &p));
	assert_true(fabs(p.burst_iops - 3000) < 30);
	assert_true(fabs(p.sustained_iops - 500) < 5);
	assert_true(fabs(p.drop_s - 4.5) < 0.2);
	assert_true(p.total_s == 12);
}

static void test_step_twins_silent(void **state)
{
	double ramp[12], flat[12], dip[12], small[12];
	struct burst_phases p;
	int i;

	(void)state;
	for (i = 0; i < 12; i++) {
		ramp[i] = 3000 - i * 2500.0 / 11;	/* wears down, no step */
		flat[i] = 500 + (i % 2 ? 20 : -20);
		dip[i] = 3000;
		small[i] = i < 6 ? 3000 : 2200;	/* a drop, but to 73 % */
	}
	dip[11] = 200;	/* one slow last interval is no phase */
	assert_false(burst_detect(ramp, 12, 1.0, &p));
	assert_false(burst_detect(flat, 12, 1.0, &p));
	assert_false(burst_detect(dip, 12, 1.0, &p));
	assert_false(burst_detect(small, 12, 1.0, &p));
	assert_false(burst_detect(flat, 3, 1.0, &p));	/* too short */
	assert_false(burst_detect(NULL, 0, 1.0, &p));
}

static void test_steady(void **state)
{
	double flat[7] = { 10, 900, 1000, 1040, 970, 1010, 990 };
	double rising[5] = { 100, 105, 110, 115, 120 };
	double spike[5] = { 1000, 1000, 1300, 1000, 1000 };
	struct steady_state st;

	(void)state;
	/* only the last 5 count: the slow start is the past */
	assert_true(steady_check(flat, 7, &st));
	assert_true(st.steady);
	assert_true(fabs(st.mean - 1002) < 1);
	/* every value within ±10 %, but the line climbs 18 % */
	assert_true(steady_check(rising, 5, &st));
	assert_false(st.steady);
	assert_true(st.max_dev <= STEADY_BAND);
	assert_true(fabs(st.slope_dev - 20.0 / 110) < 0.01);
	assert_true(steady_check(spike, 5, &st));
	assert_false(st.steady);
	assert_false(steady_check(flat, 4, &st));	/* fewer than 5 */
}

static void test_findings(void **state)
{
	double drop[8] = { 3000, 3000, 3000, 3000, 500, 500, 500, 500 };
	double settle[6] = { 100, 300, 500, 700, 800, 1000 };
	struct interp_test t;
	struct finding f[4];
	size_t n = 0;

	(void)state;
	memset(&t, 0, sizeof(t));
	t.name = "randread4k";
	t.interval_iops = drop;
	t.nintervals = 8;
	t.interval_s = 1;
	interp_burst(&t, f, &n, 4);
	/* the sustained phase is 4 intervals: the window is not steady */
	assert_int_equal(n, 2);
	assert_int_equal(f[0].kind, FIND_BURST);
	assert_string_equal(f[0].text, "randread4k: the first 4.0 s ran at "
			    "3,000 IOPS, then 500 IOPS for the remaining 4.0 s: "
			    "burst credits or a cache ran out; the sustained "
			    "figure is 500 IOPS");
	assert_int_equal(f[1].kind, FIND_STEADY);
	assert_non_null(strstr(f[1].text, "too short to trust a mean"));
	t.interval_iops = settle;
	t.nintervals = 6;
	n = 0;
	interp_burst(&t, f, &n, 4);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_STEADY);
	assert_non_null(strstr(f[0].text, "randread4k: no steady state: the "
				       "last 5 intervals"));
	t.nintervals = 3;	/* too few intervals to judge: silent */
	n = 0;
	interp_burst(&t, f, &n, 4);
	assert_int_equal(n, 0);
}

/* The drop time to 0.1 s: credits ran out 0.38 s into the third
 * interval, 2.38 s in, which the whole second would call "2 s". */
static void test_drop_tenths(void **state)
{
	double v[8] = { 3000, 3000, 1450, 500, 500, 500, 500, 500 };
	double whole[8] = { 3000, 3000, 500, 500, 500, 500, 500, 500 };
	struct interp_test t;
	struct finding f[4];
	size_t n = 0;

	(void)state;
	memset(&t, 0, sizeof(t));
	t.name = "randread4k";
	t.interval_iops = v;
	t.nintervals = 8;
	t.interval_s = 1;
	interp_burst(&t, f, &n, 4);
	assert_int_equal(f[0].kind, FIND_BURST);
	assert_true(f[0].value > 2.37 && f[0].value < 2.39);
	assert_non_null(strstr(f[0].text, "the first 2.4 s ran at 3,000 "
				       "IOPS, then 500 IOPS for the "
				       "remaining 5.6 s"));
	/* twin: a drop on the interval's edge stays a whole second */
	t.interval_iops = whole;
	n = 0;
	interp_burst(&t, f, &n, 4);
	assert_int_equal(f[0].kind, FIND_BURST);
	assert_non_null(strstr(f[0].text, "the first 2.0 s ran at 3,000 "
				       "IOPS, then 500 IOPS for the "
				       "remaining 6.0 s"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step_found),
		cmocka_unit_test(test_step_twins_silent),
		cmocka_unit_test(test_steady),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_drop_tenths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
