/* history.c - the suite's labeled history CSV: RFC 4180 rows appended
 * under an exclusive flock with one write() each, read back line by line
 * skipping (never repairing) damaged lines.  See history.h. */
#include "workflow/history.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/emit.h"
#include "lib/path.h"
#include "lib/readfile.h"
#include "lib/util.h"
#include "report/output.h"
#include "results/comparison.h"

/* A row is at most this long; fields are bounded by struct history_row. */
#define LINE_MAX_BYTES 8192

int history_default_path(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	int n;

	if (xdg && xdg[0] == '/')
		n = snprintf(buf, len, "%s/ioprobe/history.csv", xdg);
	else if (home && home[0])
		n = snprintf(buf, len, "%s/.local/share/ioprobe/history.csv",
			     home);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* Output cursor that remembers overflow instead of checking every call. */
struct out {
	char *buf;
	size_t len, pos;
	bool full;
};

static void out_char(struct out *o, char c)
{
	if (o->pos + 1 >= o->len) {
		o->full = true;
		return;
	}
	o->buf[o->pos++] = c;
	o->buf[o->pos] = '\0';
}

/* One field, quoted when it holds a comma, quote, CR/LF or edge space,
 * behind an apostrophe when a spreadsheet would run it as a formula
 * (emit_csv_guard; history_parse_line drops it). */
static void out_field(struct out *o, const char *s, bool last)
{
	size_t n = strlen(s);
	bool quote = n && (strpbrk(s, ",\"\r\n") || s[0] == ' ' ||
			   s[n - 1] == ' ');
	char guard = emit_csv_guard(s);

	if (quote)
		out_char(o, '"');
	if (guard)
		out_char(o, guard);
	for (; *s; s++) {
		if (*s == '"')
			out_char(o, '"');
		/* keep one physical line per row: see history.h */
		out_char(o, (*s == '\n' || *s == '\r') ? ' ' : *s);
	}
	if (quote)
		out_char(o, '"');
	out_char(o, last ? '\n' : ',');
}

static void out_num(struct out *o, int decimals, double v)
{
	char tmp[64];

	if (!isfinite(v))
		v = 0;
	snprintf(tmp, sizeof(tmp), "%.*f", decimals, v);
	out_field(o, tmp, false);
}

int history_format_row(const struct history_row *row, char *buf, size_t len)
{
	struct out o = { buf, len, 0, false };
	char size[32], ranks[16], win[64];

	if (len)
		buf[0] = '\0';
	snprintf(size, sizeof(size), "%" PRIu64, row->file_size_bytes);
	snprintf(ranks, sizeof(ranks), "%" PRIu32,
		 row->ranks ? row->ranks : 1);
	out_field(&o, row->timestamp, false);
	out_field(&o, row->host, false);
	out_field(&o, row->label, false);
	out_field(&o, row->test, false);
	out_field(&o, row->cmdline, false);
	out_field(&o, row->target, false);
	out_field(&o, row->device, false);
	out_field(&o, row->filesystem, false);
	out_field(&o, size, false);
	out_num(&o, 3, row->iops);
	out_num(&o, 3, row->mib_s);
	out_num(&o, 6, row->mean_ms);
	out_num(&o, 6, row->p50_ms);
	out_num(&o, 6, row->p99_ms);
	out_num(&o, 6, row->p999_ms);
	out_num(&o, 6, row->max_ms);
	out_num(&o, 2, row->read_pct);
	out_num(&o, 2, row->write_pct);
	out_field(&o, row->version, false);
	out_field(&o, row->json, false);
	out_field(&o, row->engine, false);
	out_field(&o, row->fill, false);
	out_field(&o, ranks, false);
	out_field(&o, row->figure, false);
	snprintf(win, sizeof(win), "%.3f",
		 isfinite(row->window_iops) ? row->window_iops : 0);
	out_field(&o, win, true);
	return o.full ? -ENAMETOOLONG : (int)o.pos;
}

/* Split @line into at most @max fields, unquoting in place into @store.
 * Returns the field count or -EINVAL (quote error). */
static int split_csv(const char *line, size_t len, char *store,
		     char **fields, int max)
{
	size_t i = 0;
	int n = 0;
	char *w = store;

	for (;;) {
		if (n == max)
			return max + 1;
		fields[n++] = w;
		if (i < len && line[i] == '"') {
			for (i++;; i++) {
				if (i >= len)
					return -EINVAL;	/* unterminated */
				if (line[i] == '"') {
					if (i + 1 < len && line[i + 1] == '"') {
						*w++ = '"';
						i++;
						continue;
					}
					i++;
					break;
				}
				*w++ = line[i];
			}
			if (i < len && line[i] != ',')
				return -EINVAL;	/* text after closing quote */
		} else {
			for (; i < len && line[i] != ','; i++) {
				if (line[i] == '"')
					return -EINVAL;
				*w++ = line[i];
			}
		}
		*w++ = '\0';
		if (i >= len)
			return n;
		i++;	/* the comma */
	}
}

static int parse_double(const char *s, double *out)
{
	char *end;

	errno = 0;
	if (!*s)
		return -EINVAL;
	*out = strtod(s, &end);
	if (errno || *end || !isfinite(*out) || *out < 0)
		return -EINVAL;
	return 0;
}

static int parse_u64(const char *s, uint64_t *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return errno || *end ? -EINVAL : 0;
}

static const char *const field_names[HISTORY_NFIELDS] = {
	"timestamp", "host", "label", "test", "cmdline", "target", "device",
	"filesystem", "file_size", "iops", "mib_s", "mean_ms", "p50_ms",
	"p99_ms", "p999_ms", "max_ms", "read_pct", "write_pct", "version",
	"json", "engine", "fill", "ranks", "figure", "window_iops",
};

int history_parse_line(const char *line, size_t len, struct history_row *row,
		       char *err, size_t errlen)
{
	char store[LINE_MAX_BYTES];
	char *f[HISTORY_NFIELDS];
	double *nums[] = { &row->iops, &row->mib_s, &row->mean_ms,
			   &row->p50_ms, &row->p99_ms, &row->p999_ms,
			   &row->max_ms, &row->read_pct, &row->write_pct };
	uint64_t ranks;
	int n;
	size_t i;

	if (len >= sizeof(store))
		return errf(err, errlen, EINVAL, "line too long (%zu bytes)",
			    len);
	/* a NUL would silently cut a field (a cmdline, then compared) */
	if (memchr(line, '\0', len))
		return errf(err, errlen, EINVAL, "NUL byte at column %zu",
			    (size_t)((const char *)memchr(line, '\0', len) -
				     line) + 1);
	n = split_csv(line, len, store, f, HISTORY_NFIELDS);
	if (n < 0)
		return errf(err, errlen, EINVAL, "unbalanced quotes");
	if (n != HISTORY_NFIELDS && n != HISTORY_NFIELDS_V3 &&
	    n != HISTORY_NFIELDS_V2 && n != HISTORY_NFIELDS_V1)
		return errf(err, errlen, EINVAL,
			    "expected %d fields (%d, %d or %d in older rows), "
			    "found %s%d", HISTORY_NFIELDS, HISTORY_NFIELDS_V3,
			    HISTORY_NFIELDS_V2, HISTORY_NFIELDS_V1,
			    n > HISTORY_NFIELDS ? "more than " : "",
			    n > HISTORY_NFIELDS ? HISTORY_NFIELDS : n);
	for (i = 0; i < (size_t)n; i++)	/* written by out_field */
		f[i] = (char *)emit_csv_unguard(f[i]);
	memset(row, 0, sizeof(*row));
	if (!f[2][0] || !f[3][0])
		return errf(err, errlen, EINVAL, "empty label or test name");
	if (parse_u64(f[8], &row->file_size_bytes))
		return errf(err, errlen, EINVAL,
			    "invalid file_size '%s': expected bytes", f[8]);
	for (i = 0; i < ARRAY_SIZE(nums); i++)
		if (parse_double(f[9 + i], nums[i]))
			return errf(err, errlen, EINVAL,
				    "invalid %s '%s': expected a number",
				    field_names[9 + i], f[9 + i]);
	str_copy(row->timestamp, sizeof(row->timestamp), f[0]);
	str_copy(row->host, sizeof(row->host), f[1]);
	str_copy(row->label, sizeof(row->label), f[2]);
	str_copy(row->test, sizeof(row->test), f[3]);
	str_copy(row->cmdline, sizeof(row->cmdline), f[4]);
	str_copy(row->target, sizeof(row->target), f[5]);
	str_copy(row->device, sizeof(row->device), f[6]);
	str_copy(row->filesystem, sizeof(row->filesystem), f[7]);
	str_copy(row->version, sizeof(row->version), f[18]);
	str_copy(row->json, sizeof(row->json), f[19]);
	if (n >= HISTORY_NFIELDS_V2) {
		str_copy(row->engine, sizeof(row->engine), f[20]);
		str_copy(row->fill, sizeof(row->fill), f[21]);
	}
	row->ranks = 1;
	if (n >= HISTORY_NFIELDS_V3 && (parse_u64(f[22], &ranks) || !ranks ||
					ranks > UINT32_MAX))
		return errf(err, errlen, EINVAL, "invalid ranks '%s': "
			    "expected a count of 1 or more", f[22]);
	if (n >= HISTORY_NFIELDS_V3)
		row->ranks = (uint32_t)ranks;
	row->window_iops = row->iops;
	if (n == HISTORY_NFIELDS) {
		str_copy(row->figure, sizeof(row->figure), f[23]);
		if (parse_double(f[24], &row->window_iops))
			return errf(err, errlen, EINVAL, "invalid window_iops "
				    "'%s': expected a number", f[24]);
	}
	return 0;
}

/* Does the file end in '\n'?  (A foreign or torn last line would glue our
 * row to it.)  Empty files count as ending cleanly. */
static bool ends_with_newline(int fd, off_t size)
{
	char c = '\n';

	if (size > 0 && pread(fd, &c, 1, size - 1) != 1)
		return true;
	return c == '\n';
}

/* The kernel copies a write into the page cache page by page and gives
 * up between pages when the writer gets SIGKILL, so a row that crosses a
 * page boundary could be cut.  When it would, blank lines (skipped by the
 * reader) move it to the next page: a kill then leaves at most some blank
 * lines, never half a row.  @line holds @pos prefix bytes then @n row
 * bytes and has room for PAGE_BYTES more; returns the new prefix length. */
#define PAGE_BYTES 4096u
static size_t page_pad(char *line, size_t pos, size_t n, uint64_t size)
{
	uint64_t start = size + pos, in_page = start % PAGE_BYTES, pad;

	if (in_page + n <= PAGE_BYTES || n > PAGE_BYTES)
		return pos;
	pad = PAGE_BYTES - in_page;
	memmove(line + pos + pad, line + pos, n);
	memset(line + pos, '\n', pad);
	return pos + pad;
}

/* Room for the longest header, its line end and one byte more. */
#define GUARD_READ_BYTES (sizeof(HISTORY_HEADER) + 2)

int history_check_fd(int fd, const char *path, uint64_t size, char *err,
		     size_t errlen)
{
	char buf[GUARD_READ_BYTES + 1];
	ssize_t n;
	size_t len;

	if (!size)
		return 0;
	do
		n = pread(fd, buf, GUARD_READ_BYTES, 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return errf(err, errlen, errno, "cannot read history '%s': %s",
			    path, strerror(errno));
	buf[n] = '\0';
	len = strcspn(buf, "\r\n");
	if (history_is_header(buf, len) && (len < (size_t)n ||
					    (uint64_t)n == size))
		return 0;
	return errf(err, errlen, EINVAL, "refusing to append to history "
		    "'%s': it is not an ioprobe history (its first line is "
		    "not the history header); give --history a new file or "
		    "an existing history", path);
}

/* Open the history @path for appending, never through a symbolic link:
 * *@created says whether this open made the file.  fd or -errno. */
static int history_open(const char *path, bool *created)
{
	/* O_NONBLOCK: a FIFO must not hang the open; it is refused below */
	int flags = O_RDWR | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
	int fd;

	*created = false;
	for (;;) {
		fd = open(path, flags | O_CREAT | O_EXCL, 0644);
		if (fd >= 0) {
			*created = true;
			return fd;
		}
		if (errno != EEXIST)
			return -errno;
		fd = open(path, flags);
		if (fd >= 0 || errno != ENOENT)
			return fd >= 0 ? fd : -errno;
		/* removed in between: create it again */
	}
}

/* A history this append created and could not write is removed again,
 * if its name still leads to it: no empty file is left behind. */
static void history_unmake(const char *path, int fd)
{
	struct stat a, b;

	if (!fstat(fd, &a) && !lstat(path, &b) && a.st_dev == b.st_dev &&
	    a.st_ino == b.st_ino)
		unlink(path);
}

int history_append(const char *path, const struct history_row *row,
		   char *err, size_t errlen)
{
	char line[LINE_MAX_BYTES + sizeof(HISTORY_HEADER) + 2 + PAGE_BYTES];
	size_t pos = 0;
	struct stat st;
	bool created;
	int fd, ret, n;

	ret = path_mkdir_parents(path);
	if (ret)
		return errf(err, errlen, -ret,
			    "cannot create the folder of history '%s': %s",
			    path, strerror(-ret));
	fd = history_open(path, &created);
	if (fd < 0)
		return errf(err, errlen, -fd, fd == -ELOOP ?
			    "refusing to append to history '%s': it is a "
			    "symbolic link (%s); give the file it leads to" :
			    "cannot open history '%s': %s", path,
			    strerror(-fd));
	while (flock(fd, LOCK_EX) && errno == EINTR)
		;
	if (fstat(fd, &st)) {
		ret = -errno;
		goto out_close;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return errf(err, errlen, EINVAL, "cannot append to history "
			    "'%s': it is not a regular file", path);
	}
	ret = history_check_fd(fd, path, (uint64_t)st.st_size, err, errlen);
	if (ret) {
		close(fd);
		return ret;
	}
	/* Header and row are built first so the file sees one write(). */
	if (st.st_size == 0)
		pos = (size_t)snprintf(line, sizeof(line), "%s\n",
				       HISTORY_HEADER);
	else if (!ends_with_newline(fd, st.st_size))
		line[pos++] = '\n';
	n = history_format_row(row, line + pos, sizeof(line) - pos);
	if (n < 0 || (size_t)n > LINE_MAX_BYTES) {
		ret = -ENAMETOOLONG;
		goto out_close;
	}
	pos = page_pad(line, pos, (size_t)n, (uint64_t)st.st_size);
	ret = write_all(fd, line, pos + (size_t)n);
out_close:
	if (ret && created)
		history_unmake(path, fd);
	close(fd);	/* also drops the lock */
	if (ret)
		return errf(err, errlen, -ret,
			    "cannot append to history '%s': %s", path,
			    strerror(-ret));
	return 0;
}

static int rows_push(struct history *h, const struct history_row *row)
{
	if (h->nrows == h->cap) {
		size_t cap = h->cap ? h->cap * 2 : 16;
		struct history_row *r = realloc(h->rows, cap * sizeof(*r));

		if (!r)
			return -ENOMEM;
		h->rows = r;
		h->cap = cap;
	}
	h->rows[h->nrows++] = *row;
	return 0;
}

bool history_is_header(const char *line, size_t n)
{
	return (n == strlen(HISTORY_HEADER) &&
		!memcmp(line, HISTORY_HEADER, n)) ||
	       (n == strlen(HISTORY_HEADER_V3) &&
		!memcmp(line, HISTORY_HEADER_V3, n)) ||
	       (n == strlen(HISTORY_HEADER_V2) &&
		!memcmp(line, HISTORY_HEADER_V2, n)) ||
	       (n == strlen(HISTORY_HEADER_V1) &&
		!memcmp(line, HISTORY_HEADER_V1, n));
}

int history_load_buf(const char *buf, size_t len, const char *name,
		     struct history *h)
{
	struct history_row *row = malloc(sizeof(*row));
	char why[256];
	size_t start = 0, lineno = 0;
	int ret = 0;

	if (!row)
		return -ENOMEM;
	while (start < len && !ret) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;
		size_t n = end - start;

		lineno++;
		if (n && buf[end - 1] == '\r')
			n--;	/* tolerate CRLF from spreadsheets */
		if (n == 0 || (lineno == 1 && history_is_header(buf + start, n))) {
			start = end + 1;
			continue;
		}
		if (history_parse_line(buf + start, n, row, why, sizeof(why))) {
			if (h->nskipped < HISTORY_WARN_LINES)
				snprintf(h->warn[h->nskipped],
					 sizeof(h->warn[0]), "history '%s' "
					 "line %zu: skipped a damaged line: %s",
					 name, lineno, why);
			h->nskipped++;
		} else {
			ret = rows_push(h, row);
		}
		start = end + 1;
	}
	free(row);
	return ret;
}

int history_load(const char *path, struct history *h, char *err,
		 size_t errlen)
{
	char *buf;
	size_t len;
	int ret;

	ret = readfile_all(path, "history", READFILE_HISTORY_MAX, &buf, &len,
			   err, errlen);
	if (ret)
		return ret;
	ret = history_load_buf(buf, len, path, h);
	if (!ret && !h->path) {
		h->path = str_dup(path);
		if (!h->path)
			ret = -ENOMEM;
	}
	free(buf);
	if (ret)
		return errf(err, errlen, -ret, "cannot read history '%s': %s",
			    path, strerror(-ret));
	return 0;
}

void history_release(struct history *h)
{
	free(h->rows);
	free(h->path);
	memset(h, 0, sizeof(*h));
}

int history_json_path(const char *history_path, const char *rel, char *out,
		      size_t len)
{
	const char *slash = strrchr(history_path, '/');
	int n;

	if (rel[0] == '/' || !slash)
		n = snprintf(out, len, "%s", rel);
	else
		n = snprintf(out, len, "%.*s/%s",
			     (int)(slash - history_path), history_path, rel);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int history_save_json(const char *history_path, const struct results *r,
		      const char *stamp, const char *label, const char *test,
		      char *rel, size_t rlen, char *err, size_t errlen)
{
	char lab[64], abs[PATH_MAX];
	int ret;

	str_safe_name(lab, sizeof(lab), label ? label : "nolabel");
	snprintf(rel, rlen, "results/%s-%s-%s-%d.json", stamp, lab, test,
		 (int)getpid());
	if (history_json_path(history_path, rel, abs, sizeof(abs)))
		return errf(err, errlen, ENAMETOOLONG, "the path of '%s' "
			    "beside '%s' is too long", rel, history_path);
	ret = path_mkdir_parents(abs);
	if (ret)
		return errf(err, errlen, -ret, "cannot create the folder of "
			    "'%s': %s", abs, strerror(-ret));
	return output_file(r, FORMAT_JSON, abs, err, errlen);
}

void history_row_figures(struct history_row *row, const struct cmp_detail *d)
{
	row->iops = d->iops;
	row->mib_s = d->mib_s;
	row->mean_ms = d->mean_ms;
	row->p50_ms = d->p50_ms;
	row->p99_ms = d->p99_ms;
	row->p999_ms = d->p999_ms;
	row->max_ms = d->max_ms;
	row->read_pct = d->read_pct;
	row->write_pct = d->write_pct;
	str_copy(row->figure, sizeof(row->figure),
		 d->sustained ? "sustained" : "window");
	row->window_iops = d->window_iops;
}

bool history_has_test(const struct history *h, const char *label,
		      const char *test)
{
	size_t i;

	for (i = 0; i < h->nrows; i++)
		if (!strcmp(h->rows[i].label, label) &&
		    !strcmp(h->rows[i].test, test))
			return true;
	return false;
}
