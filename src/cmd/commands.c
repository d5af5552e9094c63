/* commands.c - the list of ioprobe's subcommands with their option
 * tables (see subcmd.h). */
#include "cmd/fleet_cmd.h"
#include "cmd/subcmd.h"
#include "lib/util.h"

/* A suite is one process's plan: under mpirun it is refused (said once,
 * exit 2). */
static int suite_entry(int argc, char **argv)
{
	return fleet_cmd_refuse("suite") >= 0 ? 2 : suite_main(argc, argv);
}

const struct subcmd subcmds[] = {
	{ "suite", suite_entry, &suite_opt_table },
	{ "compare", compare_main, &compare_opt_table },
	{ "show", show_main, &show_opt_table },
	{ "sweep", sweep_main, &sweep_opt_table },
};

const size_t nsubcmds = ARRAY_SIZE(subcmds);
