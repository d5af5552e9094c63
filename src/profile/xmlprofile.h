/* xmlprofile.h - DiskSpd XML profiles (-X in, -Rpxml out), via libxml2. */
#ifndef IOPROBE_XMLPROFILE_H
#define IOPROBE_XMLPROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "profile/profile.h"

/* Read the profile at @path into @p (profile_init'ed; command-line
 * switches allowed beside -X are applied by the caller afterwards).
 * Template paths "*1", "*2"... are replaced by @subst[0..nsubst-1]; an
 * unused substitution is an error, and so is a template left over unless
 * @allow_templates.  0, or -EINVAL with @err naming the line and element
 * at fault ("profile.xml:12: unknown element <Foo> in <Target>"), or
 * -errno when the file cannot be read.  A second and later <TimeSpan>
 * is a profile of its own on @p's next_span chain. */
int xmlprofile_load(const char *path, char *const *subst, unsigned int nsubst,
		    bool allow_templates, struct profile *p, char *err,
		    size_t errlen);
/* Same, from @len bytes at @buf; @name is used in messages. */
int xmlprofile_load_mem(const char *buf, size_t len, const char *name,
			char *const *subst, unsigned int nsubst,
			bool allow_templates, struct profile *p, char *err,
			size_t errlen);
/* Emit @p as DiskSpd's <Profile> element at indent level @indent (2
 * spaces each), as -Rpxml and the XML results do.  Ends with a newline.
 * 0 or -errno. */
int xmlprofile_write(const struct profile *p, FILE *f, unsigned int indent);
/* The <Profile> of several timespans run in turn (@spans[0] gives the
 * <Profile> level values), as the XML results of a -X profile with
 * several <TimeSpan>s hold it. */
int xmlprofile_write_spans(const struct profile *const *spans, uint32_t n,
			   enum result_format fmt, FILE *f, unsigned int indent);
/* How many timespans @p holds (1 + its next_span chain). */
uint32_t xmlprofile_nspans(const struct profile *p);
/* @view: timespan @span of a -X profile as it runs, with the run-level
 * settings of @first (command line, engine, outputs...): a shallow copy
 * that shares their strings, never to be released. */
void xmlprofile_span_view(struct profile *view, const struct profile *first,
			  const struct profile *span);
/* Same with ResultFormat forced to @fmt (the XML results say "xml"). */
int xmlprofile_write_as(const struct profile *p, enum result_format fmt,
			FILE *f, unsigned int indent);

#endif
