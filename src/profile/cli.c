/* cli.c - the DiskSpd 2.2 command line, read the way DiskSpd reads it
 * (values glued to the letter, lenient integers, size suffixes, last-wins
 * repeats), plus ioprobe's long options, into a struct profile.
 *
 * Parsing runs in passes: tokens are normalised (a pasted en-dash or
 * em-dash becomes '-'), a pre-pass resolves -b so that "b" (blocks) size
 * suffixes anywhere mean blocks of the final -b, then every switch is
 * applied to a template target_opts, the profile-level rules of the spec
 * (§1.3) are checked, and finally each target receives a copy of the
 * template.  With -X the targets come from xmlprofile_load() instead and
 * only the switches DiskSpd allows beside -X are applied on top.
 *
 * This file splits the command line into tokens and runs the passes; the
 * switches are rows of cli_table.c (their readers in cli_switches.c),
 * the long options in cli_long.c, the rules in cli_validate.c and the
 * help in cli_usage.c.
 */
#include "profile/cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "profile/cli_internal.h"
#include "profile/cli_long.h"
#include "profile/parse.h"
#include "profile/xmlprofile.h"

#define MAX_BLOCK_BYTES (1ULL << 30)

static bool is_switch(const char *tok)
{
	return tok[0] == '-';
}

/* Pre-pass: the last -b among the switches (before the first target). */
static int resolve_block(struct cli *c, char **tok, int ntok)
{
	uint64_t v;
	int i, ret;

	c->block_bytes = 64 * 1024;
	for (i = 0; i < ntok && is_switch(tok[i]); i++) {
		if (tok[i][1] == '-') {
			const struct opt_spec *o = cli_long_find(tok[i]);

			/* only an option that takes a value takes the next
			 * token: a flag (--overwrite) is followed by a switch */
			if (o && o->kind == OPT_VALUE && !strchr(tok[i], '=') &&
			    i + 1 < ntok)
				i++;
			continue;
		}
		if (tok[i][1] != 'b')
			continue;
		/* "b" is blocks of the -b before (64K at first), as in
		 * DiskSpd: -b2b is 128K */
		ret = parse_size(tok[i] + 2, c->block_bytes, &v);
		if (ret)
			return cli_size_error(c, "-b", tok[i] + 2, ret);
		if (!v || v > MAX_BLOCK_BYTES)
			return cli_bad(c, "-b", tok[i] + 2,
				       "a block size from 1 byte to 1G");
		c->block_bytes = v;
	}
	c->t.block_bytes = c->block_bytes;
	return 0;
}

/* Every target gets a copy of the template.  Stride and alignment stay
 * 0 ("the block size") unless given, as an XML profile loads them. */
static int commit_targets(struct cli *c, char *const *targets, int n)
{
	struct target_opts *t = &c->t;
	struct profile *p = c->p;
	int i;

	if (c->r && !c->rs)
		t->random_pct = 100;
	t->overwrite = p->overwrite;	/* --overwrite */
	for (i = 0; i < n; i++) {
		struct target_opts *d = &p->targets[i];

		*d = *t;
		d->path = strdup(targets[i]);
		d->wbuf_source_path = str_dup(t->wbuf_source_path);
		p->ntargets++;
		if (!d->path || (t->wbuf_source_path && !d->wbuf_source_path))
			return errf(c->err, c->errlen, ENOMEM,
				    "out of memory");
	}
	return 0;
}

/* The profile-level values a -X load keeps from the command line. */
static void move_kept(struct profile *to, struct profile *from,
		      unsigned int ov)
{
	uint32_t i;

	to->cmdline = from->cmdline;
	to->engine = from->engine;
	to->allow_device_writes = from->allow_device_writes;
	to->overwrite = from->overwrite;
	for (i = 0; i < to->ntargets; i++)
		to->targets[i].overwrite = from->overwrite;
	to->label = from->label;
	to->xml_profile_path = from->xml_profile_path;
	to->batch_submit = from->batch_submit;
	to->continue_on_error = from->continue_on_error;
	to->no_findings = from->no_findings;
	for (i = 0; i < from->noutputs; i++) {
		to->outputs[i] = from->outputs[i];
		from->outputs[i].path = NULL;	/* moved, not shared */
	}
	to->noutputs = from->noutputs;
	from->cmdline = from->engine = from->allow_device_writes = NULL;
	from->label = from->xml_profile_path = NULL;
	from->noutputs = 0;
	if (ov & OV_V)
		to->verbose = from->verbose;
	if (ov & OV_Z) {
		to->seed = from->seed;
		to->seed_given = from->seed_given;
	}
	if (ov & OV_R) {
		to->format = from->format;
		to->print_profile_only = from->print_profile_only;
	}
	if (ov & OV_W)
		to->warmup_s = from->warmup_s;
	if (ov & OV_D)
		to->duration_s = from->duration_s;
	if (ov & OV_C)
		to->cooldown_s = from->cooldown_s;
	if (ov & OV_COLON)
		to->experiment_flags = from->experiment_flags;
}

