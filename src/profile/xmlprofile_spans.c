/* xmlprofile_spans.c - the parts of a DiskSpd XML profile that make a
 * run more than one timespan of targets shared by every thread: several
 * <TimeSpan>s (each later one a profile of its own on the first's
 * next_span chain, written back in order) and <ThreadTargets> (the -F
 * threads that drive a target, with their weights), with DiskSpd's
 * rules for them.
 */
#include "profile/xmlprofile_handlers.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"

int xh_r_timespan(struct xp_ctx *c, const struct xfield *f, const xmlNode *n)
{
	(void)f;
	if (c->nspans >= XP_MAX_SPANS)
		return xp_bad(c, n, "too many <TimeSpan> elements: expected "
			      "at most %d", XP_MAX_SPANS);
	c->spans[c->nspans++] = n;
	return 0;
}

/* A later <TimeSpan> is a whole profile of its own, with the <Profile>
 * level values of the first (read before the spans) and its own
 * timespan and targets; the chain hangs from the first (next_span). */
static int read_later_span(struct xp_ctx *c, const struct xtable *tbl,
			   const xmlNode *span, struct profile **tail)
{
	struct profile *first = c->p, *p = calloc(1, sizeof(*p));
	uint32_t i;
	int ret;

	if (!p)
		return errf(c->err, c->errlen, ENOMEM, "out of memory");
	profile_init(p);
	p->progress_every = first->progress_every;
	p->experiment_flags = first->experiment_flags;
	p->format = first->format;
	p->verbose = first->verbose;
	p->verbose_stats = first->verbose_stats;
	p->etw = first->etw;
	p->precreate = first->precreate;
	*tail = p;		/* released with the first, even on error */
	memset(&c->s, 0, sizeof(c->s));
	c->p = p;
	c->t = NULL;
	ret = xp_read_node(c, span, tbl->fields[0].sub);
	c->p = first;
	for (i = 0; i < p->notes.n && i < NOTES_MAX; i++)
		notes_add(&first->notes, p->notes.v[i].kind, "%s",
			  p->notes.v[i].text);
	first->large_pages |= p->large_pages;	/* per process */
	return ret;
}

int xh_f_timespans(struct xp_ctx *c, const struct xtable *tbl, const xmlNode *n,
		   const xmlNode *const *seen)
{
	struct profile **tail = &c->p->next_span;
	unsigned int k;
	int ret;

	(void)seen;
	if (!c->nspans)
		return xp_bad(c, n, "<TimeSpans> is empty: expected one "
			      "<TimeSpan>");
	ret = xp_read_node(c, c->spans[0], tbl->fields[0].sub);
	for (k = 1; !ret && k < c->nspans; k++) {
		ret = read_later_span(c, tbl, c->spans[k], tail);
		tail = &(*tail)->next_span;
	}
	return ret;
}

/* Every <TimeSpan>: the array given, or the profile's chain. */
void xh_w_timespans(struct xw *w, unsigned int lvl, const struct xfield *f)
{
	const struct profile *first = w->p, *s = first;
	uint32_t k = 0;

	while (s) {
		w->p = s;
		xw_node(w, lvl, f);
		if (w->spans)
			s = ++k < w->nspans ? w->spans[k] : NULL;
		else
			s = s->next_span;
	}
	w->p = first;
}

/* DiskSpd's rules for <ThreadTargets>: only with ThreadCount and
 * RequestCount (-F -O), each thread below ThreadCount; and here every
 * thread must drive some target. */
int xh_check_thread_targets(struct xp_ctx *c, const xmlNode *n)
{
	const struct profile *p = c->p;
	uint32_t i, k;

	for (i = 0; i < p->ntargets; i++) {
		const struct target_opts *t = &p->targets[i];

		if (t->nthread_targets && (!p->pool_threads ||
					   !p->pool_requests))
			return xp_bad(c, n, "<ThreadTargets> in target '%s' "
				      "without <ThreadCount> and "
				      "<RequestCount>: expected both, as in "
				      "DiskSpd", t->path ? t->path : "");
		for (k = 0; k < t->nthread_targets; k++)
			if (t->thread_targets[k].thread >= p->pool_threads)
				return xp_bad(c, n, "<ThreadTarget> thread %"
					      PRIu32 " of target '%s': "
					      "expected a thread below "
					      "<ThreadCount> %" PRIu32,
					      t->thread_targets[k].thread,
					      t->path ? t->path : "",
					      p->pool_threads);
	}
	for (k = 0; k < p->pool_threads && p->pool_requests; k++) {
		for (i = 0; i < p->ntargets; i++)
			if (target_driven_by(&p->targets[i], k, NULL))
				break;
		if (i == p->ntargets)
			return xp_bad(c, n, "thread %" PRIu32 " drives no "
				      "target: expected it in a "
				      "<ThreadTargets> or a target without "
				      "one", k);
	}
	return 0;
}

/* <ThreadTarget><Thread>n</Thread>[<Weight>w</Weight>]</ThreadTarget>:
 * -F thread n drives this target (with weight w instead of the
 * target's).  ThreadCount and RequestCount are checked by the
 * <TimeSpan>, read after its targets. */
int xh_r_thread_target(struct xp_ctx *c, const struct xfield *f,
		       const xmlNode *n)
{
	struct target_opts *t = c->t;
	struct thread_target_opt *tt;
	const xmlNode *ch;
	bool have_thread = false;
	uint64_t v;
	int ret;

	(void)f;
	if (t->nthread_targets >= PROFILE_MAX_THREAD_TARGETS)
		return xp_bad(c, n, "too many <ThreadTarget> elements: "
			      "expected at most %d", PROFILE_MAX_THREAD_TARGETS);
	tt = &t->thread_targets[t->nthread_targets++];
	memset(tt, 0, sizeof(*tt));
	for (ch = n->children; ch; ch = ch->next) {
		const char *name = (const char *)ch->name;

		if (ch->type != XML_ELEMENT_NODE)
			continue;
		if (!strcmp(name, "Thread")) {
			ret = xp_leaf_u64(c, ch, 0, 65535, &v);
			tt->thread = (uint32_t)v;
			have_thread = true;
		} else if (!strcmp(name, "Weight")) {
			ret = xp_leaf_u64(c, ch, 0, UINT32_MAX, &v);
			tt->weight = (uint32_t)v;
		} else {
			ret = xp_unknown(c, n, ch);
		}
		if (ret)
			return ret;
	}
	if (!have_thread)
		return xp_bad(c, n, "<ThreadTarget> has no <Thread>: expected "
			      "the number of a -F thread");
	return 0;
}

bool xh_has_thread_targets(const struct xw *w)
{
	return w->t->nthread_targets > 0;
}

void xh_w_thread_targets(struct xw *w, unsigned int lvl,
			 const struct xfield *f)
{
	const struct target_opts *t = w->t;
	uint32_t i;

	for (i = 0; i < t->nthread_targets &&
		    i < PROFILE_MAX_THREAD_TARGETS; i++) {
		xw_indent(w, lvl);
		fprintf(w->f, "<%s>\n", f->name);
		xw_u64(w, lvl + 1, "Thread", t->thread_targets[i].thread);
		if (t->thread_targets[i].weight)
			xw_u64(w, lvl + 1, "Weight",
			       t->thread_targets[i].weight);
		xw_indent(w, lvl);
		fprintf(w->f, "</%s>\n", f->name);
	}
}
