/* format.h - the result formats (-R, --output, show -R) and their names:
 * the one table every parser and writer of a format name uses. */
#ifndef IOPROBE_FORMAT_H
#define IOPROBE_FORMAT_H

#include <stddef.h>

enum result_format {
	FORMAT_TEXT = 0,
	FORMAT_XML,
	FORMAT_JSON,
	FORMAT_CSV,
	FORMAT_HTML,
};

#define RESULT_FORMAT_COUNT (FORMAT_HTML + 1)

/* The names, by enum result_format: "text", "xml", "json", "csv",
 * "html" (the one copy; the JSON and XML profile tables use it). */
extern const char *const result_format_names[RESULT_FORMAT_COUNT];

/* The name of @fmt as the switches and the JSON spell it: "text", "xml",
 * "json", "csv" or "html"; NULL for a value outside the enum. */
const char *result_format_name(enum result_format fmt);

/* Set *@fmt to the format called @name, matched case-insensitively as
 * DiskSpd's -R is ("xml", "XML").  0, or -EINVAL (*@fmt untouched) when
 * no format has that name. */
int result_format_from_name(const char *name, enum result_format *fmt);

/* The same for the @len bytes at @name, which need not be terminated
 * there: the FORMAT of --output FORMAT:PATH. */
int result_format_from_name_len(const char *name, size_t len,
				enum result_format *fmt);

#endif
