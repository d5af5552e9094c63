/* xmlprofile.h - DiskSpd XML profiles (-X in, -Rpxml out), via libxml2. */
#ifndef IOPROBE_XMLPROFILE_H
#define IOPROBE_XMLPROFILE_H

#include <stddef.h>
#include <stdio.h>

#include "profile.h"

/* Read the profile at @path into @p (profile_init'ed; command-line
 * switches allowed beside -X are applied by the caller afterwards).
 * Template paths "*1", "*2"... are replaced by @subst[0..nsubst-1]; an
 * unused substitution is an error, and so is a template left over unless
 * @allow_templates.  0, or -EINVAL with @err naming the line and element
 * at fault, or -errno. */
int xmlprofile_load(const char *path, char *const *subst, unsigned int nsubst,
		    bool allow_templates, struct profile *p, char *err,
		    size_t errlen);
/* Emit @p as DiskSpd's <Profile> element at indent level @indent (2
 * spaces each), as -Rpxml and the XML results do. 0 or -errno. */
int xmlprofile_write(const struct profile *p, FILE *f, unsigned int indent);

#endif
