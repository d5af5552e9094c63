/* emit.c - the escaping writers behind every XML and HTML output
 * (DiskSpd XML results and profiles, the run page and the compare page),
 * the UTF-8 check of every JSON document, and the formula guard of CSV
 * cells.  File names on Linux are bytes; these documents are UTF-8, so
 * anything that cannot stand in them is replaced, never dropped. */
#include "lib/emit.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>

/* Length of the well-formed UTF-8 sequence at @c that XML 1.0 allows (no
 * overlong forms, surrogates, U+FFFE, U+FFFF or code points past
 * U+10FFFF), or 0. */
static size_t utf8_char_len(const unsigned char *c)
{
	uint32_t cp;
	size_t n, i;

	if (c[0] < 0x80)
		return 1;
	if (c[0] >= 0xC2 && c[0] <= 0xDF)
		n = 2, cp = c[0] & 0x1F;
	else if (c[0] >= 0xE0 && c[0] <= 0xEF)
		n = 3, cp = c[0] & 0x0F;
	else if (c[0] >= 0xF0 && c[0] <= 0xF4)
		n = 4, cp = c[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((c[i] & 0xC0) != 0x80)
			return 0;	/* also stops at the NUL */
		cp = cp << 6 | (c[i] & 0x3F);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) ||
	    cp == 0xFFFE || cp == 0xFFFF)
		return 0;
	return n;
}

void emit_escaped(FILE *f, const char *s)
{
	const unsigned char *c;
	size_t n;

	if (!s)
		return;
	for (c = (const unsigned char *)s; *c; c++) {
		if (*c >= 0x80) {
			/* Linux names are bytes, XML is UTF-8: a byte that
			 * is not part of a valid character becomes U+FFFD,
			 * so the document stays well-formed. */
			n = utf8_char_len(c);
			if (n)
				fwrite(c, 1, n, f);
			else
				fputs("\xEF\xBF\xBD", f);
			c += n ? n - 1 : 0;
			continue;
		}
		switch (*c) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		case '\t':
		case '\n':
		case '\r':
			fprintf(f, "&#x%X;", *c);
			break;
		default:
			/* other C0 controls are not allowed in XML 1.0:
			 * U+FFFD, never nothing, so a path "a\x01b" does
			 * not read back as another file's "ab" */
			if (*c >= 0x20)
				fputc(*c, f);
			else
				fputs("\xEF\xBF\xBD", f);
			break;
		}
	}
}

int emit_utf8(FILE *f, const char *s)
{
	const unsigned char *c = (const unsigned char *)s, *run = c;
	size_t n;

	while (*c) {
		if (*c < 0x80) {
			c++;
			continue;
		}
		n = utf8_char_len(c);
		if (n) {
			c += n;
			continue;
		}
		/* the valid run before the bad byte, then U+FFFD */
		fwrite(run, 1, (size_t)(c - run), f);
		fputs("\xEF\xBF\xBD", f);
		run = ++c;
	}
	fwrite(run, 1, (size_t)(c - run), f);
	return ferror(f) ? -EIO : 0;
}

char emit_csv_guard(const char *s)
{
	return s[0] && strchr("=+-@\t\r'", s[0]) ? '\'' : '\0';
}

const char *emit_csv_unguard(const char *s)
{
	return s[0] == '\'' ? s + 1 : s;
}
