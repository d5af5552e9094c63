/* fleet_agree.h - one outcome for a step every rank takes on its own. */
#ifndef IOPROBE_FLEET_AGREE_H
#define IOPROBE_FLEET_AGREE_H

#include <stddef.h>

#include "fleet/fleet.h"

/* Every rank gives its @status (0 ok) and, when it failed, @msg; *@out
 * gets the status of the first rank that failed (0 when none did) on
 * every rank, and on rank 0 @why gets "rank 1 (host): its message" (""
 * when none failed; other ranks: "").  0, or -ETIMEDOUT / -EIO / -ENOMEM
 * when the step itself failed: the caller ends the job then. */
int fleet_agree(struct fleet *f, int status, const char *msg, int *out,
		char *why, size_t len, double timeout_s);

#endif
