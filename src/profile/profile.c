/* profile.c - defaults, release and derived counts of struct profile.
 * Defaults follow DiskSpd 2.2's code (not its usage text), except that
 * ioprobe does not pin threads unless -a asks for it.
 */
#include "profile/profile.h"

#include <stdlib.h>
#include <string.h>

void target_opts_init(struct target_opts *t)
{
	memset(t, 0, sizeof(*t));
	t->block_bytes = 64 * 1024;
	t->threads = 1;
	t->outstanding = 2;
	t->weight = 1;
	t->io_priority = 3;
	t->cache = CACHE_BUFFERED;
	t->wbuf = WBUF_PATTERN;
	t->dist = DIST_NONE;
	t->fd = -1;
}

const char *const cache_mode_names[CACHE_MODE_COUNT] = {
	[CACHE_BUFFERED] = "buffered", [CACHE_DIRECT] = "direct",
	[CACHE_REMOTE] = "remote", [CACHE_MMAP] = "mmap",
};

void profile_init(struct profile *p)
{
	memset(p, 0, sizeof(*p));
	p->duration_s = 10;
	p->warmup_s = 5;
	p->cooldown_s = 0;
	p->format = FORMAT_TEXT;
	p->batch_submit = 1;
}

void profile_release(struct profile *p)
{
	uint32_t i;

	free(p->cmdline);
	free(p->engine);
	free(p->allow_device_writes);
	free(p->label);
	free(p->cloud_disk);
	free(p->cloud_vm);
	p->cloud_disk = p->cloud_vm = NULL;
	free(p->series_path);
	free(p->xml_profile_path);
	p->cmdline = p->engine = p->allow_device_writes = NULL;
	p->label = p->xml_profile_path = p->series_path = NULL;
	/* every slot, not just the counted ones: a deep copy (results.c)
	 * owns strings in all of them, and the rest are NULL */
	for (i = 0; i < PROFILE_MAX_OUTPUTS; i++) {
		free(p->outputs[i].path);
		p->outputs[i].path = NULL;
	}
	p->noutputs = 0;
	for (i = 0; i < PROFILE_MAX_TARGETS; i++) {
		free(p->targets[i].path);
		free(p->targets[i].wbuf_source_path);
		p->targets[i].path = NULL;
		p->targets[i].wbuf_source_path = NULL;
	}
	p->ntargets = 0;
	while (p->next_span) {		/* -X: the later <TimeSpan>s */
		struct profile *n = p->next_span;

		p->next_span = n->next_span;
		n->next_span = NULL;
		profile_release(n);
		free(n);
	}
}

bool target_driven_by(const struct target_opts *t, uint32_t thread,
		      uint32_t *weight)
{
	uint32_t k;

	if (weight)
		*weight = t->weight;
	if (!t->nthread_targets)
		return true;
	for (k = 0; k < t->nthread_targets &&
		    k < PROFILE_MAX_THREAD_TARGETS; k++) {
		if (t->thread_targets[k].thread != thread)
			continue;
		if (weight && t->thread_targets[k].weight)
			*weight = t->thread_targets[k].weight;
		return true;
	}
	return false;
}

uint32_t profile_thread_count(const struct profile *p)
{
	uint64_t sum = 0;
	uint32_t i;

	if (p->pool_threads)
		return p->pool_threads;
	for (i = 0; i < p->ntargets && i < PROFILE_MAX_TARGETS; i++)
		sum += p->targets[i].threads;
	return sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
}

bool profile_writes(const struct profile *p)
{
	uint32_t i;

	for (i = 0; i < p->ntargets && i < PROFILE_MAX_TARGETS; i++)
		if (p->targets[i].write_pct > 0)
			return true;
	return false;
}
