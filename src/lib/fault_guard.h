/* fault_guard.h - a memory access that may fault (a mapped file
 * truncated under us, or whose device returns EIO) turned into an error
 * of the thread that made it, instead of a SIGBUS that ends the process.
 *
 * fault_guard_install() sets a SIGBUS handler once per process.  A
 * thread arms a guard around the access:
 *
 *	struct fault_guard g;
 *
 *	if (sigsetjmp(g.env, 0))
 *		return -EIO;		(the access faulted: disarmed)
 *	fault_guard_arm(&g);
 *	memcpy(dst, map + off, len);
 *	fault_guard_disarm();
 *
 * The handler jumps back to the sigsetjmp of the faulting thread's armed
 * guard; a SIGBUS with no guard armed in that thread takes the default
 * action (the process dies as it would have).  sigsetjmp saves no mask
 * (no system call per access): the handler runs with SA_NODEFER and an
 * empty mask, so leaving it by a jump restores nothing.
 */
#ifndef IOPROBE_FAULT_GUARD_H
#define IOPROBE_FAULT_GUARD_H

#include <setjmp.h>
#include <stddef.h>

struct fault_guard {
	sigjmp_buf env;	/* where a fault in the guarded access lands */
};

/* The guard armed in this thread, NULL when none; only the handler and
 * the two inline functions below touch it. */
extern __thread struct fault_guard *fault_guard_current;

/* Install the SIGBUS handler (once per process, any thread).  0 or
 * -errno from sigaction. */
int fault_guard_install(void);

static inline void fault_guard_arm(struct fault_guard *g)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	fault_guard_current = g;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

static inline void fault_guard_disarm(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	fault_guard_current = NULL;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

#endif
