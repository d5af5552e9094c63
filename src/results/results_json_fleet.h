/* results_json_fleet.h - the "fleet" object of an ioprobe-result/1 file:
 * the ranks of a run made under MPI.  Written only for such a run, so a
 * single process's file is what it always was; files without it load as
 * before (no fleet). */
#ifndef IOPROBE_RESULTS_JSON_FLEET_H
#define IOPROBE_RESULTS_JSON_FLEET_H

#include "results/results.h"
#include "results/results_json_table.h"

/* Add "fleet" to @root when r->fleet.size is set. */
void results_json_fleet_write(struct jf_ctx *c, jobj *root,
			      const struct results *r);
/* Read "fleet" from @root into r->fleet when present; 0 or -EINVAL with
 * c->err, -ENOMEM. */
int results_json_fleet_read(struct jf_ctx *c, jobj *root, struct results *r);

#endif
