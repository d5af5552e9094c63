/* xmlprofile_read.c - reading DiskSpd XML profiles by walking the element
 * table: each child of an element is looked up in its table, refused when
 * unknown or repeated, and read by its type or its handler; text outside
 * leaf elements must be blank.  Every message names the file, the line
 * and the element, so a typo in a hand-edited profile never silently
 * falls back to a default.
 */
#include "profile/xmlprofile_read.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"

static const char *nm(const xmlNode *n)
{
	return (const char *)n->name;
}

int xp_bad(struct xp_ctx *c, const xmlNode *n, const char *fmt, ...)
{
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return errf(c->err, c->errlen, EINVAL, "%s:%ld: %s", c->name,
		    n ? xmlGetLineNo(n) : 0L, msg);
}

static bool is_blank(const char *s)
{
	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			return false;
	return true;
}

/* Non-element children of a container: comments are fine, text must be
 * blank. */
static int check_other_child(struct xp_ctx *c, const xmlNode *parent,
			     const xmlNode *ch)
{
	if ((ch->type == XML_TEXT_NODE || ch->type == XML_CDATA_SECTION_NODE)
	    && ch->content && !is_blank((const char *)ch->content))
		return xp_bad(c, ch, "unexpected text in <%s>: expected only "
			      "elements", nm(parent));
	return 0;
}

int xp_unknown(struct xp_ctx *c, const xmlNode *parent, const xmlNode *ch)
{
	return xp_bad(c, ch, "unknown element <%s> in <%s>", nm(ch),
		      nm(parent));
}

/* Trimmed text of a leaf element into @buf. */
static int leaf_text(struct xp_ctx *c, const xmlNode *n, char *buf,
		     size_t len)
{
	const xmlNode *ch;
	xmlChar *content;
	const char *s, *e;
	size_t l;

	for (ch = n->children; ch; ch = ch->next)
		if (ch->type == XML_ELEMENT_NODE)
			return xp_unknown(c, n, ch);
	content = xmlNodeGetContent(n);
	s = content ? (const char *)content : "";
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
			 e[-1] == '\r'))
		e--;
	l = (size_t)(e - s);
	if (l >= len) {
		xmlFree(content);
		return xp_bad(c, n, "value of <%s> too long: expected at most "
			      "%zu characters", nm(n), len - 1);
	}
	memcpy(buf, s, l);
	buf[l] = '\0';
	xmlFree(content);
	return 0;
}

bool xp_parse_dec(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return false;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*out = v;
	return true;
}

int xp_leaf_u64(struct xp_ctx *c, const xmlNode *n, uint64_t min,
		    uint64_t max, uint64_t *out)
{
	char buf[64];
	uint64_t v;
	int ret;

	ret = leaf_text(c, n, buf, sizeof(buf));
	if (ret)
		return ret;
	if (!xp_parse_dec(buf, &v) || v < min || v > max)
		return xp_bad(c, n, "invalid <%s> '%s': expected an integer "
			      "from %" PRIu64 " to %" PRIu64, nm(n), buf, min,
			      max);
	*out = v;
	return 0;
}

int xp_leaf_bool(struct xp_ctx *c, const xmlNode *n, bool *out)
{
	char buf[16];
	int ret;

	ret = leaf_text(c, n, buf, sizeof(buf));
	if (ret)
		return ret;
	if (!strcmp(buf, "true") || !strcmp(buf, "1"))
		*out = true;
	else if (!strcmp(buf, "false") || !strcmp(buf, "0"))
		*out = false;
	else
		return xp_bad(c, n, "invalid <%s> '%s': expected true or false",
			      nm(n), buf);
	return 0;
}

int xp_leaf_strdup(struct xp_ctx *c, const xmlNode *n, char **out)
{
	char buf[XP_TEXT_MAX];
	char *s;
	int ret;

	ret = leaf_text(c, n, buf, sizeof(buf));
	if (ret)
		return ret;
	s = strdup(buf);
	if (!s)
		return errf(c->err, c->errlen, ENOMEM, "out of memory");
	free(*out);
	*out = s;
	return 0;
}

int xp_leaf_enum(struct xp_ctx *c, const xmlNode *n, const struct xenum *e,
		 unsigned int *out)
{
	char buf[64];
	unsigned int i;
	int ret;

	ret = leaf_text(c, n, buf, sizeof(buf));
	if (ret)
		return ret;
	for (i = 0; i < e->count; i++) {
		if (!strcmp(buf, e->names[i])) {
			*out = i;
			return 0;
		}
	}
	return xp_bad(c, n, "invalid <%s> '%s': expected %s", nm(n), buf,
		      e->expected);
}

