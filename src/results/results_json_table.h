/* results_json_table.h - field tables that drive both the JSON writer and
 * the JSON reader of ioprobe-result/1.
 *
 * Each struct saved in a result file is described once, by an array of
 * struct jf ending with JF_END: the key, the kind of value, where it lives
 * in the struct (offset) and whether a reader may miss it.  jf_write_obj()
 * turns a struct into a json-c object in table order (that order is the
 * key order of the file); jf_read_obj() fills the struct back from an
 * object, so a key is spelled in one place and the reader matches the
 * writer by construction.  Fields the struct cannot hold (derived figures,
 * sparse arrays, checks across structs) are JF_HOOK entries with their own
 * write and read functions.
 *
 * Reader errors name the file and the dotted path of the field:
 *
 *   'r.json': missing field 'rows[0].read.latency.sum_ns'
 *   'r.json': field 'thread_count' is string, expected an unsigned integer
 */
#ifndef IOPROBE_RESULTS_JSON_TABLE_H
#define IOPROBE_RESULTS_JSON_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "results/results.h"

typedef struct json_object jobj;

/* State of one write or read: the results at the root (for fields that
 * depend on another part, such as intervals on interval_count), the file
 * name and the path of the object being read, for messages. */
struct jf_ctx {
	const struct results *r;
	int werr;		/* writer: first error (-EINVAL, -ENOMEM) */
	const char *file;
	size_t text_len;	/* bytes of JSON text: bounds the allocations */
	char *err;
	size_t errlen;
	char path[256];
};

enum jf_kind {
	JF_U64,		/* uint64_t */
	JF_U64_MIN,	/* uint64_t, UINT64_MAX (an empty minimum) as null */
	JF_U32,		/* uint32_t */
	JF_I32,		/* int32_t */
	JF_BOOL,	/* bool */
	JF_DBL,		/* double, non-finite as null */
	JF_STR,		/* char[size], too long is an error */
	JF_STRP,	/* char *, owned, NULL as null */
	JF_ENUM,	/* an enum, as names[value] */
	JF_OBJ,		/* a nested struct described by sub */
	JF_ARR,		/* elements described by sub, count at count_off */
	JF_HOOK,	/* written and read by write() and read() */
};

/* flags */
#define JF_OPTIONAL	0x01	/* reader: a missing key keeps the value */
#define JF_DERIVED	0x02	/* written for scripts, ignored by the reader */
#define JF_NOTNULL	0x04	/* JF_STRP: null is refused when reading */
#define JF_NULLABLE	0x08	/* JF_OBJ: null when absent(), reads as none */
#define JF_PTR		0x10	/* JF_ARR: off holds a pointer to the elements */
#define JF_FIRST	0x20	/* reader: before the other fields (schema) */
#define JF_OMITZERO	0x80	/* writer: left out when false, 0 or empty
				 * (keys added later, with JF_OPTIONAL, so
				 * older files still read back byte for
				 * byte) */
#define JF_OMIT		0x40	/* writer: no key when absent(base) says so,
				 * where base is the struct holding the
				 * field (with JF_OPTIONAL: a key added
				 * later, so older files write back as they
				 * were read) */

#define JF_NOCOUNT ((size_t)-1)	/* JF_ARR: every slot, no count field */

struct jf {
	const char *key;	/* NULL: a bare array element */
	enum jf_kind kind;
	unsigned int flags;
	size_t off;		/* of the value in the struct */
	size_t size;		/* JF_STR: buffer bytes; JF_ARR: element */
	size_t count_off;	/* JF_ARR: of the uint32_t count */
	size_t max;		/* JF_ARR: most entries; JF_ENUM: names */
	const struct jf *sub;	/* JF_OBJ, JF_ARR: fields of the element */
	const char *const *names;	/* JF_ENUM */
	const char *bad;	/* JF_ARR of bare values: what a bad one is */
	/* JF_OBJ, JF_ARR: prepare an element before reading it */
	void (*init)(void *elem);
	/* JF_OBJ with JF_NULLABLE: the struct at off is written as null;
	 * with JF_OMIT (any kind): the key is left out */
	bool (*absent)(const void *obj);
	/* JF_ARR: writer leaves this element out (sparse arrays) */
	bool (*skip)(const void *elem);
	/* JF_ARR with JF_PTR: allocate @n elements and set the count */
	int (*alloc)(struct jf_ctx *c, const struct jf *f, void *base,
		     size_t n);
	/* after a successful read of this field */
	int (*check)(struct jf_ctx *c, const struct jf *f, void *base);
	/* JF_HOOK: the value (NULL = json null) of the struct at @base,
	 * and its reading from the object @o that holds the key (read
	 * NULL: written only).  Hooks handle a missing key themselves. */
	jobj *(*write)(struct jf_ctx *c, const struct jf *f,
		       const void *base);
	int (*read)(struct jf_ctx *c, const struct jf *f, jobj *o,
		    void *base);
};

#define JF_END { .key = NULL, .kind = JF_HOOK }

/* The object for the struct at @base described by @fields (never NULL). */
jobj *jf_write_obj(struct jf_ctx *c, const struct jf *fields,
		   const void *base);
/* An array of @n elements of @size bytes at @elems, each as @sub. */
jobj *jf_write_elems(struct jf_ctx *c, const struct jf *sub,
		     const void *elems, size_t n, size_t size);
/* Add @v (may be NULL: json null) under @key to object @o. */
void jf_add(jobj *o, const char *key, jobj *v);

/* Value constructors of the writer. */
jobj *jf_double(double v);	/* shortest exact decimal, NULL if non-finite */
jobj *jf_uint(uint64_t v);
jobj *jf_int(int64_t v);
jobj *jf_string(const char *s);	/* NULL gives NULL */

/* Fill the struct at @base from object @o as @fields says; 0 or -EINVAL
 * with c->err naming the field, -ENOMEM. */
int jf_read_obj(struct jf_ctx *c, const struct jf *fields, jobj *o,
		void *base);
/* Read the @n objects of array @a (under @key) into @elems as @sub. */
int jf_read_elems(struct jf_ctx *c, const char *key, jobj *a, size_t n,
		  const struct jf *sub, void *elems, size_t size);

/* Reader pieces for hooks.  Each fills c->err and returns -EINVAL. */
int jf_missing(struct jf_ctx *c, const char *key);
int jf_badtype(struct jf_ctx *c, const char *key, jobj *v,
	       const char *want);
int jf_badvalue(struct jf_ctx *c, const char *key, const char *what);
/* Object member @key of the @type json-c type ("an object"...). */
int jf_typed(struct jf_ctx *c, jobj *o, const char *key,
	     enum json_type type, const char *want, jobj **v);
/* Array member @key of at most @max entries. */
int jf_arr(struct jf_ctx *c, jobj *o, const char *key, size_t max,
	   jobj **v, size_t *n);
/* A string member into @buf. */
int jf_str(struct jf_ctx *c, jobj *o, const char *key, char *buf,
	   size_t len);
/* Append ".key" or ".key[i]" to c->path; return the length to restore
 * with jf_pop(). */
size_t jf_push(struct jf_ctx *c, const char *key);
size_t jf_push_idx(struct jf_ctx *c, const char *key, size_t i);
void jf_pop(struct jf_ctx *c, size_t old);

#endif
