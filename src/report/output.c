/* output.c - where reports go: the -R format on stdout and each
 * --output FORMAT:PATH into its file.
 *
 * Files go through atomic_file.c: a regular file (or a new one) is
 * written under a temporary name in the same folder, flushed to the disk
 * and renamed over PATH, so a reader (or a crash) only ever sees the old
 * file, the complete new one, or nothing; /dev/null, a FIFO or
 * /dev/stdout is written through; a symlink is followed to its target;
 * a directory is refused.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/atomic_file.h"
#include "report/output.h"
#include "report/report.h"
#include "lib/util.h"

/* "-" and /dev/stdout both mean stdout, which the -R report then leaves
 * to this format alone. */
static bool is_stdout(const char *path)
{
	return !strcmp(path, "-") || !strcmp(path, "/dev/stdout");
}

struct report_job {
	const struct results *r;
	enum result_format fmt;
};

static int fill_report(FILE *f, const void *arg)
{
	const struct report_job *j = arg;

	return report_write(j->r, j->fmt, f);
}

static int output_stdout(const struct results *r, enum result_format fmt,
			 char *err, size_t errlen)
{
	struct report_job j = { r, fmt };
	int ret = atomic_file_write_fd(STDOUT_FILENO, fill_report, &j);

	if (ret)
		return errf(err, errlen, -ret,
			    "cannot write the report to stdout: %s",
			    strerror(-ret));
	return 0;
}

int output_file(const struct results *r, enum result_format fmt,
		const char *path, char *err, size_t errlen)
{
	struct report_job j = { r, fmt };

	if (is_stdout(path))
		return output_stdout(r, fmt, err, errlen);
	return atomic_file_write(path, fill_report, &j, err, errlen);
}

/* Do @a and @b name one file (the same words, or one existing inode)? */
static bool same_output(const char *a, const char *b)
{
	struct stat sa, sb;

	if (!strcmp(a, b) || (is_stdout(a) && is_stdout(b)))
		return true;
	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* Two --output to one file: the last would silently replace the first. */
static int check_twice(const struct profile *p, char *err, size_t errlen)
{
	uint32_t i, k, n = p->noutputs < PROFILE_MAX_OUTPUTS ?
				   p->noutputs : PROFILE_MAX_OUTPUTS;

	for (i = 0; i < n; i++)
		for (k = i + 1; k < n; k++)
			if (p->outputs[i].path && p->outputs[k].path &&
			    same_output(p->outputs[i].path, p->outputs[k].path))
				return errf(err, errlen, EINVAL, "two --output "
					    "name one file, '%s' and '%s': "
					    "give each its own",
					    p->outputs[i].path,
					    p->outputs[k].path);
	return 0;
}

int output_check(const struct profile *p, char *err, size_t errlen)
{
	uint32_t i;
	int ret;

	ret = check_twice(p, err, errlen);
	if (ret)
		return ret;
	for (i = 0; i < p->noutputs && i < PROFILE_MAX_OUTPUTS; i++) {
		if (!p->outputs[i].path || is_stdout(p->outputs[i].path))
			continue;
		ret = atomic_file_check(p->outputs[i].path, err, errlen);
		if (ret)
			return ret;
	}
	return 0;
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

int output_all(const struct results *r, struct notes *warn, char *err,
	       size_t errlen)
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
			notes_add(warn, NOTE_WARNING, "%s", one);
		else
			ret = errf(err, errlen, -ret1, "%s", one);
	}
	return ret;
}
