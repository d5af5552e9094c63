/* cli_values.c - reading one switch value the way DiskSpd reads it
 * (lenient integers, size suffixes with "b" for blocks of -b), each
 * refusal worded "invalid -x 'val': expected ...".
 */
#include <errno.h>

#include "lib/util.h"
#include "profile/cli_internal.h"
#include "profile/parse.h"

int cli_invalid(char *err, size_t errlen, const char *sw, const char *val,
		const char *expected)
{
	return errf(err, errlen, EINVAL, "invalid %s '%s': expected %s",
		    sw, val, expected);
}

int cli_bad(struct cli *c, const char *sw, const char *val,
	    const char *expected)
{
	return cli_invalid(c->err, c->errlen, sw, val, expected);
}

int cli_get_uint(struct cli *c, const char *sw, const char *val,
		 uint64_t min, uint64_t max, const char *what, uint64_t *out)
{
	uint64_t v;

	if (parse_uint_lenient(val, max, &v) || v < min)
		return cli_bad(c, sw, val, what);
	*out = v;
	return 0;
}

int cli_get_u32(struct cli *c, const char *sw, const char *val,
		uint64_t min, uint64_t max, const char *what, uint32_t *out)
{
	uint64_t v = 0;
	int ret = cli_get_uint(c, sw, val, min, max, what, &v);

	if (!ret)
		*out = (uint32_t)v;
	return ret;
}

int cli_size_error(struct cli *c, const char *sw, const char *val, int ret)
{
	if (ret == -ERANGE)
		return cli_bad(c, sw, val, "a size below 16 EiB (the value "
			       "overflows 64 bits)");
	return cli_bad(c, sw, val, "a size such as 4K, 1M or 2b (blocks)");
}

int cli_get_size(struct cli *c, const char *sw, const char *val,
		 uint64_t min_bytes, uint64_t *out)
{
	uint64_t v;
	int ret = parse_size(val, c->block_bytes, &v);

	if (ret)
		return cli_size_error(c, sw, val, ret);
	if (v < min_bytes)
		return cli_bad(c, sw, val, "a size of at least 1 byte");
	*out = v;
	return 0;
}

void cli_rest_ignored(struct cli *c, const char *typed, const char *sw,
		      const char *val)
{
	if (*val)
		notes_add(&c->p->notes, NOTE_NOTE, "'%s' is read as %s: "
			  "DiskSpd ignores what follows the letter", typed,
			  sw);
}

int cli_repeated(struct cli *c, bool *seen, const char *typed)
{
	if (*seen)
		return errf(c->err, c->errlen, EINVAL,
			    "switch '%s' repeats an earlier one: it may be "
			    "given only once", typed);
	*seen = true;
	return 0;
}
