/* rng.c - seeding of the per-thread, per-purpose random streams.
 *
 * DiskSpd gives thread t the seed (seed + t); we keep that rule, then mix
 * in the stream number with SplitMix64 so that the offset, mix, data and
 * random/sequential streams of one thread are unrelated to each other.
 */
#include "lib/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void rng_seed(struct rng *r, uint64_t seed, uint32_t thread,
	      enum rng_stream stream)
{
	uint64_t x = seed + thread;
	uint64_t mixed;
	int i;

	/* one SplitMix step decorrelates neighbouring thread seeds, then
	 * the stream selects a far-away point of the SplitMix sequence */
	mixed = splitmix64(&x);
	x = mixed ^ ((uint64_t)stream * 0xd1b54a32d192ed03ull);
	/* four consecutive SplitMix outputs are never all zero */
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}
