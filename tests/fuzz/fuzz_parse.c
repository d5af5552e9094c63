/* fuzz_parse.c - libFuzzer target for parse.c: every number and size
 * parser on a NUL-terminated copy of the input, checked against the
 * promises parse.h makes (range, whole string consumed, end pointer
 * inside the string). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "profile/parse.h"

static void check_end(const char *s, const char *end)
{
	if (end < s || end > s + strlen(s))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the first byte picks the block size for the "b" suffix */
	static const uint64_t blocks[] = { 0, 512, 4096, 65536, 1ULL << 30,
					   UINT64_MAX };
	uint64_t block = size ? blocks[data[0] % 6] : 4096;
	uint64_t max = size > 1 ? (uint64_t)data[1] << (data[1] % 57) :
		       UINT64_MAX;
	char *s = fuzz_cstr(data, size);
	const char *end = NULL;
	uint64_t v = 0;
	int ret;

	ret = parse_uint_lenient(s, max, &v);
	if (ret ? ret != -EINVAL && ret != -ERANGE : v > max)
		abort();
	ret = parse_uint_strict(s, max, &v);
	if (ret ? ret != -EINVAL && ret != -ERANGE : v > max)
		abort();
	ret = parse_uint_prefix(s, max, &v, &end);
	if (!ret)
		check_end(s, end);
	ret = parse_size(s, block, &v);
	if (ret && ret != -EINVAL && ret != -ERANGE)
		abort();
	ret = parse_size_prefix(s, block, &v, &end);
	if (!ret) {
		check_end(s, end);
		if (end == s)
			abort();	/* success needs a digit */
	}
	/* the same from every later position, as cli.c walks lists */
	for (size_t i = 1; i < size && i < 64; i++) {
		if (!parse_size_prefix(s + i, block, &v, &end))
			check_end(s + i, end);
	}
	free(s);
	return 0;
}
