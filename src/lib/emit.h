/* emit.h - escaping writers shared by the reports: XML and HTML text,
 * JSON documents kept valid UTF-8, CSV cells a spreadsheet will not run. */
#ifndef IOPROBE_EMIT_H
#define IOPROBE_EMIT_H

#include <stdbool.h>
#include <stdio.h>

/* Write @s (may be NULL) with & < > " ' escaped (' as &#39;, which XML
 * and every HTML version read), tab, CR and LF as &#xN;, other control
 * characters and bytes that are not valid UTF-8 as U+FFFD, so the
 * document stays well-formed and a path never reads back as another. */
void emit_escaped(FILE *f, const char *s);

/* Write @s (a finished JSON text) with every byte that is not part of a
 * well-formed UTF-8 character replaced by U+FFFD: RFC 8259 JSON is
 * UTF-8, and a Linux name or an old history's label may be any bytes.
 * 0 or -EIO. */
int emit_utf8(FILE *f, const char *s);

/* The character to put before the CSV cell @s so that a spreadsheet
 * reads it as text, not as a formula to run ('=', '+', '-', '@', tab or
 * CR first): an apostrophe, which a spreadsheet hides.  A cell that
 * starts with an apostrophe gets one too, so a reader drops exactly one
 * (emit_csv_unguard).  '\0' when @s needs none. */
char emit_csv_guard(const char *s);
/* @s as read back from a cell written with emit_csv_guard(): without
 * that first apostrophe. */
const char *emit_csv_unguard(const char *s);

#endif
