/* opt_table.h - the long options of every ioprobe command line: each
 * command (the run, suite, compare, show, sweep) declares its options in
 * one table (name, flag or value, the value's name, the setter or the
 * field it sets) and one
 * parser, built on getopt_long, reads them all the same way: --name=VALUE
 * or --name VALUE, a flag as --name, and the same one-line messages
 * ("missing value for '--from'", "unknown option '--x'").
 *
 * The tables are also what the help, the man page and the bash completion
 * are checked against (tests/unit/test_opt_table.c).
 */
#ifndef IOPROBE_OPT_TABLE_H
#define IOPROBE_OPT_TABLE_H

#include <stdbool.h>
#include <stddef.h>

enum opt_kind {
	OPT_FLAG,	/* --name; --name=VALUE is refused */
	OPT_VALUE,	/* --name=VALUE or --name VALUE, never empty */
	OPT_HELP,	/* --help: the parser returns OPT_HELP_ASKED */
};

struct opt_spec {
	const char *name;	/* without its dashes: "label" */
	enum opt_kind kind;
	const char *metavar;	/* the value in usage: "LABEL"; NULL for a
				 * flag */
	/* Store @val (NULL for a flag) in @ctx.  0, or -errno (never
	 * -ENOENT, which means "no such option") with @err filled
	 * ("invalid --label 'x': ...").  NULL: the option sets the field
	 * at @offset instead (OPT_BOOL_AT, OPT_STRING_AT). */
	int (*set)(void *ctx, const char *val, char *err, size_t errlen);
	size_t offset;		/* without @set: the field's offset in ctx */
};

/* 0 when @expr has type @type, else a compile error (a negative array
 * size): the field an entry below names must be of its kind's type. */
#define OPT_TYPE_CHECK(expr, type) \
	(0 * sizeof(char[_Generic((expr), type: 1, default: -1)]))

/* Table entries without a setter: the flag --@nm sets the bool @field
 * of @st (true); the value of --@nm=@mv is kept in its const char *
 * @field as given (the argv string, not copied), the last one winning. */
#define OPT_BOOL_AT(nm, st, field)					\
	{ .name = (nm), .kind = OPT_FLAG,				\
	  .offset = offsetof(st, field) +				\
		    OPT_TYPE_CHECK(((st *)0)->field, bool) }
#define OPT_STRING_AT(nm, mv, st, field)				\
	{ .name = (nm), .kind = OPT_VALUE, .metavar = (mv),		\
	  .offset = offsetof(st, field) +				\
		    OPT_TYPE_CHECK(((st *)0)->field, const char *) }

struct opt_table {
	const char *command;	/* "suite"; "" for the run itself */
	const struct opt_spec *opts;
	size_t nopts;
};

/* What the parsers return besides 0 and -errno. */
#define OPT_HELP_ASKED 1

/* The option typed exactly as @tok ("--name" or "--name=VALUE"), or
 * NULL. */
const struct opt_spec *opt_find(const struct opt_table *t, const char *tok);

/* Apply the long option @tok to @ctx.  A value option without '=' takes
 * @next (the following token, NULL at the end), unless @next starts with
 * "--" (then the value is missing); *@used is then 1, else 0.  0,
 * OPT_HELP_ASKED, -ENOENT when @tok names no option of @t (@err filled
 * all the same), or another -errno with @err filled. */
int opt_parse_one(const struct opt_table *t, const char *tok,
		  const char *next, void *ctx, int *used, char *err,
		  size_t errlen);

/* Every token of @argv that is not one of @t's long options: @argv[*@i],
 * moving *@i past any token it takes as well.  0, -ENOENT when it is not
 * the command's (the parser then says it is unknown or unexpected), or
 * another -errno with @err filled. */
typedef int (*opt_other_fn)(void *ctx, int argc, char **argv, int *i,
			    char *err, size_t errlen);

/* Read @argv[1..@argc-1] (argv[0] is the command's name) into @ctx: the
 * long options of @t, "-?" as --help, everything else through @other
 * (NULL: nothing else is accepted).  0, OPT_HELP_ASKED, or -errno with
 * one line in @err. */
int opt_parse(const struct opt_table *t, int argc, char **argv, void *ctx,
	      opt_other_fn other, char *err, size_t errlen);

/* @s for a message: control characters escaped, cut after 60 characters
 * with "...". */
const char *opt_shown(char *buf, size_t len, const char *s);

/* A setter's refusal of value @v of option @opt: "invalid OPT 'V': WHY"
 * in @err (the value shown by opt_shown); returns -EINVAL. */
int opt_bad_value(char *err, size_t errlen, const char *opt, const char *v,
		  const char *why);

#endif
