/* signals.c - the stop flag and the handler behind it (see signals.h).
 *
 * The handler is async-signal-safe: flag stores, cleanup_now() (lstat and
 * unlink) and _exit(); no stdio, no malloc.  Every handled signal is
 * blocked while it runs, so two signals never interleave in it.  We exit
 * rather than re-raise so SIGQUIT and SIGXFSZ leave no core file.
 */
#include "lib/signals.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "lib/cleanup.h"
#include "lib/util.h"

volatile sig_atomic_t signals_stop_requested;
volatile sig_atomic_t signals_stop_signo;
static volatile sig_atomic_t cleanup_first;

static const int handled[] = { SIGINT,  SIGTERM, SIGHUP,
			       SIGQUIT, SIGPIPE, SIGUSR1,
			       SIGUSR2, SIGALRM, SIGXFSZ };

static void on_signal(int sig)
{
	int saved_errno = errno;

	if (signals_stop_requested) {
		cleanup_now();
		_exit(128 + sig);
	}
	if (cleanup_first)
		cleanup_now();
	signals_stop_signo = sig;
	signals_stop_requested = 2;
	errno = saved_errno;
}

void signals_cleanup_first(void)
{
	cleanup_first = 1;
}

void signals_set(sigset_t *set, bool async_only)
{
	size_t i;

	sigemptyset(set);
	for (i = 0; i < ARRAY_SIZE(handled); i++) {
		/* SIGPIPE and SIGXFSZ are sent to the thread whose write
		 * failed: a worker must take them itself. */
		if (async_only && (handled[i] == SIGPIPE ||
				   handled[i] == SIGXFSZ))
			continue;
		sigaddset(set, handled[i]);
	}
}

void signals_install(void)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	signals_set(&sa.sa_mask, false);
	for (i = 0; i < ARRAY_SIZE(handled); i++)
		sigaction(handled[i], &sa, NULL);
}

int signals_exit_status(void)
{
	return 128 + (signals_stop_signo ? signals_stop_signo : SIGINT);
}
