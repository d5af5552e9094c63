/* test_opt_table.c - the shared long-option parser (both forms, missing
 * and unknown options, abbreviations, flags given a value, options that
 * set a field without a setter), and every
 * command's table against the help, the man page and the bash
 * completion, so none of them can leave an option out; likewise the
 * DiskSpd switch table against the man page's DISKSPD SWITCHES and the
 * completion's switch list, both ways. */
#include <errno.h>
#include <stdbool.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#include "cmd/subcmd.h"
#include "lib/readfile.h"
#include "profile/cli.h"
#include "profile/cli_long.h"
#include "profile/cli_table.h"
#include "profile/opt_table.h"

struct seen {
	const char *label;
	int flag;
};

static int set_label(void *ctx, const char *v, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	((struct seen *)ctx)->label = v;
	return 0;
}

static int set_flag(void *ctx, const char *v, char *err, size_t errlen)
{
	(void)v;
	(void)err;
	(void)errlen;
	((struct seen *)ctx)->flag++;
	return 0;
}

static const struct opt_spec specs[] = {
	{ "label", OPT_VALUE, "LABEL", set_label, 0 },
	{ "labels", OPT_VALUE, "LIST", set_label, 0 },
	{ "keep-file", OPT_FLAG, NULL, set_flag, 0 },
	{ "help", OPT_HELP, NULL, NULL, 0 },
};

static const struct opt_table table = { "demo", specs, 4 };

static int parse(char *line, struct seen *s, char *err, size_t errlen)
{
	char *argv[16], *save = NULL, *tok;
	int argc = 0;

	argv[argc++] = (char *)"demo";
	for (tok = strtok_r(line, " ", &save); tok && argc < 15;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	argv[argc] = NULL;
	memset(s, 0, sizeof(*s));
	return opt_parse(&table, argc, argv, s, NULL, err, errlen);
}

#define PARSE(str) (str_copy_line(line, sizeof(line), str), \
		    parse(line, &s, err, sizeof(err)))

static void str_copy_line(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src);
}

static void test_forms(void **state)
{
	char line[256], err[256];
	struct seen s;

	(void)state;
	assert_int_equal(PARSE("--label=x"), 0);
	assert_string_equal(s.label, "x");
	assert_int_equal(PARSE("--label x --keep-file"), 0);
	assert_string_equal(s.label, "x");
	assert_int_equal(s.flag, 1);
	assert_int_equal(PARSE("--labels=a,b"), 0);
	assert_string_equal(s.label, "a,b");
	assert_int_equal(PARSE("--help"), OPT_HELP_ASKED);
	assert_int_equal(PARSE("-?"), OPT_HELP_ASKED);
	assert_int_equal(PARSE("--label"), -EINVAL);
	assert_string_equal(err, "missing value for '--label': expected "
			    "--label LABEL or --label=LABEL");
	assert_int_equal(PARSE("--label --keep-file"), -EINVAL);
	assert_string_equal(err, "missing value for '--label': expected "
			    "--label LABEL or --label=LABEL");
	assert_int_equal(PARSE("--label="), -EINVAL);
	assert_string_equal(err, "invalid --label '': expected LABEL, not an "
			    "empty value");
	assert_int_equal(PARSE("--bogus"), -ENOENT);
	assert_string_equal(err, "unknown option '--bogus': see 'ioprobe demo "
			    "--help'");
	assert_int_equal(PARSE("--lab=x"), -ENOENT);
	assert_string_equal(err, "unknown option '--lab=x': did you mean "
			    "'--label' or '--labels'?");
	assert_int_equal(PARSE("--keep"), -ENOENT);
	assert_string_equal(err, "unknown option '--keep': did you mean "
			    "'--keep-file'?");
	assert_int_equal(PARSE("--keep-file=1"), -EINVAL);
	assert_string_equal(err, "option '--keep-file' takes no value: "
			    "'--keep-file=1'");
	assert_int_equal(PARSE("extra"), -EINVAL);
	assert_string_equal(err, "unexpected argument 'extra': see 'ioprobe "
			    "demo --help'");
	assert_int_equal(PARSE("-x"), -EINVAL);
	assert_string_equal(err, "unknown option '-x': see 'ioprobe demo "
			    "--help'");
}

