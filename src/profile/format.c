/* format.c - the names of the result formats, looked up both ways. */
#include "profile/format.h"

#include <errno.h>
#include <string.h>
#include <strings.h>

const char *const result_format_names[RESULT_FORMAT_COUNT] = {
	[FORMAT_TEXT] = "text", [FORMAT_XML] = "xml", [FORMAT_JSON] = "json",
	[FORMAT_CSV] = "csv", [FORMAT_HTML] = "html",
};

const char *result_format_name(enum result_format fmt)
{
	if ((unsigned int)fmt >= RESULT_FORMAT_COUNT)
		return NULL;
	return result_format_names[fmt];
}

int result_format_from_name_len(const char *name, size_t len,
				enum result_format *fmt)
{
	unsigned int i;

	for (i = 0; i < RESULT_FORMAT_COUNT; i++) {
		if (strlen(result_format_names[i]) == len &&
		    !strncasecmp(name, result_format_names[i], len)) {
			*fmt = (enum result_format)i;
			return 0;
		}
	}
	return -EINVAL;
}

int result_format_from_name(const char *name, enum result_format *fmt)
{
	return result_format_from_name_len(name, strlen(name), fmt);
}
