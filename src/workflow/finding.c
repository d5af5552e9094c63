/* finding.c - building one finding (see finding.h). */
#include "workflow/finding.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/fmt.h"

struct finding *finding_add(struct finding *out, size_t *nout, size_t max,
			    enum finding_kind kind, double value)
{
	struct finding *f;

	if (*nout >= max)
		return NULL;
	f = &out[(*nout)++];
	f->kind = kind;
	f->value = value;
	f->text[0] = '\0';
	return f;
}

void finding_append(struct finding *f, const char *fmt, ...)
{
	size_t n = strlen(f->text);
	va_list ap;

	if (n + 1 >= sizeof(f->text))
		return;
	va_start(ap, fmt);
	vsnprintf(f->text + n, sizeof(f->text) - n, fmt, ap);
	va_end(ap);
}

void finding_size(char *buf, size_t len, uint64_t bytes)
{
	if (!fmt_size_unit(buf, len, bytes, " ", 1))
		snprintf(buf, len, "%" PRIu64 " byte%s", bytes,
			 bytes == 1 ? "" : "s");
}

void finding_seconds(char *buf, size_t len, double s)
{
	snprintf(buf, len, "%.1f s", s > 0 ? s : 0);
}
