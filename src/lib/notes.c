/* notes.c - the notes channel's fixed list (see notes.h). */
#include "lib/notes.h"

#include <stdarg.h>
#include <stdio.h>

static struct note *notes_slot(struct notes *ns)
{
	if (ns->n < NOTES_MAX)
		return &ns->v[ns->n++];
	ns->dropped++;
	return NULL;
}

void notes_add(struct notes *ns, enum note_kind kind, const char *fmt, ...)
{
	struct note *nt;
	va_list ap;

	if (!ns)
		return;
	nt = notes_slot(ns);
	if (!nt)
		return;
	nt->kind = kind;
	va_start(ap, fmt);
	vsnprintf(nt->text, sizeof(nt->text), fmt, ap);
	va_end(ap);
}

void notes_append(struct notes *dst, const struct notes *src)
{
	uint32_t i;

	for (i = 0; i < src->n; i++)
		notes_add(dst, src->v[i].kind, "%s", src->v[i].text);
	dst->dropped += src->dropped;
}

const char *note_kind_name(enum note_kind kind)
{
	switch (kind) {
	case NOTE_NOTE:
		return "note";
	case NOTE_WARNING:
		return "warning";
	case NOTE_PLAIN:
		break;
	}
	return "";
}
