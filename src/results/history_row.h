/* history_row.h - one row of the suite history, as the comparison
 * model (results/comparison.h) and the history file
 * (workflow/history.h) both hold it.  Its CSV form and the file's rules
 * are in workflow/history.h.
 */
#ifndef IOPROBE_HISTORY_ROW_H
#define IOPROBE_HISTORY_ROW_H

#include <stdint.h>

struct history_row {
	char timestamp[32];	/* UTC, "2024-06-03T12:00:00Z" */
	char host[128];
	char label[128];
	char test[64];		/* profile name, e.g. "randread4k" */
	char cmdline[1024];	/* the DiskSpd switches and target as run */
	char target[512];	/* test file path; several are joined by
				 * HISTORY_TARGET_SEP */
	char device[64];	/* "vda", "" when unknown */
	char filesystem[32];	/* "ext4", "" when unknown */
	uint64_t file_size_bytes;
	double iops;		/* reads + writes per second */
	double mib_s;		/* MiB (2^20 bytes) per second */
	double mean_ms, p50_ms, p99_ms, p999_ms, max_ms;	/* latency */
	double read_pct, write_pct;	/* shares of I/Os, 0..100 */
	char version[32];	/* ioprobe version */
	char json[512];		/* result file, relative to the history dir */
	char engine[32];	/* engine actually used, "" unknown (old row) */
	char fill[32];		/* the test file as measured: "new pattern"
				 * (created and filled by the suite), "" unknown */
	uint32_t ranks;		/* MPI ranks that ran the test at once (one
				 * row for all of them); 1 without mpirun and
				 * in rows older than the column */
	/* which figure iops..max_ms are (figures.h's headline): "sustained"
	 * (the phase after a burst), "window" (the whole measured window),
	 * "" in rows older than the column (the window) */
	char figure[16];
	double window_iops;	/* whole-window IOPS, beside the headline */
};

#endif
