/* target.h - files and block devices: create, fill, open, size, safety.
 *
 * Everything that touches a target before the measured window lives in
 * run/target_*.c, one concern a file; this header brings their APIs
 * together for the run and the workflows:
 *   target_safety.h    the refusal to write to a device the user did not
 *                      name, or to data ioprobe did not write
 *   target_fill.h      -c create and fill, removal
 *   target_open.h      open for the run, sizes, alignment, -Sm mapping
 *   target_describe.h  the facts reports show
 */
#ifndef IOPROBE_TARGET_H
#define IOPROBE_TARGET_H

#include "run/target_describe.h"
#include "run/target_fill.h"
#include "run/target_open.h"
#include "run/target_safety.h"

#endif
