/* xmlprofile_fields.c - every element of a DiskSpd XML profile, named
 * once: the tables the reader and the writer walk, each in DiskSpd's
 * emission order, with the type, place and default of every element.
 * What no plain type covers (template paths "*1", -rd distributions, -Z
 * write buffers, affinity lists, IOPS or bytes throughput, the rules
 * between siblings) is a handler of xmlprofile_handlers.c named here.
 * Elements DiskSpd reads but never writes (older spellings, tracing and
 * other Windows-only switches) are marked XF_READONLY.
 */
#include "profile/xmlprofile_fields.h"

#include <stddef.h>

#include "lib/util.h"
#include "profile/format.h"
#include "profile/xmlprofile_handlers.h"

/* Offsets with their size checked at compile time. */
#define SIZE_IS(type, m, n) \
	(0 * sizeof(char[sizeof(((type *)0)->m) == (n) ? 1 : -1]))
#define AT(b, type, m, n) \
	.base = b, .off = offsetof(type, m) + SIZE_IS(type, m, n)
#define P32(m)	AT(XB_PROFILE, struct profile, m, 4)
#define P64(m)	AT(XB_PROFILE, struct profile, m, 8)
#define PB(m)	AT(XB_PROFILE, struct profile, m, sizeof(bool))
#define PE(m)	AT(XB_PROFILE, struct profile, m, sizeof(int))
#define T32(m)	AT(XB_TARGET, struct target_opts, m, 4)
#define T64(m)	AT(XB_TARGET, struct target_opts, m, 8)
#define TB(m)	AT(XB_TARGET, struct target_opts, m, sizeof(bool))
#define TE(m)	AT(XB_TARGET, struct target_opts, m, sizeof(int))
#define TS(m)	AT(XB_TARGET, struct target_opts, m, sizeof(char *))
#define S32(m)	AT(XB_SCRATCH, struct xp_scratch, m, 4)
#define SB(m)	AT(XB_SCRATCH, struct xp_scratch, m, sizeof(bool))
#define SE(m)	AT(XB_SCRATCH, struct xp_scratch, m, sizeof(int))
#define NONE	.base = XB_NONE, .off = 0
#define U32MAX	0, UINT32_MAX
#define TABLE(fields, finish) { fields, ARRAY_SIZE(fields), finish }

#define ENUM(nm, vals, expected) \
	{ nm, vals, ARRAY_SIZE(nm), expected }

/* ------------------------------------------------------------------ */
/* the words of enum elements */

static const int format_values[] = {	/* result_format_names' order */
	FORMAT_TEXT, FORMAT_XML, FORMAT_JSON, FORMAT_CSV, FORMAT_HTML,
};
static const struct xenum format_enum = ENUM(result_format_names, format_values,
	"text or xml (or json, csv, html)");

static const char *const precreate_names[] = {
	"UseMaxSize", "CreateOnlyFilesWithConstantSizes",
	"CreateOnlyFilesWithConstantOrZeroSizes",
};
static const int precreate_values[] = { 1, 2, 3 };
static const struct xenum precreate_enum = ENUM(precreate_names,
	precreate_values, "UseMaxSize, CreateOnlyFilesWithConstantSizes or "
	"CreateOnlyFilesWithConstantOrZeroSizes");

static const char *const flush_names[] = {
	"ViewOfFile", "NonVolatileMemory", "NonVolatileMemoryNoDrain",
};
static const int flush_values[] = { FLUSH_VIEW, FLUSH_NV, FLUSH_NV_NODRAIN };
static const struct xenum flush_enum = ENUM(flush_names, flush_values,
	"ViewOfFile, NonVolatileMemory or NonVolatileMemoryNoDrain");

static const char *const pattern_names[] = { "sequential", "zero", "random" };
static const int pattern_values[] = { WBUF_PATTERN, WBUF_ZERO, WBUF_SOURCE };
static const struct xenum pattern_enum = ENUM(pattern_names, pattern_values,
	"sequential, zero or random");

