/* target_describe.h - the facts reports show about an open target. */
#ifndef IOPROBE_TARGET_DESCRIBE_H
#define IOPROBE_TARGET_DESCRIBE_H

#include "results/results.h"
#include "run/target_open.h"

/* Fill @info with the facts reports show (fs type, device, model,
 * rotational, scheduler, block sizes, queue depth, interrupt CPUs). */
void target_describe(const struct target *t, struct target_info *info);

#endif
