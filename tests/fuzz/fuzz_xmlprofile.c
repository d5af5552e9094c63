/* fuzz_xmlprofile.c - libFuzzer target for xmlprofile.c: the input is a
 * DiskSpd XML profile (-X), read with two template substitutions; a
 * profile that loads is written back (-Rpxml) and read again. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "fuzz_util.h"
#include "profile/profile.h"
#include "profile/xmlprofile.h"

static void error_drop(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	xmlInitParser();
	xmlSetGenericErrorFunc(NULL, error_drop);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char s1[] = "/tmp/ioprobe-fuzz-1.dat";
	static char s2[] = "/dev/null";
	char *const subst[] = { s1, s2 };
	/* the first byte picks the substitutions and template rule */
	unsigned int nsubst = size ? data[0] % 3 : 0;
	bool allow = size && (data[0] & 4);
	struct profile p, back;
	char err[1024] = "";
	char *xml = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	profile_init(&p);
	ret = xmlprofile_load_mem((const char *)data, size, "fuzz.xml", subst,
				  nsubst, allow, &p, err, sizeof(err));
	if (ret && !err[0])
		abort();	/* every failure must say why */
	if (!ret) {
		f = open_memstream(&xml, &len);
		if (!f)
			abort();
		xmlprofile_write(&p, f, 0);
		if (fclose(f))
			abort();
		profile_init(&back);
		err[0] = '\0';
		xmlprofile_load_mem(xml, len, "back.xml", NULL, 0, true, &back,
				    err, sizeof(err));
		/* what we write must be well-formed XML */
		if (strstr(err, "malformed XML"))
			abort();
		profile_release(&back);
		free(xml);
	}
	profile_release(&p);
	return 0;
}
