/* xmlprofile_write.c - writing DiskSpd XML profiles by walking the element
 * table: each field of a table in order, by its type (a number, a bool,
 * escaped text, an enum word, or an element with children) or by its
 * handler, leaving out defaults marked XF_OMIT as DiskSpd does.
 */
#include "profile/xmlprofile_write.h"

#include <inttypes.h>

#include "lib/emit.h"

void xw_indent(struct xw *w, unsigned int lvl)
{
	unsigned int i;

	for (i = 0; i < lvl; i++)
		fputs("  ", w->f);
}

void xw_u64(struct xw *w, unsigned int lvl, const char *name, uint64_t v)
{
	xw_indent(w, lvl);
	fprintf(w->f, "<%s>%" PRIu64 "</%s>\n", name, v, name);
}

void xw_bool(struct xw *w, unsigned int lvl, const char *name, bool v)
{
	xw_indent(w, lvl);
	fprintf(w->f, "<%s>%s</%s>\n", name, v ? "true" : "false", name);
}

void xw_str(struct xw *w, unsigned int lvl, const char *name, const char *v)
{
	xw_indent(w, lvl);
	fprintf(w->f, "<%s>", name);
	emit_escaped(w->f, v);
	fprintf(w->f, "</%s>\n", name);
}

const char *xw_enum_name(const struct xenum *e, int value)
{
	unsigned int i;

	for (i = 0; i < e->count; i++)
		if (e->values[i] == value)
			return e->names[i];
	return e->names[0];
}

void xw_node(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	unsigned int i;

	xw_indent(w, lvl);
	fprintf(w->f, "<%s>\n", f->name);
	for (i = 0; i < f->sub->count; i++)
		xw_field(w, lvl + 1, &f->sub->fields[i]);
	xw_indent(w, lvl);
	fprintf(w->f, "</%s>\n", f->name);
}

/* Where @f's value lives, or NULL (XB_NONE; XB_SCRATCH has no value
 * here, its field has a handler). */
static const void *field_ptr(const struct xw *w, const struct xfield *f)
{
	if (f->base == XB_PROFILE)
		return (const char *)w->p + f->off;
	if (f->base == XB_TARGET)
		return (const char *)w->t + f->off;
	return NULL;
}

static void write_value(struct xw *w, unsigned int lvl, const struct xfield *f,
			const void *ptr)
{
	bool omit = f->flags & XF_OMIT;
	const char *s;
	uint64_t v;
	int e;

	switch (f->type) {
	case XF_U32:
	case XF_U64:
		v = !ptr ? f->def : f->type == XF_U32 ?
			*(const uint32_t *)ptr : *(const uint64_t *)ptr;
		if (!omit || v != f->def)
			xw_u64(w, lvl, f->name, v);
		break;
	case XF_BOOL:
		v = ptr ? *(const bool *)ptr : f->def;
		if (!omit || v != f->def)
			xw_bool(w, lvl, f->name, v);
		break;
	case XF_STR:
		s = ptr ? *(char *const *)ptr : NULL;
		if (!omit || (s && *s))
			xw_str(w, lvl, f->name, s ? s : "");
		break;
	case XF_ENUM:
		e = ptr ? *(const int *)ptr : (int)f->def;
		if (!omit || e != (int)f->def)
			xw_str(w, lvl, f->name, xw_enum_name(f->en, e));
		break;
	case XF_FLAG:
		if (ptr && *(const int *)ptr == (int)f->def)
			xw_bool(w, lvl, f->name, true);
		break;
	case XF_NODE:
	default:
		xw_node(w, lvl, f);
	}
}

void xw_field(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	if (f->flags & XF_READONLY)
		return;
	if (f->present && !f->present(w))
		return;
	if (f->write)
		f->write(w, lvl, f);
	else
		write_value(w, lvl, f, field_ptr(w, f));
}
