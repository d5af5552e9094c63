/* cleanup.h - the files ioprobe created and must not leave behind.
 *
 * A file is registered right after ioprobe creates it (with the
 * descriptor of that O_EXCL open, so its device and inode are known) and
 * forgotten once it is finished and meant to stay (a filled -c file) or
 * removed by its owner.  cleanup_now() unlinks every registered path
 * whose name still leads to the same inode; it uses only lstat() and
 * unlink(), so a signal handler may call it, on the first signal or any
 * later one.  Slots are fixed memory prepared before any signal.
 */
#ifndef IOPROBE_CLEANUP_H
#define IOPROBE_CLEANUP_H

#define CLEANUP_SLOTS 64

/* Register @path, created by us and open as @fd.  Returns a slot (>= 0)
 * or -errno (-ENAMETOOLONG, -ENOSPC when every slot is taken, or the
 * fstat() error). */
int cleanup_add(const char *path, int fd);

/* Drop slot @slot (a negative slot is ignored): the file is kept, or its
 * owner removed it.  Safe to call twice. */
void cleanup_forget(int slot);

/* Remove slot @slot's file now if its name still leads to the inode we
 * created, then forget it.  0 or -errno from unlink(). */
int cleanup_remove(int slot);

/* Unlink every registered file that is still ours; async-signal-safe. */
void cleanup_now(void);

#endif
