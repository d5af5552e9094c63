/* cpuset.h - sets of CPU numbers and the kernel's list notation
 * ("0-3,8"), as sysfs and -a use it. */
#ifndef IOPROBE_CPUSET_H
#define IOPROBE_CPUSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CPUSET_MAX 4096

struct cpuset {
	uint64_t bits[CPUSET_MAX / 64];
};

void cpuset_clear(struct cpuset *s);
void cpuset_add(struct cpuset *s, unsigned long cpu);	/* >= max: ignored */
bool cpuset_has(const struct cpuset *s, unsigned long cpu);
unsigned int cpuset_count(const struct cpuset *s);

/* Add a kernel CPU list such as "0-3,8" to @s; stops at the first
 * character that is not part of a list.  0, or -EINVAL when nothing of
 * @list was read. */
int cpuset_parse(struct cpuset *s, const char *list);

/* Format @s as "0-3,8"; "" when empty; truncated at a whole item. */
void cpuset_format(const struct cpuset *s, char *out, size_t len);

#endif
