/* fleet_expand.c - "{rank}" and "{host}" in target and output paths,
 * expanded before the profile is validated, so every check sees the
 * path this rank really uses.
 */
#include "fleet/fleet_expand.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "results/results.h"

bool fleet_per_rank(const char *path)
{
	return path && (strstr(path, FLEET_RANK) || strstr(path, FLEET_HOST));
}

/* A host name a path may hold: letters, digits, '-', '_' and '.', and
 * not "." or "..", so "/mnt/{host}/f" stays inside /mnt. */
static bool host_ok(const char *host)
{
	const char *s;

	if (!host[0] || !strcmp(host, ".") || !strcmp(host, ".."))
		return false;
	for (s = host; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' ||
		      *s == '.'))
			return false;
	return true;
}

/* @in with every placeholder replaced, into a new string at *out. */
static int expand(const char *in, const char *rank, const char *host,
		  char **out)
{
	size_t n = strlen(in) + 1, len = 0;
	const char *s = in;
	char *buf;

	for (; (s = strchr(s, '{')); s++)
		n += strlen(rank) + strlen(host);	/* an upper bound */
	buf = malloc(n);
	if (!buf)
		return -ENOMEM;
	for (s = in; *s;) {
		const char *v = NULL;
		size_t skip = 0;

		if (!strncmp(s, FLEET_RANK, strlen(FLEET_RANK)))
			v = rank, skip = strlen(FLEET_RANK);
		else if (!strncmp(s, FLEET_HOST, strlen(FLEET_HOST)))
			v = host, skip = strlen(FLEET_HOST);
		if (v) {
			memcpy(buf + len, v, strlen(v));
			len += strlen(v);
			s += skip;
		} else {
			buf[len++] = *s++;
		}
	}
	buf[len] = '\0';
	*out = buf;
	return 0;
}

/* Expand the owned string at *path in place. */
static int expand_field(char **path, const char *rank, const char *host,
			char *err, size_t errlen)
{
	char *out;
	int ret;

	if (!fleet_per_rank(*path))
		return 0;
	if (strstr(*path, FLEET_HOST) && !host_ok(host))
		return errf(err, errlen, EINVAL, "invalid host name '%s' for "
			    "'%s' in '%s': expected letters, digits, '.', '-' "
			    "or '_'", host, FLEET_HOST, *path);
	ret = expand(*path, rank, host, &out);
	if (ret)
		return errf(err, errlen, ENOMEM, "out of memory");
	free(*path);
	*path = out;
	return 0;
}

int fleet_expand_path(const char *in, uint32_t rank, const char *host,
		      char **out, char *err, size_t errlen)
{
	char num[16];
	int ret;

	*out = str_dup(in);
	if (!*out)
		return errf(err, errlen, ENOMEM, "out of memory");
	snprintf(num, sizeof(num), "%u", rank);
	ret = expand_field(out, num, host, err, errlen);
	if (ret) {
		free(*out);
		*out = NULL;
	}
	return ret;
}

int fleet_expand_profile(struct profile *dst, const struct profile *src,
			 uint32_t rank, const char *host, char *err,
			 size_t errlen)
{
	char num[16];
	uint32_t i;
	int ret;

	if (profile_copy(dst, src))
		return errf(err, errlen, ENOMEM, "out of memory");
	snprintf(num, sizeof(num), "%u", rank);
	for (i = 0, ret = 0; i < dst->ntargets && !ret; i++)
		ret = expand_field(&dst->targets[i].path, num, host, err,
				   errlen);
	for (i = 0; i < dst->noutputs && i < PROFILE_MAX_OUTPUTS && !ret; i++)
		if (dst->outputs[i].path)
			ret = expand_field(&dst->outputs[i].path, num, host,
					   err, errlen);
	if (ret)
		profile_release(dst);
	return ret;
}

bool fleet_shared_create(const struct profile *p)
{
	uint32_t i;

	for (i = 0; i < p->ntargets; i++)
		if (p->targets[i].create_bytes &&
		    !fleet_per_rank(p->targets[i].path))
			return true;
	return false;
}
