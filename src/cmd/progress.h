/* progress.h - the one owner of the progress line on stderr, and the
 * live status a plain run shows with it.
 *
 * On a terminal a progress line is redrawn in place ("\r", the line, then
 * clear to its end), cut to the terminal's width so it never wraps; it is
 * taken away (progress_clear) before anything else is written to the
 * terminal: a note, a warning, the report.  Every renderer (the plain
 * run's status, the fill, the suite's phase line) draws through one
 * struct progress, so two of them never share a line.  When stderr is no
 * terminal nothing is drawn; progress_log prints a line of its own
 * instead, for the suite's log.  --quiet silences both.
 */
#ifndef IOPROBE_PROGRESS_H
#define IOPROBE_PROGRESS_H

#include <stdbool.h>

#include "results/series.h"
#include "run/run.h"

struct progress {
	bool tty;		/* stderr is a terminal */
	bool quiet;		/* --quiet: nothing at all */
	bool drawn;		/* a line is on the screen */
};

void progress_init(struct progress *pg, bool quiet);
/* True when lines are drawn in place: a terminal and not --quiet. */
bool progress_live(const struct progress *pg);
/* Replace the line on the terminal with @line (no newline in it). */
void progress_draw(struct progress *pg, const char *line);
/* Not a terminal: @line as a line of its own on stderr. */
void progress_log(struct progress *pg, const char *line);
/* Take the drawn line away. */
void progress_clear(struct progress *pg);
/* End the drawn line with a newline: it stays on the screen. */
void progress_keep(struct progress *pg);
/* The word for a run_progress phase in a status line: "filling" (0, the
 * fill before the timeline), "warm-up", "measuring", "cool-down";
 * anything else reads as "measuring". */
const char *progress_phase_name(int phase);

/* A plain run's status line: elapsed/total, the phase, IOPS, MiB/s and
 * the P99 of the last interval ("  4/15 s  measuring  1,002 IOPS  3.9
 * MiB/s  P99 1.23 ms"), and the fill of a -c target. */
struct live_status {
	struct progress *pg;
	double warmup_s;	/* where the measured window starts */
	double total_s;		/* warm-up + measured + cool-down */
	uint64_t fill_done;	/* the fill's last figure, bytes */
	bool have;		/* @last holds an interval */
	struct series_row last;	/* the last interval, all targets */
};

void live_status_init(struct live_status *ls, struct progress *pg,
		      const struct profile *p);
/* The run's progress callback (about once a second, and for the fill). */
void live_status_progress(struct live_status *ls,
			  const struct run_progress *rp);
/* An interval ended: @total is every target and direction merged. */
void live_status_interval(struct live_status *ls,
			  const struct series_row *total);

#endif
