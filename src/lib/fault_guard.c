/* fault_guard.c - the SIGBUS handler behind struct fault_guard (see
 * fault_guard.h).  The handler is async-signal-safe: a thread-local
 * load, siglongjmp, or sigaction and raise for a fault no guard expects.
 */
#include "lib/fault_guard.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

__thread struct fault_guard *fault_guard_current;

static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static int install_ret;

static void on_bus(int sig, siginfo_t *si, void *uc)
{
	struct fault_guard *g = fault_guard_current;
	struct sigaction dfl;

	(void)si;
	(void)uc;
	if (g) {
		fault_guard_current = NULL;
		siglongjmp(g->env, 1);
	}
	/* not a guarded access: die of it as without the handler */
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigaction(sig, &dfl, NULL);
	raise(sig);
}

static void install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_bus;
	/* no mask to restore when the handler is left by a jump */
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	install_ret = sigaction(SIGBUS, &sa, NULL) ? -errno : 0;
}

int fault_guard_install(void)
{
	pthread_once(&install_once, install);
	return install_ret;
}
