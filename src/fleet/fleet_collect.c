/* fleet_collect.c - rank 0 learns how every rank's run went.
 *
 * Each rank sends one text: a line "STATUS FLAGS HOST", a line with its
 * message, then its result as JSON (when it has one).  The JSON is the
 * file format `ioprobe show` reads, so it carries everything a report
 * needs, histograms bucket by bucket; rank 0 reads each back and merges
 * them with results_fleet_merge(), in rank order.
 */
#include "fleet/fleet_run.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/fleet_expand.h"
#include "lib/util.h"
#include "results/results_fleet.h"
#include "results/results_json.h"

#define FLAG_PRIMARY 1		/* failed by a fault of its own */
#define FLAG_RESULT 2		/* a result follows */
#define FLEET_COLLECT_GRACE_S 600.0

/* This rank's text into *buf (malloc'ed) of *len bytes. */
static int fleet_payload(const struct fleet_run *fr, char **buf, size_t *len)
{
	int flags = (fr->status && !fr->secondary ? FLAG_PRIMARY : 0) |
		    (fr->have_r && !fr->status ? FLAG_RESULT : 0);
	char msg[sizeof(fr->err)];
	FILE *f = open_memstream(buf, len);
	int ret = 0;

	if (!f)
		return -ENOMEM;
	str_copy(msg, sizeof(msg), fr->err);
	msg[strcspn(msg, "\n")] = '\0';
	fprintf(f, "%d %d %s\n%s\n", fr->status, flags,
		fr->f->host[0] ? fr->f->host : "-", msg);
	if (flags & FLAG_RESULT)
		ret = results_to_json(&fr->r, f);
	if (fclose(f) && !ret)
		ret = -ENOMEM;
	return ret;
}

struct part {
	int status, flags;
	char host[RESULTS_FLEET_HOST];
	const char *msg;	/* NUL-terminated in the gathered buffer */
	const char *json;
	size_t json_len;
};

/* Split one rank's text of @len bytes: its message line is cut with a
 * NUL in place, its JSON is a range. */
static int fleet_parse(char *text, size_t len, struct part *p)
{
	char *nl = memchr(text, '\n', len), *nl2;

	memset(p, 0, sizeof(*p));
	if (!nl || sscanf(text, "%d %d %63s", &p->status, &p->flags,
			  p->host) != 3)
		return -EINVAL;
	nl2 = memchr(nl + 1, '\n', len - (size_t)(nl + 1 - text));
	if (!nl2)
		return -EINVAL;
	*nl2 = '\0';
	p->msg = nl + 1;
	p->json = nl2 + 1;
	p->json_len = len - (size_t)(nl2 + 1 - text);
	return 0;
}

/* The merged result shows the paths as typed ("{rank}" kept) and writes
 * only the outputs that are not per rank. */
static int fleet_template(struct fleet_run *fr)
{
	struct profile *p = &fr->merged.profile;
	uint32_t i, n = 0;

	profile_release(p);
	if (profile_copy(p, fr->tmpl))
		return -ENOMEM;
	for (i = 0; i < p->noutputs && i < PROFILE_MAX_OUTPUTS; i++) {
		if (fleet_per_rank(p->outputs[i].path)) {
			free(p->outputs[i].path);
			p->outputs[i].path = NULL;
			continue;
		}
		p->outputs[n++] = p->outputs[i];
		if (n - 1 != i)
			p->outputs[i].path = NULL;
	}
	p->noutputs = n;
	for (i = 0; i < fr->merged.ntargets && i < p->ntargets; i++)
		str_copy(fr->merged.targets[i].path,
			 sizeof(fr->merged.targets[i].path), p->targets[i].path);
	return 0;
}

static int fleet_fail(struct fleet_run *fr, uint32_t rank, const char *host,
		      int status, const char *msg)
{
	fr->fleet_status = status ? status : 1;
	snprintf(fr->fleet_err, sizeof(fr->fleet_err), "rank %u (%s): %s",
		 rank, host, msg[0] ? msg : "failed");
	return 0;
}

/* Read rank @k's result and merge it into fr->merged. */
static int fleet_merge_one(struct fleet_run *fr, uint32_t k,
			   const struct part *p)
{
	struct results one;
	char name[64], err[512];
	int ret;

	snprintf(name, sizeof(name), "the result of rank %u", k);
	if (!k)
		return results_from_json(name, p->json, p->json_len,
					 &fr->merged, err, sizeof(err)) ?
		       fleet_fail(fr, k, p->host, 1, err) : 0;
	results_init(&one);
	ret = results_from_json(name, p->json, p->json_len, &one, err,
				sizeof(err));
	if (!ret && results_fleet_merge(&fr->merged, &one))
		ret = errf(err, sizeof(err), EINVAL, "cannot merge its result "
			   "with rank 0's: other targets or -D intervals");
	results_release(&one);
	return ret ? fleet_fail(fr, k, p->host, 1, err) : 0;
}

/* Rank 0: the first rank that failed by its own fault (else the first
 * that failed) decides; when none did, the merged result. */
static int fleet_decide(struct fleet_run *fr, char *all, const uint64_t *lens)
{
	struct part *parts = calloc(fr->f->size, sizeof(*parts));
	uint64_t off = 0;
	uint32_t k, first = UINT32_MAX;

	if (!parts)
		return -ENOMEM;
	for (k = 0; k < fr->f->size; off += lens[k], k++) {
		if (fleet_parse(all + off, lens[k], &parts[k])) {
			parts[k].status = 1;
			parts[k].flags = FLAG_PRIMARY;
			parts[k].msg = "sent an unreadable answer";
			str_copy(parts[k].host, sizeof(parts[k].host), "-");
		}
		if (!(parts[k].flags & FLAG_RESULT) &&
		    (first == UINT32_MAX ||
		     ((parts[k].flags & FLAG_PRIMARY) &&
		      !(parts[first].flags & FLAG_PRIMARY))))
			first = k;
	}
	if (first != UINT32_MAX)
		fleet_fail(fr, first, parts[first].host, parts[first].status,
			   parts[first].msg);
	for (k = 0; k < fr->f->size && !fr->fleet_status; k++)
		fleet_merge_one(fr, k, &parts[k]);
	if (!fr->fleet_status && fleet_template(fr))
		fleet_fail(fr, 0, fr->f->host, 1, "out of memory");
	free(parts);
	return 0;
}

double fleet_end_wait_s(const struct profile *p)
{
	return (double)p->warmup_s + p->duration_s + p->cooldown_s +
	       FLEET_COLLECT_GRACE_S;
}

int fleet_collect(struct fleet_run *fr)
{
	double timeout = fleet_end_wait_s(fr->tmpl);
	uint64_t *lens = NULL;
	char *text = NULL, *all = NULL;
	size_t len = 0;
	int ret = fleet_payload(fr, &text, &len);

	if (ret) {	/* still take part: say so instead of the result */
		free(text);
		text = NULL;
		len = 0;
	}
	ret = fleet_gather(fr->f, text ? text : "", len, &all, &lens, timeout);
	free(text);
	if (ret)
		errf(fr->err, sizeof(fr->err), -ret, "no answer from every "
		     "rank at the end: %s", strerror(-ret));
	else if (!fr->f->rank)
		ret = fleet_decide(fr, all, lens);
	free(all);
	free(lens);
	return ret;
}