/* ------------------------------------------------------------------ */
/* the tables, innermost first; each in DiskSpd's writing order */

static const struct xfield range_fields[] = {
	{ "Range", XF_U64, NONE, .flags = XF_REPEAT, .read = xh_r_range,
	  .write = xh_w_ranges },
};
static const struct xtable range_tbl = TABLE(range_fields, xh_f_ranges);

static const struct xfield dist_fields[] = {
	{ "Percent", XF_NODE, NONE, .def = DIST_PCT, .sub = &range_tbl,
	  .read = xh_r_ranges, .present = xh_is_pct },
	{ "Absolute", XF_NODE, NONE, .def = DIST_ABS, .sub = &range_tbl,
	  .read = xh_r_ranges, .present = xh_is_abs },
};
static const struct xtable dist_tbl = TABLE(dist_fields, xh_f_dist);

static const struct xfield source_fields[] = {
	[SRC_SIZE] = { "SizeInBytes", XF_U64, T64(wbuf_source_bytes), 1,
		       UINT64_MAX },
	{ "FilePath", XF_STR, TS(wbuf_source_path), .flags = XF_OMIT },
};
static const struct xtable source_tbl = TABLE(source_fields, xh_f_source);

static const struct xfield wbuf_fields[] = {
	[WB_PATTERN] = { "Pattern", XF_ENUM, SE(pattern),
			 .en = &pattern_enum, .write = xh_w_pattern },
	[WB_SOURCE] = { "RandomDataSource", XF_NODE, NONE,
			.flags = XF_DEFER, .sub = &source_tbl,
			.present = xh_is_source },
};
static const struct xtable wbuf_tbl = TABLE(wbuf_fields, xh_f_wbuf);

static const struct xfield thread_targets_fields[] = {
	{ "ThreadTarget", XF_NODE, NONE, .flags = XF_REPEAT,
	  .read = xh_r_thread_target, .write = xh_w_thread_targets },
};
static const struct xtable thread_targets_tbl = TABLE(thread_targets_fields,
						      NULL);

