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

#include "profile/opt_table.h"
#include "profile/profile.h"

/* The run's table for the shared long-option parser, in the order of
 * the usage text. */
extern const struct opt_table cli_long_table;

/* The option named by @tok up to its '=' (all of @tok without one), or
 * NULL when no option has that name. */
const struct opt_spec *cli_long_find(const char *tok);

/* Apply the long option @tok ("--name" or "--name=VALUE") to @p.  An
 * option that takes a value and has no '=' takes @next (the following
 * token, NULL at the end of the command line) and sets *@used to 1;
 * otherwise *@used is 0.  0, or -errno with @err filled ("unknown option
 * '--x'", "missing value for '--label'", as opt_parse_one() says). */
int cli_long_parse(struct profile *p, const char *tok, const char *next,
		   int *used, char *err, size_t errlen);

#endif
