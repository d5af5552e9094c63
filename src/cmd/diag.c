/* diag.c - diagnostics on stderr (see diag.h). */
#include "cmd/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

__attribute__((format(printf, 2, 0)))
static void vdiag(const char *kind, const char *fmt, va_list ap)
{
	char line[NOTE_LEN];

	vsnprintf(line, sizeof(line), fmt, ap);
	fprintf(stderr, "ioprobe: %s: %s\n", kind, line);
}

void warnf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag("warning", fmt, ap);
	va_end(ap);
}

void notef(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag("note", fmt, ap);
	va_end(ap);
}

void diag_note(enum note_kind kind, const char *text)
{
	if (kind == NOTE_PLAIN)
		fprintf(stderr, "%s\n", text);
	else
		fprintf(stderr, "ioprobe: %s: %s\n", note_kind_name(kind),
			text);
}

void diag_notes(const struct notes *ns, bool quiet)
{
	uint32_t i;

	for (i = 0; i < ns->n && i < NOTES_MAX; i++)
		if (!quiet || ns->v[i].kind == NOTE_WARNING)
			diag_note(ns->v[i].kind, ns->v[i].text);
	if (ns->dropped && !quiet)
		notef("%u more notes not shown", ns->dropped);
}

void diag_say(void *arg, enum note_kind kind, const char *text)
{
	(void)arg;
	diag_note(kind, text);
}

/* -P: whole blocks of dots, not a write per dot (-P1 at millions of
 * I/Os a second). */
void diag_dots(void *arg, size_t n)
{
	static char dots[4096];

	(void)arg;
	if (!dots[0])
		memset(dots, '.', sizeof(dots));
	while (n) {
		size_t k = n < sizeof(dots) ? n : sizeof(dots);

		if (fwrite(dots, 1, k, stderr) != k)
			return;
		n -= k;
	}
}
