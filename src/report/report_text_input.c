/* report_text_input.c - the "Command Line" and "Input parameters"
 * sections of DiskSpd's text report: the timespan's settings and, per
 * target, caching, pattern, -rd ranges, queue depth and limits.  Shared
 * by the run's report and -Rp (the profile alone, not run).
 */
#include "report/report_text_input.h"
#include "report/report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/util.h"

/* A size as DiskSpd 2.2's ResultParser writes it: the largest binary
 * unit (KiB to TiB) not above it, an integer when exact, else two
 * decimals ("64KiB", "1.95MiB", "1.50KiB"); bare bytes below 1 KiB
 * ("512", "1000"). */
void report_text_size(char *buf, size_t len, uint64_t bytes)
{
	fmt_size(buf, len, bytes);
}

static const char *sz(char *buf, size_t len, uint64_t bytes)
{
	report_text_size(buf, len, bytes);
	return buf;
}

void report_text_dist_bound(uint64_t bytes, bool open_end, FILE *f)
{
	char buf[32];
	size_t n;

	if (open_end) {
		fputs("      end", f);
		return;
	}
	if (!bytes) {
		fputs("     0   ", f);
		return;
	}
	report_text_size(buf, sizeof(buf), bytes);
	n = strcspn(buf, "KMGT");
	if (!buf[n]) {		/* under 1 KiB: DiskSpd does not align it */
		fputs(buf, f);
		return;
	}
	fprintf(f, "%6.*s%s", (int)n, buf, buf + n);
}

/* The timespan's global lines in DiskSpd's order, then ours: the engine
 * used (DiskSpd has no such line; it stands where no DiskSpd line is). */
static void put_timespan(const struct profile *p, uint32_t span,
			 const char *engine, const char *note, FILE *f)
{
	uint32_t i;
	bool zr = false;

	fprintf(f, "\ttimespan: %3" PRIu32 "\n\t-------------\n", span);
	fprintf(f, "\tduration: %" PRIu32 "s\n", p->duration_s);
	fprintf(f, "\twarm up time: %" PRIu32 "s\n", p->warmup_s);
	fprintf(f, "\tcool down time: %" PRIu32 "s\n", p->cooldown_s);
	if (p->affinity_disabled)	/* -n only, as DiskSpd prints it */
		fputs("\taffinity disabled\n", f);
	if (p->measure_latency)
		fputs("\tmeasuring latency\n", f);
	if (p->iops_interval_ms)
		fprintf(f, "\tgathering IOPS at intervals of %" PRIu32 "ms\n",
			p->iops_interval_ms);
	fprintf(f, "\trandom seed: %" PRIu64 "\n", p->seed);
	if (p->pool_threads)
		fprintf(f, "\tthread pool with %" PRIu32 " threads\n"
			"\tnumber of outstanding I/O operations per thread: %"
			PRIu32 "\n", p->pool_threads, p->pool_requests);
	if (p->affinity_given && p->ncpus) {
		fputs("\tadvanced affinity round robin (group/core): ", f);
		for (i = 0; i < p->ncpus; i++)
			fprintf(f, "%s%" PRIu32 "/%" PRIu32, i ? ", " : "",
				p->cpus[i] / 64, p->cpus[i] % 64);
		fputc('\n', f);
	}
	zr = p->random_write_data;	/* with -Z too: DiskSpd warns */
	for (i = 0; i < p->ntargets; i++)
		zr |= p->targets[i].wbuf == WBUF_RANDOM_PER_IO;
	if (zr)
		fputs("\tgenerating random data for each write IO\n"
		      "\t  WARNING: this increases the CPU cost of issuing "
		      "writes and should only\n"
		      "\t           be compared to other results using the "
		      "-Zr flag\n", f);
	fprintf(f, "\tI/O engine: %s\n", engine);
	if (note && *note)
		fprintf(f, "\tengine note: %s\n", note);
}

