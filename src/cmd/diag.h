/* diag.h - the command layer's diagnostics on stderr: "ioprobe:
 * warning: ..." and "ioprobe: note: ..." lines, the notes library code
 * collected (lib/notes.h), and the run's own lines and -P dots
 * (run_options.say, run_options.dots).
 */
#ifndef IOPROBE_DIAG_H
#define IOPROBE_DIAG_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/notes.h"

void warnf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void notef(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* One line of @kind: "ioprobe: KIND: TEXT", or TEXT alone (NOTE_PLAIN). */
void diag_note(enum note_kind kind, const char *text);
/* Every note of @ns in order, then how many did not fit, if any;
 * @quiet (--quiet): its warnings only, as the run's own lines. */
void diag_notes(const struct notes *ns, bool quiet);
/* run_options.say and .dots: @arg is unused. */
void diag_say(void *arg, enum note_kind kind, const char *text);
void diag_dots(void *arg, size_t n);

#endif
