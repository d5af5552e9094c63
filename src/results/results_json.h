/* results_json.h - struct results as an ioprobe-result/1 JSON document
 * (docs/json-schema.md): the file -Rjson writes and `ioprobe show`,
 * compare and suite read back.
 *
 * Writing then reading gives back every field the reports use, and
 * writing that again gives the same bytes: `ioprobe show r.json -Rjson`
 * reproduces r.json exactly.
 */
#ifndef IOPROBE_RESULTS_JSON_H
#define IOPROBE_RESULTS_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "results/results.h"

/* Write @r to @f as pretty-printed JSON and a newline, in any locale.
 * 0, -EINVAL for an enum value without a name, -ENOMEM, -EIO. */
int results_to_json(const struct results *r, FILE *f);

/* Fill @r (results_init'ed) from the @len bytes of JSON at @text, named
 * @name in messages.  0, or -EINVAL with @err saying what is wrong (not
 * JSON, schema, histogram layout, a field), -ENOMEM.  On error @r may
 * hold part of the file: results_release() it. */
int results_from_json(const char *name, const char *text, size_t len,
		      struct results *r, char *err, size_t errlen);

/* results_from_json() on the file at @path (at most 64 MiB); also the
 * -errno of reading it, with @err saying so. */
int results_load_json(const char *path, struct results *r, char *err,
		      size_t errlen);

#endif
