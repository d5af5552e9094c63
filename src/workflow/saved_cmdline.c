/* saved_cmdline.c - a saved command line's switches through the DiskSpd
 * parser, with placeholder targets.  See saved_cmdline.h.
 */
#include "workflow/saved_cmdline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "profile/cli.h"

/* The next switch of the line at *@save (strtok_r's state), or NULL. */
static char *next_switch(char *buf, char **save)
{
	char *tok = strtok_r(buf, " \t", save);

	while (tok && tok[0] != '-')
		tok = strtok_r(NULL, " \t", save);
	return tok;
}

void saved_cmdline_switches(const char *cmdline, char *buf, size_t len)
{
	char *line = str_dup(cmdline), *tok, *save = NULL;
	size_t o = 0;

	if (!len)
		return;
	buf[0] = '\0';
	for (tok = line ? next_switch(line, &save) : NULL; tok && o < len;
	     tok = next_switch(NULL, &save))
		o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? " " : "",
				      tok);
	free(line);
}

int saved_cmdline_profile(const char *cmdline, uint32_t ntargets,
			  struct profile *p, char *err, size_t errlen)
{
	char prog[] = "ioprobe", target[] = "target";
	char *line, **argv, *tok, *save = NULL;
	size_t max = strlen(cmdline) / 2 + 2 + ntargets;
	int argc = 0, ret = 0;
	uint32_t k;

	profile_init(p);
	if (!ntargets || ntargets > PROFILE_MAX_TARGETS)
		return errf(err, errlen, EINVAL, "invalid target count '%u': "
			    "expected 1 to %d", ntargets, PROFILE_MAX_TARGETS);
	line = str_dup(cmdline);
	argv = calloc(max + 1, sizeof(*argv));
	if (!line || !argv) {
		ret = errf(err, errlen, ENOMEM, "out of memory");
		goto out;
	}
	argv[argc++] = prog;
	for (tok = next_switch(line, &save); tok;
	     tok = next_switch(NULL, &save))
		argv[argc++] = tok;
	for (k = 0; k < ntargets; k++)
		argv[argc++] = target;	/* -t and -o count per target */
	if (cli_parse(argc, argv, p, err, errlen) != CLI_RUN ||
	    p->ntargets != ntargets) {
		if (!err[0])
			errf(err, errlen, EINVAL, "'%s' is not a runnable "
			     "profile", cmdline);
		ret = -EINVAL;
	}
out:
	free(argv);
	free(line);
	return ret;
}
