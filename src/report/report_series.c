/* report_series.c - the --series file (see report_series.h): opening it
 * by the streamed-output rules, its header, and one interval's lines in
 * JSON Lines or CSV, formatted into one buffer and written at once.
 */
#include "report/report_series.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/util.h"

#define JSONL_MARK "{\"ioprobe_series\":"
#define CSV_HEADER "time_s,unix_s,interval,length_s,target,path,dir,ios," \
		   "iops,mib_s,mean_ms,p50_ms,p99_ms,max_ms,errors,inflight"
#define CSV_MARK "time_s,unix_s,interval,"

static const char *const dir_names[] = { "read", "write", "total" };

/* ---- the line buffer --------------------------------------------- */

struct line_buf {
	struct series_file *f;
	size_t len;
	bool failed;		/* out of memory */
};

static void put(struct line_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct line_buf *b, const char *fmt, ...)
{
	struct series_file *f = b->f;
	va_list ap;
	int n;

	for (;;) {
		size_t room = f->cap - b->len;

		va_start(ap, fmt);
		n = vsnprintf(f->buf ? f->buf + b->len : NULL,
			      f->buf ? room : 0, fmt, ap);
		va_end(ap);
		if (n < 0 || b->failed) {
			b->failed = true;
			return;
		}
		if (f->buf && (size_t)n < room) {
			b->len += (size_t)n;
			return;
		}
		room = f->cap * 2 + (size_t)n + 4096;
		f->buf = realloc(f->buf, room);
		if (!f->buf) {
			f->cap = 0;
			b->failed = true;
			return;
		}
		f->cap = room;
	}
}

/* @s as a JSON string: quotes, backslashes and control characters
 * escaped. */
static void put_json_str(struct line_buf *b, const char *s)
{
	put(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			put(b, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			put(b, "\\u%04x", c);
		else
			put(b, "%c", c);
	}
	put(b, "\"");
}

/* @s as a CSV field: quoted (quotes doubled) when it holds a comma, a
 * quote or a line break. */
static void put_csv_str(struct line_buf *b, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		put(b, "%s", s);
		return;
	}
	put(b, "\"");
	for (; *s; s++) {
		if (*s == '"')
			put(b, "\"");
		put(b, "%c", *s);
	}
	put(b, "\"");
}

/* ---- opening -------------------------------------------------------- */

/* First bytes of an existing regular file: ours (a series header) or
 * empty may be rewritten, anything else is someone's data. */
static bool ours_or_empty(int fd)
{
	char head[64];
	ssize_t n = pread(fd, head, sizeof(head) - 1, 0);

	if (n < 0)
		return false;
	head[n] = '\0';
	return n == 0 || !strncmp(head, JSONL_MARK, strlen(JSONL_MARK)) ||
	       !strncmp(head, CSV_MARK, strlen(CSV_MARK));
}

static int open_regular(const char *path, char *err, size_t errlen)
{
	struct stat st;
	int fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC), e;

	if (fd < 0) {
		e = errno;
		return errf(err, errlen, e, "cannot write --series '%s': %s",
			    path, strerror(e));
	}
	/* it may have changed since the stat: look at what was opened */
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return errf(err, errlen, EINVAL, "cannot write --series '%s': "
			    "it changed while it was opened", path);
	}
	if (!ours_or_empty(fd)) {
		close(fd);
		return errf(err, errlen, EEXIST, "refusing to overwrite "
			    "--series '%s': it is not a series file ioprobe "
			    "wrote (remove it or pick another name)", path);
	}
	if (ftruncate(fd, 0) || fcntl(fd, F_SETFL, 0)) {
		e = errno;
		close(fd);
		return errf(err, errlen, e, "cannot write --series '%s': %s",
			    path, strerror(e));
	}
	return fd;
}

/* A FIFO without a reader fails at once instead of hanging the run;
 * once open, writes wait for a slow reader (only the open is
 * non-blocking). */
static int open_stream(const char *path, bool fifo, char *err,
		       size_t errlen)
{
	int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC |
			    (fifo ? O_NONBLOCK : 0)), e;

	if (fd < 0) {
		e = errno;
		return errf(err, errlen, e, "cannot write --series '%s': %s",
			    path, e == ENXIO ? "no reader on the FIFO" :
					       strerror(e));
	}
	if (fifo && fcntl(fd, F_SETFL, 0)) {
		e = errno;
		close(fd);
		return errf(err, errlen, e, "cannot write --series '%s': %s",
			    path, strerror(e));
	}
	return fd;
}

static const char *refused(mode_t mode)
{
	if (S_ISDIR(mode))
		return "it is a directory";
	if (S_ISBLK(mode))
		return "it is a block device (a series goes to a file, a FIFO "
		       "or a character device)";
	if (S_ISSOCK(mode))
		return "it is a socket";
	return "it is not a regular file";
}

/* The descriptor for @path by report_series.h's rules, or -errno;
 * *@created says whether this open made the file. */
static int open_path(const char *path, bool *created, char *err,
		     size_t errlen)
{
	struct stat st;
	int fd, e;

	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC,
		  0666);
	*created = fd >= 0;
	if (fd >= 0)
		return fd;
	e = errno;
	if (e != EEXIST)
		return errf(err, errlen, e, "cannot create --series '%s': %s",
			    path, strerror(e));
	if (stat(path, &st)) {
		e = errno;
		return errf(err, errlen, e, "cannot write --series '%s': %s",
			    path, e == ENOENT ? "it is a symlink to nothing" :
						strerror(e));
	}
	if (S_ISREG(st.st_mode))
		return open_regular(path, err, errlen);
	if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
		return open_stream(path, S_ISFIFO(st.st_mode), err, errlen);
	return errf(err, errlen, S_ISDIR(st.st_mode) ? EISDIR : EINVAL,
		    "cannot write --series '%s': %s", path,
		    refused(st.st_mode));
}

