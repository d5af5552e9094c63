/* subcmd.h - the subcommands beside the DiskSpd-style run.  Each takes
 * argv after the subcommand name's position (argv[0] = "suite" etc.) and
 * returns the process exit status (0 ok, 1 failed, 2 usage, 3 regression,
 * 4 not comparable, 128+signal when interrupted). */
#ifndef IOPROBE_SUBCMD_H
#define IOPROBE_SUBCMD_H

#include <stdbool.h>
#include <stdio.h>

#include "profile/opt_table.h"
#include "profile/profile.h"
#include "workflow/history.h"

int suite_main(int argc, char **argv);	/* suite.c */
int compare_main(int argc, char **argv);	/* compare.c */
int show_main(int argc, char **argv);	/* show.c */
int sweep_main(int argc, char **argv);	/* sweep.c */
int identify_main(int argc, char **argv);	/* identify.c */

/* Their long options, for the shared parser (opt_table.h). */
extern const struct opt_table suite_opt_table;	/* suite_args.c */
extern const struct opt_table compare_opt_table;	/* compare.c */
extern const struct opt_table show_opt_table;	/* show.c */
extern const struct opt_table sweep_opt_table;	/* sweep_args.c */
extern const struct opt_table identify_opt_table;	/* identify.c */

/* The subcommands, in the order of the usage text: main.c dispatches
 * through this list, and the help, man page and completion are checked
 * against it and the tables (commands.c). */
struct subcmd {
	const char *name;
	int (*main)(int argc, char **argv);
	const struct opt_table *opts;
};

extern const struct subcmd subcmds[];
extern const size_t nsubcmds;

/* `ioprobe help [COMMAND]` (argv[0] = "help", argv[-1] readable as for
 * every subcommand): the usage of the run or
 * of COMMAND on stdout, 0; an unknown COMMAND is one line with the
 * closest name, 2. */
int help_main(int argc, char **argv);

/* A first argument that names no file but is a few edits from a
 * subcommand (or "help"): one line "did you mean" on stderr, 2; else 0
 * (a run goes on). */
int subcmd_typo(const char *arg);

/* Write the comparison of @from -> @to as @fmt (FORMAT_TEXT, CSV, JSON,
 * HTML) on @f; @from == @to prints that label's summary and findings.
 * @findings (CMP_FINDINGS_*) applies to text; @allow_different compares
 * tests measured differently too.  Returns the exit status it calls
 * for: 0, 3 when a test got clearly worse, 4 when tests were measured
 * differently and not compared; or -errno. */
int compare_report(const struct history *h, const char *from,
		   const char *to, enum result_format fmt, int findings,
		   bool allow_different, FILE *f);
/* The same with changes within ±@min_effect (0.05 = 5 %) called no
 * change, and each label's cloud tier (--disk, --vm of compare;
 * workflow/cloud_compare.h), @cloud NULL = none; compare_report uses
 * VERDICT_MIN_EFFECT and no tier. */
struct cloud_names;
int compare_report_with(const struct history *h, const char *from,
			const char *to, enum result_format fmt, int findings,
			bool allow_different, double min_effect,
			const struct cloud_names *cloud, FILE *f);

/* The damaged-line warnings history_load left in @h, on stderr. */
void print_history_warnings(const struct history *h);

#endif
