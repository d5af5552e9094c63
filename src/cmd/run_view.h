/* run_view.h - what a plain run shows and streams while it goes: the
 * live status line on a terminal and the --series file, both fed by the
 * run's callbacks (run_options), which this fills in.
 */
#ifndef IOPROBE_RUN_VIEW_H
#define IOPROBE_RUN_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "cmd/progress.h"
#include "profile/profile.h"
#include "report/report_series.h"
#include "run/run.h"

struct run_view {
	struct progress pg;
	struct live_status ls;
	struct series_file sf;
	bool series;		/* --series is open */
	bool status;		/* the live status is drawn */
};

/* Set @v up for @p and point @opt's callbacks at it; opens the --series
 * file.  0, or -errno with @err filled (a usage error: nothing ran). */
int run_view_open(struct run_view *v, const struct profile *p,
		  struct run_options *opt, char *err, size_t errlen);
/* The run is over: take the status line away (before the report) and
 * close the series.  0, or -errno with @err filled when the series file
 * could not be written. */
int run_view_close(struct run_view *v, char *err, size_t errlen);

#endif
