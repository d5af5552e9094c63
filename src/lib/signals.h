/* signals.h - the signals that would end the process, and the stop flag
 * they set.
 *
 * signals_install() takes over every signal whose default action ends
 * the process (INT, TERM, HUP, QUIT, PIPE, USR1, USR2, ALRM, XFSZ).  The
 * first one only sets signals_stop_requested: the run stops at its next
 * poll and prints its shortened report.  Any later one removes the files
 * ioprobe created (cleanup_now()) and exits at once with 128+N, the
 * status signals_exit_status() gives a graceful stop too.
 */
#ifndef IOPROBE_SIGNALS_H
#define IOPROBE_SIGNALS_H

#include <signal.h>
#include <stdbool.h>

/* Set by the handler: 0 = run on, non-zero = stop (2 when a signal,
 * signals_stop_signo, asked for it; tests set 1).  Only the main thread
 * polls it; workers see the run's PHASE_STOP instead. */
extern volatile sig_atomic_t signals_stop_requested;
/* The signal that set the flag, 0 if none did. */
extern volatile sig_atomic_t signals_stop_signo;

/* Install the handler for every handled signal. */
void signals_install(void);

/* From now on the first signal removes the files ioprobe created at
 * once (cleanup_now()), then stops the run as before.  Under mpirun: the
 * launcher sends SIGKILL a second after SIGTERM, too soon for a rank's
 * graceful stop through its MPI steps. */
void signals_cleanup_first(void);

/* The handled signals in @set; with @async_only, without SIGPIPE and
 * SIGXFSZ, which the kernel sends to the thread that wrote (the mask
 * worker threads block). */
void signals_set(sigset_t *set, bool async_only);

/* The exit status of a run stopped by a signal: 128 + N, with SIGINT's
 * N when the flag was set without a signal. */
int signals_exit_status(void);

#endif
