/* report_xml_dist.c - Thread/Target/Distribution of the XML results: the
 * effective -rd ranges (results_fill_dist) as DiskSpd 2.2 prints them,
 * <Absolute> byte spans, each with the I/O share the profile states for
 * it (DiskSpd's XML does not renormalise a truncated -rdabs list; the text
 * report does), and a gap before a range as IO="0".  The -rdpct ranges
 * are already placed as DiskSpd places them (dist_place): aligned
 * bounds, and the share of a range too small for an aligned start moved
 * to a neighbour.
 */
#include "report/report_xml_parts.h"

#include <inttypes.h>

#include "report/report_xml_el.h"

static void range(FILE *f, unsigned int lvl, uint32_t io, uint64_t len)
{
	xml_ind(f, lvl);
	fprintf(f, "<Range IO=\"%" PRIu32 "\">%" PRIu64 "</Range>\n", io, len);
}

void xml_distribution(FILE *f, unsigned int lvl, const struct results *r,
		      uint32_t target)
{
	const struct target_info *t;
	uint64_t pos;
	uint32_t j;

	if (target >= r->profile.ntargets || target >= r->ntargets ||
	    !r->targets[target].ndist)
		return;
	t = &r->targets[target];
	pos = r->profile.targets[target].base_bytes;
	xml_open(f, lvl, "Distribution");
	xml_open(f, lvl + 1, "Absolute");
	for (j = 0; j < t->ndist; j++) {
		const struct results_dist *d = &t->dist[j];

		if (!d->io_pct || d->io_share_pct <= 0 || d->end <= d->start)
			continue;	/* a hole: the gap before the next */
		if (d->start > pos)
			range(f, lvl + 2, 0, d->start - pos);
		range(f, lvl + 2, d->io_pct, d->end - d->start);
		pos = d->end;
	}
	xml_close(f, lvl + 1, "Absolute");
	xml_close(f, lvl, "Distribution");
}
