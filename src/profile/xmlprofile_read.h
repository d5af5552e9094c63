/* xmlprofile_read.h - reading a DiskSpd XML profile by walking the element
 * table (xmlprofile_table.h): the reader's state, its messages and the
 * leaf parsers the handlers share. */
#ifndef IOPROBE_XMLPROFILE_READ_H
#define IOPROBE_XMLPROFILE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"
#include "profile/xmlprofile_table.h"

#define XP_TEXT_MAX 4096		/* longest element text we accept */
#define XP_CPUS_PER_GROUP 64		/* DiskSpd processor group size */

/* Values read before the rule that uses them (XB_SCRATCH fields). */
/* <TimeSpan>s a profile may hold, each run in turn. */
#define XP_MAX_SPANS 64

struct xp_scratch {
	bool calc;			/* <CalculateIopsStdDev> */
	uint32_t bucket_ms;		/* <IoBucketDuration> */
	bool random_write;		/* <RandomWriteData> of the TimeSpan */
	int pattern;			/* <Pattern>, as an enum wbuf_mode */
	unsigned int kinds;		/* <Percent>/<Absolute> in a
					 * <Distribution> so far */
	bool pct;			/* the current ranges are <Percent> */
	uint64_t io_sum, span_sum;	/* of the current ranges */
};

struct xp_ctx {
	const char *name;		/* file name for messages */
	char *err;
	size_t errlen;
	char *const *subst;
	unsigned int nsubst;
	bool *used;			/* nsubst flags: substitution taken */
	bool allow_templates;
	struct profile *p;
	struct target_opts *t;		/* the <Target> being read */
	const xmlNode *spans[XP_MAX_SPANS];	/* the <TimeSpan>s, in order */
	unsigned int nspans;
	struct xp_scratch s;
	bool have_perr;			/* first parser error recorded */
	int perr_line;
	char perr[512];
};

/* "name:line: message" into c->err; returns -EINVAL. */
int xp_bad(struct xp_ctx *c, const xmlNode *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* "unknown element <ch> in <parent>"; returns -EINVAL. */
int xp_unknown(struct xp_ctx *c, const xmlNode *parent, const xmlNode *ch);
/* Strict decimal: digits only, no sign, no suffix. */
bool xp_parse_dec(const char *s, uint64_t *out);

/* Leaf elements: the trimmed text of @n, which must have no child
 * elements, checked and stored; 0 or -EINVAL with the message set. */
int xp_leaf_u64(struct xp_ctx *c, const xmlNode *n, uint64_t min,
		uint64_t max, uint64_t *out);
int xp_leaf_bool(struct xp_ctx *c, const xmlNode *n, bool *out);
/* Replaces *@out (freed) by a copy of the text; -ENOMEM too. */
int xp_leaf_strdup(struct xp_ctx *c, const xmlNode *n, char **out);
/* Index of the text in @e->names. */
int xp_leaf_enum(struct xp_ctx *c, const xmlNode *n, const struct xenum *e,
		 unsigned int *out);
/* Attribute @attr of @n as an integer in [min, max]. */
int xp_attr_u64(struct xp_ctx *c, const xmlNode *n, const char *attr,
		uint64_t min, uint64_t max, uint64_t *out);
/* Refuse attributes except the listed ones (NULL-terminated). */
int xp_check_attrs(struct xp_ctx *c, const xmlNode *n,
		   const char *const *allowed);

/* Read the children of @n as described by @t (any order, each once
 * unless XF_REPEAT, nothing unknown), then run t->finish. */
int xp_read_node(struct xp_ctx *c, const xmlNode *n, const struct xtable *t);
/* Read the element @n described by @f (its handler, or its type). */
int xp_read_field(struct xp_ctx *c, const struct xfield *f,
		  const xmlNode *n);

#endif
