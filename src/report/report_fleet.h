/* report_fleet.h - the ranks of a run under MPI in the reports: after
 * DiskSpd's text tables, a table per rank and one per host; in the XML,
 * a <Fleet> element under System/Linux.  Nothing is written for a run of
 * one process (r->fleet.size 0). */
#ifndef IOPROBE_REPORT_FLEET_H
#define IOPROBE_REPORT_FLEET_H

#include <stdio.h>

#include "results/results.h"

/* Text: "Ranks (MPI)" and "Hosts (MPI)" tables.  0 or -ENOMEM. */
int report_text_fleet(const struct results *r, FILE *f);
/* CSV: after the target rows, a read, write and total row per rank with
 * the target "(rank 1 on host)", its threads, I/Os and rates over its
 * own window; the settings columns and the @tail_header columns (a
 * header piece: one empty field per comma) are empty.  0 or -ENOMEM. */
int report_csv_fleet(const struct results *r, const char *tail_header,
		     FILE *f);
/* HTML: the "Ranks (MPI)" table of the run page.  0 or -ENOMEM. */
int report_html_fleet(const struct results *r, FILE *f);
/* XML: <Fleet Ranks=".." Hosts=".."><Rank .../>...</Fleet> at @lvl. */
void report_xml_fleet(const struct results *r, FILE *f, unsigned int lvl);

#endif
