/* cli_internal.h - what the parts of the command-line parser share:
 * the parse state, the readers of one switch value, the per-switch
 * parser and the profile-level rules.  Private to src/profile/cli*.c;
 * the API is cli.h (and cli_long.h for the long options).
 */
#ifndef IOPROBE_CLI_INTERNAL_H
#define IOPROBE_CLI_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"

/* Switches that may accompany -X, as bits in cli.xover. */
enum {
	OV_V = 1 << 0, OV_Z = 1 << 1, OV_R = 1 << 2, OV_W = 1 << 3,
	OV_D = 1 << 4, OV_C = 1 << 5, OV_COLON = 1 << 6,
};

/* The state of one cli_parse(): the profile being filled, the template
 * every target receives a copy of, and what the rules need to know. */
struct cli {
	struct profile *p;
	struct target_opts t;		/* copied to every target */
	char *err;
	size_t errlen;
	uint64_t block_bytes;		/* the last -b, resolved first */

	/* seen flags for the repeat and conflict rules */
	bool a, n, B, fsize, F, i, j, N, O, pflag, r, rs, rd, s;
	bool t_given, T, x, Zsize, rp;
	bool cache_set, wt_set;
	bool mapped;			/* -Sm seen */
	bool unbuffered;		/* -Su, bare -S, -Sh or -h seen */
	const char *zval;		/* the -Z<size> value as typed */
	unsigned int xover;		/* OV_* bits */
	const char *x_incompat;		/* first non -X switch typed */
};

/* --- cli_values.c: one switch value, DiskSpd's way, with its message */

/* "invalid @sw '@val': expected @expected" into @err; -EINVAL. */
int cli_invalid(char *err, size_t errlen, const char *sw, const char *val,
		const char *expected);
/* The same into @c's buffer. */
int cli_bad(struct cli *c, const char *sw, const char *val,
	    const char *expected);
/* Lenient integer @val of @sw in [@min, @max]; @what is the expected
 * value for the message. */
int cli_get_uint(struct cli *c, const char *sw, const char *val,
		 uint64_t min, uint64_t max, const char *what, uint64_t *out);
int cli_get_u32(struct cli *c, const char *sw, const char *val,
		uint64_t min, uint64_t max, const char *what, uint32_t *out);
/* The message for a size @val that parse_size() refused with @ret. */
int cli_size_error(struct cli *c, const char *sw, const char *val, int ret);
/* Size value of @sw ("b" = blocks of the final -b); @min_bytes 1 rejects
 * zero. */
int cli_get_size(struct cli *c, const char *sw, const char *val,
		 uint64_t min_bytes, uint64_t *out);
/* A switch that takes no value (@sw): DiskSpd ignores the rest of the
 * token (-Lx is -L, -p0 is -p); a note says so when @val is not empty. */
void cli_rest_ignored(struct cli *c, const char *typed, const char *sw,
		      const char *val);
/* A switch DiskSpd allows once: fails when *@seen, else sets it. */
int cli_repeated(struct cli *c, bool *seen, const char *typed);

/* --- cli_table.c */

/* Apply one DiskSpd switch by its row: @tok normalised (a pasted dash
 * made '-'), @typed as the user typed it (for messages).  0 or -errno. */
int cli_switch(struct cli *c, const char *typed, const char *tok);

/* --- cli_switches.c: the readers the table's SW_FUNC rows name, each
 * given the token as typed and the value after the row's letters. */

int cli_sw_affinity(struct cli *c, const char *typed, const char *val);
int cli_sw_base(struct cli *c, const char *typed, const char *val);
int cli_sw_etw(struct cli *c, const char *typed, const char *val);
int cli_sw_events(struct cli *c, const char *typed, const char *val);
int cli_sw_f(struct cli *c, const char *typed, const char *val);
int cli_sw_flush(struct cli *c, const char *typed, const char *val);
int cli_sw_format(struct cli *c, const char *typed, const char *val);
int cli_sw_h(struct cli *c, const char *typed, const char *val);
int cli_sw_r(struct cli *c, const char *typed, const char *val);
int cli_sw_rd(struct cli *c, const char *typed, const char *val);
int cli_sw_rs(struct cli *c, const char *typed, const char *val);
int cli_sw_s(struct cli *c, const char *typed, const char *val);
int cli_sw_seed(struct cli *c, const char *typed, const char *val);
int cli_sw_throttle(struct cli *c, const char *typed, const char *val);
int cli_sw_verbose(struct cli *c, const char *typed, const char *val);
int cli_sw_w(struct cli *c, const char *typed, const char *val);
int cli_sw_wbuf(struct cli *c, const char *typed, const char *val);
int cli_sw_xml(struct cli *c, const char *typed, const char *val);

/* --- cli_cache.c */

/* -S<letters> (@val; bare -S = -Su) and -h (= -Sh), @typed for the
 * messages.  0 or -EINVAL. */
int cli_parse_cache(struct cli *c, const char *typed, const char *val);
int cli_set_h(struct cli *c, const char *typed);

/* --- cli_validate.c */

/* DiskSpd's profile-level rules (spec §1.3), except those about -X, on
 * the switches seen so far; c->p->ntargets holds the target count.
 * Its warnings go to c->p->notes.  0 or -EINVAL with the message in c->err. */
int cli_validate(struct cli *c);

/* --- cli_print.c: the printers the table's SW_FUNC rows name */

struct sw_out;
#define CLI_PRINTER(name) \
	void cli_pr_##name(const struct profile *p, \
			   const struct target_opts *t, struct sw_out *o)
CLI_PRINTER(affinity);
CLI_PRINTER(base);
CLI_PRINTER(block);
CLI_PRINTER(cache);
CLI_PRINTER(etw);
CLI_PRINTER(f);
CLI_PRINTER(flush);
CLI_PRINTER(format);
CLI_PRINTER(r);
CLI_PRINTER(rd);
CLI_PRINTER(rs);
CLI_PRINTER(s);
CLI_PRINTER(seed);
CLI_PRINTER(throttle);
CLI_PRINTER(verbose);
CLI_PRINTER(w);
CLI_PRINTER(wbuf);

#endif
