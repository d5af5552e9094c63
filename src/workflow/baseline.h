/* baseline.h - which labels a comparison takes when the user names none:
 * the suite compares with the previous label recorded on the same PATHs,
 * a bare `ioprobe compare` with the first and the latest label, and
 * neither ever picks the demo's label ("demo", what `make run` records)
 * unless it is named.
 */
#ifndef IOPROBE_BASELINE_H
#define IOPROBE_BASELINE_H

#include <stdbool.h>

#include "workflow/history.h"

/* The label `make run` records; never picked unless named. */
#define BASELINE_DEMO_LABEL "demo"

/* Is @label one a default never picks? */
bool baseline_is_demo(const char *label);

/* Does @h hold a row of @label? */
bool baseline_label_exists(const struct history *h, const char *label);

/* The label a suite of @label compares with: of the rows of other
 * labels (never the demo's) that share a test with @label and were
 * measured in the same folders as @label's newest row (the test file's
 * folder of each PATH, in order), the newest one's label.  NULL when
 * there is none. */
const char *baseline_previous(const struct history *h, const char *label);

/* The labels a bare compare takes: the first and the latest label of
 * the history leaving the demo's out (it is kept when it is all there
 * is); when they are the same, the first other label is @from.  A label
 * already set (non-NULL *@from or *@to) is kept. */
void baseline_defaults(const struct history *h, const char **from,
		       const char **to);

#endif
