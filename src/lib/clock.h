/* clock.h - monotonic time in nanoseconds. */
#ifndef IOPROBE_CLOCK_H
#define IOPROBE_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t clock_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Wall clock (CLOCK_REALTIME) in ns since the epoch: comparable between
 * processes and, with NTP, between hosts. */
static inline uint64_t clock_wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Sleep until monotonic time @ns (absolute); returns early on a signal. */
void clock_sleep_until_ns(uint64_t ns);

#endif
