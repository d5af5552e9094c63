/* output.c - where reports go: the -R format on stdout and each
 * --output FORMAT:PATH into its file.
 *
 * A file is written under a temporary name in the same folder
 * ("PATH.tmp.XXXXXX"), flushed to the disk, then renamed over PATH, so a
 * reader (or a crash) only ever sees the old file, the complete new one,
 * or nothing.  Any failure removes the temporary file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"
#include "report.h"
#include "util.h"

static bool is_stdout(const char *path)
{
	return !strcmp(path, "-");
}

static int output_stdout(const struct results *r, enum result_format fmt,
			 char *err, size_t errlen)
{
	int ret = report_write(r, fmt, stdout);

	if (!ret && fflush(stdout))
		ret = -errno;
	if (!ret && ferror(stdout))
		ret = -EIO;
	if (ret)
		return errf(err, errlen, -ret,
			    "cannot write the report to stdout: %s",
			    strerror(-ret));
	return 0;
}

/* Folder of @path, for fsync after the rename ("." when none). */
static void dir_of(const char *path, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		str_copy(buf, len, ".");
	else if (slash == path)
		str_copy(buf, len, "/");
	else
		str_copy(buf, len, path);
	if (slash && slash != path && (size_t)(slash - path) < len)
		buf[slash - path] = '\0';
}

static void sync_dir(const char *path)
{
	char dir[4096];
	int fd;

	dir_of(path, dir, sizeof(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);	/* best effort: the rename is visible */
		close(fd);
	}
}

/* Give the new file the mode open(2) would: 0666 less the umask. */
static void set_default_mode(int fd)
{
	mode_t mask = umask(0);

	umask(mask);
	fchmod(fd, 0666 & ~mask);
}

static int write_temp(const struct results *r, enum result_format fmt,
		      int fd)
{
	FILE *f = fdopen(fd, "w");
	int ret;

	if (!f) {
		ret = -errno;
		close(fd);
		return ret;
	}
	ret = report_write(r, fmt, f);
	if (!ret && fflush(f))
		ret = -errno;
	if (!ret && ferror(f))
		ret = -EIO;
	if (!ret && fsync(fileno(f)))
		ret = -errno;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

int output_file(const struct results *r, enum result_format fmt,
		const char *path, char *err, size_t errlen)
{
	char *tmp;
	size_t len;
	int fd, ret;

	if (is_stdout(path))
		return output_stdout(r, fmt, err, errlen);
	len = strlen(path) + sizeof(".tmp.XXXXXX");
	tmp = malloc(len);
	if (!tmp)
		return errf(err, errlen, ENOMEM, "cannot write '%s': %s", path,
			    strerror(ENOMEM));
	snprintf(tmp, len, "%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		ret = -errno;
		errf(err, errlen, -ret, "cannot create '%s': %s", tmp,
		     strerror(-ret));
		goto out_free;
	}
	set_default_mode(fd);
	ret = write_temp(r, fmt, fd);
	if (ret) {
		errf(err, errlen, -ret, "cannot write '%s': %s", path,
		     strerror(-ret));
		goto out_unlink;
	}
	if (rename(tmp, path)) {
		ret = -errno;
		errf(err, errlen, -ret, "cannot rename '%s' to '%s': %s", tmp,
		     path, strerror(-ret));
		goto out_unlink;
	}
	sync_dir(path);
	goto out_free;
out_unlink:
	unlink(tmp);
out_free:
	free(tmp);
	return ret;
}

/* True when some --output sends its format to stdout, which then replaces
 * the -R report there (two formats in one stream would break both). */
static bool outputs_use_stdout(const struct profile *p)
{
	uint32_t i;

	for (i = 0; i < p->noutputs && i < PROFILE_MAX_OUTPUTS; i++)
		if (p->outputs[i].path && is_stdout(p->outputs[i].path))
			return true;
	return false;
}

int output_all(const struct results *r, char *err, size_t errlen)
{
	const struct profile *p = &r->profile;
	char one[1024];
	uint32_t i;
	int ret = 0, ret1;

	if (!outputs_use_stdout(p))
		ret = output_stdout(r, p->format, err, errlen);
	/* Go on after a failure: every other file still gets written. */
	for (i = 0; i < p->noutputs && i < PROFILE_MAX_OUTPUTS; i++) {
		if (!p->outputs[i].path)
			continue;
		ret1 = output_file(r, p->outputs[i].format, p->outputs[i].path,
				   one, sizeof(one));
		if (!ret1)
			continue;
		if (ret)
			warnf("%s", one);
		else
			ret = errf(err, errlen, -ret1, "%s", one);
	}
	return ret;
}
