/* progress.c - the progress line on stderr and a plain run's live status
 * (see progress.h).
 */
#include "cmd/progress.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "lib/fmt.h"

#define MIB (1024.0 * 1024.0)

void progress_init(struct progress *pg, bool quiet)
{
	pg->tty = isatty(STDERR_FILENO);
	pg->quiet = quiet;
	pg->drawn = false;
}

bool progress_live(const struct progress *pg)
{
	return pg->tty && !pg->quiet;
}

/* Columns the line may take: the terminal's width less one, so the
 * cursor never wraps to a second line (80 when it does not say). */
static size_t line_room(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) || ws.ws_col < 2)
		return 79;
	return (size_t)ws.ws_col - 1;
}

void progress_draw(struct progress *pg, const char *line)
{
	size_t n = strlen(line), room;

	if (!progress_live(pg))
		return;
	room = line_room();
	/* every byte of our lines is one column (ASCII) */
	fprintf(stderr, "\r%.*s\033[K", (int)(n < room ? n : room), line);
	fflush(stderr);
	pg->drawn = true;
}

void progress_log(struct progress *pg, const char *line)
{
	if (pg->tty || pg->quiet)
		return;
	fprintf(stderr, "%s\n", line);
	fflush(stderr);
}

void progress_clear(struct progress *pg)
{
	if (!pg->drawn)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	pg->drawn = false;
}

void progress_keep(struct progress *pg)
{
	if (!pg->drawn)
		return;
	fputc('\n', stderr);
	fflush(stderr);
	pg->drawn = false;
}

/* ---- a plain run's status ------------------------------------------ */

static const char *const phase_names[] = { "filling", "warm-up",
					   "measuring", "cool-down" };

const char *progress_phase_name(int phase)
{
	if (phase < 0 || phase >= (int)(sizeof(phase_names) /
					sizeof(phase_names[0])))
		phase = 2;	/* as the status lines clamp it */
	return phase_names[phase];
}

void live_status_init(struct live_status *ls, struct progress *pg,
		      const struct profile *p)
{
	memset(ls, 0, sizeof(*ls));
	ls->pg = pg;
	ls->warmup_s = p->warmup_s;
	ls->total_s = (double)p->warmup_s + p->duration_s + p->cooldown_s;
}

static void draw_fill(struct live_status *ls, const struct run_progress *rp)
{
	char line[128];

	/* the fill may say 100 % more than once: one line stays */
	if (!rp->fill_total || (rp->fill_done >= rp->fill_total &&
				ls->fill_done >= rp->fill_total))
		return;
	ls->fill_done = rp->fill_done;
	snprintf(line, sizeof(line), "filling: %3" PRIu64 "%% (%" PRIu64
		 " of %" PRIu64 " MiB)", rp->fill_done * 100 / rp->fill_total,
		 rp->fill_done >> 20, rp->fill_total >> 20);
	progress_draw(ls->pg, line);
	if (rp->fill_done >= rp->fill_total)
		progress_keep(ls->pg);	/* the fill's line stays */
}

static void draw(struct live_status *ls, int phase, double elapsed_s,
		 double iops, double mib_s, const struct series_row *iv)
{
	char line[256], ops[32], mib[32], p99[32] = "";
	int n;

	fmt_count(ops, sizeof(ops), iops);
	fmt_count(mib, sizeof(mib), mib_s);
	n = snprintf(line, sizeof(line), "%.0f/%.0f s  %s  %s IOPS  %s MiB/s",
		     elapsed_s, ls->total_s, progress_phase_name(phase), ops,
		     mib);
	if (iv && iv->ios && n > 0 && (size_t)n < sizeof(line)) {
		fmt_latency_ms(p99, sizeof(p99), (double)iv->p99_ns / 1e6);
		snprintf(line + n, sizeof(line) - (size_t)n, "  P99 %s", p99);
	}
	progress_draw(ls->pg, line);
}

void live_status_progress(struct live_status *ls,
			  const struct run_progress *rp)
{
	if (rp->phase == 0) {
		draw_fill(ls, rp);
		return;
	}
	if (rp->phase < 0 || rp->phase > 3)
		return;
	/* measuring: the last interval's figures, all of one interval */
	if (rp->phase == 2 && ls->have)
		draw(ls, 2, rp->elapsed_s, ls->last.iops, ls->last.mib_s,
		     &ls->last);
	else
		draw(ls, rp->phase, rp->elapsed_s, rp->iops, rp->mib_s, NULL);
}

void live_status_interval(struct live_status *ls,
			  const struct series_row *total)
{
	ls->last = *total;
	ls->have = true;
	draw(ls, 2, ls->warmup_s + total->end_s, total->iops, total->mib_s,
	     total);
}
