/* cli_long.c - ioprobe's long options, which DiskSpd does not have:
 * --engine, --allow-device-writes, --output, --label, --batch, --series
 * (each --name=VALUE or --name VALUE), and the flags --overwrite,
 * --continue-on-error, --no-findings and --quiet.  One table maps each
 * name to its handler.
 */
#include "profile/cli_long.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "profile/cli_internal.h"
#include "profile/engine_name.h"
#include "profile/parse.h"

static int set_string(char **dst, const char *val, char *err, size_t errlen)
{
	free(*dst);
	*dst = strdup(val);
	if (!*dst)
		return errf(err, errlen, ENOMEM, "out of memory");
	return 0;
}

/* A label goes into every report and the history: no control characters
 * (a newline would split a CSV row, an escape would reach a terminal). */
static int parse_label(struct profile *p, const char *val, char *err,
		       size_t errlen)
{
	char shown[256];

	if (!str_has_control(val))
		return set_string(&p->label, val, err, errlen);
	str_escape_c(shown, sizeof(shown), val);
	return errf(err, errlen, EINVAL, "invalid --label '%s': control "
		    "characters are not allowed", shown);
}

static int parse_engine(struct profile *p, const char *val, char *err,
			size_t errlen)
{
	if (engine_name_canonical(val))
		return set_string(&p->engine, val, err, errlen);
	return cli_invalid(err, errlen, "--engine", val,
			   "io_uring, libaio, sync or null");
}

static int parse_allow_device_writes(struct profile *p, const char *val,
				     char *err, size_t errlen)
{
	return set_string(&p->allow_device_writes, val, err, errlen);
}

/* --batch=N: requests staged before one submit call. */
static int parse_batch(struct profile *p, const char *val, char *err,
		       size_t errlen)
{
	uint64_t v;

	if (parse_uint_strict(val, 4096, &v) || !v)
		return cli_invalid(err, errlen, "--batch", val,
				   "a number of requests from 1 to 4096");
	p->batch_submit = (uint32_t)v;
	return 0;
}

/* --output FORMAT:PATH */
static int parse_output(struct profile *p, const char *val, char *err,
			size_t errlen)
{
	const char *colon = strchr(val, ':');
	size_t n = colon ? (size_t)(colon - val) : 0;
	enum result_format fmt;

	if (p->noutputs >= PROFILE_MAX_OUTPUTS)
		return errf(err, errlen, EINVAL,
			    "too many --output options at '%s': at most %d",
			    val, PROFILE_MAX_OUTPUTS);
	if (!colon || !colon[1] || result_format_from_name_len(val, n, &fmt))
		return cli_invalid(err, errlen, "--output", val,
				   "FORMAT:PATH with FORMAT text, xml, json, "
				   "csv or html and PATH a file or - (stdout), "
				   "such as json:result.json");
	p->outputs[p->noutputs].format = fmt;
	p->outputs[p->noutputs].path = strdup(colon + 1);
	if (!p->outputs[p->noutputs].path)
		return errf(err, errlen, ENOMEM, "out of memory");
	p->noutputs++;
	return 0;
}

/* True when @path ends in @ext ("x.csv", not ".csv" alone). */
static bool ends_with(const char *path, const char *ext)
{
	const char *base = strrchr(path, '/');
	size_t n = strlen(path), m = strlen(ext);

	base = base ? base + 1 : path;
	return strlen(base) > m && !strcmp(path + n - m, ext);
}

/* --series FILE: its format by its name (the file is checked and opened
 * before the run, by report/report_series.c). */
static int parse_series(struct profile *p, const char *val, char *err,
			size_t errlen)
{
	bool csv = ends_with(val, ".csv");

	if (!csv && !ends_with(val, ".jsonl") && !ends_with(val, ".json"))
		return cli_invalid(err, errlen, "--series", val,
				   "a file name ending in .jsonl or .json "
				   "(JSON Lines) or .csv");
	p->series_csv = csv;
	return set_string(&p->series_path, val, err, errlen);
}

static int set_quiet(struct profile *p, const char *val, char *err,
		     size_t errlen)
{
	(void)val;
	(void)err;
	(void)errlen;
	p->quiet = true;
	return 0;
}

/* --overwrite: every target created by -c may rewrite an existing file
 * (cli.c copies the flag into each target). */
static int set_overwrite(struct profile *p, const char *val, char *err,
			 size_t errlen)
{
	(void)val;
	(void)err;
	(void)errlen;
	p->overwrite = true;
	return 0;
}

static int set_continue_on_error(struct profile *p, const char *val,
				 char *err, size_t errlen)
{
	(void)val;
	(void)err;
	(void)errlen;
	p->continue_on_error = true;
	return 0;
}

static int set_no_findings(struct profile *p, const char *val, char *err,
			   size_t errlen)
{
	(void)val;
	(void)err;
	(void)errlen;
	p->no_findings = true;
	return 0;
}

const struct cli_long_opt cli_long_opts[] = {
	{ "--engine", true, parse_engine },
	{ "--allow-device-writes", true, parse_allow_device_writes },
	{ "--output", true, parse_output },
	{ "--label", true, parse_label },
	{ "--batch", true, parse_batch },
	{ "--series", true, parse_series },
	{ "--overwrite", false, set_overwrite },
	{ "--continue-on-error", false, set_continue_on_error },
	{ "--no-findings", false, set_no_findings },
	{ "--quiet", false, set_quiet },
};

const size_t cli_long_nopts = ARRAY_SIZE(cli_long_opts);

const struct cli_long_opt *cli_long_find(const char *tok)
{
	const char *eq = strchr(tok, '=');
	size_t n = eq ? (size_t)(eq - tok) : strlen(tok);
	size_t i;

	for (i = 0; i < cli_long_nopts; i++)
		if (strlen(cli_long_opts[i].name) == n &&
		    !strncmp(tok, cli_long_opts[i].name, n))
			return &cli_long_opts[i];
	return NULL;
}

int cli_long_parse(struct profile *p, const char *tok, const char *next,
		   int *used, char *err, size_t errlen)
{
	const struct cli_long_opt *o = cli_long_find(tok);
	const char *eq = strchr(tok, '=');
	const char *val;

	*used = 0;
	if (!o || (!o->takes_value && eq))
		return errf(err, errlen, EINVAL, "unknown option '%s'", tok);
	if (!o->takes_value)
		return o->set(p, NULL, err, errlen);
	if (eq) {
		val = eq + 1;
	} else if (next) {
		val = next;
		*used = 1;
	} else {
		return errf(err, errlen, EINVAL, "option '%s' needs a "
			    "value: expected %s=VALUE", tok, o->name);
	}
	if (!*val)
		return cli_invalid(err, errlen, o->name, val,
				   "a value that is not empty");
	return o->set(p, val, err, errlen);
}
