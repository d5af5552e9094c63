/* report_xml_el.h - the element writers of the XML results: DiskSpd's
 * two-space indent, one element per line, numbers in DiskSpd's formats,
 * text escaped. */
#ifndef IOPROBE_REPORT_XML_EL_H
#define IOPROBE_REPORT_XML_EL_H

#include <stdint.h>
#include <stdio.h>

void xml_ind(FILE *f, unsigned int lvl);
/* <name> and </name> on lines of their own. */
void xml_open(FILE *f, unsigned int lvl, const char *name);
void xml_close(FILE *f, unsigned int lvl, const char *name);
void xml_u64(FILE *f, unsigned int lvl, const char *name, uint64_t v);
void xml_i64(FILE *f, unsigned int lvl, const char *name, int64_t v);
/* @prec decimals; a non-finite value prints 0 so every consumer can
 * still read the document. */
void xml_dbl(FILE *f, unsigned int lvl, const char *name, int prec,
	     double v);
void xml_str(FILE *f, unsigned int lvl, const char *name, const char *v);

#endif
