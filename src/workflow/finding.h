/* finding.h - building one finding: the slot in a caller's array and its
 * text, appended piece by piece.  Shared by every rule (interpret.c,
 * interpret_device.c, burst.c). */
#ifndef IOPROBE_FINDING_H
#define IOPROBE_FINDING_H

#include <stddef.h>
#include <stdint.h>

#include "results/comparison.h"

/* The next free slot of @out (of @max, *@nout used), set to @kind and
 * @value with an empty text; NULL when the array is full. */
struct finding *finding_add(struct finding *out, size_t *nout, size_t max,
			    enum finding_kind kind, double value);
/* Append to @f's text; what does not fit is cut. */
void finding_append(struct finding *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A size as every finding writes it (files, RAM, bytes moved): the
 * largest binary unit not above @bytes, whole when exact, else one
 * decimal: "16 MiB", "23.5 GiB", "512 bytes". */
void finding_size(char *buf, size_t len, uint64_t bytes);
/* A time in seconds as the findings give it, to 0.1 s: "2.4 s". */
void finding_seconds(char *buf, size_t len, double s);

#endif
