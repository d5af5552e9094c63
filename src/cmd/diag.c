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

void diag_leftover(FILE *info, const char *what, const char *path, pid_t pid,
		   enum leftover_verdict v, int err)
{
	if (v == LEFTOVER_REMOVED)
		fprintf(info, "removed a test file left by an earlier ioprobe "
			      "%s (pid %ld, gone): %s\n", what, (long)pid, path);
	else if (v == LEFTOVER_UNPROVEN)
		warnf("kept '%s': named like the test file of an earlier %s (pid %ld, gone) but without the ioprobe mark that proves it",
		      path, what, (long)pid);
	else if (v == LEFTOVER_OTHER_HOST)
		warnf("kept '%s': marked by an ioprobe on another host (pid %ld there), which only that host can tell is gone",
		      path, (long)pid);
	else if (v == LEFTOVER_ALIVE)
		warnf("kept '%s': named like an ioprobe test file, but its process (pid %ld) is still running",
		      path, (long)pid);
	else if (v == LEFTOVER_OTHER_USER)
		warnf("kept '%s': named like an ioprobe test file (pid %ld), but another user's",
		      path, (long)pid);
	else
		warnf("cannot remove '%s', left by an earlier %s (pid %ld): %s",
		      path, what, (long)pid, strerror(err));
}
