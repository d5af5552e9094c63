/* util.c - small helpers shared by every module. */
#include "lib/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void str_copy(char *dst, size_t len, const char *src)
{
	size_t n;

	if (!len)
		return;
	n = src ? strnlen(src, len - 1) : 0;
	if (n)
		memcpy(dst, src, n);
	dst[n] = '\0';
}

int errf(char *err, size_t errlen, int errnum, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -errnum;
}

char *str_join_args(const char *first, int argc, char **argv)
{
	size_t len = strlen(first) + 1;
	char *s;
	int i;

	for (i = 1; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	len = strlen(first);
	memcpy(s, first, len + 1);
	for (i = 1; i < argc; i++) {
		size_t n = strlen(argv[i]);

		s[len++] = ' ';
		memcpy(s + len, argv[i], n + 1);
		len += n;
	}
	return s;
}

char *str_dup(const char *s)
{
	return s ? strdup(s) : NULL;
}

int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int stream_finish(FILE *f, int ret)
{
	if (ret && ret != -EIO)
		return ret;
	/* stdio keeps what a failed write could not write, so the flush
	 * tries again and leaves the real errno (ENOSPC for /dev/full) */
	errno = 0;
	if (fflush(f))
		return errno ? -errno : -EIO;
	return ret || ferror(f) ? -EIO : 0;
}

static ssize_t out_stream_write(void *cookie, const char *buf, size_t len)
{
	struct out_stream *s = cookie;
	int ret = write_all(s->fd, buf, len);

	if (ret) {
		if (!s->err)
			s->err = -ret;
		errno = -ret;
		return -1;
	}
	return (ssize_t)len;
}

int out_stream_open(struct out_stream *s, int fd)
{
	static const cookie_io_functions_t io = { .write = out_stream_write };

	s->fd = fd;
	s->err = 0;
	s->f = fopencookie(s, "w", io);
	return s->f ? 0 : -errno;
}

int out_stream_close(struct out_stream *s, int ret)
{
	int closed = fclose(s->f);

	s->f = NULL;
	if (ret && ret != -EIO)
		return ret;
	if (s->err)
		return -s->err;
	return ret || closed ? -EIO : 0;
}

int read_first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	char *nl;

	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		buf[0] = '\0';
		return -EIO;
	}
	fclose(f);
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	return 0;
}

bool str_has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

void str_escape_c(char *dst, size_t len, const char *src)
{
	size_t o = 0;

	if (!len)
		return;
	for (; *src && o + 1 < len; src++) {
		unsigned char ch = (unsigned char)*src;
		char esc[8];
		size_t n;

		if (ch == '\\')
			n = (size_t)snprintf(esc, sizeof(esc), "\\\\");
		else if (ch == '\n')
			n = (size_t)snprintf(esc, sizeof(esc), "\\n");
		else if (ch == '\t')
			n = (size_t)snprintf(esc, sizeof(esc), "\\t");
		else if (ch < 0x20 || ch == 0x7f)
			n = (size_t)snprintf(esc, sizeof(esc), "\\x%02x", ch);
		else
			n = (size_t)snprintf(esc, sizeof(esc), "%c", ch);
		if (o + n >= len)
			break;
		memcpy(dst + o, esc, n);
		o += n;
	}
	dst[o] = '\0';
}

void str_safe_name(char *dst, size_t len, const char *src)
{
	size_t i;

	str_copy(dst, len, src);
	for (i = 0; dst[i]; i++)
		if (!((dst[i] >= 'a' && dst[i] <= 'z') ||
		      (dst[i] >= 'A' && dst[i] <= 'Z') ||
		      (dst[i] >= '0' && dst[i] <= '9') || dst[i] == '-' ||
		      dst[i] == '.' || dst[i] == '_'))
			dst[i] = '_';
}
