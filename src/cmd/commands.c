/* commands.c - the list of ioprobe's subcommands with their option
 * tables, `ioprobe help [COMMAND]`, and "did you mean" for a mistyped
 * subcommand, said before any file is touched (see subcmd.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/fleet_cmd.h"
#include "cmd/subcmd.h"
#include "lib/suggest.h"
#include "lib/util.h"
#include "profile/cli.h"

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

/* The subcommands' names, "help" last, for a message. */
static void command_names(char *buf, size_t len)
{
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < nsubcmds && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s, ",
				      subcmds[i].name);
	if (o < len)
		snprintf(buf + o, len - o, "help");
}

/* The subcommand @typed is closest to ("help" too), or NULL. */
static const char *command_near(const char *typed)
{
	static const struct { const char *name; } help[] = { { "help" } };
	const char *near = suggest_name(typed, strlen(typed), subcmds,
					nsubcmds, sizeof(subcmds[0]));

	return near ? near : suggest_name(typed, strlen(typed), help, 1,
					  sizeof(help[0]));
}

int help_main(int argc, char **argv)
{
	/* a subcommand reads argv[-1], how ioprobe was started */
	char *sub_argv[4] = { argv[-1], NULL, (char *)"--help", NULL };
	const char *near;
	char names[128];
	size_t i;

	if (argc < 2 || !strcmp(argv[1], "run")) {
		cli_usage(stdout);
		command_names(names, sizeof(names));
		printf("commands: %s ('ioprobe help COMMAND' for one)\n",
		       names);
		return 0;
	}
	for (i = 0; i < nsubcmds; i++) {
		if (strcmp(argv[1], subcmds[i].name))
			continue;
		sub_argv[1] = (char *)subcmds[i].name;
		return subcmds[i].main(2, sub_argv + 1);
	}
	if (!strcmp(argv[1], "help")) {
		printf("usage: ioprobe help [COMMAND]: the usage of ioprobe "
		       "or of one of its commands\n");
		return 0;
	}
	command_names(names, sizeof(names));
	near = command_near(argv[1]);
	if (near)
		fprintf(stderr, "ioprobe: error: unknown command '%s': did you "
			"mean '%s'?\n", argv[1], near);
	else
		fprintf(stderr, "ioprobe: error: unknown command '%s': "
			"expected one of %s, or run\n", argv[1], names);
	return 2;
}

int subcmd_typo(const char *arg)
{
	const char *near;
	struct stat st;

	if (arg[0] == '-' || !lstat(arg, &st) || errno != ENOENT)
		return 0;
	near = command_near(arg);
	if (!near)
		return 0;
	fprintf(stderr, "ioprobe: error: unknown command '%s': did you mean "
		"'ioprobe %s'? (a run's target comes after its switches: "
		"ioprobe -c1G -d10 FILE)\n", arg, near);
	return 2;
}
