/* results_json.c - struct results to and from ioprobe-result/1 JSON text
 * (json-c): the locale, the pretty-printing, the strict parse and the
 * checks made before any field is read.  What the fields are is said once,
 * in results_json_fields.c; results_json_table.c walks those tables.
 *
 * json-c does the escaping (control characters become \u00XX).
 */
#include "results/results_json.h"

#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "lib/emit.h"
#include "lib/readfile.h"
#include "lib/util.h"
#include "results/results_json_fields.h"
#include "results/results_json_fleet.h"

static jobj *build(const struct results *r, int *err)
{
	struct jf_ctx c = { .r = r };
	jobj *root = jf_write_obj(&c, results_json_root, r);

	results_json_fleet_write(&c, root, r);
	*err = c.werr;
	if (*err) {
		json_object_put(root);
		return NULL;
	}
	return root;
}

int results_to_json(const struct results *r, FILE *f)
{
	locale_t c_loc, old_loc = (locale_t)0;
	const char *text = NULL;
	jobj *root;
	int ret;

	/* Numbers must use '.' whatever locale the caller set. */
	c_loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	if (c_loc)
		old_loc = uselocale(c_loc);
	root = build(r, &ret);
	if (root)
		text = json_object_to_json_string_ext(root,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE);
	if (!ret && !text)
		ret = -ENOMEM;
	else if (!ret && (emit_utf8(f, text) || fputc('\n', f) == EOF))
		ret = -EIO;
	json_object_put(root);
	if (c_loc) {
		uselocale(old_loc);
		freelocale(c_loc);
	}
	return ret;
}

/* Line and column (1-based) of byte @off in @buf. */
static void text_position(const char *buf, size_t off, unsigned long *line,
			  unsigned long *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off; i++) {
		if (buf[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

static int parse_json(const char *path, const char *buf, size_t len,
		      jobj **root, char *err, size_t errlen)
{
	struct json_tokener *tok = json_tokener_new();
	enum json_tokener_error jerr;
	unsigned long line, col;
	size_t end;
	int ret = 0;

	if (!tok)
		return -ENOMEM;
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	*root = json_tokener_parse_ex(tok, buf, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	if (jerr == json_tokener_success) {
		while (end < len && strchr(" \t\r\n", buf[end]))
			end++;
		if (end < len) {
			jerr = json_tokener_error_parse_unexpected;
			json_object_put(*root);
			*root = NULL;
		}
	}
	if (jerr != json_tokener_success) {
		text_position(buf, end, &line, &col);
		ret = errf(err, errlen, EINVAL,
			   "'%s' is not valid JSON at line %lu, column %lu: %s",
			   path, line, col,
			   jerr == json_tokener_continue ?
				   "unexpected end of file (truncated?)" :
				   json_tokener_error_desc(jerr));
		json_object_put(*root);
		*root = NULL;
	}
	json_tokener_free(tok);
	return ret;
}

static int load_results(struct jf_ctx *c, jobj *root, struct results *r)
{
	int ret;

	if (!json_object_is_type(root, json_type_object))
		return errf(c->err, c->errlen, EINVAL,
			    "'%s' holds a JSON %s, expected an ioprobe result object",
			    c->file, json_type_to_name(json_object_get_type(root)));
	ret = jf_read_obj(c, results_json_root, root, r);
	return ret ? ret : results_json_fleet_read(c, root, r);
}

int results_from_json(const char *name, const char *text, size_t len,
		      struct results *r, char *err, size_t errlen)
{
	struct jf_ctx c = { .r = r, .file = name, .text_len = len,
			    .err = err, .errlen = errlen };
	jobj *root;
	int ret;

	if (len > INT32_MAX)
		return errf(err, errlen, EFBIG, "'%s' is too large", name);
	ret = parse_json(name, text, len, &root, err, errlen);
	if (ret)
		return ret;
	ret = load_results(&c, root, r);
	if (ret == -ENOMEM)
		errf(err, errlen, ENOMEM, "cannot load '%s': out of memory",
		     name);
	json_object_put(root);
	return ret;
}

int results_load_json(const char *path, struct results *r, char *err,
		      size_t errlen)
{
	char *buf = NULL;
	size_t len = 0;
	int ret;

	ret = readfile_all(path, "result file", READFILE_RESULT_MAX, &buf, &len,
			   err, errlen);
	if (ret)
		return ret;
	ret = results_from_json(path, buf, len, r, err, errlen);
	free(buf);
	return ret;
}
