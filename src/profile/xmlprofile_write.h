/* xmlprofile_write.h - writing a DiskSpd XML profile by walking the
 * element table (xmlprofile_table.h): the writer's state and the element
 * writers the handlers share.  Two spaces of indent a level. */
#ifndef IOPROBE_XMLPROFILE_WRITE_H
#define IOPROBE_XMLPROFILE_WRITE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "profile/profile.h"
#include "profile/xmlprofile_table.h"

struct xw {
	FILE *f;
	const struct profile *p;
	const struct target_opts *t;	/* the <Target> being written */
	enum result_format fmt;		/* written as <ResultFormat> */
	const struct profile *const *spans;	/* the <TimeSpan>s, @p
					 * the first; NULL = @p's chain */
	uint32_t nspans;
};

void xw_indent(struct xw *w, unsigned int lvl);
/* <name>value</name> and a newline, at level @lvl. */
void xw_u64(struct xw *w, unsigned int lvl, const char *name, uint64_t v);
void xw_bool(struct xw *w, unsigned int lvl, const char *name, bool v);
/* @v escaped (lib/emit.h). */
void xw_str(struct xw *w, unsigned int lvl, const char *name, const char *v);
/* The name of @value in @e, or its first name. */
const char *xw_enum_name(const struct xenum *e, int value);

/* @f at level @lvl, unless XF_READONLY, not present or omitted as
 * default: by its handler, or by its type. */
void xw_field(struct xw *w, unsigned int lvl, const struct xfield *f);
/* <name>, the fields of f->sub one level deeper, </name>, whatever the
 * handler of @f (which may call this once per item of a list). */
void xw_node(struct xw *w, unsigned int lvl, const struct xfield *f);

#endif
