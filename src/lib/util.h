/* util.h - small helpers shared by every module: bounded string copies,
 * error-buffer formatting, checked arithmetic. */
#ifndef IOPROBE_UTIL_H
#define IOPROBE_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Copy @src into @dst of @len bytes, always terminated, truncating. */
void str_copy(char *dst, size_t len, const char *src);
/* @src copied into @dst with everything but letters, digits and - . _
 * as '_': a safe part of a file name. */
void str_safe_name(char *dst, size_t len, const char *src);
/* snprintf into an error buffer; returns -@errnum so call sites can
 * `return errf(err, errlen, EINVAL, "invalid ...")`. */
int errf(char *err, size_t errlen, int errnum, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* strdup that returns NULL for NULL. */
char *str_dup(const char *s);
/* @first, then argv[1..argc-1], each after one space, malloc'ed: the
 * command line as typed ("ioprobe -b4K f.dat").  NULL without memory. */
char *str_join_args(const char *first, int argc, char **argv);
/* Write @len bytes of @buf to @fd, retrying short writes and EINTR. */
int write_all(int fd, const void *buf, size_t len);

/* Finish writing @f (stdout, a report file): flush and return the first
 * error: @ret when it says more than -EIO, else the errno of the failing
 * write (-ENOSPC rather than "Input/output error"), or -EIO. */
int stream_finish(FILE *f, int ret);

/* A stream over @fd (not closed with it) that remembers the errno of the
 * first failing write(2), which stdio itself forgets: report writers see
 * ferror() and return -EIO, and out_stream_close() turns that into
 * "No space left on device". */
struct out_stream {
	FILE *f;
	int fd;
	int err;	/* first write error (positive errno), 0 if none */
};
int out_stream_open(struct out_stream *s, int fd);
/* Flush and close @s->f; returns @ret when it says more than -EIO, else
 * the first write error, -EIO, or 0. */
int out_stream_close(struct out_stream *s, int ret);

/* Read the first line of @path (sysfs, procfs) into @buf without its
 * newline.  0, -errno, or -EIO when the file is empty. */
int read_first_line(const char *path, char *buf, size_t len);

/* True when @s holds a control character (below 0x20, or 0x7f). */
bool str_has_control(const char *s);
/* Copy @src into @dst with control characters and backslashes written as
 * C escapes ("\n", "\t", "\x1b", "\\"), for a message that must
 * not send a raw escape sequence to the terminal. */
void str_escape_c(char *dst, size_t len, const char *src);

#endif
