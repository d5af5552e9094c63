/* diag.h - the command layer's diagnostics on stderr: "ioprobe:
 * warning: ..." and "ioprobe: note: ..." lines, the notes library code
 * collected (lib/notes.h), and the run's own lines and -P dots
 * (run_options.say, run_options.dots).
 */
#ifndef IOPROBE_DIAG_H
#define IOPROBE_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "lib/notes.h"
#include "workflow/leftovers.h"

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
/* One line for a leftover test file the leftover sweep looked at
 * (workflow/leftovers.h): "removed ..." on @info, a warning otherwise.
 * @what names what left it: "suite" or "run". */
void diag_leftover(FILE *info, const char *what, const char *path, pid_t pid,
		   enum leftover_verdict v, int err);

#endif
