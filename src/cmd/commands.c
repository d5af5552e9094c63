/* commands.c - the list of ioprobe's subcommands with their option
 * tables (see subcmd.h). */
#include "cmd/fleet_cmd.h"
#include "cmd/subcmd.h"
#include "lib/util.h"

/* A sweep is one process's plan: under mpirun it is refused (said once,
 * exit 2).  A suite runs under mpirun (cmd/suite_fleet.c). */
static int sweep_entry(int argc, char **argv)
{
	return fleet_cmd_refuse("sweep") >= 0 ? 2 : sweep_main(argc, argv);
}

const struct subcmd subcmds[] = {
	{ "suite", suite_main, &suite_opt_table },
	{ "compare", compare_main, &compare_opt_table },
	{ "show", show_main, &show_opt_table },
	{ "sweep", sweep_entry, &sweep_opt_table },
	{ "identify", identify_main, &identify_opt_table },
};

const size_t nsubcmds = ARRAY_SIZE(subcmds);
