/* diag.c - diagnostics on stderr (see diag.h). */
#include "cmd/diag.h"

#include <stdio.h>

void diag_note(enum note_kind kind, const char *text)
{
	if (kind == NOTE_PLAIN)
		fprintf(stderr, "%s\n", text);
	else
		fprintf(stderr, "ioprobe: %s: %s\n", note_kind_name(kind),
			text);
}

void diag_notes(const struct notes *ns)
{
	uint32_t i;

	for (i = 0; i < ns->n && i < NOTES_MAX; i++)
		diag_note(ns->v[i].kind, ns->v[i].text);
	if (ns->dropped)
		fprintf(stderr, "ioprobe: note: %u more notes not shown\n",
			ns->dropped);
}

void diag_say(void *arg, enum note_kind kind, const char *text)
{
	(void)arg;
	diag_note(kind, text);
}