static const struct xfield target_fields[] = {
	[TG_PATH] = { "Path", XF_STR, TS(path) },
	{ "BlockSize", XF_U64, T64(block_bytes), 1, UINT32_MAX },
	{ "BaseFileOffset", XF_U64, T64(base_bytes), 0, UINT64_MAX },
	{ "SequentialScan", XF_BOOL, TB(hint_sequential) },
	{ "RandomAccess", XF_BOOL, TB(hint_random) },
	{ "TemporaryFile", XF_BOOL, TB(hint_temporary) },
	/* per process here: any target's true sets it */
	{ "UseLargePages", XF_BOOL, PB(large_pages), .flags = XF_SETONLY },
	{ "DisableLocalCache", XF_FLAG, TE(cache), .def = CACHE_REMOTE },
	{ "DisableOSCache", XF_FLAG, TE(cache), .def = CACHE_DIRECT },
	{ "WriteThrough", XF_BOOL, TB(write_through),
	  .flags = XF_SETONLY | XF_OMIT },
	{ "MemoryMappedIo", XF_FLAG, TE(cache), .def = CACHE_MMAP },
	{ "FlushType", XF_ENUM, TE(flush), .def = FLUSH_NONE,
	  .flags = XF_OMIT, .en = &flush_enum },
	{ "WriteBufferContent", XF_NODE, NONE, .sub = &wbuf_tbl },
	/* -Zr as profiles of earlier ioprobe versions wrote it; DiskSpd's
	 * schema has <RandomWriteData> in <TimeSpan> only */
	{ "RandomWriteData", XF_FLAG, TE(wbuf), .def = WBUF_RANDOM_PER_IO,
	  .flags = XF_READONLY },
	{ "ParallelAsyncIO", XF_BOOL, TB(parallel_async) },
	{ "BurstSize", XF_U32, T32(burst), U32MAX, .flags = XF_OMIT },
	{ "ThinkTime", XF_U32, T32(think_ms), U32MAX, .flags = XF_OMIT },
	{ "FileSize", XF_U64, T64(create_bytes), 0, UINT64_MAX,
	  .flags = XF_OMIT },
	[TG_RANDOM] = { "Random", XF_U64, T64(random_align_bytes), 1,
			UINT32_MAX, .present = xh_is_random,
			.write = xh_w_random },
	[TG_RATIO] = { "RandomRatio", XF_U32, T32(random_pct), 1, 100,
		       .present = xh_has_ratio },
	[TG_DIST] = { "Distribution", XF_NODE, NONE, .sub = &dist_tbl,
		      .read = xh_r_dist, .present = xh_has_dist },
	[TG_STRIDE] = { "StrideSize", XF_U64, T64(stride_bytes), 0,
			UINT32_MAX, .present = xh_is_sequential,
			.write = xh_w_stride },
	[TG_INTERLOCKED] = { "InterlockedSequential", XF_BOOL,
			     TB(interlocked), .present = xh_is_sequential },
	{ "ThreadStride", XF_U64, T64(thread_stride_bytes), 0, UINT64_MAX },
	{ "MaxFileSize", XF_U64, T64(max_bytes), 0, UINT64_MAX,
	  .write = xh_w_max_size },
	{ "RequestCount", XF_U32, T32(outstanding), 1, 65536 },
	{ "WriteRatio", XF_U32, T32(write_pct), 0, 100 },
	{ "Throughput", XF_U64, NONE, U32MAX, .read = xh_r_throughput,
	  .write = xh_w_throughput },
	{ "ThreadsPerFile", XF_U32, T32(threads), 1, 65536 },
	{ "IOPriority", XF_U32, T32(io_priority), 1, 3 },
	{ "Weight", XF_U32, T32(weight), U32MAX },
	{ "ThreadTargets", XF_NODE, NONE, .sub = &thread_targets_tbl,
	  .present = xh_has_thread_targets },
	/* read only */
	{ "DisableAllCache", XF_BOOL, NONE, .flags = XF_READONLY,
	  .read = xh_r_all_cache },
};
static const struct xtable target_tbl = TABLE(target_fields, xh_f_target);

static const struct xfield targets_fields[] = {
	{ "Target", XF_NODE, NONE, .flags = XF_REPEAT, .sub = &target_tbl,
	  .read = xh_r_target, .write = xh_w_targets },
};
static const struct xtable targets_tbl = TABLE(targets_fields, xh_f_targets);

static const struct xfield affinity_fields[] = {
	{ "AffinityGroupAssignment", XF_NODE, NONE, .flags = XF_REPEAT,
	  .read = xh_r_group_cpu, .write = xh_w_group_cpus },
	/* earlier ioprobe versions read this form; DiskSpd's schema has
	 * <GroupAffinity> as a boolean of the <TimeSpan> (below) */
	{ "GroupAffinity", XF_NODE, NONE, .flags = XF_REPEAT | XF_READONLY,
	  .read = xh_r_group_cpu },
	{ "AffinityAssignment", XF_U32, NONE, 0, PROFILE_MAX_CPUS - 1,
	  .flags = XF_REPEAT | XF_READONLY, .read = xh_r_cpu },
};
static const struct xtable affinity_tbl = TABLE(affinity_fields, NULL);

