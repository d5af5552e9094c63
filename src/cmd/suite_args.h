/* suite_args.h - the command line of `ioprobe suite`. */
#ifndef IOPROBE_SUITE_ARGS_H
#define IOPROBE_SUITE_ARGS_H

#include "workflow/suite.h"

/* Fill @o (defaults first) from @argv.  0; 1 for --help (the usage is
 * printed on stdout); 2 (usage) after printing the error on stderr. */
int suite_parse_args(int argc, char **argv, struct suite_opts *o);

#endif
