/* cleanup.c - the registry of files to remove on any exit or fatal
 * signal (see cleanup.h).  Each slot is filled completely before it is
 * marked used, so a handler that interrupts cleanup_add() sees either
 * no entry or a whole one. */
#include "lib/cleanup.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

struct cleanup_slot {
	char path[PATH_MAX];
	dev_t dev;
	ino_t ino;
	volatile sig_atomic_t used;
};

static struct cleanup_slot slots[CLEANUP_SLOTS];

int cleanup_add(const char *path, int fd)
{
	size_t len = strlen(path);
	struct stat st;
	int i;

	if (len >= PATH_MAX)
		return -ENAMETOOLONG;
	if (fstat(fd, &st))
		return -errno;
	for (i = 0; i < CLEANUP_SLOTS; i++) {
		if (slots[i].used)
			continue;
		memcpy(slots[i].path, path, len + 1);
		slots[i].dev = st.st_dev;
		slots[i].ino = st.st_ino;
		/* the entry is whole before a handler (in any thread: SIGPIPE
		 * and SIGXFSZ go to the thread that wrote) can see it used */
		atomic_thread_fence(memory_order_release);
		slots[i].used = 1;
		return i;
	}
	return -ENOSPC;
}

void cleanup_forget(int slot)
{
	if (slot >= 0 && slot < CLEANUP_SLOTS)
		slots[slot].used = 0;
}

/* Unlink slot @s's path if it still names our inode; async-signal-safe. */
static int remove_slot(struct cleanup_slot *s)
{
	struct stat st;

	if (!s->used)
		return 0;
	atomic_thread_fence(memory_order_acquire);
	if (lstat(s->path, &st))
		return errno == ENOENT ? 0 : -errno;
	if (st.st_dev != s->dev || st.st_ino != s->ino)
		return 0;	/* the name now leads elsewhere: not ours */
	if (unlink(s->path) && errno != ENOENT)
		return -errno;
	return 0;
}

int cleanup_remove(int slot)
{
	int ret;

	if (slot < 0 || slot >= CLEANUP_SLOTS)
		return 0;
	ret = remove_slot(&slots[slot]);
	slots[slot].used = 0;
	return ret;
}

void cleanup_now(void)
{
	int saved_errno = errno;
	int i;

	for (i = 0; i < CLEANUP_SLOTS; i++) {
		remove_slot(&slots[i]);
		slots[i].used = 0;
	}
	errno = saved_errno;
}
