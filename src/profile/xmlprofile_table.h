/* xmlprofile_table.h - the element table of DiskSpd XML profiles.
 *
 * Each element of a profile is described once, by a struct xfield: its
 * name, its type, where its value lives (an offset in struct profile or
 * struct target_opts), the default the writer omits, and for an element
 * with children the table of those children.  The reader
 * (xmlprofile_read.h) and the writer (xmlprofile_write.h) both walk these
 * tables; the tables themselves are in xmlprofile_fields.c, in DiskSpd's
 * emission order, which is the order the writer follows.  What no type
 * covers (templates, -rd ranges, -Z write buffers, affinity lists,
 * throughput units) is a small handler named by its field.
 */
#ifndef IOPROBE_XMLPROFILE_TABLE_H
#define IOPROBE_XMLPROFILE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libxml/tree.h>

struct xp_ctx;		/* reader state, xmlprofile_read.h */
struct xw;		/* writer state, xmlprofile_write.h */
struct xtable;

/* How an element's text is read and written. */
enum xf_type {
	XF_U32,		/* uint32_t, a decimal in [min, max] */
	XF_U64,		/* uint64_t, likewise */
	XF_BOOL,	/* bool: true, false, 1 or 0 (written true/false) */
	XF_STR,		/* char *, owned; NULL is written as "" */
	XF_ENUM,	/* int-sized enum: en->names[i] is stored as
			 * en->values[i] */
	XF_FLAG,	/* bool text; true stores def into the int-sized enum at
			 * the offset; written (as true) when it holds def */
	XF_NODE,	/* children only, described by sub */
};

/* Where the value lives. */
enum xf_base {
	XB_NONE,	/* nowhere: read and checked, written as def */
	XB_PROFILE,	/* offset in struct profile */
	XB_TARGET,	/* offset in the current struct target_opts */
	XB_SCRATCH,	/* offset in the reader's struct xp_scratch (values that
			 * only make sense with their siblings; the writer
			 * needs a handler for these) */
};

#define XF_OMIT		(1u << 0)	/* not written when equal to def
					 * (XF_STR: when NULL or empty) */
#define XF_SETONLY	(1u << 1)	/* XF_BOOL: false leaves the value */
#define XF_READONLY	(1u << 2)	/* DiskSpd input only: never written */
#define XF_REPEAT	(1u << 3)	/* may appear more than once */
#define XF_DEFER	(1u << 4)	/* read by its table's finish handler,
					 * after all its siblings */

/* The words of an XF_ENUM element. */
struct xenum {
	const char *const *names;
	const int *values;		/* stored value of names[i] */
	unsigned int count;
	const char *expected;		/* "a, b or c" for messages */
};

struct xfield {
	const char *name;
	enum xf_type type;
	enum xf_base base;
	size_t off;
	uint64_t min, max;		/* XF_U32, XF_U64 */
	uint64_t def;			/* XF_OMIT default, XF_FLAG value,
					 * XB_NONE written value; handlers
					 * may use it as their argument */
	unsigned int flags;		/* XF_* above */
	const struct xenum *en;		/* XF_ENUM */
	const struct xtable *sub;	/* XF_NODE */
	/* Replaces the type's reading of the element @n. 0 or -errno. */
	int (*read)(struct xp_ctx *c, const struct xfield *f,
		    const xmlNode *n);
	/* False: the writer leaves the element out. */
	bool (*present)(const struct xw *w);
	/* Replaces the type's writing, at indent level @lvl. */
	void (*write)(struct xw *w, unsigned int lvl, const struct xfield *f);
};

#define XT_MAX_FIELDS 40		/* fields of the largest table */

/* The children of an element, in writing order. */
struct xtable {
	const struct xfield *fields;
	unsigned int count;
	/* After all children of @n are read (@t is this table): the
	 * cross-element rules and the XF_DEFER fields.  @seen[i] is the
	 * first child element for fields[i], or NULL.  0 or -errno. */
	int (*finish)(struct xp_ctx *c, const struct xtable *t,
		      const xmlNode *n, const xmlNode *const *seen);
};

#endif
