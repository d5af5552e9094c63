/* parse.c - numbers and sizes as DiskSpd reads them from its switches,
 * with every value range-checked and every multiplication overflow-checked
 * (a pasted "-c99999999999T" must be an error, not a wrapped size).
 */
#include "profile/parse.h"

#include <errno.h>
#include <stddef.h>

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Leading decimal digits of @s into *out; *end = first non-digit. */
static int parse_digits(const char *s, uint64_t *out, const char **end)
{
	uint64_t v = 0;

	if (!s || !is_digit(*s))
		return -EINVAL;
	while (is_digit(*s)) {
		if (__builtin_mul_overflow(v, 10, &v) ||
		    __builtin_add_overflow(v, (uint64_t)(*s - '0'), &v))
			return -ERANGE;
		s++;
	}
	*out = v;
	*end = s;
	return 0;
}

int parse_uint_lenient(const char *s, uint64_t max, uint64_t *out)
{
	const char *end;
	uint64_t v;
	int ret;

	ret = parse_digits(s, &v, &end);
	if (ret)
		return ret;
	if (v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int parse_uint_prefix(const char *s, uint64_t max, uint64_t *out,
		      const char **end)
{
	uint64_t v;
	int ret;

	ret = parse_digits(s, &v, end);
	if (ret)
		return ret;
	if (v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int parse_uint_strict(const char *s, uint64_t max, uint64_t *out)
{
	const char *end;
	uint64_t v;
	int ret;

	ret = parse_digits(s, &v, &end);
	if (ret)
		return ret;
	if (*end)
		return -EINVAL;
	if (v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

/* Multiplier for a size suffix; 0 when @c is not one. */
static uint64_t suffix_mult(char c, uint64_t block_bytes, int *ret)
{
	*ret = 0;
	switch (c) {
	case 'k': case 'K':
		return 1ULL << 10;
	case 'm': case 'M':
		return 1ULL << 20;
	case 'g': case 'G':
		return 1ULL << 30;
	case 't': case 'T':
		return 1ULL << 40;
	case 'b': case 'B':
		if (!block_bytes)
			*ret = -EINVAL;	/* blocks of an unknown size */
		return block_bytes;
	default:
		return 0;
	}
}

int parse_size_prefix(const char *s, uint64_t block_bytes, uint64_t *out,
		      const char **end)
{
	uint64_t v, mult;
	const char *e;
	int ret;

	ret = parse_digits(s, &v, &e);
	if (ret)
		return ret;
	mult = suffix_mult(*e, block_bytes, &ret);
	if (ret)
		return ret;
	if (mult) {
		if (__builtin_mul_overflow(v, mult, &v))
			return -ERANGE;
		e++;
	}
	*out = v;
	*end = e;
	return 0;
}

int parse_size(const char *s, uint64_t block_bytes, uint64_t *out)
{
	const char *end;
	uint64_t v;
	int ret;

	ret = parse_size_prefix(s, block_bytes, &v, &end);
	if (ret)
		return ret;
	if (*end)
		return -EINVAL;
	*out = v;
	return 0;
}
