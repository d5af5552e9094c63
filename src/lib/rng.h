/* rng.h - small fast seeded PRNG (xoshiro256** style, SplitMix64 seeding).
 *
 * One stream per purpose (offsets, read/write mix, buffer data) derived
 * from the run's seed and the thread id, so changing the mix leaves the
 * offset sequence alone.
 */
#ifndef IOPROBE_RNG_H
#define IOPROBE_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

enum rng_stream {
	RNG_OFFSET = 1,
	RNG_MIX = 2,
	RNG_DATA = 3,
	RNG_SEQRAND = 4,
	RNG_TARGET = 5,		/* -F -O: the target of each I/O */
};

/* Seed @r from (seed, thread, stream).  As in DiskSpd, thread t of seed s
 * uses seed s + t (so (s, t) and (s + 1, t - 1) share streams); the stream
 * number then selects an unrelated SplitMix64 sequence for each purpose. */
void rng_seed(struct rng *r, uint64_t seed, uint32_t thread,
	      enum rng_stream stream);

static inline uint64_t rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

/* Uniform in [0, n), n > 0, without modulo bias worth measuring
 * (Lemire's multiply-shift). */
static inline uint64_t rng_below(struct rng *r, uint64_t n)
{
	return (uint64_t)(((unsigned __int128)rng_next(r) * n) >> 64);
}

#endif
