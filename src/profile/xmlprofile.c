/* xmlprofile.c - DiskSpd XML profiles: -X reads one with libxml2 into a
 * struct profile, -Rpxml and the XML results write one back.
 *
 * Reading accepts the children of every element in any order (DiskSpd's
 * schema uses xs:all), takes command-line defaults for missing elements
 * and refuses anything it does not know, naming the file, the line and
 * the element, so a typo in a hand-edited profile never silently falls
 * back to a default.  Writing follows DiskSpd's emission order, so a
 * profile written here reads back into the same effective profile.
 * Both walk the one element table of xmlprofile_fields.c; this file holds
 * the entry points and libxml2's parsing and error reporting.
 */
#include "profile/xmlprofile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "lib/readfile.h"
#include "lib/util.h"
#include "profile/xmlprofile_fields.h"
#include "profile/xmlprofile_read.h"
#include "profile/xmlprofile_write.h"

int xmlprofile_write_as(const struct profile *p, enum result_format fmt,
			FILE *f, unsigned int indent)
{
	struct xw w = { .f = f, .p = p, .fmt = fmt };

	xw_node(&w, indent, &xmlprofile_root);
	if (ferror(f))
		return -EIO;
	return 0;
}

int xmlprofile_write_spans(const struct profile *const *spans, uint32_t n,
			   enum result_format fmt, FILE *f, unsigned int indent)
{
	struct xw w = { .f = f, .p = spans[0], .fmt = fmt, .spans = spans,
			.nspans = n };

	xw_node(&w, indent, &xmlprofile_root);
	if (ferror(f))
		return -EIO;
	return 0;
}

void xmlprofile_span_view(struct profile *view, const struct profile *first,
			  const struct profile *span)
{
	*view = *span;
	view->cmdline = first->cmdline;
	view->engine = first->engine;
	view->allow_device_writes = first->allow_device_writes;
	view->label = first->label;
	view->series_path = first->series_path;
	view->series_csv = first->series_csv;
	view->xml_profile_path = first->xml_profile_path;
	view->noutputs = first->noutputs;
	memcpy(view->outputs, first->outputs, sizeof(view->outputs));
	view->next_span = NULL;
	memset(&view->notes, 0, sizeof(view->notes));
}

uint32_t xmlprofile_nspans(const struct profile *p)
{
	uint32_t n = 0;

	for (; p; p = p->next_span)
		n++;
	return n;
}

int xmlprofile_write(const struct profile *p, FILE *f, unsigned int indent)
{
	return xmlprofile_write_as(p, p->format, f, indent);
}

static int parse_profile(struct xp_ctx *c, const xmlNode *root)
{
	if (strcmp((const char *)root->name, xmlprofile_root.name))
		return xp_bad(c, root, "unknown root element <%s>: expected "
			      "<Profile>", (const char *)root->name);
	return xp_read_field(c, &xmlprofile_root, root);
}

/* libxml2 reports every error of a broken document; the first one names
 * the real fault (a mismatched tag), later ones its consequences. */
static void first_error(void *data, xmlErrorPtr e)
{
	xmlParserCtxtPtr pctx = data;
	struct xp_ctx *c = pctx ? pctx->_private : NULL;

	if (!c || !e || c->have_perr || e->level < XML_ERR_ERROR)
		return;
	c->have_perr = true;
	c->perr_line = e->line;
	str_copy(c->perr, sizeof(c->perr), e->message);
}

/* libxml2 reports some errors (input encodings, I/O) outside the parser
 * context, on its generic channel, which prints them raw on stderr; the
 * parser context still records them, so they are dropped here. */
static void drop_generic_error(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

/* The parser's first error as "name:line: malformed XML: message". */
static int parse_error(struct xp_ctx *c, xmlParserCtxtPtr pctx)
{
	const xmlError *e = xmlCtxtGetLastError(pctx);
	char msg[512];
	size_t l;
	int line = c->perr_line;

	if (c->have_perr) {
		str_copy(msg, sizeof(msg), c->perr);
	} else {
		str_copy(msg, sizeof(msg), e && e->message ? e->message :
			 "cannot parse");
		line = e ? e->line : 0;
	}
	l = strlen(msg);
	while (l && (msg[l - 1] == '\n' || msg[l - 1] == ' '))
		msg[--l] = '\0';
	if (msg[0] >= 'A' && msg[0] <= 'Z')
		msg[0] = (char)(msg[0] - 'A' + 'a');
	return errf(c->err, c->errlen, EINVAL, "%s:%d: malformed XML: %s",
		    c->name, line, msg);
}

int xmlprofile_load_mem(const char *buf, size_t len, const char *name,
			char *const *subst, unsigned int nsubst,
			bool allow_templates, struct profile *p, char *err,
			size_t errlen)
{
	struct xp_ctx c = {
		.name = name, .err = err, .errlen = errlen, .subst = subst,
		.nsubst = nsubst, .allow_templates = allow_templates, .p = p,
	};
	xmlGenericErrorFunc old_generic;
	void *old_generic_ctx;
	xmlParserCtxtPtr pctx;
	xmlDocPtr doc;
	xmlNodePtr root;
	int ret;

	if (len > INT32_MAX)
		return errf(err, errlen, EFBIG, "profile '%s' is too large",
			    name);
	c.used = calloc(nsubst ? nsubst : 1, sizeof(*c.used));
	pctx = xmlNewParserCtxt();
	if (!c.used || !pctx) {
		free(c.used);
		xmlFreeParserCtxt(pctx);
		return errf(err, errlen, ENOMEM, "out of memory");
	}
	pctx->_private = &c;
	pctx->sax->serror = first_error;
	old_generic = xmlGenericError;
	old_generic_ctx = xmlGenericErrorContext;
	xmlSetGenericErrorFunc(NULL, drop_generic_error);
	doc = xmlCtxtReadMemory(pctx, buf, (int)len, name, NULL,
				XML_PARSE_NONET | XML_PARSE_NOERROR |
				XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES);
	xmlSetGenericErrorFunc(old_generic_ctx, old_generic);
	root = doc ? xmlDocGetRootElement(doc) : NULL;
	if (!doc)
		ret = parse_error(&c, pctx);
	else if (!root)
		ret = errf(err, errlen, EINVAL, "%s: no root element: expected "
			   "<Profile>", name);
	else
		ret = parse_profile(&c, root);
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(pctx);
	free(c.used);
	return ret;
}

/* The file is read whole (readfile.c: regular files only, 16 MiB at most)
 * and parsed from memory, so libxml2 never opens a path itself. */
static int read_file(const char *path, char **out, size_t *len, char *err,
		     size_t errlen)
{
	return readfile_all(path, "profile", READFILE_PROFILE_MAX, out, len,
			    err, errlen);
}

int xmlprofile_load(const char *path, char *const *subst, unsigned int nsubst,
		    bool allow_templates, struct profile *p, char *err,
		    size_t errlen)
{
	char *buf = NULL;
	size_t len = 0;
	int ret;

	ret = read_file(path, &buf, &len, err, errlen);
	if (ret)
		return ret;
	ret = xmlprofile_load_mem(buf, len, path, subst, nsubst,
				  allow_templates, p, err, errlen);
	free(buf);
	return ret;
}
