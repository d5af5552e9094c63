/* subcmd.h - the subcommands beside the DiskSpd-style run.  Each takes
 * argv after the subcommand name's position (argv[0] = "suite" etc.) and
 * returns the process exit status (0 ok, 1 failed, 2 usage, 3 regression,
 * 128+signal when interrupted). */
#ifndef IOPROBE_SUBCMD_H
#define IOPROBE_SUBCMD_H

int suite_main(int argc, char **argv);	/* suite.c */
int compare_main(int argc, char **argv);	/* compare.c */
int show_main(int argc, char **argv);	/* show.c */

#endif