/* Options that set a field of their context, without a setter. */
struct fields {
	int before;
	bool on, off;
	const char *dir, *name;
	int after;
};

static const struct opt_spec field_specs[] = {
	OPT_BOOL_AT("on", struct fields, on),
	OPT_BOOL_AT("off", struct fields, off),
	OPT_STRING_AT("dir", "DIR", struct fields, dir),
	OPT_STRING_AT("name", "NAME", struct fields, name),
};

static const struct opt_table field_table = { "demo", field_specs, 4 };

static int parse_fields(char *line, struct fields *f, char *err,
			size_t errlen)
{
	char *argv[16], *save = NULL, *tok;
	int argc = 0;

	argv[argc++] = (char *)"demo";
	for (tok = strtok_r(line, " ", &save); tok && argc < 15;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	argv[argc] = NULL;
	memset(f, 0, sizeof(*f));
	f->before = f->after = 7;
	return opt_parse(&field_table, argc, argv, f, NULL, err, errlen);
}

#define PARSE_F(str) (str_copy_line(line, sizeof(line), str), \
		      parse_fields(line, &f, err, sizeof(err)))

static void test_fields(void **state)
{
	char line[256], err[256];
	struct fields f;

	(void)state;
	assert_int_equal(PARSE_F("--dir /x --on --name=y"), 0);
	assert_true(f.on);
	assert_false(f.off);
	assert_string_equal(f.dir, "/x");
	assert_string_equal(f.name, "y");
	assert_int_equal(f.before, 7);
	assert_int_equal(f.after, 7);
	assert_int_equal(PARSE_F("--off --dir=a --dir=b"), 0);
	assert_true(f.off && !f.on);
	assert_string_equal(f.dir, "b");	/* the last one */
	assert_null(f.name);
	assert_int_equal(PARSE_F("--on=1"), -EINVAL);
	assert_string_equal(err, "option '--on' takes no value: '--on=1'");
	assert_int_equal(PARSE_F("--dir"), -EINVAL);
	assert_string_equal(err, "missing value for '--dir': expected "
			    "--dir DIR or --dir=DIR");
	assert_int_equal(PARSE_F("--name="), -EINVAL);
	assert_string_equal(err, "invalid --name '': expected NAME, not an "
			    "empty value");
	assert_int_equal(field_specs[0].kind, OPT_FLAG);
	assert_int_equal(field_specs[2].kind, OPT_VALUE);
}

/* The text between "@start" and the next line starting with @end_prefix
 * (or the end), or NULL. */
static char *region(const char *buf, const char *start,
		    const char *end_prefix)
{
	const char *a = strstr(buf, start), *b;
	char *r;

	if (!a)
		return NULL;
	b = a + strlen(start);
	for (;;) {
		b = strchr(b, '\n');
		if (!b || !strncmp(b + 1, end_prefix, strlen(end_prefix)))
			break;
		b++;
	}
	if (!b)
		b = a + strlen(a);
	r = strndup(a, (size_t)(b - a));
	assert_non_null(r);
	return r;
}

static char *load(const char *rel)
{
	char path[4096], err[512], *buf;
	size_t len;

	snprintf(path, sizeof(path), "%s/%s", IOPROBE_SRCDIR, rel);
	assert_int_equal(readfile_all(path, "doc", 1 << 20, &buf, &len, err,
				      sizeof(err)), 0);
	return buf;
}

/* Every option of @t in the completion's list for its command, as
 * "--name=" for a value. */
