/* opt_table.c - the one parser of long options, for the run and every
 * subcommand: getopt_long reads one token (and the next, for a value)
 * against the command's table; abbreviations are refused with the names
 * they could mean, so a new option never changes what a script typed.
 * See opt_table.h.
 */
#include "profile/opt_table.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "lib/suggest.h"
#include "lib/util.h"

#define OPT_MAX 64		/* options of one table */
#define OPT_VAL_BASE 1000	/* getopt_long's val: base + index */

const char *opt_shown(char *buf, size_t len, const char *s)
{
	char head[61];

	str_copy(head, sizeof(head), s);
	str_escape_c(buf, len > 3 ? len - 3 : len, head);
	if (strlen(s) > 60)
		strncat(buf, "...", len - strlen(buf) - 1);
	return buf;
}

/* The length of @tok's name, "--" included, up to any '='. */
static size_t name_len(const char *tok)
{
	const char *eq = strchr(tok, '=');

	return eq ? (size_t)(eq - tok) : strlen(tok);
}

const struct opt_spec *opt_find(const struct opt_table *t, const char *tok)
{
	size_t i, n = name_len(tok);

	if (strncmp(tok, "--", 2) || n < 3)
		return NULL;
	for (i = 0; i < t->nopts; i++)
		if (strlen(t->opts[i].name) == n - 2 &&
		    !strncmp(tok + 2, t->opts[i].name, n - 2))
			return &t->opts[i];
	return NULL;
}

static const char *help_hint(const struct opt_table *t, char *buf,
			     size_t len)
{
	if (t->command[0])
		snprintf(buf, len, "see 'ioprobe %s --help'", t->command);
	else
		str_copy(buf, len, "see 'ioprobe -?'");
	return buf;
}

/* "unknown option '--x'", with the names an abbreviation could mean. */
static int unknown(const struct opt_table *t, const char *tok, char *err,
		   size_t errlen)
{
	char esc[256], hint[64], alts[256] = "";
	size_t i, n = name_len(tok), o = 0, k = 0;

	for (i = 0; n > 2 && i < t->nopts && o < sizeof(alts); i++)
		if (!strncmp(tok + 2, t->opts[i].name, n - 2))
			o += (size_t)snprintf(alts + o, sizeof(alts) - o,
					      "%s'--%s'", k++ ? " or " : "",
					      t->opts[i].name);
	opt_shown(esc, sizeof(esc), tok);
	if (!k && n > 2 && !strncmp(tok, "--", 2)) {
		const char *near = suggest_name(tok + 2, n - 2, t->opts,
						t->nopts, sizeof(t->opts[0]));

		if (near)
			k = (size_t)snprintf(alts, sizeof(alts), "'--%s'",
					     near) > 0;
	}
	if (k)
		errf(err, errlen, ENOENT, "unknown option '%s': did you mean "
		     "%s?", esc, alts);
	else
		errf(err, errlen, ENOENT, "unknown option '%s': %s", esc,
		     help_hint(t, hint, sizeof(hint)));
	return -ENOENT;
}

/* Run getopt_long on @tok (and @next) alone: the index of the option
 * matched (maybe by an abbreviation), -1 unknown, -2 value missing, -3
 * a value given to a flag; *@val and *@used for a match. */
static int lex(const struct opt_table *t, const char *tok, const char *next,
	       const char **val, int *used)
{
	struct option lo[OPT_MAX + 1];
	char *av[4] = { (char *)"ioprobe", (char *)tok, (char *)next, NULL };
	int ac = next && strncmp(next, "--", 2) ? 3 : 2;
	size_t i;
	int c, idx = -1;

	memset(lo, 0, sizeof(lo));
	for (i = 0; i < t->nopts && i < OPT_MAX; i++) {
		lo[i].name = t->opts[i].name;
		lo[i].has_arg = t->opts[i].kind == OPT_VALUE ?
				required_argument : no_argument;
		lo[i].val = OPT_VAL_BASE + (int)i;
	}
	if (ac == 2)
		av[2] = NULL;
	optind = 0;	/* glibc: start afresh */
	opterr = 0;
	c = getopt_long(ac, av, "+:", lo, &idx);
	if (c == ':')
		return -2;
	if (c == '?' && optopt >= OPT_VAL_BASE)
		return -3;
	if (c < OPT_VAL_BASE)
		return -1;
	*val = optarg;
	*used = optind > 2;
	return c - OPT_VAL_BASE;
}

/* Apply option @o (its value @val, NULL for a flag) to @ctx: through
 * its setter, else into its field. */
static int store(const struct opt_spec *o, void *ctx, const char *val,
		 char *err, size_t errlen)
{
	char *field = (char *)ctx + o->offset;

	if (o->set)
		return o->set(ctx, val, err, errlen);
	if (o->kind == OPT_FLAG)
		*(bool *)field = true;
	else
		*(const char **)field = val;
	return 0;
}

int opt_parse_one(const struct opt_table *t, const char *tok,
		  const char *next, void *ctx, int *used, char *err,
		  size_t errlen)
{
	const struct opt_spec *o;
	const char *val = NULL;
	char esc[256];
	int k;

	*used = 0;
	k = lex(t, tok, next, &val, used);
	o = opt_find(t, tok);
	/* an abbreviation is unknown: name what it could mean */
	if (k == -1 || !o) {
		*used = 0;
		return unknown(t, tok, err, errlen);
	}
	if (k == -2)
		return errf(err, errlen, EINVAL, "missing value for '--%s': "
			    "expected --%s %s or --%s=%s", o->name, o->name,
			    o->metavar, o->name, o->metavar);
	if (k == -3)
		return errf(err, errlen, EINVAL, "option '--%s' takes no "
			    "value: '%s'", o->name,
			    opt_shown(esc, sizeof(esc), tok));
	if (o->kind == OPT_HELP)
		return OPT_HELP_ASKED;
	if (o->kind == OPT_VALUE && !*val)
		return errf(err, errlen, EINVAL, "invalid --%s '': expected "
			    "%s, not an empty value", o->name, o->metavar);
	return store(o, ctx, val, err, errlen);
}

int opt_parse(const struct opt_table *t, int argc, char **argv, void *ctx,
	      opt_other_fn other, char *err, size_t errlen)
{
	char esc[256], hint[64];
	int i, used, ret;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-?"))
			return OPT_HELP_ASKED;
		if (!strncmp(a, "--", 2) && a[2]) {
			ret = opt_parse_one(t, a, i + 1 < argc ? argv[i + 1] :
					    NULL, ctx, &used, err, errlen);
			if (ret == -ENOENT && other)
				ret = other(ctx, argc, argv, &i, err, errlen);
			else
				i += used;
			if (ret == -ENOENT)
				return unknown(t, a, err, errlen);
		} else {
			ret = other ? other(ctx, argc, argv, &i, err, errlen) :
				      -ENOENT;
			if (ret == -ENOENT)
				return errf(err, errlen, EINVAL, "%s '%s': %s",
					    a[0] == '-' && a[1] ?
					    "unknown option" :
					    "unexpected argument",
					    opt_shown(esc, sizeof(esc), a),
					    help_hint(t, hint, sizeof(hint)));
		}
		if (ret)
			return ret;
	}
	return 0;
}

int opt_bad_value(char *err, size_t errlen, const char *opt, const char *v,
		  const char *why)
{
	char esc[256];

	return errf(err, errlen, EINVAL, "invalid %s '%s': %s", opt,
		    opt_shown(esc, sizeof(esc), v), why);
}
