/* cli_table.h - the DiskSpd switches as one table: a row per switch
 * holds its letters, its line of `ioprobe -?`, how its value is read and
 * the rules that apply to it (once only, allowed beside -X).  The parser
 * (cli_switch() in cli_table.c) is a lookup in it, the help is printed
 * from it, and tests/unit/test_opt_table.c checks the man page's
 * DISKSPD SWITCHES and completion/ioprobe.bash against it.
 *
 * Adding a switch: a row here (cli_table.c), the field it sets
 * (profile.h), a line in the man page and the completion; a value that
 * is no flag, integer or size also needs its reader in cli_switches.c.
 */
#ifndef IOPROBE_CLI_TABLE_H
#define IOPROBE_CLI_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct cli;
struct profile;
struct sw_out;
struct target_opts;

/* How a row reads the value glued to its letters. */
enum cli_sw_kind {
	SW_HELP,	/* -?: answered before parsing, never applied */
	SW_FLAG,	/* no value; sets the bool at @off */
	SW_U32,		/* lenient integer in [min, max] into the
			 * uint32 at @off; with @dflt, empty or 0 means
			 * @dflt */
	SW_SIZE,	/* a size ("b" = blocks of -b), at least @min bytes,
			 * into the uint64 at @off */
	SW_FUNC,	/* @parse reads it */
};

/* Where @off points: into the profile or the template target. */
enum cli_sw_in { SW_IN_PROFILE, SW_IN_TARGET };

/* Row flags. */
enum {
	SW_ONCE = 1 << 0,	/* a second one is refused (DiskSpd's rule) */
	SW_WITH_X = 1 << 1,	/* may accompany -X */
	SW_REFUSED = 1 << 2,	/* always refused (Windows-only): in the
				 * help and the man page, not completed */
	SW_ATOI = 1 << 3,	/* SW_U32 read as DiskSpd's atoi does: a value
				 * that starts with no digit (and no '-')
				 * is 0, so -W and -Wabc are -W0 */
};

struct cli_sw {
	const char *name;	/* the letters after '-': "b", "rs" */
	const char *usage;	/* left column of -?; NULL: on the line of
				 * the row before */
	const char *help;	/* right column; a '\n' goes on below it */
	enum cli_sw_kind kind;
	unsigned int flags;	/* SW_ONCE, SW_WITH_X */
	unsigned int xover;	/* OV_* bit a -X load keeps (cli.c) */
	size_t seen;		/* offsetof(struct cli, <bool>) set when
				 * given, for the rules; 0 = none */
	enum cli_sw_in in;	/* SW_FLAG, SW_U32, SW_SIZE: where @off is */
	size_t off;
	uint32_t min, max, dflt;	/* SW_U32 (min also SW_SIZE) */
	const char *what;	/* SW_U32: the value expected, for the
				 * message */
	const char *note;	/* said (NOTE_NOTE) when given */
	int (*parse)(struct cli *c, const char *typed, const char *val);
	/* the print column: the switches that give this row's part of @p
	 * (its first target @t), appended to @o; NULL for SW_FLAG, SW_U32
	 * and SW_SIZE rows, printed when they differ from the default */
	void (*print)(const struct profile *p, const struct target_opts *t,
		      struct sw_out *o);
};

extern const struct cli_sw cli_switches[];
extern const size_t cli_nswitches;

/* The row whose letters are the longest prefix of @letters (the token
 * without its '-'), or NULL. */
const struct cli_sw *cli_switch_find(const char *letters);

/* The switch lines of `ioprobe -?`, one or two per row. */
void cli_switch_usage(FILE *f);

#endif
