/* fuzz_cli.c - libFuzzer target for cli.c: the input, split on NUL bytes
 * and whitespace, is the argv after "ioprobe".  Whatever the argv, parsing
 * must neither crash, leak nor read out of bounds.  A profile that parses
 * is then printed the -Rp and -Rpxml ways and the XML read back, so the
 * profile printers and the XML reader see every profile the command line
 * can build. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/cli.h"
#include "fuzz_util.h"
#include "profile/profile.h"
#include "report/report.h"
#include "profile/xmlprofile.h"

#define FUZZ_MAX_ARGS 512

static bool is_sep(uint8_t c)
{
	return c == '\0' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Print @p both -Rp ways, then read the XML back as -X would. */
static void print_and_reload(const struct profile *p)
{
	struct profile back;
	char err[1024];
	char *xml = NULL;
	size_t len = 0;
	FILE *f;

	f = fopen("/dev/null", "we");
	if (!f)
		abort();
	report_text_profile(p, f);
	fclose(f);

	f = open_memstream(&xml, &len);
	if (!f)
		abort();
	xmlprofile_write(p, f, 0);
	if (fclose(f))
		abort();
	profile_init(&back);
	err[0] = '\0';
	xmlprofile_load_mem(xml, len, "fuzz.xml", NULL, 0, true, &back, err,
			    sizeof(err));
	/* whatever the profile, -Rpxml must write well-formed XML */
	if (strstr(err, "malformed XML"))
		abort();
	profile_release(&back);
	free(xml);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[FUZZ_MAX_ARGS + 2];
	char *buf = fuzz_cstr(data, size);
	struct profile p;
	char err[1024];
	int argc = 1;
	size_t i = 0;

	argv[0] = (char *)"ioprobe";
	while (i < size && argc <= FUZZ_MAX_ARGS) {
		while (i < size && is_sep(data[i]))
			i++;
		if (i == size)
			break;
		argv[argc++] = buf + i;
		while (i < size && !is_sep(data[i]))
			i++;
		buf[i++] = '\0';	/* buf has size + 1 bytes */
	}
	argv[argc] = NULL;

	profile_init(&p);
	switch (cli_parse(argc, argv, &p, err, sizeof(err))) {
	case CLI_RUN:
	case CLI_PRINT_PROFILE:
		print_and_reload(&p);
		break;
	case CLI_ERROR:
		if (!err[0] || !memchr(err, '\0', sizeof(err)))
			abort();	/* an error must say what is wrong */
		break;
	default:
		break;
	}
	profile_release(&p);
	free(buf);
	return 0;
}