static void put_cache(const struct target_opts *t, FILE *f)
{
	switch (t->cache) {
	case CACHE_DIRECT:
		fputs("\t\tsoftware cache disabled\n", f);
		break;
	case CACHE_REMOTE:
		fputs("\t\tlocal software cache disabled, remote cache enabled\n",
		      f);
		break;
	case CACHE_BUFFERED:
	case CACHE_MMAP:
	default:
		fputs("\t\tusing software cache\n", f);
		break;
	}
	if (!t->write_through)
		fputs("\t\tusing hardware write cache, writethrough off\n", f);
	else if (t->cache == CACHE_DIRECT || t->cache == CACHE_REMOTE)
		fputs("\t\thardware write cache disabled, writethrough on\n", f);
	else
		fputs("\t\thardware and software write caches disabled, writethrough on\n",
		      f);
	static const char *const flush[] = {
		"", ", flush mode: FlushViewOfFile",
		", flush mode: FlushNonVolatileMemory",
		", flush mode: FlushNonVolatileMemory with no drain",
	};

	if (t->cache == CACHE_MMAP)
		fprintf(f, "\t\tmemory mapped I/O enabled%s\n",
			t->flush <= FLUSH_NV_NODRAIN ? flush[t->flush] : "");
}

static void put_pattern(const struct target_opts *t, FILE *f)
{
	char a[32];
	uint64_t align = t->random_align_bytes ? t->random_align_bytes :
						 t->block_bytes;
	uint64_t stride = t->stride_bytes ? t->stride_bytes : t->block_bytes;

	if (t->write_pct == 0)
		fputs("\t\tperforming read test\n", f);
	else if (t->write_pct == 100)
		fputs("\t\tperforming write test\n", f);
	else
		fprintf(f,
			"\t\tperforming mix test (read/write ratio: %" PRIu32
			"/%" PRIu32 ")\n", 100 - t->write_pct, t->write_pct);
	fprintf(f, "\t\tblock size: %s\n", sz(a, sizeof(a), t->block_bytes));
	if (t->random && t->random_pct >= 100)
		fprintf(f, "\t\tusing random I/O (alignment: %s)\n",
			sz(a, sizeof(a), align));
	else if (t->random)
		fprintf(f,
			"\t\tusing mixed random/sequential I/O (%" PRIu32
			"%% random) (alignment/stride: %s)\n", t->random_pct,
			sz(a, sizeof(a), align));
	else
		fprintf(f, "\t\tusing%s sequential I/O (stride: %s)\n",
			t->interlocked ? " interlocked" : "",
			sz(a, sizeof(a), stride));
}

/* -rd as DiskSpd's "IO Distribution" block: one row per range with its
 * I/O share and where it lies, the tail DiskSpd adds included.  A tail
 * that gets no I/O (the stated ranges already take 100%) is not a range
 * DiskSpd knows of, so it is not listed. */
static void put_dist(const struct target_opts *t, FILE *f)
{
	uint64_t base = 0, span;
	uint32_t i;

	if (t->dist == DIST_NONE || !t->ndist)
		return;
	fputs("\t\tIO Distribution:\n", f);
	for (i = 0; i < t->ndist; i++) {
		const struct dist_range *d = &t->dist_ranges[i];
		bool tail = !d->span;

		if (tail && !d->io_pct && i + 1 == t->ndist)
			break;
		fprintf(f, "\t\t   %3" PRIu32 "%% of IO => [", d->io_pct);
		if (t->dist == DIST_PCT) {
			span = tail || d->span > 100 - base ? 100 - base :
							      d->span;
			fprintf(f, "%2" PRIu64 "%% - %3" PRIu64
				"%%) of target\n", base, base + span);
			base += span;
			continue;
		}
		report_text_dist_bound(base, false, f);
		fputs(" - ", f);
		report_text_dist_bound(base + d->span, tail, f);
		fputs(")\n", f);
		base += d->span;
	}
}

bool report_text_inflight(const struct results *r, uint32_t i,
			  double *mean)
{
	double sum = 0;
	uint32_t j, n = 0;

	if (!r || r->no_results)
		return false;
	for (j = 0; j < r->nrows; j++) {
		if (r->rows[j].target != i)
			continue;
		sum += r->rows[j].mean_inflight;
		n++;
	}
	*mean = n ? sum / n : 0.0;
	return n > 0;
}

