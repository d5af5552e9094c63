/* cli_validate.c - DiskSpd's profile-level rules for the command line
 * (spec §1.3): switches that conflict or need each other, sizes that
 * do not fit, and the warnings DiskSpd prints for patterns that will
 * not do what they seem to.
 */
#include <errno.h>
#include <inttypes.h>

#include "lib/util.h"
#include "profile/cli_internal.h"

static int conflict(struct cli *c, const char *what)
{
	return errf(c->err, c->errlen, EINVAL, "%s", what);
}

/* DiskSpd's profile-level rules (spec §1.3), except those about -X. */
static int validate_pattern(struct cli *c, uint32_t per_target)
{
	const struct target_opts *t = &c->t;
	bool random = c->r || c->rs;

	if (random && c->T)
		return conflict(c, "-r/-rs conflicts with -T: a thread "
				"stride applies to sequential I/O only");
	if (random && t->interlocked)
		return conflict(c, "-r/-rs conflicts with -si: interlocked "
				"I/O is sequential");
	if (random && c->pflag)
		return conflict(c, "-r/-rs conflicts with -p: parallel "
				"async I/O is sequential");
	if (random && c->s)
		return conflict(c, "-s conflicts with -r/-rs: choose "
				"sequential (-s) or random (-r) I/O");
	if (c->rd && !random)
		return conflict(c, "-rd needs -r or -rs: a distribution "
				"shapes random I/O only");
	if (t->interlocked && c->T)
		return conflict(c, "-si conflicts with -T: interlocked "
				"threads share one offset");
	if (t->interlocked && c->pflag)
		return conflict(c, "-si conflicts with -p");
	if (c->T && per_target < 2)
		return conflict(c, "-T needs more than one thread per target "
				"(-t2 or more, or -F2 or more)");
	return 0;
}

/* DiskSpd keeps -g<n>i as bytes per ms too, n * block / 1000 in 32 bits
 * (Common.h SetThroughputIOPS), and refuses -x and -F -O beside any
 * limit whose bytes per ms are above 0: -g1i -b512 is 0 and allowed. */
static bool throttle_in_bpms(const struct cli *c)
{
	const struct target_opts *t = &c->t;
	uint32_t bytes = (uint32_t)(t->throttle_iops * t->block_bytes);

	return t->throttle_bytes_per_ms || bytes / 1000;
}

static int validate_modes(struct cli *c)
{
	const struct target_opts *t = &c->t;
	bool bpms = throttle_in_bpms(c);

	if (c->n && c->a)
		return conflict(c, "-n conflicts with -a: -n turns off the "
				"affinity that -a sets");
	if (c->F && c->t_given && t->threads > 1)
		return conflict(c, "-F conflicts with -t: -F sets the total "
				"thread count, drop -t");
	if (bpms && c->x)
		return conflict(c, "-g conflicts with -x: DiskSpd refuses a "
				"throughput limit with completion routines "
				"(also -g<n>i, unless n times -b is below 1000 "
				"bytes)");
	if (c->i != c->j)
		return conflict(c, "-i and -j go together: a burst of -i "
				"I/Os is followed by -j ms of think time");
	if (c->F && c->O && bpms)
		return conflict(c, "-g conflicts with -F and -O: DiskSpd "
				"refuses a throughput limit with -O requests "
				"per thread (also -g<n>i, unless n times -b is "
				"below 1000 bytes)");
	if (c->F && c->O && c->j)
		return conflict(c, "-j conflicts with -F and -O");
	if (c->F && c->O && c->pflag)
		return conflict(c, "-p conflicts with -F and -O");
	if (c->B && t->range_len_bytes && c->fsize)
		return conflict(c, "-B<base>:<length> conflicts with -f: both "
				"set where the range ends; drop one");
	if (c->N && t->cache != CACHE_MMAP)
		return conflict(c, "-N needs -Sm: flush modes apply to "
				"memory-mapped I/O");
	if (t->cache == CACHE_MMAP && c->x)
		return conflict(c, "-Sm conflicts with -x");
	return 0;
}

static int validate_sizes(struct cli *c)
{
	const struct target_opts *t = &c->t;
	uint64_t buf;
	uint32_t i;

	for (i = 0; t->dist == DIST_ABS && i < t->ndist; i++)
		if (t->dist_ranges[i].span &&
		    t->dist_ranges[i].span < t->block_bytes)
			return errf(c->err, c->errlen, EINVAL,
				    "invalid -rd range of %" PRIu64 " bytes: "
				    "expected at least the block size (%"
				    PRIu64 " bytes)", t->dist_ranges[i].span,
				    t->block_bytes);
	if (c->Zsize && t->wbuf_source_bytes < t->block_bytes)
		return errf(c->err, c->errlen, EINVAL,
			    "invalid -Z '%s': expected a source buffer of at "
			    "least the block size (%" PRIu64 " bytes)",
			    c->zval, t->block_bytes);
	if (c->fsize && t->max_bytes <= t->base_bytes)
		return conflict(c, "-f is not above -B: the maximum offset "
				"must be larger than the base offset");
	if (__builtin_mul_overflow(t->block_bytes, t->outstanding, &buf) ||
	    __builtin_mul_overflow(buf, 2, &buf))
		return conflict(c, "-b times -o overflows: buffers would "
				"need more than 16 EiB");
	return 0;
}

static void warn_pattern(struct cli *c, uint32_t per_target)
{
	const struct target_opts *t = &c->t;
	struct notes *ns = &c->p->notes;
	bool random = c->r || c->rs;

	if (c->pflag && t->outstanding == 1)
		notes_add(ns, NOTE_WARNING, "-p has no effect with -o1: one "
			  "request per thread walks the file anyway");
	if (t->interlocked && per_target == 1)
		notes_add(ns, NOTE_WARNING, "-si with a single thread per "
			  "target is plain sequential I/O");
	if (!random && per_target > 1 && !c->T && !t->interlocked)
		notes_add(ns, NOTE_WARNING, "target access pattern will not "
			  "be sequential, consider -si");
}

int cli_validate(struct cli *c)
{
	uint32_t per_target = c->F ? c->p->pool_threads : c->t.threads;
	uint64_t total;
	int ret;

	if (c->O && !c->F)
		/* DiskSpd keeps -O without -F (its RequestCount) and never
		 * uses it */
		notes_add(&c->p->notes, NOTE_NOTE, "-O%" PRIu32 " without -F "
			  "is ignored: -o sets the requests per thread",
			  c->p->pool_requests);
	ret = validate_modes(c);
	if (!ret)
		ret = validate_pattern(c, per_target);
	if (!ret)
		ret = validate_sizes(c);
	if (ret)
		return ret;
	if (!c->F && __builtin_mul_overflow((uint64_t)c->t.threads,
					    (uint64_t)c->p->ntargets, &total))
		return conflict(c, "-t times the number of targets is too "
				"large");
	warn_pattern(c, per_target);
	return 0;
}
