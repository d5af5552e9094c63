/* results_json_table.c - the walker behind the result file's field tables:
 * one writer and one reader per kind of field (results_json_table.h).
 *
 * Doubles are written as the shortest decimal that reads back to the same
 * bits, non-finite ones as null: json-c alone would print "NaN", which no
 * JSON parser accepts.  The reader is strict: a missing required key, a
 * value of the wrong type or out of range is an error naming the field.
 */
#include "results/results_json_table.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"

/* ---------------------------------------------------------------- writer */

/* Shortest "%.Ng" that reads back to the same double, always with a '.'
 * or exponent so readers see a floating-point number. */
static void fmt_double(char *buf, size_t len, double v)
{
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if (!strpbrk(buf, ".eEn"))
		strncat(buf, ".0", len - strlen(buf) - 1);
}

jobj *jf_double(double v)
{
	char buf[40];

	if (!isfinite(v))
		return NULL;	/* json null */
	fmt_double(buf, sizeof(buf), v);
	return json_object_new_double_s(v, buf);
}

jobj *jf_uint(uint64_t v)
{
	return json_object_new_uint64(v);
}

jobj *jf_int(int64_t v)
{
	return json_object_new_int64(v);
}

jobj *jf_string(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

void jf_add(jobj *o, const char *key, jobj *v)
{
	if (o)
		json_object_object_add(o, key, v);
	else
		json_object_put(v);
}

static const void *at(const void *base, size_t off)
{
	return (const char *)base + off;
}

static jobj *write_enum(struct jf_ctx *c, const struct jf *f, const void *p)
{
	unsigned int v = *(const unsigned int *)p;

	if (v >= f->max) {
		c->werr = -EINVAL;	/* no name to write */
		return NULL;
	}
	return jf_string(f->names[v]);
}

static jobj *write_value(struct jf_ctx *c, const struct jf *f,
			 const void *base);

/* Elements of @f->sub at @elems: objects, or bare values when the
 * element table's only entry has no key. */
static jobj *write_elems(struct jf_ctx *c, const struct jf *f,
			 const void *elems, size_t n)
{
	jobj *a = json_object_new_array();
	const void *e;
	size_t i;

	if (!a)
		c->werr = -ENOMEM;
	for (i = 0; a && elems && i < n; i++) {
		e = at(elems, i * f->size);
		if (f->skip && f->skip(e))
			continue;
		json_object_array_add(a, f->sub->key ? jf_write_obj(c, f->sub, e) :
				      write_value(c, f->sub, e));
	}
	return a;
}

jobj *jf_write_elems(struct jf_ctx *c, const struct jf *sub,
		     const void *elems, size_t n, size_t size)
{
	const struct jf f = { .kind = JF_ARR, .sub = sub, .size = size };

	return write_elems(c, &f, elems, n);
}

static jobj *write_arr(struct jf_ctx *c, const struct jf *f, const void *base)
{
	const void *elems = at(base, f->off);
	size_t n = f->max;

	if (f->count_off != JF_NOCOUNT)
		n = *(const uint32_t *)at(base, f->count_off);
	if (f->flags & JF_PTR)
		elems = *(const void *const *)elems;
	else if (n > f->max)
		n = f->max;
	return write_elems(c, f, elems, n);
}

static jobj *write_value(struct jf_ctx *c, const struct jf *f,
			 const void *base)
{
	const void *p = at(base, f->off);

	switch (f->kind) {
	case JF_U64:
		return jf_uint(*(const uint64_t *)p);
	case JF_U64_MIN:
		if (*(const uint64_t *)p == UINT64_MAX)
			return NULL;
		return jf_uint(*(const uint64_t *)p);
	case JF_U32:
		return jf_uint(*(const uint32_t *)p);
	case JF_I32:
		return jf_int(*(const int32_t *)p);
	case JF_BOOL:
		return json_object_new_boolean(*(const bool *)p);
	case JF_DBL:
		return jf_double(*(const double *)p);
	case JF_STR:
		return jf_string(p);
	case JF_STRP:
		return jf_string(*(const char *const *)p);
	case JF_ENUM:
		return write_enum(c, f, p);
	case JF_OBJ:
		if ((f->flags & JF_NULLABLE) && f->absent(p))
			return NULL;
		return jf_write_obj(c, f->sub, p);
	case JF_ARR:
		return write_arr(c, f, base);
	case JF_HOOK:
		return f->write(c, f, base);
	}
	return NULL;
}

/* JF_OMITZERO: a false bool, a zero count, an empty array. */
static bool is_zero(const struct jf *f, const void *base)
{
	const char *p = (const char *)base;

	switch (f->kind) {
	case JF_BOOL:
		return !*(const bool *)(p + f->off);
	case JF_U32:
		return !*(const uint32_t *)(p + f->off);
	case JF_ARR:
		return !*(const uint32_t *)(p + f->count_off);
	default:
		return false;
	}
}

jobj *jf_write_obj(struct jf_ctx *c, const struct jf *fields,
		   const void *base)
{
	jobj *o = json_object_new_object();
	const struct jf *f;

	if (!o)
		c->werr = -ENOMEM;
	for (f = fields; o && f->key; f++) {
		if ((f->flags & JF_OMIT) && f->absent(base))
			continue;
		if ((f->flags & JF_OMITZERO) && is_zero(f, base))
			continue;
		jf_add(o, f->key, write_value(c, f, base));
	}
	return o;
}

/* ---------------------------------------------------------------- reader */

static const char *jf_name(const struct jf_ctx *c, const char *key,
			   char *buf, size_t len)
{
	if (!key)
		snprintf(buf, len, "%s", c->path);
	else if (c->path[0])
		snprintf(buf, len, "%s.%s", c->path, key);
	else
		snprintf(buf, len, "%s", key);
	return buf;
}

int jf_missing(struct jf_ctx *c, const char *key)
{
	char name[320];

	return errf(c->err, c->errlen, EINVAL, "'%s': missing field '%s'",
		    c->file, jf_name(c, key, name, sizeof(name)));
}

int jf_badtype(struct jf_ctx *c, const char *key, jobj *v, const char *want)
{
	char name[320];

	return errf(c->err, c->errlen, EINVAL,
		    "'%s': field '%s' is %s, expected %s", c->file,
		    jf_name(c, key, name, sizeof(name)),
		    json_type_to_name(json_object_get_type(v)), want);
}

int jf_badvalue(struct jf_ctx *c, const char *key, const char *what)
{
	char name[320];

	return errf(c->err, c->errlen, EINVAL, "'%s': field '%s' %s",
		    c->file, jf_name(c, key, name, sizeof(name)), what);
}

size_t jf_push(struct jf_ctx *c, const char *key)
{
	size_t old = strlen(c->path);

	snprintf(c->path + old, sizeof(c->path) - old, "%s%s",
		 old ? "." : "", key);
	return old;
}

size_t jf_push_idx(struct jf_ctx *c, const char *key, size_t i)
{
	size_t old = strlen(c->path);

	snprintf(c->path + old, sizeof(c->path) - old, "%s%s[%zu]",
		 old ? "." : "", key, i);
	return old;
}

void jf_pop(struct jf_ctx *c, size_t old)
{
	c->path[old] = '\0';
}

int jf_typed(struct jf_ctx *c, jobj *o, const char *key, enum json_type type,
	     const char *want, jobj **v)
{
	if (!json_object_object_get_ex(o, key, v))
		return jf_missing(c, key);
	if (!json_object_is_type(*v, type))
		return jf_badtype(c, key, *v, want);
	return 0;
}

/* A uint64 value; @nullable maps null to UINT64_MAX (an empty min). */
static int read_u64(struct jf_ctx *c, const char *key, jobj *v, uint64_t max,
		    bool nullable, uint64_t *out)
{
	char what[64];

	if (nullable && !v) {
		*out = UINT64_MAX;
		return 0;
	}
	if (!json_object_is_type(v, json_type_int))
		return jf_badtype(c, key, v, "an unsigned integer");
	if (json_object_get_int64(v) < 0)
		return jf_badvalue(c, key, "is negative, expected >= 0");
	*out = json_object_get_uint64(v);
	if (*out > max) {
		snprintf(what, sizeof(what), "is above %" PRIu64, max);
		return jf_badvalue(c, key, what);
	}
	return 0;
}

static int read_u32(struct jf_ctx *c, const char *key, jobj *v,
		    uint32_t *out)
{
	uint64_t n;
	int ret = read_u64(c, key, v, UINT32_MAX, false, &n);

	if (!ret)
		*out = (uint32_t)n;
	return ret;
}

static int read_i32(struct jf_ctx *c, const char *key, jobj *v, int32_t *out)
{
	int64_t n;

	if (!json_object_is_type(v, json_type_int))
		return jf_badtype(c, key, v, "an integer");
	n = json_object_get_int64(v);
	if (n < INT32_MIN || n > INT32_MAX)
		return jf_badvalue(c, key, "is out of the 32-bit range");
	*out = (int32_t)n;
	return 0;
}

static int read_bool(struct jf_ctx *c, const char *key, jobj *v, bool *out)
{
	if (!json_object_is_type(v, json_type_boolean))
		return jf_badtype(c, key, v, "true or false");
	*out = json_object_get_boolean(v);
	return 0;
}

/* A double; null stands for a non-finite value and reads as NaN. */
static int read_dbl(struct jf_ctx *c, const char *key, jobj *v, double *out)
{
	if (!v) {
		*out = NAN;
		return 0;
	}
	if (!json_object_is_type(v, json_type_double) &&
	    !json_object_is_type(v, json_type_int))
		return jf_badtype(c, key, v, "a number");
	*out = json_object_get_double(v);
	return 0;
}

/* A string into a fixed buffer; too long is an error, not a cut. */
static int read_str(struct jf_ctx *c, const char *key, jobj *v, char *buf,
		    size_t len)
{
	char what[64];

	if (!json_object_is_type(v, json_type_string))
		return jf_badtype(c, key, v, "a string");
	if ((size_t)json_object_get_string_len(v) >= len) {
		snprintf(what, sizeof(what), "is longer than %zu bytes",
			 len - 1);
		return jf_badvalue(c, key, what);
	}
	str_copy(buf, len, json_object_get_string(v));
	return 0;
}

/* An owned string; null reads as NULL unless JF_NOTNULL. */
static int read_strp(struct jf_ctx *c, const struct jf *f, jobj *v,
		     char **out)
{
	free(*out);
	*out = NULL;
	if (!v && (f->flags & JF_NOTNULL))
		return jf_badvalue(c, f->key, "is null, expected a string");
	if (!v)
		return 0;
	if (!json_object_is_type(v, json_type_string))
		return jf_badtype(c, f->key, v, "a string or null");
	*out = strdup(json_object_get_string(v));
	return *out ? 0 : -ENOMEM;
}

static int read_enum(struct jf_ctx *c, const struct jf *f, jobj *v,
		     unsigned int *out)
{
	char buf[32], what[160];
	size_t i, used = 0;
	int ret = read_str(c, f->key, v, buf, sizeof(buf));

	if (ret)
		return ret;
	for (i = 0; i < f->max; i++) {
		if (!strcmp(buf, f->names[i])) {
			*out = (unsigned int)i;
			return 0;
		}
	}
	used = (size_t)snprintf(what, sizeof(what), "has value '%s', expected",
				buf);
	for (i = 0; i < f->max && used < sizeof(what); i++)
		used += (size_t)snprintf(what + used, sizeof(what) - used,
					 "%s %s", i ? "," : "", f->names[i]);
	return jf_badvalue(c, f->key, what);
}

/* Array value @v under @key, of at most @max entries. */
static int check_arr(struct jf_ctx *c, const char *key, jobj *v, size_t max,
		     size_t *n)
{
	char what[64];

	if (!json_object_is_type(v, json_type_array))
		return jf_badtype(c, key, v, "an array");
	*n = json_object_array_length(v);
	if (*n > max) {
		snprintf(what, sizeof(what), "has %zu entries, at most %zu",
			 *n, max);
		return jf_badvalue(c, key, what);
	}
	return 0;
}

int jf_arr(struct jf_ctx *c, jobj *o, const char *key, size_t max,
	   jobj **v, size_t *n)
{
	if (!json_object_object_get_ex(o, key, v))
		return jf_missing(c, key);
	return check_arr(c, key, *v, max, n);
}

static int read_value(struct jf_ctx *c, const struct jf *f, jobj *v,
		      void *base);

/* Element @i of array @a into @elem: an object read as f->sub, or a bare
 * value (any fault of which read_elems() reports as f->bad). */
static int read_elem(struct jf_ctx *c, const struct jf *f, jobj *a,
		     size_t i, void *elem)
{
	jobj *v = json_object_array_get_idx(a, i);

	if (!f->sub->key)
		return read_value(c, f->sub, v, elem);
	if (f->init)
		f->init(elem);
	if (!json_object_is_type(v, json_type_object))
		return jf_badtype(c, NULL, v, "an object");
	return jf_read_obj(c, f->sub, v, elem);
}

static int read_elems(struct jf_ctx *c, const struct jf *f, jobj *a,
		      size_t n, void *elems)
{
	size_t i, old;
	int ret = 0;

	for (i = 0; !ret && i < n; i++) {
		old = jf_push_idx(c, f->key, i);
		ret = read_elem(c, f, a, i, (char *)elems + i * f->size);
		jf_pop(c, old);
	}
	if (ret == -EINVAL && !f->sub->key)
		return jf_badvalue(c, f->key, f->bad);
	return ret;
}

int jf_read_elems(struct jf_ctx *c, const char *key, jobj *a, size_t n,
		  const struct jf *sub, void *elems, size_t size)
{
	const struct jf f = { .key = key, .kind = JF_ARR, .sub = sub,
			      .size = size };

	return read_elems(c, &f, a, n, elems);
}

/* JF_PTR array without an alloc hook: calloc, none when empty. */
static int alloc_elems(const struct jf *f, void *base, size_t n)
{
	void *elems;

	if (!n)
		return 0;
	elems = calloc(n, f->size);
	if (!elems)
		return -ENOMEM;
	*(void **)((char *)base + f->off) = elems;
	*(uint32_t *)((char *)base + f->count_off) = (uint32_t)n;
	return 0;
}

static int read_arr(struct jf_ctx *c, const struct jf *f, jobj *v,
		    void *base)
{
	void *elems = (char *)base + f->off;
	size_t n;
	int ret = check_arr(c, f->key, v, f->max, &n);

	if (ret)
		return ret;
	if (f->flags & JF_PTR) {
		ret = f->alloc ? f->alloc(c, f, base, n) :
				 alloc_elems(f, base, n);
		if (ret)
			return ret;
		elems = *(void **)elems;
	} else if (f->count_off != JF_NOCOUNT) {
		*(uint32_t *)((char *)base + f->count_off) = (uint32_t)n;
	}
	return read_elems(c, f, v, n, elems);
}

static int read_obj(struct jf_ctx *c, const struct jf *f, jobj *v, void *p)
{
	size_t old;
	int ret;

	if (!v && (f->flags & JF_NULLABLE))
		return 0;	/* none */
	if (!json_object_is_type(v, json_type_object))
		return jf_badtype(c, f->key, v, f->flags & JF_NULLABLE ?
				  "an object or null" : "an object");
	old = jf_push(c, f->key);
	if (f->init)
		f->init(p);
	ret = jf_read_obj(c, f->sub, v, p);
	jf_pop(c, old);
	return ret;
}

static int read_value(struct jf_ctx *c, const struct jf *f, jobj *v,
		      void *base)
{
	void *p = (char *)base + f->off;

	switch (f->kind) {
	case JF_U64:
	case JF_U64_MIN:
		return read_u64(c, f->key, v, UINT64_MAX,
				f->kind == JF_U64_MIN, p);
	case JF_U32:
		return read_u32(c, f->key, v, p);
	case JF_I32:
		return read_i32(c, f->key, v, p);
	case JF_BOOL:
		return read_bool(c, f->key, v, p);
	case JF_DBL:
		return read_dbl(c, f->key, v, p);
	case JF_STR:
		return read_str(c, f->key, v, p, f->size);
	case JF_STRP:
		return read_strp(c, f, v, p);
	case JF_ENUM:
		return read_enum(c, f, v, p);
	case JF_OBJ:
		return read_obj(c, f, v, p);
	case JF_ARR:
		return read_arr(c, f, v, base);
	case JF_HOOK:
		break;
	}
	return 0;
}

static int read_field(struct jf_ctx *c, const struct jf *f, jobj *o,
		      void *base)
{
	jobj *v;
	int ret;

	if (f->flags & JF_DERIVED)
		return 0;
	if (f->kind == JF_HOOK) {
		ret = f->read ? f->read(c, f, o, base) : 0;
	} else if (!json_object_object_get_ex(o, f->key, &v)) {
		return (f->flags & JF_OPTIONAL) ? 0 : jf_missing(c, f->key);
	} else {
		ret = read_value(c, f, v, base);
	}
	if (!ret && f->check)
		ret = f->check(c, f, base);
	return ret;
}

/* The fields of @fields whose JF_FIRST flag is @first, in table order. */
static int read_pass(struct jf_ctx *c, const struct jf *fields, jobj *o,
		     void *base, unsigned int first)
{
	const struct jf *f;
	int ret = 0;

	for (f = fields; !ret && f->key; f++)
		if ((f->flags & JF_FIRST) == first)
			ret = read_field(c, f, o, base);
	return ret;
}

int jf_read_obj(struct jf_ctx *c, const struct jf *fields, jobj *o,
		void *base)
{
	int ret = read_pass(c, fields, o, base, JF_FIRST);

	return ret ? ret : read_pass(c, fields, o, base, 0);
}

int jf_str(struct jf_ctx *c, jobj *o, const char *key, char *buf, size_t len)
{
	jobj *v;

	if (!json_object_object_get_ex(o, key, &v))
		return jf_missing(c, key);
	return read_str(c, key, v, buf, len);
}
