/* write_source.c - -Z<size>[,file]: one read-only source of write
 * contents per target, shared by its workers: the file's bytes repeated,
 * or random data from the run's seed.
 */
#include "run/write_source.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/rng.h"
#include "lib/util.h"

/* A -Z source that can be read to its end without waiting: a regular
 * file or a character device (/dev/urandom), never a FIFO. */
static bool readable_source(int fd)
{
	struct stat st;

	return !fstat(fd, &st) && (S_ISREG(st.st_mode) || S_ISCHR(st.st_mode));
}

int write_source_load(struct run_target *rt, uint64_t seed, char *err,
		      size_t errlen)
{
	const struct target_opts *o = rt->opts;
	uint64_t done = 0;
	struct rng rng;
	int fd;

	if (o->wbuf != WBUF_SOURCE || !o->wbuf_source_bytes || !o->write_pct)
		return 0;	/* only writes read the source */
	if (posix_memalign(&rt->wsrc, 4096, o->wbuf_source_bytes))
		return errf(err, errlen, ENOMEM,
			    "cannot allocate write source buffer of %" PRIu64
			    " bytes", o->wbuf_source_bytes);
	rt->wsrc_bytes = o->wbuf_source_bytes;
	if (!o->wbuf_source_path) {
		uint64_t *q = rt->wsrc, i;

		rng_seed(&rng, seed, UINT32_MAX, RNG_DATA);
		for (i = 0; i < rt->wsrc_bytes / 8; i++)
			q[i] = rng_next(&rng);
		return 0;
	}
	/* O_NONBLOCK: a FIFO put in place of the checked file cannot hang
	 * the open, and a terminal answers EAGAIN instead of waiting */
	fd = open(o->wbuf_source_path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errf(err, errlen, errno,
			    "cannot open write source '%s': %s",
			    o->wbuf_source_path, strerror(errno));
	if (!readable_source(fd)) {
		close(fd);
		return errf(err, errlen, EINVAL, "write source '%s' is not a "
			    "regular file or a character device",
			    o->wbuf_source_path);
	}
	while (done < rt->wsrc_bytes) {
		ssize_t n = pread(fd, (char *)rt->wsrc + done,
				  rt->wsrc_bytes - done, (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int e = n < 0 ? errno : EINVAL;

			close(fd);
			if (!done)
				return errf(err, errlen, e,
					    "cannot read write source '%s': %s",
					    o->wbuf_source_path,
					    n < 0 ? strerror(e) : "file is empty");
			break;
		}
		done += (uint64_t)n;
	}
	if (done < rt->wsrc_bytes) {
		uint64_t have = done;	/* repeat a short file's contents */

		for (; done < rt->wsrc_bytes; done++)
			((char *)rt->wsrc)[done] =
				((char *)rt->wsrc)[done % have];
	} else {
		close(fd);
	}
	return 0;
}
