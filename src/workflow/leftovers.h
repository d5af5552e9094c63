/* leftovers.h - test files an earlier suite could not remove.
 *
 * A suite names its test file ioprobe-suite-<pid>.dat (under mpirun each
 * rank its own, ioprobe-suite-<pid>-r<rank>.dat) and marks it
 * (xattr user.ioprobe.suite = "<pid>@<hostname>") right after the O_EXCL
 * create.  After a kill -9 or a crash the file stays; the next suite in
 * that folder sweeps it, but only with proof that it is ours: it is a
 * regular file (not a symlink) owned by our user, its mark names this
 * host and the pid of the name, and that pid is gone here (kill() says
 * ESRCH).  A pid is only meaningful on the host that ran it, and a
 * folder on NFS is shared by several: a file marked by another host is
 * listed, never removed.  So is a file with no host in its mark (an
 * older suite's "<pid>", or only the fill marker user.ioprobe.filled of
 * a complete -c fill), or no mark at all (no xattr support).  A file
 * kept with --keep-file is marked "kept" and stays, unlisted.  A file
 * named so whose pid is alive here, or that belongs to another user, is
 * kept and listed.
 */
#ifndef IOPROBE_LEFTOVERS_H
#define IOPROBE_LEFTOVERS_H

#include <stdbool.h>
#include <sys/types.h>

#define LEFTOVERS_XATTR "user.ioprobe.suite"

enum leftover_verdict {
	LEFTOVER_REMOVED,	/* proven ours and removed */
	LEFTOVER_UNPROVEN,	/* looks like ours (pid gone, our user) but
				 * carries no mark: kept */
	LEFTOVER_FAILED,	/* proven ours, unlink failed (err set) */
	LEFTOVER_OTHER_HOST,	/* marked by a suite on another host (a
				 * shared folder): kept, whatever our pids */
	LEFTOVER_ALIVE,		/* its pid still runs here: kept */
	LEFTOVER_OTHER_USER,	/* another user's file: kept, unopened */
};

/* Called once per leftover found: @path is "DIR/NAME", @pid the one in
 * the name, @err an errno for LEFTOVER_FAILED. */
typedef void (*leftover_fn)(void *arg, const char *path, pid_t pid,
			    enum leftover_verdict v, int err);

/* Mark @fd as the test file of this process on this host ("<pid>@<host>",
 * the hostname as gethostname() gives it), or with @kept as one kept on
 * purpose (--keep-file), which no sweep removes.  Best effort: 0 or
 * -errno (-ENOTSUP without xattr support). */
int leftovers_mark(int fd, bool kept);

/* Look in folder @dir for leftovers of gone suites.  0, or -errno when
 * @dir cannot be read. */
int leftovers_sweep(const char *dir, leftover_fn fn, void *arg);

#endif