static const struct xfield timespan_fields[] = {
	/* -x: the same engine runs here; kept for DiskSpd */
	{ "CompletionRoutines", XF_BOOL, PB(completion_routines) },
	{ "MeasureLatency", XF_BOOL, PB(measure_latency) },
	[TS_CALC] = { "CalculateIopsStdDev", XF_BOOL, SB(calc),
		      .write = xh_w_calc },
	{ "DisableAffinity", XF_BOOL, PB(affinity_disabled) },
	{ "Duration", XF_U32, P32(duration_s), 1, UINT32_MAX },
	{ "Warmup", XF_U32, P32(warmup_s), U32MAX },
	{ "Cooldown", XF_U32, P32(cooldown_s), U32MAX },
	{ "ThreadCount", XF_U32, P32(pool_threads), 0, 65536 },
	{ "RequestCount", XF_U32, P32(pool_requests), 0, 65536 },
	{ "IoBucketDuration", XF_U32, S32(bucket_ms), 1, UINT32_MAX,
	  .write = xh_w_bucket },
	[TS_SEED] = { "RandSeed", XF_U64, P64(seed), 0, UINT64_MAX },
	{ "Affinity", XF_NODE, NONE, .sub = &affinity_tbl,
	  .read = xh_r_affinity, .present = xh_has_affinity },
	/* -Zr, for all targets; DiskSpd reads it but never writes it (so
	 * its -Rpxml loses -Zr), we write it so the round trip is exact */
	[TS_RANDOM_WRITE] = { "RandomWriteData", XF_BOOL, SB(random_write),
			      .present = xh_has_random_write,
			      .write = xh_w_random_write },
	[TS_TARGETS] = { "Targets", XF_NODE, NONE, .flags = XF_DEFER,
			 .sub = &targets_tbl },
	/* DiskSpd's reader ignores it too; -v says so at run time */
	{ "GroupAffinity", XF_BOOL, PB(group_affinity),
	  .flags = XF_READONLY },
};
static const struct xtable timespan_tbl = TABLE(timespan_fields, xh_f_timespan);

static const struct xfield timespans_fields[] = {
	{ "TimeSpan", XF_NODE, NONE, .flags = XF_REPEAT,
	  .sub = &timespan_tbl, .read = xh_r_timespan,
	  .write = xh_w_timespans },
};
static const struct xtable timespans_tbl = TABLE(timespans_fields,
						 xh_f_timespans);

/* DiskSpd's tracing switches (-e): kept and written back, nothing is
 * traced (a warning says so). */
#define ETW_FLAG(name, m) { name, XF_BOOL, PB(etw.m) }
static const struct xfield etw_fields[] = {
	ETW_FLAG("Process", process), ETW_FLAG("Thread", thread),
	ETW_FLAG("ImageLoad", image_load), ETW_FLAG("DiskIO", disk_io),
	ETW_FLAG("MemoryPageFaults", page_faults),
	ETW_FLAG("MemoryHardFaults", hard_faults),
	ETW_FLAG("Network", network), ETW_FLAG("Registry", registry),
	ETW_FLAG("UsePagedMemory", paged_memory),
	ETW_FLAG("UsePerfTimer", perf_timer),
	ETW_FLAG("UseSystemTimer", system_timer),
	ETW_FLAG("UseCyclesCounter", cycles_counter),
};
static const struct xtable etw_tbl = TABLE(etw_fields, xh_f_etw);

static const struct xfield profile_fields[] = {
	{ "Progress", XF_U32, P32(progress_every), U32MAX },
	{ "ExperimentFlags", XF_U32, P32(experiment_flags), U32MAX,
	  .flags = XF_OMIT },
	{ "ResultFormat", XF_ENUM, PE(format), .en = &format_enum,
	  .write = xh_w_format },
	{ "Verbose", XF_BOOL, PB(verbose) },
	{ "VerboseStats", XF_BOOL, PB(verbose_stats), .flags = XF_OMIT },
	{ "PrecreateFiles", XF_ENUM, PE(precreate), .def = 0,
	  .flags = XF_OMIT, .en = &precreate_enum },
	{ "ETW", XF_NODE, NONE, .sub = &etw_tbl, .present = xh_has_etw },
	[PR_SPANS] = { "TimeSpans", XF_NODE, NONE, .flags = XF_DEFER,
		       .sub = &timespans_tbl },
};
static const struct xtable profile_tbl = TABLE(profile_fields, xh_f_profile);

const struct xfield xmlprofile_root = {
	"Profile", XF_NODE, NONE, .sub = &profile_tbl,
};