int xp_attr_u64(struct xp_ctx *c, const xmlNode *n, const char *attr,
		    uint64_t min, uint64_t max, uint64_t *out)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)attr);
	uint64_t x;
	bool ok;

	if (!v)
		return xp_bad(c, n, "<%s> has no %s attribute: expected "
			      "%s=\"N\"", nm(n), attr, attr);
	ok = xp_parse_dec((const char *)v, &x) && x >= min && x <= max;
	if (!ok) {
		char shown[64];

		str_copy(shown, sizeof(shown), (const char *)v);
		xmlFree(v);
		return xp_bad(c, n, "invalid %s '%s' in <%s>: expected an "
			      "integer from %" PRIu64 " to %" PRIu64, attr,
			      shown, nm(n), min, max);
	}
	xmlFree(v);
	*out = x;
	return 0;
}

int xp_check_attrs(struct xp_ctx *c, const xmlNode *n,
		       const char *const *allowed)
{
	const xmlAttr *a;
	unsigned int i;

	for (a = n->properties; a; a = a->next) {
		for (i = 0; allowed && allowed[i]; i++)
			if (!strcmp((const char *)a->name, allowed[i]))
				break;
		if (!allowed || !allowed[i])
			return xp_bad(c, n, "unknown attribute '%s' on <%s>",
				      (const char *)a->name, nm(n));
	}
	return 0;
}

static const struct xfield *find_field(const struct xtable *t,
				       const xmlNode *n, unsigned int *idx)
{
	unsigned int i;

	for (i = 0; i < t->count; i++) {
		if (!strcmp(t->fields[i].name, nm(n))) {
			*idx = i;
			return &t->fields[i];
		}
	}
	return NULL;
}

int xp_read_node(struct xp_ctx *c, const xmlNode *n, const struct xtable *t)
{
	const xmlNode *seen[XT_MAX_FIELDS] = { NULL };
	const struct xfield *f = NULL;
	const xmlNode *ch;
	unsigned int i = 0;
	int ret = 0;

	for (ch = n->children; ch; ch = ch->next) {
		if (ch->type != XML_ELEMENT_NODE)
			ret = check_other_child(c, n, ch);
		else if (!(f = find_field(t, ch, &i)))
			ret = xp_unknown(c, n, ch);
		else if (seen[i] && !(f->flags & XF_REPEAT))
			ret = xp_bad(c, ch, "duplicate element <%s> in <%s>",
				     nm(ch), nm(n));
		else if (!seen[i])
			seen[i] = ch;
		if (!ret && ch->type == XML_ELEMENT_NODE &&
		    !(f->flags & XF_DEFER))
			ret = xp_read_field(c, f, ch);
		if (ret)
			return ret;
	}
	return t->finish ? t->finish(c, t, n, seen) : 0;
}

/* Where @f's value lives, or NULL (XB_NONE). */
static void *field_ptr(struct xp_ctx *c, const struct xfield *f)
{
	switch (f->base) {
	case XB_PROFILE:
		return (char *)c->p + f->off;
	case XB_TARGET:
		return (char *)c->t + f->off;
	case XB_SCRATCH:
		return (char *)&c->s + f->off;
	case XB_NONE:
	default:
		return NULL;
	}
}

static int read_bool(struct xp_ctx *c, const struct xfield *f,
		     const xmlNode *n, void *ptr)
{
	bool v = false;
	int ret = xp_leaf_bool(c, n, &v);

	if (ret || !ptr)
		return ret;
	if (f->type == XF_FLAG) {
		if (v)
			*(int *)ptr = (int)f->def;
	} else if (v || !(f->flags & XF_SETONLY)) {
		*(bool *)ptr = v;
	}
	return 0;
}

int xp_read_field(struct xp_ctx *c, const struct xfield *f,
		  const xmlNode *n)
{
	void *ptr = field_ptr(c, f);
	unsigned int idx = 0;
	uint64_t v = 0;
	int ret;

	if (f->read)
		return f->read(c, f, n);
	switch (f->type) {
	case XF_U32:
	case XF_U64:
		ret = xp_leaf_u64(c, n, f->min, f->max, &v);
		if (!ret && ptr && f->type == XF_U32)
			*(uint32_t *)ptr = (uint32_t)v;
		else if (!ret && ptr)
			*(uint64_t *)ptr = v;
		return ret;
	case XF_BOOL:
	case XF_FLAG:
		return read_bool(c, f, n, ptr);
	case XF_STR:
		return xp_leaf_strdup(c, n, (char **)ptr);
	case XF_ENUM:
		ret = xp_leaf_enum(c, n, f->en, &idx);
		if (!ret && ptr)
			*(int *)ptr = f->en->values[idx];
		return ret;
	case XF_NODE:
	default:
		return xp_read_node(c, n, f->sub);
	}
}
