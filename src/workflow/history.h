/* history.h - the labeled run history of `ioprobe suite`: one CSV row per
 * test run, appended atomically, read back tolerantly by `compare`.
 *
 * Format: RFC 4180 CSV with a header line (HISTORY_HEADER), '.' decimals
 * whatever the locale, one physical line per row (line breaks inside a
 * field are written as spaces, so a damaged line never swallows the next).
 * The json column holds the path of the test's full JSON result, relative
 * to the folder of the history file.
 *
 * Appends take flock(LOCK_EX) and write the whole line with one write()
 * on an O_APPEND descriptor: concurrent suites interleave whole rows.  A
 * row never straddles a 4 KiB page (blank lines pad it to the next page
 * when it would), because the kernel may stop a write between pages when
 * the writer is killed: a kill -9 leaves either the row or nothing.  The reader skips a
 * damaged line with a warning naming its line number and never rewrites
 * the file.
 */
#ifndef IOPROBE_HISTORY_H
#define IOPROBE_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/history_row.h"

#define HISTORY_NFIELDS 25
#define HISTORY_HEADER \
	"timestamp,host,label,test,cmdline,target,device,filesystem," \
	"file_size,iops,mib_s,mean_ms,p50_ms,p99_ms,p999_ms,max_ms," \
	"read_pct,write_pct,version,json,engine,fill,ranks,figure," \
	"window_iops"
/* Rows written before the figure columns: their figures are the whole
 * window's (figure "", window_iops = iops). */
#define HISTORY_NFIELDS_V3 23
#define HISTORY_HEADER_V3 \
	"timestamp,host,label,test,cmdline,target,device,filesystem," \
	"file_size,iops,mib_s,mean_ms,p50_ms,p99_ms,p999_ms,max_ms," \
	"read_pct,write_pct,version,json,engine,fill,ranks"
/* Rows written before the ranks column: one rank. */
#define HISTORY_NFIELDS_V2 22
#define HISTORY_HEADER_V2 \
	"timestamp,host,label,test,cmdline,target,device,filesystem," \
	"file_size,iops,mib_s,mean_ms,p50_ms,p99_ms,p999_ms,max_ms," \
	"read_pct,write_pct,version,json,engine,fill"
/* Rows written before the engine and fill columns: they still load, with
 * those two unknown (""). */
#define HISTORY_NFIELDS_V1 20
#define HISTORY_HEADER_V1 \
	"timestamp,host,label,test,cmdline,target,device,filesystem," \
	"file_size,iops,mib_s,mean_ms,p50_ms,p99_ms,p999_ms,max_ms," \
	"read_pct,write_pct,version,json"

/* Is the line @line (@n bytes, no line end) the header of this version
 * or of an older one? */
bool history_is_header(const char *line, size_t n);

/* Between the test files of a suite run on several PATHs in the target
 * column: "/mnt/a/f.dat + /mnt/b/f.dat". */
#define HISTORY_TARGET_SEP " + "

/* struct history_row, one row, is in results/history_row.h. */

/* Damaged lines named one by one (struct history's warn, for the caller
 * to print); the caller counts the rest (h->nskipped -
 * HISTORY_WARN_LINES) in one line. */
#define HISTORY_WARN_LINES 2

/* Rows in file order; damaged lines are left out. */
struct history {
	struct history_row *rows;
	size_t nrows;
	size_t cap;
	size_t nskipped;	/* damaged lines skipped while reading */
	/* what is wrong with the first HISTORY_WARN_LINES of them */
	char warn[HISTORY_WARN_LINES][1024];
	char *path;		/* owned copy of the file history_load read
				 * (JSON results resolve against it), NULL
				 * for history_load_buf */
};

/* $XDG_DATA_HOME/ioprobe/history.csv, else
 * $HOME/.local/share/ioprobe/history.csv.  0 or -ENOENT / -ENAMETOOLONG. */
int history_default_path(char *buf, size_t len);

/* Format @row as one CSV line ending in '\n' into @buf.  Returns the
 * length, or -ENAMETOOLONG when it does not fit. */
int history_format_row(const struct history_row *row, char *buf,
		       size_t len);

/* Parse one line (without its '\n') into @row.  0, or -EINVAL with @err
 * saying what is wrong (field count, a number, a quote). */
int history_parse_line(const char *line, size_t len,
		       struct history_row *row, char *err, size_t errlen);

/* Append @row to the history at @path, creating it (and its folders) with
 * the header when missing.  Locked, one write() per call.  0 or -errno
 * with @err filled. */
int history_append(const char *path, const struct history_row *row,
		   char *err, size_t errlen);

/* The open history @fd (of @path, @size bytes, a regular file) may be
 * appended to: 0 when empty or starting with a history header, else
 * -EINVAL / -errno with @err ("refusing to append to history ..."). */
int history_check_fd(int fd, const char *path, uint64_t size, char *err,
		     size_t errlen);

/* Does @h hold a row of test @test under @label? */
bool history_has_test(const struct history *h, const char *label,
		      const char *test);

/* Read every well-formed row of @path into @h (zeroed by the caller).
 * Damaged lines are skipped; the first HISTORY_WARN_LINES get a warning
 * in h->warn ("history 'PATH' line N: ..."), the others are counted.  -ENOENT when the file does not exist, -errno. */
int history_load(const char *path, struct history *h, char *err,
		 size_t errlen);
/* Same from a buffer (used by tests); @name appears in the warnings. */
int history_load_buf(const char *buf, size_t len, const char *name,
		     struct history *h);
void history_release(struct history *h);

/* Absolute path of a row's JSON result: @rel resolved against the folder
 * of @history_path.  0 or -ENAMETOOLONG. */
int history_json_path(const char *history_path, const char *rel, char *out,
		      size_t len);

struct cmp_detail;
/* A row's figures (IOPS, MiB/s, latencies, the read/write mix) from a
 * test's figures, as compare reads them back. */
void history_row_figures(struct history_row *row, const struct cmp_detail *d);

struct results;
/* Save @r as the JSON result of test @test beside the history
 * @history_path, as results/STAMP-LABEL-TEST-PID.json (@label made safe
 * for a file name, "nolabel" when NULL), creating the folder; the path
 * relative to the history's folder goes to @rel (what a row's json column
 * holds).  0, or -errno with the reason in @err. */
int history_save_json(const char *history_path, const struct results *r,
		      const char *stamp, const char *label, const char *test,
		      char *rel, size_t rlen, char *err, size_t errlen);

#endif
