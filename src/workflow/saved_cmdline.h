/* saved_cmdline.h - a history row's saved command line back into the
 * profile it ran: the one place that reads it.  The row keeps the DiskSpd
 * switches and the test files as one line; the switches are the words
 * that start with '-' (the suite writes every value glued to its switch
 * or after '='), and the test files are replaced by placeholders, so
 * nothing on disk is looked at.  compare.c reads the rows whose saved
 * JSON is gone through it, method.c how each test was measured.
 */
#ifndef IOPROBE_SAVED_CMDLINE_H
#define IOPROBE_SAVED_CMDLINE_H

#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"

/* The switches of @cmdline, one space between them, into @buf (cut when
 * longer). */
void saved_cmdline_switches(const char *cmdline, char *buf, size_t len);

/* @cmdline's switches and @ntargets placeholder targets (1 to
 * PROFILE_MAX_TARGETS) through the DiskSpd parser into @p.  0 with a
 * runnable profile of @ntargets targets, or -EINVAL (-ENOMEM) with @err
 * filled; @p is to be released either way. */
int saved_cmdline_profile(const char *cmdline, uint32_t ntargets,
			  struct profile *p, char *err, size_t errlen);

#endif
