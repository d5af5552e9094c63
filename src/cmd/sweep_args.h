/* sweep_args.h - the command line of `ioprobe sweep`. */
#ifndef IOPROBE_SWEEP_ARGS_H
#define IOPROBE_SWEEP_ARGS_H

#include "workflow/sweep.h"

/* Fill @o (defaults first) from @argv: the sweep's own options, the one
 * list switch, and the run's argv (o->run_argv) for everything else.
 * 0; 1 for --help (the usage is printed on stdout); 2 (usage) after
 * printing the error on stderr. */
int sweep_parse_args(int argc, char **argv, struct sweep_opts *o);

#endif
