/* cli_cache.c - DiskSpd's cache switches -S[bhmruw] and -h: which of
 * them may be combined and in what order, read into the template
 * target's cache mode and write-through flag.
 */
#include <errno.h>

#include "lib/util.h"
#include "profile/cli_internal.h"

/* DiskSpd keeps two properties apart: the cache mode (b, u, r; h sets
 * it too) and memory mapping (m).  Each is set once; m goes with b or r
 * (-Sbm, -Srm are -Sm) but not with unbuffered I/O (u, h). */
static int set_cache(struct cli *c, const char *typed, enum cache_mode m)
{
	if (c->cache_set || (m == CACHE_DIRECT && c->mapped))
		return errf(c->err, c->errlen, EINVAL,
			    "conflicting cache switch '%s': the cache mode "
			    "was already set by -S or -h", typed);
	c->cache_set = true;
	c->unbuffered = m == CACHE_DIRECT;
	if (m == CACHE_REMOTE && c->mapped)
		notes_add(&c->p->notes, NOTE_NOTE, "'%s': memory-mapped I/O "
			  "goes through the page cache; -Sr does not apply "
			  "with -Sm", typed);
	c->t.cache = c->mapped ? CACHE_MMAP : m;
	return 0;
}

static int set_mapped(struct cli *c, const char *typed)
{
	if (c->mapped || c->unbuffered)
		return errf(c->err, c->errlen, EINVAL,
			    "conflicting cache switch '%s': memory mapping "
			    "was already set, or unbuffered I/O (-Su, -Sh) "
			    "was chosen", typed);
	c->mapped = true;
	if (c->t.cache == CACHE_REMOTE)
		notes_add(&c->p->notes, NOTE_NOTE, "'%s': memory-mapped I/O "
			  "goes through the page cache; -Sr does not apply "
			  "with -Sm", typed);
	c->t.cache = CACHE_MMAP;
	return 0;
}

static int set_write_through(struct cli *c, const char *typed)
{
	if (c->wt_set)
		return errf(c->err, c->errlen, EINVAL,
			    "conflicting cache switch '%s': write-through "
			    "was already set by -S or -h", typed);
	c->wt_set = true;
	c->t.write_through = true;
	return 0;
}

/* -h, -Sh: O_DIRECT + O_DSYNC; not after any other cache switch */
int cli_set_h(struct cli *c, const char *typed)
{
	if (c->cache_set || c->wt_set || c->mapped)
		return errf(c->err, c->errlen, EINVAL,
			    "conflicting cache switch '%s': -h (= -Sh) may "
			    "not follow other -S or -h switches", typed);
	if (set_cache(c, typed, CACHE_DIRECT))
		return -EINVAL;
	return set_write_through(c, typed);
}

/* -S[bhmruw]; bare -S = -Su */
int cli_parse_cache(struct cli *c, const char *typed, const char *val)
{
	const char *s = *val ? val : "u";
	int ret = 0;

	for (; *s && !ret; s++) {
		switch (*s) {
		case 'b':
			ret = set_cache(c, typed, CACHE_BUFFERED);
			break;
		case 'u':
			ret = set_cache(c, typed, CACHE_DIRECT);
			break;
		case 'r':
			ret = set_cache(c, typed, CACHE_REMOTE);
			break;
		case 'm':
			ret = set_mapped(c, typed);
			break;
		case 'w':
			ret = set_write_through(c, typed);
			break;
		case 'h':
			ret = cli_set_h(c, typed);
			break;
		default:
			return cli_bad(c, "-S", val, "letters from b, u, w, "
				       "h, r and m, such as -Sh or -Sbw");
		}
	}
	return ret;
}
