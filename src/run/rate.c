/* rate.c - the -g throttle and -i/-j burst and think time, as a pure
 * function of a clock the caller passes in, so tests can simulate it.
 *
 * All comparisons are integer products in 128 bits: no rounding, no
 * division on the common "may issue" path.
 */
#include "run/rate.h"

#include <string.h>

#define NS_PER_MS 1000000ull
#define NS_PER_S 1000000000ull

void rate_init(struct rate *r, uint64_t bytes_per_ms, uint32_t burst,
	       uint32_t think_ms, uint64_t now_ns)
{
	memset(r, 0, sizeof(*r));
	r->bytes_per_ms = bytes_per_ms;
	r->burst = burst;
	r->think_ms = think_ms;
	r->start_ns = now_ns;
}

uint32_t rate_burst_share(uint32_t burst, uint32_t nthreads, uint32_t k)
{
	uint32_t share;

	if (!burst || nthreads <= 1)
		return burst;
	share = burst / nthreads + (k % nthreads < burst % nthreads);
	return share ? share : 1;
}

void rate_init_iops(struct rate *r, uint64_t iops, uint32_t burst,
		    uint32_t think_ms, uint64_t now_ns)
{
	rate_init(r, 0, burst, think_ms, now_ns);
	r->iops = iops;
}

/* Earliest time at which elapsed_ns * per >= need * unit_ns. */
static uint64_t when_allowed(const struct rate *r, unsigned __int128 need,
			     uint64_t per, uint64_t unit_ns)
{
	unsigned __int128 t = (need * unit_ns + per - 1) / per;

	t += r->start_ns;
	return t > UINT64_MAX ? UINT64_MAX : (uint64_t)t;
}

bool rate_may_issue(const struct rate *r, uint64_t len, uint64_t now_ns,
		    uint64_t *wait_until_ns)
{
	unsigned __int128 elapsed, need;

	if (r->think_until_ns > now_ns) {
		*wait_until_ns = r->think_until_ns;
		return false;
	}
	elapsed = now_ns > r->start_ns ? now_ns - r->start_ns : 0;
	if (r->bytes_per_ms) {
		need = (unsigned __int128)r->issued_bytes + len;
		if (elapsed * r->bytes_per_ms < need * NS_PER_MS) {
			*wait_until_ns = when_allowed(r, need, r->bytes_per_ms,
						      NS_PER_MS);
			return false;
		}
	} else if (r->iops) {
		need = (unsigned __int128)r->issued_ios + 1;
		if (elapsed * r->iops < need * NS_PER_S) {
			*wait_until_ns = when_allowed(r, need, r->iops,
						      NS_PER_S);
			return false;
		}
	}
	return true;
}

void rate_issued(struct rate *r, uint64_t len, uint64_t now_ns)
{
	r->issued_bytes += len;
	r->issued_ios++;
	if (!r->burst)
		return;
	if (++r->in_burst >= r->burst) {
		r->in_burst = 0;
		r->think_until_ns = now_ns + (uint64_t)r->think_ms * NS_PER_MS;
	}
}
