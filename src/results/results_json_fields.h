/* results_json_fields.h - the field tables of ioprobe-result/1: every key
 * of a result file, in the order it is written (results_json_fields.c),
 * and the entry macros the tables are written with.  docs/json-schema.md
 * documents the keys. */
#ifndef IOPROBE_RESULTS_JSON_FIELDS_H
#define IOPROBE_RESULTS_JSON_FIELDS_H

#include <stddef.h>

#include "lib/util.h"
#include "results/results_json_table.h"

#define RESULTS_JSON_SCHEMA "ioprobe-result/1"

/* The top-level object, a struct results.  Its "schema" and
 * "latency_histogram" are read first: a file of another schema or
 * histogram shape is refused as such. */
extern const struct jf results_json_root[];
/* A target's "device_counters" (struct devstat_set) and one entry of
 * "findings" (struct result_finding): results_json_devstat.c. */
extern const struct jf results_json_devstat[];
extern const struct jf results_json_finding[];
/* Both keys are left out of results that lack them (JF_OMIT), so an
 * older file writes back byte for byte; reading "findings" marks the
 * findings as known. */
bool results_json_devstat_absent(const void *target_info);
bool results_json_findings_absent(const void *results);
int results_json_findings_read(struct jf_ctx *c, const struct jf *f,
			       void *results);

/* "interval_percentiles" (results_json_ipct.c): one entry (struct
 * interval_pct), left out without them (JF_OMIT, @results a struct
 * results), allocated as exactly interval_count x (1 + targets) x 3
 * entries, checked to be in results_ipct()'s order once read. */
extern const struct jf results_json_ipct_fields[];
bool results_json_ipct_absent(const void *results);
int results_json_ipct_alloc(struct jf_ctx *c, const struct jf *f,
			    void *results, size_t n);
int results_json_ipct_check(struct jf_ctx *c, const struct jf *f,
			    void *results);

/* Derived hooks (results_json_derived.c), written for scripts and never
 * read: the percentiles of the struct hist at f->off, and the totals per
 * target and direction of the results being written. */
jobj *results_json_percentiles(struct jf_ctx *c, const struct jf *f,
			       const void *base);
jobj *results_json_totals(struct jf_ctx *c, const struct jf *f,
			  const void *base);

/* Table entries for a member @m of struct JF_T (defined before each
 * table).  JF_AT() refuses, at compile time, a member of another type. */
#define JF_IS(type, m) (0 * sizeof(*(type **)0 = &((JF_T *)0)->m))
#define JF_AT(type, m) (offsetof(JF_T, m) + JF_IS(type, m))
#define JF_SIZE(m) sizeof(((JF_T *)0)->m)
#define JF_(k, kd, type, m) .key = k, .kind = kd, .off = JF_AT(type, m)
#define U64(k, m) JF_(k, JF_U64, uint64_t, m)
#define U64_MIN(k, m) JF_(k, JF_U64_MIN, uint64_t, m)
#define U32(k, m) JF_(k, JF_U32, uint32_t, m)
#define I32(k, m) JF_(k, JF_I32, int32_t, m)
#define BOOL(k, m) JF_(k, JF_BOOL, bool, m)
#define DBL(k, m) JF_(k, JF_DBL, double, m)
#define STRP(k, m) JF_(k, JF_STRP, char *, m)
#define STR(k, m) \
	JF_(k, JF_STR, char, m[0]), .size = JF_SIZE(m)
#define ENUM(k, m, n) \
	.key = k, .kind = JF_ENUM, .names = n, .max = ARRAY_SIZE(n), \
	.off = offsetof(JF_T, m) + \
	       0 * sizeof(char[JF_SIZE(m) == sizeof(unsigned int) ? 1 : -1])
#define OBJ(k, m, s) .key = k, .kind = JF_OBJ, .off = offsetof(JF_T, m), .sub = s
/* an array member @m[] counted by @n */
#define ARR(k, m, n, s) \
	.key = k, .kind = JF_ARR, .off = offsetof(JF_T, m), \
	.size = JF_SIZE(m[0]), .count_off = JF_AT(uint32_t, n), \
	.max = ARRAY_SIZE(((JF_T *)0)->m), .sub = s
/* a pointer member @m to @n elements, at most @mx */
#define PARR(k, m, n, mx, s) \
	.key = k, .kind = JF_ARR, .flags = JF_PTR, .off = offsetof(JF_T, m), \
	.size = JF_SIZE(m[0]), .count_off = JF_AT(uint32_t, n), .max = mx, \
	.sub = s
#define HOOK(k, w, r) .key = k, .kind = JF_HOOK, .write = w, .read = r

#endif
