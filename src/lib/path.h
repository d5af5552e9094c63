/* path.h - file-system path helpers shared by every module: the folder
 * of a path, creating parent folders, the free space where a file will
 * go and the margin ioprobe keeps free beside a file it creates. */
#ifndef IOPROBE_PATH_H
#define IOPROBE_PATH_H

#include <stddef.h>
#include <stdint.h>

/* The folder that holds @path: "a/b" -> "a", "/b" -> "/", "b" -> ".". */
void path_dir(const char *path, char *dir, size_t len);

/* mkdir -p of the folders above @path (not @path itself), mode 0755.
 * 0 or -errno. */
int path_mkdir_parents(const char *path);

/* Free bytes for an unprivileged writer on the filesystem that holds
 * @path, or its nearest existing parent when @path does not exist yet.
 * 0 or -errno. */
int path_free_bytes(const char *path, uint64_t *free_bytes);

/* The space ioprobe keeps free beyond a file of @bytes it creates: 5 %
 * of it, at least 64 MiB and at most 1 GiB. */
uint64_t path_space_margin(uint64_t bytes);

#endif
