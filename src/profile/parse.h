/* parse.h - numbers and sizes as DiskSpd reads them, range-checked. */
#ifndef IOPROBE_PARSE_H
#define IOPROBE_PARSE_H

#include <stdbool.h>
#include <stdint.h>

/* DiskSpd integer switch value: leading decimal digits, trailing junk
 * ignored (as atoi: "10s" = 10); must have at least one digit, no sign,
 * <= @max.  0 or -EINVAL / -ERANGE. */
int parse_uint_lenient(const char *s, uint64_t max, uint64_t *out);
/* Leading decimal digits of @s (at least one), <= @max; *end = the
 * first character after them.  0 or -EINVAL / -ERANGE. */
int parse_uint_prefix(const char *s, uint64_t max, uint64_t *out,
		      const char **end);
/* Strict decimal integer: digits only, <= @max. */
int parse_uint_strict(const char *s, uint64_t max, uint64_t *out);
/* DiskSpd size: digits plus optional one suffix K M G T (powers of 1024,
 * case-insensitive) or b/B (blocks of @block_bytes).  The whole string
 * must be consumed.  Overflow -> -ERANGE; junk -> -EINVAL. */
int parse_size(const char *s, uint64_t block_bytes, uint64_t *out);
/* Like parse_size but stops at @stop characters (e.g. ":" or ","),
 * setting *end to the first unparsed character. */
int parse_size_prefix(const char *s, uint64_t block_bytes, uint64_t *out,
		      const char **end);

#endif
