/* xmlprofile_handlers.h - the handlers of the profile element table
 * (xmlprofile_fields.c): what no plain type of xmlprofile_table.h covers.
 * xh_r_* read an element (xfield.read), xh_w_* write one (xfield.write),
 * xh_f_* finish a table (xtable.finish), the predicates say whether the
 * writer emits an element (xfield.present).  All readers return 0 or
 * -errno with the message in c->err. */
#ifndef IOPROBE_XMLPROFILE_HANDLERS_H
#define IOPROBE_XMLPROFILE_HANDLERS_H

#include <stdbool.h>

#include "profile/xmlprofile_read.h"
#include "profile/xmlprofile_table.h"
#include "profile/xmlprofile_write.h"

/* Positions in the tables of the fields the handlers look up; the tables
 * place these fields with designated initializers, so a wrong position
 * overrides another field (-Woverride-init) or leaves a hole the goldens
 * of test_xml.sh fall into. */
enum { PR_SPANS = 7 };				/* <Profile> */
enum {						/* <TimeSpan> */
	TS_CALC = 2, TS_SEED = 10, TS_RANDOM_WRITE = 12, TS_TARGETS = 13,
};
enum { WB_PATTERN, WB_SOURCE };			/* <WriteBufferContent> */
enum { SRC_SIZE };				/* <RandomDataSource> */
enum {						/* <Target> */
	TG_PATH = 0, TG_RANDOM = 18, TG_RATIO, TG_DIST, TG_STRIDE,
	TG_INTERLOCKED,
};

/* readers: <TimeSpan> (one only), affinity, <Target>, caches,
 * <ThreadTargets> (refused), <Throughput>, -rd distributions */
int xh_r_timespan(struct xp_ctx *c, const struct xfield *f,
		  const xmlNode *n);
int xh_r_group_cpu(struct xp_ctx *c, const struct xfield *f,
		   const xmlNode *n);
int xh_r_cpu(struct xp_ctx *c, const struct xfield *f,
	     const xmlNode *n);
int xh_r_affinity(struct xp_ctx *c, const struct xfield *f,
		  const xmlNode *n);
int xh_r_target(struct xp_ctx *c, const struct xfield *f,
		const xmlNode *n);
int xh_r_all_cache(struct xp_ctx *c, const struct xfield *f,
		   const xmlNode *n);
int xh_r_thread_target(struct xp_ctx *c, const struct xfield *f,
		       const xmlNode *n);
void xh_w_thread_targets(struct xw *w, unsigned int lvl,
			 const struct xfield *f);
int xh_r_throughput(struct xp_ctx *c, const struct xfield *f,
		    const xmlNode *n);
int xh_r_dist(struct xp_ctx *c, const struct xfield *f,
	      const xmlNode *n);
int xh_r_ranges(struct xp_ctx *c, const struct xfield *f,
		const xmlNode *n);
int xh_r_range(struct xp_ctx *c, const struct xfield *f,
	       const xmlNode *n);

/* writers */
void xh_w_format(struct xw *w, unsigned int lvl,
		 const struct xfield *f);
void xh_w_calc(struct xw *w, unsigned int lvl,
	       const struct xfield *f);
void xh_w_random_write(struct xw *w, unsigned int lvl,
		       const struct xfield *f);
void xh_w_bucket(struct xw *w, unsigned int lvl,
		 const struct xfield *f);
void xh_w_group_cpus(struct xw *w, unsigned int lvl,
		     const struct xfield *f);
void xh_w_targets(struct xw *w, unsigned int lvl,
		  const struct xfield *f);
void xh_w_random(struct xw *w, unsigned int lvl,
		 const struct xfield *f);
void xh_w_stride(struct xw *w, unsigned int lvl,
		 const struct xfield *f);
void xh_w_max_size(struct xw *w, unsigned int lvl,
		   const struct xfield *f);
void xh_w_throughput(struct xw *w, unsigned int lvl,
		     const struct xfield *f);
void xh_w_pattern(struct xw *w, unsigned int lvl,
		  const struct xfield *f);
void xh_w_ranges(struct xw *w, unsigned int lvl,
		 const struct xfield *f);

/* finishers: cross-element rules, XF_DEFER fields, required children */
int xh_f_etw(struct xp_ctx *c, const struct xtable *tbl,
	     const xmlNode *n, const xmlNode *const *seen);
int xh_f_timespans(struct xp_ctx *c, const struct xtable *tbl,
		   const xmlNode *n, const xmlNode *const *seen);
int xh_f_profile(struct xp_ctx *c, const struct xtable *tbl,
		 const xmlNode *n, const xmlNode *const *seen);
int xh_f_timespan(struct xp_ctx *c, const struct xtable *tbl,
		  const xmlNode *n, const xmlNode *const *seen);
int xh_f_targets(struct xp_ctx *c, const struct xtable *tbl,
		 const xmlNode *n, const xmlNode *const *seen);
int xh_f_target(struct xp_ctx *c, const struct xtable *tbl,
		const xmlNode *n, const xmlNode *const *seen);
int xh_f_wbuf(struct xp_ctx *c, const struct xtable *tbl,
	      const xmlNode *n, const xmlNode *const *seen);
int xh_f_source(struct xp_ctx *c, const struct xtable *tbl,
		const xmlNode *n, const xmlNode *const *seen);
int xh_f_dist(struct xp_ctx *c, const struct xtable *tbl,
	      const xmlNode *n, const xmlNode *const *seen);
int xh_f_ranges(struct xp_ctx *c, const struct xtable *tbl,
		const xmlNode *n, const xmlNode *const *seen);

/* presence in the output */
bool xh_has_affinity(const struct xw *w);
bool xh_has_etw(const struct xw *w);
void xh_w_timespans(struct xw *w, unsigned int lvl, const struct xfield *f);
bool xh_has_thread_targets(const struct xw *w);
/* DiskSpd's <ThreadTargets> rules over the targets of the <TimeSpan>
 * @n just read (xmlprofile_spans.c). */
int xh_check_thread_targets(struct xp_ctx *c, const xmlNode *n);
bool xh_has_random_write(const struct xw *w);
bool xh_is_random(const struct xw *w);
bool xh_is_sequential(const struct xw *w);
bool xh_has_ratio(const struct xw *w);
bool xh_is_source(const struct xw *w);
bool xh_has_dist(const struct xw *w);
bool xh_is_pct(const struct xw *w);
bool xh_is_abs(const struct xw *w);

#endif
