/* fuzz_util.h - helpers shared by the libFuzzer targets: a NUL-terminated
 * copy of the fuzzer's bytes, and an in-memory file for the readers that
 * take a path (results_load_json, history_load). */
#ifndef IOPROBE_FUZZ_UTIL_H
#define IOPROBE_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* malloc'ed copy of @data with a terminating NUL; aborts when out of
 * memory (the fuzzer's own limit is the only one that matters here). */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* A memfd holding @data, reachable as a regular file by the path written
 * to @path ("/proc/self/fd/N").  The descriptor is created once and reused
 * for every input. */
static inline void fuzz_file(const uint8_t *data, size_t size, char *path,
			     size_t pathlen)
{
	static int fd = -1;
	size_t done = 0;
	ssize_t n;

	if (fd < 0) {
		fd = memfd_create("ioprobe-fuzz", MFD_CLOEXEC);
		if (fd < 0)
			abort();
	}
	if (ftruncate(fd, 0))
		abort();
	while (done < size) {
		n = pwrite(fd, data + done, size - done, (off_t)done);
		if (n <= 0)
			abort();
		done += (size_t)n;
	}
	snprintf(path, pathlen, "/proc/self/fd/%d", fd);
}

#endif
