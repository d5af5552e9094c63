/* cli_long.h - ioprobe's long options (--engine, --allow-device-writes,
 * --output, --label, --batch, --series, --overwrite, --continue-on-error,
 * --quiet): one
 * table of names, whether each takes a value, and the handler that
 * stores it in a struct profile, so every command line that accepts
 * these options reads them the same way.
 */
#ifndef IOPROBE_CLI_LONG_H
#define IOPROBE_CLI_LONG_H

#include <stdbool.h>
#include <stddef.h>

#include "profile/profile.h"

struct cli_long_opt {
	const char *name;	/* with its dashes: "--engine" */
	bool takes_value;	/* --name=VALUE or --name VALUE; false: a
				 * flag, typed exactly as --name */
	/* Store @val in @p: never empty for an option that takes a value,
	 * NULL for a flag.  0, or -errno with @err filled. */
	int (*set)(struct profile *p, const char *val, char *err,
		   size_t errlen);
};

/* The table, in the order of the usage text. */
extern const struct cli_long_opt cli_long_opts[];
extern const size_t cli_long_nopts;

/* The option named by @tok up to its '=' (all of @tok without one), or
 * NULL when no option has that name. */
const struct cli_long_opt *cli_long_find(const char *tok);

/* Apply the long option @tok ("--name" or "--name=VALUE") to @p.  An
 * option that takes a value and has no '=' takes @next (the following
 * token, NULL at the end of the command line) and sets *@used to 1;
 * otherwise *@used is 0.  0, or -errno with @err filled ("unknown option
 * '--x'", "option '--label' needs a value: ..."). */
int cli_long_parse(struct profile *p, const char *tok, const char *next,
		   int *used, char *err, size_t errlen);

#endif