static void put_target(const struct profile *p, uint32_t i, FILE *f)
{
	const struct target_opts *t = &p->targets[i];
	static const char *const prio[] = { "normal", "very low", "low",
					    "normal" };
	char a[32];

	if (t->path && t->path[0] == '*')	/* -Rp of a template */
		fprintf(f, "\tpath: template target '%s'\n", t->path + 1);
	else
		fprintf(f, "\tpath: '%s'\n", t->path ? t->path : "");
	fprintf(f, "\t\tthink time: %" PRIu32 "ms\n", t->think_ms);
	fprintf(f, "\t\tburst size: %" PRIu32 "\n", t->burst);
	put_cache(t, f);
	if (t->wbuf == WBUF_ZERO)
		fputs("\t\tzeroing write buffers\n", f);
	if (t->wbuf == WBUF_SOURCE) {
		fprintf(f, "\t\twrite buffer size: %s\n",
			sz(a, sizeof(a), t->wbuf_source_bytes));
		if (t->wbuf_source_path)
			fprintf(f, "\t\twrite buffer source: '%s'\n",
				t->wbuf_source_path);
		else
			fputs("\t\twrite buffer source: random fill\n", f);
	}
	if (t->parallel_async)
		fputs("\t\tusing parallel async I/O\n", f);
	put_pattern(t, f);
	if (p->pool_threads && p->pool_requests)
		fprintf(f, "\t\trelative IO weight in thread pool: %" PRIu32 "\n",
			t->weight);
	else
		fprintf(f,
			"\t\tnumber of outstanding I/O operations per thread: %" PRIu32
			"\n", t->outstanding);
	if (t->base_bytes)
		fprintf(f, "\t\tbase file offset: %s\n",
			sz(a, sizeof(a), t->base_bytes));
	if (t->max_bytes || t->range_len_bytes)
		fprintf(f, "\t\tmax file size: %s\n",
			sz(a, sizeof(a), t->max_bytes ? t->max_bytes :
				 t->base_bytes + t->range_len_bytes));
	if (t->thread_stride_bytes)
		fprintf(f, "\t\tthread stride size: %s\n",
			sz(a, sizeof(a), t->thread_stride_bytes));
	/* DiskSpd's words; on Linux -fs and -fr are posix_fadvise()
	 * hints and -ft has no equivalent (see the README) */
	if (t->hint_sequential)
		fputs("\t\tusing FILE_FLAG_SEQUENTIAL_SCAN hint\n", f);
	if (t->hint_random)
		fputs("\t\tusing FILE_FLAG_RANDOM_ACCESS hint\n", f);
	if (t->hint_temporary)
		fputs("\t\tusing FILE_ATTRIBUTE_TEMPORARY hint\n", f);
	if (!p->pool_threads)
		fprintf(f, "\t\tthreads per file: %" PRIu32 "\n", t->threads);
	/* the completion line as DiskSpd words it for the same switches;
	 * the engine that really ran is the timespan's "I/O engine" */
	if (!p->pool_threads && t->outstanding > 1)
		fputs(p->completion_routines ?
		      "\t\tusing completion routines (ReadFileEx/WriteFileEx)\n" :
		      "\t\tusing I/O Completion Ports\n", f);
	fprintf(f, "\t\tIO priority: %s\n",
		prio[t->io_priority < 4 ? t->io_priority : 3]);
	if (t->throttle_iops)
		fprintf(f, "\t\tthroughput rate-limited to %" PRIu64 " IOPS\n",
			t->throttle_iops);
	else if (t->throttle_bytes_per_ms)
		fprintf(f, "\t\tthroughput rate-limited to %" PRIu64 " B/ms\n",
			t->throttle_bytes_per_ms);
	put_dist(t, f);
}

void report_text_input(const struct profile *p, const char *engine, const char *note, FILE *f)
{
	fprintf(f, "\nCommand Line: %s\n\n", p->cmdline ? p->cmdline : "");
	if (p->experiment_flags)
		fprintf(f, "Experiment Flags: 0x%x (%u)\n\n",
			p->experiment_flags, p->experiment_flags);
	fputs("Input parameters:\n\n", f);
	if (p->verbose)
		fputs("\tusing verbose mode\n", f);
	report_text_input_span(p, 1, engine, note, f);
}

void report_text_input_span(const struct profile *p, uint32_t span,
			    const char *engine, const char *note, FILE *f)
{
	uint32_t i;

	put_timespan(p, span, engine, note, f);
	for (i = 0; i < p->ntargets; i++)
		put_target(p, i, f);
	fputc('\n', f);
}

int report_text_profile(const struct profile *p, FILE *f)
{
	const char *engine = p->engine ? p->engine : "io_uring";
	const char *note = p->engine ? NULL : "default; libaio, then sync, "
			   "if io_uring is unavailable";
	const struct profile *s;
	uint32_t k = 2;

	report_text_input(p, engine, note, f);
	for (s = p->next_span; s; s = s->next_span)	/* -X: every span */
		report_text_input_span(s, k++, engine, note, f);
	return ferror(f) ? -EIO : 0;
}
