/* engine_name.c - --engine names and their aliases (see engine_name.h). */
#include "profile/engine_name.h"

#include <string.h>

#include "lib/util.h"

static const struct {
	const char *alias;
	const char *name;	/* the backend's engine_ops.name */
} engine_names[] = {
	{ "io_uring", "io_uring" },
	{ "uring", "io_uring" },
	{ "libaio", "libaio" },
	{ "aio", "libaio" },
	{ "sync", "sync" },
	{ "psync", "sync" },
	{ "null", "null" },
};

const char *engine_name_canonical(const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(engine_names); i++)
		if (!strcmp(name, engine_names[i].alias))
			return engine_names[i].name;
	return NULL;
}