static void put_header(struct line_buf *b, const struct profile *p)
{
	uint32_t i;

	if (b->f->csv) {
		put(b, "%s\n", CSV_HEADER);
		return;
	}
	put(b, "%s1,\"version\":", JSONL_MARK);
	put_json_str(b, IOPROBE_VERSION);
	put(b, ",\"interval_ms\":%u,\"cmdline\":", series_interval_ms(p));
	put_json_str(b, p->cmdline ? p->cmdline : "");
	put(b, ",\"targets\":[");
	for (i = 0; i < p->ntargets; i++) {
		if (i)
			put(b, ",");
		put_json_str(b, p->targets[i].path ? p->targets[i].path : "");
	}
	put(b, "]}\n");
}

/* Write the buffer; the first failure is kept and ends the series. */
static int flush_buf(struct series_file *f, struct line_buf *b)
{
	int ret;

	if (f->err)
		return -f->err;
	if (b->failed) {
		f->err = ENOMEM;
		return -ENOMEM;
	}
	ret = write_all(f->fd, f->buf, b->len);
	if (ret)
		f->err = -ret;
	return ret;
}

int series_file_open(struct series_file *f, const struct profile *p,
		     char *err, size_t errlen)
{
	struct line_buf b = { f, 0, false };
	bool created;
	int fd, ret;

	memset(f, 0, sizeof(*f));
	f->fd = -1;
	f->path = p->series_path;
	f->csv = p->series_csv;
	fd = open_path(f->path, &created, err, errlen);
	if (fd < 0)
		return fd;
	f->fd = fd;
	put_header(&b, p);
	ret = flush_buf(f, &b);
	if (!ret)
		return 0;
	ret = series_file_close(f, err, errlen);
	if (created)	/* refused: no empty file of ours is left */
		unlink(f->path);
	return ret;
}

/* ---- lines ------------------------------------------------------- */

/* A latency: ",KEY:1.234" or ",KEY:null" (JSON), ",1.234" or "," (CSV). */
static void put_ms(struct line_buf *b, const char *key, uint64_t ns,
		   bool any)
{
	if (key)
		put(b, ",\"%s\":", key);
	else
		put(b, ",");
	if (any)
		put(b, "%.4f", (double)ns / 1e6);
	else if (key)
		put(b, "null");
}

static void put_json_row(struct line_buf *b, const struct series_row *r)
{
	bool any = r->ios > 0;

	put(b, "{\"time_s\":%.3f,\"unix_s\":%.3f,\"interval\":%u,"
	       "\"length_s\":%.3f,\"target\":%u,\"path\":", r->end_s,
	    r->unix_s, r->index, r->end_s - r->start_s, r->target);
	put_json_str(b, r->path);
	put(b, ",\"dir\":\"%s\",\"ios\":%llu,\"iops\":%.1f,\"mib_s\":%.3f",
	    dir_names[r->dir < DIR_COUNT ? r->dir : DIR_COUNT],
	    (unsigned long long)r->ios, r->iops, r->mib_s);
	put_ms(b, "mean_ms", r->mean_ns, any);
	put_ms(b, "p50_ms", r->p50_ns, any);
	put_ms(b, "p99_ms", r->p99_ns, any);
	put_ms(b, "max_ms", r->max_ns, any);
	put(b, ",\"errors\":%llu,\"inflight\":%.2f}\n",
	    (unsigned long long)r->errors, r->inflight);
}

static void put_csv_row(struct line_buf *b, const struct series_row *r)
{
	bool any = r->ios > 0;

	put(b, "%.3f,%.3f,%u,%.3f,%u,", r->end_s, r->unix_s, r->index,
	    r->end_s - r->start_s, r->target);
	put_csv_str(b, r->path);
	put(b, ",%s,%llu,%.1f,%.3f",
	    dir_names[r->dir < DIR_COUNT ? r->dir : DIR_COUNT],
	    (unsigned long long)r->ios, r->iops, r->mib_s);
	put_ms(b, NULL, r->mean_ns, any);
	put_ms(b, NULL, r->p50_ns, any);
	put_ms(b, NULL, r->p99_ns, any);
	put_ms(b, NULL, r->max_ns, any);
	put(b, ",%llu,%.2f\n", (unsigned long long)r->errors, r->inflight);
}

int series_file_write(struct series_file *f, const struct series_row *rows,
		      uint32_t n)
{
	struct line_buf b = { f, 0, false };
	uint32_t i;

	if (f->fd < 0 || f->err)
		return f->err ? -f->err : -EBADF;
	for (i = 0; i < n; i++) {
		if (f->csv)
			put_csv_row(&b, &rows[i]);
		else
			put_json_row(&b, &rows[i]);
	}
	return flush_buf(f, &b);
}

int series_file_close(struct series_file *f, char *err, size_t errlen)
{
	int ret = f->err ? -f->err : 0;

	if (f->fd >= 0 && close(f->fd) && !ret)
		ret = -errno;
	f->fd = -1;
	free(f->buf);
	f->buf = NULL;
	f->cap = 0;
	if (ret)
		return errf(err, errlen, -ret, "cannot write --series '%s': %s",
			    f->path, strerror(-ret));
	return 0;
}
