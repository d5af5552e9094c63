/* report_xml_dist.c - Thread/Target/Distribution of the XML results: the
 * effective -rd ranges as DiskSpd prints them, <Absolute> byte spans with
 * the holes between them as IO="0".
 *
 * For -rdpct DiskSpd places each range on the aligned offsets: over the
 * span A where an aligned block can start (the covered length less one
 * block, rounded down to the alignment, plus one alignment unit), a range
 * of cumulative percentages [p, q) becomes [RD(p*A/100), RD(q*A/100))
 * (RD: rounded down to the alignment; q = 100 ends at A).  A range too
 * small to hold an aligned offset is left out here, where DiskSpd would
 * hand its I/O share to a neighbour.  -rdabs ranges are printed as the
 * run uses them (results_fill_dist).
 */
#include "report/report_xml_parts.h"

#include <inttypes.h>

#include "report/report_xml_el.h"

static void range(FILE *f, unsigned int lvl, uint32_t io, uint64_t len)
{
	xml_ind(f, lvl);
	fprintf(f, "<Range IO=\"%" PRIu32 "\">%" PRIu64 "</Range>\n", io, len);
}

/* Ranges of a -rdpct target covering @len bytes. */
static void pct_ranges(FILE *f, unsigned int lvl, const struct target_opts *o,
		       uint64_t len)
{
	uint64_t align = o->random_align_bytes ? o->random_align_bytes :
		o->block_bytes, A, b, e, pos = 0, cum = 0, span;
	uint32_t i, io_sum = 0, n = o->ndist;

	if (!align || len < o->block_bytes)
		return;
	A = (len - o->block_bytes) / align * align + align;
	for (i = 0; i <= n && cum < 100; i++) {
		uint32_t io;

		if (i < n) {
			io = o->dist_ranges[i].io_pct;
			span = o->dist_ranges[i].span;
		} else {	/* the tail DiskSpd states itself */
			io = io_sum < 100 ? 100 - io_sum : 0;
			span = 0;
		}
		io_sum += io;
		if (!span || cum + span > 100)
			span = 100 - cum;
		b = cum * A / 100;
		e = cum + span >= 100 ? A : b + span * A / 100;
		cum += span;
		e -= e % align;
		b -= b % align;
		if (!io || e <= b || b < pos)
			continue;	/* a hole, or no aligned offset */
		if (b > pos)
			range(f, lvl, 0, b - pos);
		range(f, lvl, io, e - b);
		pos = e;
	}
}

void xml_distribution(FILE *f, unsigned int lvl, const struct results *r,
		      uint32_t target)
{
	const struct target_info *t;
	const struct target_opts *o;
	uint32_t j;

	if (target >= r->profile.ntargets || target >= r->ntargets ||
	    !r->targets[target].ndist)
		return;
	t = &r->targets[target];
	o = &r->profile.targets[target];
	xml_open(f, lvl, "Distribution");
	xml_open(f, lvl + 1, "Absolute");
	if (o->dist == DIST_PCT) {
		pct_ranges(f, lvl + 2, o, t->dist[t->ndist - 1].end -
			   t->dist[0].start);
	} else {
		for (j = 0; j < t->ndist; j++) {
			xml_ind(f, lvl + 2);
			fprintf(f, "<Range IO=\"%.0f\">%" PRIu64 "</Range>\n",
				t->dist[j].io_share_pct,
				t->dist[j].end - t->dist[j].start);
		}
	}
	xml_close(f, lvl + 1, "Absolute");
	xml_close(f, lvl, "Distribution");
}