static void check_completion(const char *comp, const struct opt_table *t)
{
	char start[64], word[96];
	char *r;
	size_t i;

	snprintf(start, sizeof(start), "_ioprobe_opts_%s=\"",
		 t->command[0] ? t->command : "run");
	r = region(comp, start, "_ioprobe");
	if (!r)
		fail_msg("no %s in completion/ioprobe.bash", start);
	for (i = 0; i < t->nopts; i++) {
		const struct opt_spec *o = &t->opts[i];

		snprintf(word, sizeof(word), "--%s%s", o->name,
			 o->kind == OPT_VALUE ? "=" : "");
		if (!strstr(r, word))
			fail_msg("completion of '%s' lacks '%s'", start, word);
	}
	free(r);
}

/* Every option of @t in the man page: the run's under OPTIONS, a
 * subcommand's in its own .SS section. */
static void check_man(const char *man, const struct opt_table *t)
{
	char start[64], word[96], *r, *p;
	size_t i;

	if (t->command[0])
		snprintf(start, sizeof(start), "\n.SS %s\n", t->command);
	else
		snprintf(start, sizeof(start), "\n.SH OPTIONS\n");
	r = region(man, start, ".S");
	if (!r)
		fail_msg("no section for '%s' in docs/ioprobe.1", t->command);
	for (i = 0; i < t->nopts; i++) {
		snprintf(word, sizeof(word), "\\-\\-%s", t->opts[i].name);
		/* the man source escapes every '-' */
		for (p = strchr(word + 4, '-'); p; p = strchr(p + 2, '-')) {
			memmove(p + 1, p, strlen(p) + 1);
			*p = '\\';
		}
		if (!strstr(r, word))
			fail_msg("man page section of '%s' lacks '%s'",
				 t->command[0] ? t->command : "OPTIONS", word);
	}
	free(r);
}

/* A sweep hands the run's long options on: the completion offers them
 * too, except those the sweep refuses or has itself. */
static void check_sweep_passes_run_options(const char *comp)
{
	static const char *const not_passed[] = { "output", "label", "help",
						  "version" };
	char word[96], *r = region(comp, "_ioprobe_opts_sweep=\"", "_ioprobe");
	size_t i, k;

	assert_non_null(r);
	for (i = 0; i < cli_long_table.nopts; i++) {
		const struct opt_spec *o = &cli_long_table.opts[i];

		for (k = 0; k < 4 && strcmp(o->name, not_passed[k]); k++)
			;
		snprintf(word, sizeof(word), "--%s%s", o->name,
			 o->kind == OPT_VALUE ? "=" : "");
		if (k == 4 && !strstr(r, word))
			fail_msg("sweep completion lacks the run's '%s'", word);
	}
	free(r);
}

static void test_tables_documented(void **state)
{
	char *comp = load("completion/ioprobe.bash");
	char *man = load("docs/ioprobe.1");
	char *cmds = region(comp, "_ioprobe_cmds=\"", "\n");
	char *help = NULL, word[64], *p;
	size_t i, len = 0;
	FILE *f = open_memstream(&help, &len);

	(void)state;
	assert_non_null(f);
	cli_usage(f);
	fclose(f);
	assert_non_null(cmds);
	for (p = cmds; *p; p++)	/* _ioprobe_cmds="a b" -> " a b " */
		if (*p == '"' || *p == '=')
			*p = ' ';
	check_completion(comp, &cli_long_table);
	check_man(man, &cli_long_table);
	for (i = 0; i < cli_long_table.nopts; i++) {
		snprintf(word, sizeof(word), "--%s", cli_long_table.opts[i].name);
		if (!strstr(help, word))
			fail_msg("ioprobe --help lacks '%s'", word);
	}
	for (i = 0; i < nsubcmds; i++) {
		assert_string_equal(subcmds[i].name, subcmds[i].opts->command);
		snprintf(word, sizeof(word), " %s ", subcmds[i].name);
		if (!strstr(cmds, word))
			fail_msg("completion lacks subcommand '%s'",
				 subcmds[i].name);
		snprintf(word, sizeof(word), "ioprobe %s", subcmds[i].name);
		if (!strstr(help, word))
			fail_msg("ioprobe --help lacks '%s'", word);
		snprintf(word, sizeof(word), ".B ioprobe %s\n",
			 subcmds[i].name);
		if (!strstr(man, word))
			fail_msg("man page SYNOPSIS lacks '%s'", word);
		check_completion(comp, subcmds[i].opts);
		check_man(man, subcmds[i].opts);
	}
	check_sweep_passes_run_options(comp);
	free(help);
	free(cmds);
	free(man);
	free(comp);
}

