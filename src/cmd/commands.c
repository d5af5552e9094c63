/* commands.c - the list of ioprobe's subcommands with their option
 * tables (see subcmd.h). */
#include "cmd/subcmd.h"
#include "lib/util.h"

const struct subcmd subcmds[] = {
	{ "suite", suite_main, &suite_opt_table },
	{ "compare", compare_main, &compare_opt_table },
	{ "show", show_main, &show_opt_table },
};

const size_t nsubcmds = ARRAY_SIZE(subcmds);