/* A later <TimeSpan> of -X takes the first's command-line values: the
 * overrides (-v -z -R -W -d -C -:) and the run's own switches, shared
 * (the first owns the strings). */
static void override_span(struct profile *to, const struct profile *first,
			  unsigned int ov)
{
	to->engine = NULL;	/* shared below: never freed through @to */
	to->overwrite = first->overwrite;
	to->batch_submit = first->batch_submit;
	to->continue_on_error = first->continue_on_error;
	to->no_findings = first->no_findings;
	to->quiet = first->quiet;
	if (ov & OV_V)
		to->verbose = first->verbose;
	if (ov & OV_Z) {
		to->seed = first->seed;
		to->seed_given = first->seed_given;
	}
	if (ov & OV_R) {
		to->format = first->format;
		to->print_profile_only = first->print_profile_only;
	}
	if (ov & OV_W)
		to->warmup_s = first->warmup_s;
	if (ov & OV_D)
		to->duration_s = first->duration_s;
	if (ov & OV_C)
		to->cooldown_s = first->cooldown_s;
	if (ov & OV_COLON)
		to->experiment_flags = first->experiment_flags;
}

/* -X: load the profile, then apply the switches allowed beside it. */
static int load_xml(struct cli *c, char *const *targets, int n)
{
	struct profile *keep, *span;
	struct profile *p = c->p;
	int ret;

	if (c->x_incompat)
		return errf(c->err, c->errlen, EINVAL,
			    "parameter '%s' is not compatible with -X: only "
			    "-v -z -R -W -d -C -: may accompany a profile",
			    c->x_incompat);
	keep = malloc(sizeof(*keep));
	if (!keep)
		return errf(c->err, c->errlen, ENOMEM, "out of memory");
	*keep = *p;
	profile_init(p);
	p->notes = keep->notes;	/* the profile's notes follow the switches' */
	ret = xmlprofile_load(keep->xml_profile_path, targets,
			      (unsigned int)n, c->rp, p, c->err, c->errlen);
	keep->notes = p->notes;	/* said, even when the load failed */
	if (ret) {
		profile_release(p);
		profile_init(p);
	}
	/* keep the command line's strings and overrides either way */
	move_kept(p, keep, ret ? ~0U : c->xover);
	for (span = p->next_span; span; span = span->next_span)
		override_span(span, p, c->xover);	/* every <TimeSpan> */
	p->notes = keep->notes;
	profile_release(keep);
	free(keep);
	return ret;
}

/* A token starting with U+2013 or U+2014 becomes '-' + the rest. */
static int normalise(int argc, char **argv, char **tok, struct notes *ns)
{
	const char *first = NULL, *kind = NULL;
	int i, more = 0;

	for (i = 1; i < argc; i++) {
		const unsigned char *u = (const unsigned char *)argv[i];
		size_t len;

		tok[i - 1] = argv[i];
		if (u[0] != 0xe2 || u[1] != 0x80 ||
		    (u[2] != 0x93 && u[2] != 0x94))
			continue;
		len = strlen(argv[i]) - 2;
		tok[i - 1] = malloc(len + 1);
		if (!tok[i - 1])
			return -ENOMEM;
		tok[i - 1][0] = '-';
		memcpy(tok[i - 1] + 1, argv[i] + 3, len);
		if (!first) {
			first = argv[i];
			kind = u[2] == 0x93 ? "en-dash" : "em-dash";
		} else {
			more++;
		}
	}
	if (first && more)
		notes_add(ns, NOTE_NOTE, "treating '%s' as '-%s' (pasted %s; "
			  "%d more tokens likewise)", first, first + 3, kind,
			  more);
	else if (first)
		notes_add(ns, NOTE_NOTE, "treating '%s' as '-%s' (pasted %s)",
			  first, first + 3, kind);
	return 0;
}

static void free_tokens(int argc, char **argv, char **tok)
{
	int i;

	for (i = 1; i < argc; i++)
		if (tok[i - 1] && tok[i - 1] != argv[i])
			free(tok[i - 1]);
	free(tok);
}

/* -? / --help / --version anywhere win over everything else. */
static enum cli_action early_action(char **tok, int ntok)
{
	int i;

	for (i = 0; i < ntok; i++) {
		if (!strcmp(tok[i], "-?") || !strcmp(tok[i], "--help"))
			return CLI_HELP;
		if (!strcmp(tok[i], "--version"))
			return CLI_VERSION;
	}
	return CLI_RUN;
}

/* DiskSpd opens "#<n>" as physical drive n and "<letter>:" as a volume
 * (IORequestGenerator.cpp), never as files: refused here, before
 * anything is created, with the Linux name to use instead. */
