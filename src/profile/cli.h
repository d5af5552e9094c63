/* cli.h - DiskSpd-compatible command line -> struct profile. */
#ifndef IOPROBE_CLI_H
#define IOPROBE_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "profile/profile.h"

enum cli_action {
	CLI_RUN = 0,		/* run the profile */
	CLI_HELP,		/* -? / --help: usage printed to stdout */
	CLI_VERSION,		/* --version */
	CLI_PRINT_PROFILE,	/* -Rp / -Rpxml: print, do not run */
	CLI_ERROR,		/* usage error: @err holds 1-2 lines, exit 2 */
};

/* Parse @argv (argv[0] is the program) into @p (profile_init'ed).  Never
 * touches the file system except to read a -X profile.  Notes and
 * warnings (e.g. a pasted en-dash) go to p->notes, also when the parse
 * fails: the caller prints them, before the error. */
enum cli_action cli_parse(int argc, char **argv, struct profile *p,
			  char *err, size_t errlen);
/* The DiskSpd switches that give @p's settings (its first target's, as
 * the command line gives every target the same), separated by spaces,
 * no targets, from the switch table's print column; parsing them gives
 * the same profile.  0, or -ENAMETOOLONG / -ENOMEM. */
int cli_print_switches(const struct profile *p, char *buf, size_t len);
/* Usage text. */
void cli_usage(FILE *f);

#endif
