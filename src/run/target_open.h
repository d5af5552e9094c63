/* target_open.h - a target open for the run: descriptor, size, block
 * sizes, the -Sm mapping.
 */
#ifndef IOPROBE_TARGET_OPEN_H
#define IOPROBE_TARGET_OPEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"
#include "run/target_pin.h"

struct target {
	const struct target_opts *opts;
	int fd;				/* -1 when closed */
	uint64_t size_bytes;		/* file or device size */
	bool is_block_device;
	uint32_t logical_block;		/* O_DIRECT alignment, bytes */
	uint32_t physical_block;
	void *map;			/* -Sm mapping, NULL otherwise */
};

/* O_DIRECT needs -b, -B, -r, -s and -T multiples of @logical_block: true
 * when one is not, with the switch in *@sw and its value in *@value. */
bool target_misaligned(const struct target_opts *o, uint32_t logical_block,
		       const char **sw, uint64_t *value);

/* Open for the run what @pin holds (target_pin_take, checked by
 * target_check_safe, re-pinned by a -c fill), never the path, with the
 * cache mode's flags (O_DIRECT, O_DSYNC), read-only when write_pct is 0,
 * a device written to claimed with O_EXCL; find size and block sizes;
 * check that block size, offsets and alignment suit O_DIRECT.  0 or
 * -errno with @err filled. */
int target_open(struct target *t, const struct target_opts *o,
		const struct target_pin *pin, char *err, size_t errlen);
void target_close(struct target *t);

#endif