/* Marks in @found the row of each switch named in @text: a '-' (the man
 * page writes "\-") at the start of a word, then its letters.  A switch
 * without a row fails. */
static void switches_named(const char *text, const char *where, bool *found)
{
	const char *p;
	char letters[32];
	size_t n;

	for (p = text; (p = strchr(p, '-')); p++) {
		const struct cli_sw *r;
		const char *q = p + 1, *before = p;

		if (before > text && before[-1] == '\\')
			before--;
		if (before > text && !strchr(" \t\n\"", before[-1]))
			continue;
		if (*q == '\\' || *q == '-')
			continue;	/* "\-\-long" or "--long" */
		for (n = 0; n + 1 < sizeof(letters) && q[n] &&
		     (strchr("?:", q[n]) || (q[n] >= 'a' && q[n] <= 'z') ||
		      (q[n] >= 'A' && q[n] <= 'Z')); n++)
			letters[n] = q[n];
		letters[n] = '\0';
		if (!n)
			continue;
		r = cli_switch_find(letters);
		if (!r)
			fail_msg("%s names '-%s', a switch with no row in "
				 "cli_table.c", where, letters);
		found[r - cli_switches] = true;
	}
}

/* The tags (.TP lines) of the man page's DISKSPD SWITCHES section. */
static char *man_switch_tags(const char *man)
{
	char *sec = region(man, "\n.SH DISKSPD SWITCHES\n", ".SH");
	char *tags, *line, *save = NULL;
	size_t len = 0, size;
	bool tag = false;

	assert_non_null(sec);
	size = strlen(sec) + 1;
	tags = calloc(1, size);
	assert_non_null(tags);
	for (line = strtok_r(sec, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (tag) {
			len += (size_t)snprintf(tags + len, size - len,
						"%s\n", line);
			tag = false;
		}
		tag = !strcmp(line, ".TP");
	}
	free(sec);
	return tags;
}

static void test_switches_documented(void **state)
{
	char *comp = load("completion/ioprobe.bash");
	char *man = load("docs/ioprobe.1");
	char *list = region(comp, "_ioprobe_switches=\"", "_ioprobe");
	char *tags = man_switch_tags(man);
	bool in_man[64] = { false }, in_comp[64] = { false };
	size_t i;

	(void)state;
	assert_non_null(list);
	assert_true(cli_nswitches <= ARRAY_LEN(in_man));
	switches_named(list + strlen("_ioprobe_switches=\""),
		       "completion/ioprobe.bash", in_comp);
	switches_named(tags, "docs/ioprobe.1 DISKSPD SWITCHES", in_man);
	for (i = 0; i < cli_nswitches; i++) {
		if (!in_comp[i] && !(cli_switches[i].flags & SW_REFUSED))
			fail_msg("completion/ioprobe.bash lacks -%s",
				 cli_switches[i].name);
		if (!in_man[i])
			fail_msg("docs/ioprobe.1 DISKSPD SWITCHES lacks -%s",
				 cli_switches[i].name);
	}
	free(tags);
	free(list);
	free(man);
	free(comp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_forms),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_tables_documented),
		cmocka_unit_test(test_switches_documented),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