static int drive_target(struct cli *c, const char *typed)
{
	bool volume = isalpha((unsigned char)typed[0]) && typed[1] == ':' &&
		      !typed[2];

	if (typed[0] == '#' && typed[1])
		return errf(c->err, c->errlen, EINVAL, "target '%s' is a "
			    "Windows physical drive (DiskSpd opens "
			    "\\\\.\\PhysicalDrive%s): name a Linux block "
			    "device such as /dev/sdb instead (lsblk lists "
			    "them)", typed, typed + 1);
	if (volume)
		return errf(c->err, c->errlen, EINVAL, "target '%s' is a "
			    "Windows volume (DiskSpd opens \\\\.\\%s): name "
			    "a Linux block device such as /dev/sdb1 or a file "
			    "on a mounted filesystem instead (lsblk lists "
			    "them)", typed, typed);
	return 0;
}

/* Walk the tokens: switches, then targets (collected into @targets). */
static int parse_tokens(struct cli *c, char **argv, char **tok, int ntok,
			char **targets, int *ntargets)
{
	int i, used, ret;

	for (i = 0; i < ntok; i++) {
		const char *typed = argv[i + 1];

		if (is_switch(tok[i]) && *ntargets)
			return errf(c->err, c->errlen, EINVAL,
				    "switch '%s' comes after target '%s': "
				    "switches must come before targets",
				    typed, targets[0]);
		if (!is_switch(tok[i])) {
			if (!*tok[i])
				return errf(c->err, c->errlen, EINVAL,
					    "empty target '': expected a file "
					    "or block device path");
			ret = drive_target(c, tok[i]);
			if (ret)
				return ret;
			if (*ntargets >= PROFILE_MAX_TARGETS)
				return errf(c->err, c->errlen, EINVAL,
					    "too many targets at '%s': at most "
					    "%d", typed, PROFILE_MAX_TARGETS);
			targets[(*ntargets)++] = tok[i];
			continue;
		}
		if (tok[i][1] == '-') {
			ret = cli_long_parse(c->p, tok[i],
					     i + 1 < ntok ? tok[i + 1] : NULL,
					     &used, c->err, c->errlen);
			i += used;
		} else {
			ret = cli_switch(c, typed, tok[i]);
		}
		if (ret)
			return ret;
	}
	return 0;
}

static int cli_run(struct cli *c, int argc, char **argv, char **tok)
{
	int ntok = argc - 1, ntargets = 0, ret;
	char **targets;

	targets = calloc((size_t)ntok + 1, sizeof(*targets));
	if (!targets)
		return errf(c->err, c->errlen, ENOMEM, "out of memory");
	ret = resolve_block(c, tok, ntok);
	if (!ret)
		ret = parse_tokens(c, argv, tok, ntok, targets, &ntargets);
	if (ret)
		goto out;
	if (c->p->xml_profile_path) {
		ret = load_xml(c, targets, ntargets);
		goto out;
	}
	if (!ntargets) {
		ret = errf(c->err, c->errlen, EINVAL,
			   "no target given: expected at least one file or "
			   "block device after the switches\n"
			   "usage: ioprobe [switches] target... (ioprobe -? "
			   "lists the switches)");
		goto out;
	}
	c->p->ntargets = (uint32_t)ntargets;
	ret = cli_validate(c);
	c->p->ntargets = 0;
	if (!ret)
		ret = commit_targets(c, targets, ntargets);
out:
	free(targets);
	return ret;
}

enum cli_action cli_parse(int argc, char **argv, struct profile *p,
			  char *err, size_t errlen)
{
	struct cli c = { .p = p, .err = err, .errlen = errlen };
	enum cli_action act;
	char **tok;
	int ret;

	if (err && errlen)
		err[0] = '\0';
	if (argc < 2) {
		errf(err, errlen, EINVAL, "no switches or targets given\n"
		     "usage: ioprobe [switches] target... (ioprobe -? lists "
		     "the switches)");
		return CLI_ERROR;
	}
	tok = calloc((size_t)argc, sizeof(*tok));
	if (!tok || normalise(argc, argv, tok, &p->notes)) {
		if (tok)
			free_tokens(argc, argv, tok);
		errf(err, errlen, ENOMEM, "out of memory");
		return CLI_ERROR;
	}
	act = early_action(tok, argc - 1);
	if (act != CLI_RUN) {
		free_tokens(argc, argv, tok);
		return act;
	}
	target_opts_init(&c.t);
	free(p->cmdline);
	p->cmdline = str_join_args("ioprobe", argc, argv);
	ret = p->cmdline ? cli_run(&c, argc, argv, tok) :
		errf(err, errlen, ENOMEM, "out of memory");
	free(c.t.wbuf_source_path);
	free_tokens(argc, argv, tok);
	if (ret)
		return CLI_ERROR;
	return p->print_profile_only ? CLI_PRINT_PROFILE : CLI_RUN;
}
