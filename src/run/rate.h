/* rate.h - throughput throttle (-g) and burst/think time (-i/-j).
 *
 * DiskSpd's rule: an I/O may issue when elapsed_ms * rate >= issued + b.
 * We compute it in ns and let the worker sleep until the next slot.
 * Elapsed time counts from rate_init() (the worker's start, warm-up
 * included, as in DiskSpd).  The limit applies to one worker and target.
 */
#ifndef IOPROBE_RATE_H
#define IOPROBE_RATE_H

#include <stdbool.h>
#include <stdint.h>

struct rate {
	uint64_t bytes_per_ms;	/* 0 = unlimited */
	uint64_t start_ns;
	uint64_t issued_bytes;
	uint32_t burst;		/* -i; 0 = off */
	uint32_t think_ms;	/* -j */
	uint32_t in_burst;	/* issued in the current burst */
	uint64_t think_until_ns;
	uint64_t iops;		/* -g<n>i: I/Os per second, 0 = bytes */
	uint64_t issued_ios;	/* counted for the IOPS form */
};

/* @bytes_per_ms 0 = unlimited; @burst 0 = no think time. */
void rate_init(struct rate *r, uint64_t bytes_per_ms, uint32_t burst,
	       uint32_t think_ms, uint64_t now_ns);
/* Thread @k's share (0-based among the @nthreads threads driving a
 * target: its -t threads, or the -F threads) of a target's -i burst of
 * @burst I/Os.  DiskSpd divides the burst among those threads, so the
 * target's I/O between two think times stays about -i whatever the
 * thread count; its remainder goes to the first threads here, so the
 * shares add up to -i.  A share is at least 1 (DiskSpd's floor of 0
 * thinks after every I/O). */
uint32_t rate_burst_share(uint32_t burst, uint32_t nthreads, uint32_t k);
/* The IOPS form (-g<n>i): an I/O may issue when
 * elapsed_ns * iops >= (issued_ios + 1) * 1e9, whatever its size, so a
 * rate that is not a whole number of bytes per ms stays exact. */
void rate_init_iops(struct rate *r, uint64_t iops, uint32_t burst,
		    uint32_t think_ms, uint64_t now_ns);
/* May an I/O of @len bytes issue at @now_ns?  If not, *wait_until_ns is
 * the earliest time it can. */
bool rate_may_issue(const struct rate *r, uint64_t len, uint64_t now_ns,
		    uint64_t *wait_until_ns);
/* Account an issued I/O of @len bytes at @now_ns. */
void rate_issued(struct rate *r, uint64_t len, uint64_t now_ns);

#endif
