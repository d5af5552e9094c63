/* run_devstat.h - the kernel's counters of each target's block devices over
 * the measured window (results/devstat.h holds what is kept).
 *
 * devstat_begin() finds the devices under every target (its device or
 * partition, a partition's whole disk, a loop device's backing device and
 * that one's disk) and reads their /sys/class/block/<dev>/stat; until
 * devstat_end() the sets hold that first reading, which devstat_end()
 * turns into the differences over the window.  Called at the window's
 * two edges only, never inside it: each is a few small sysfs reads.
 */
#ifndef IOPROBE_RUN_DEVSTAT_H
#define IOPROBE_RUN_DEVSTAT_H

#include "results/results.h"

/* Read every target's devices at the window's start (@now_ns). */
void devstat_begin(struct results *r, uint64_t now_ns);
/* Read them again at the window's end and keep the differences; a
 * device whose counters cannot be read again is dropped. */
void devstat_end(struct results *r, uint64_t now_ns);

#endif
