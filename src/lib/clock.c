/* clock.c - sleeping until an absolute monotonic deadline, so a throttled
 * worker's schedule does not drift by the time spent deciding to sleep. */
#include "lib/clock.h"

void clock_sleep_until_ns(uint64_t ns)
{
	struct timespec ts = {
		.tv_sec = (time_t)(ns / 1000000000ull),
		.tv_nsec = (long)(ns % 1000000000ull),
	};

	/* EINTR returns early on purpose: the caller re-checks its stop flag */
	(void)clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}
