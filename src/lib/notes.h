/* notes.h - the notes channel: what library code has to tell the user on
 * the way (a pasted en-dash, a switch with no effect, an engine fallback)
 * is collected here, in order, and printed by cmd/ at the moment it
 * would have been said.  Library code never prints.
 *
 * A fixed list: a command line full of repeated switches cannot make it
 * grow; what does not fit is counted in @dropped.
 */
#ifndef IOPROBE_NOTES_H
#define IOPROBE_NOTES_H

#include <stdint.h>

#define NOTES_MAX 16
#define NOTE_LEN 1024		/* a line, as vsnprintf'd, terminated */

enum note_kind {
	NOTE_NOTE = 0,		/* "ioprobe: note: TEXT" */
	NOTE_WARNING,		/* "ioprobe: warning: TEXT" */
	NOTE_PLAIN,		/* "TEXT" as it stands (DiskSpd's lines) */
};

struct note {
	enum note_kind kind;
	char text[NOTE_LEN];
};

struct notes {
	uint32_t n;		/* entries of @v in use, in order said */
	uint32_t dropped;	/* said once the list was full */
	struct note v[NOTES_MAX];
};

/* Add one formatted line of @kind to @ns (NULL: said nowhere). */
void notes_add(struct notes *ns, enum note_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Add every note of @src after those of @dst. */
void notes_append(struct notes *dst, const struct notes *src);
/* "note", "warning", or "" for NOTE_PLAIN. */
const char *note_kind_name(enum note_kind kind);

#endif
