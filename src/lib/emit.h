/* emit.h - escaping writers shared by the XML and HTML reports. */
#ifndef IOPROBE_EMIT_H
#define IOPROBE_EMIT_H

#include <stdio.h>

/* Write @s (may be NULL) with & < > " ' escaped (' as &#39;, which XML
 * and every HTML version read), tab, CR and LF as &#xN;, other control
 * characters and bytes that are not valid UTF-8 as U+FFFD, so the
 * document stays well-formed and a path never reads back as another. */
void emit_escaped(FILE *f, const char *s);

#endif
