/* cli_long.c - ioprobe's long options, which DiskSpd does not have:
 * --engine, --allow-device-writes, --output, --label, --batch, --series
 * (each --name=VALUE or --name VALUE), and the flags --overwrite,
 * --continue-on-error, --no-findings and --quiet.  The run's table of the
 * shared option parser (opt_table.h) maps each name to its handler.
 */
#include "profile/cli_long.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "profile/cli_internal.h"
#include "profile/engine_name.h"
#include "profile/opt_table.h"
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
static int parse_label(void *ctx, const char *val, char *err, size_t errlen)
{
	struct profile *p = ctx;
	char shown[256];

	if (!str_has_control(val))
		return set_string(&p->label, val, err, errlen);
	str_escape_c(shown, sizeof(shown), val);
	return errf(err, errlen, EINVAL, "invalid --label '%s': control "
		    "characters are not allowed", shown);
}

static int parse_engine(void *ctx, const char *val, char *err, size_t errlen)
{
	struct profile *p = ctx;

	if (engine_name_canonical(val))
		return set_string(&p->engine, val, err, errlen);
	return cli_invalid(err, errlen, "--engine", val,
			   "io_uring, libaio, sync or null");
}

static int parse_allow_device_writes(void *ctx, const char *val, char *err,
				     size_t errlen)
{
	struct profile *p = ctx;

	return set_string(&p->allow_device_writes, val, err, errlen);
}

/* --batch=N: requests staged before one submit call. */
static int parse_batch(void *ctx, const char *val, char *err, size_t errlen)
{
	struct profile *p = ctx;
	uint64_t v;

	if (parse_uint_strict(val, 4096, &v) || !v)
		return cli_invalid(err, errlen, "--batch", val,
				   "a number of requests from 1 to 4096");
	p->batch_submit = (uint32_t)v;
	return 0;
}

/* --output FORMAT:PATH */
static int parse_output(void *ctx, const char *val, char *err, size_t errlen)
{
	struct profile *p = ctx;
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
static int parse_series(void *ctx, const char *val, char *err,
			size_t errlen)
{
	struct profile *p = ctx;
	bool csv = ends_with(val, ".csv");

	if (!csv && !ends_with(val, ".jsonl") && !ends_with(val, ".json"))
		return cli_invalid(err, errlen, "--series", val,
				   "a file name ending in .jsonl or .json "
				   "(JSON Lines) or .csv");
	p->series_csv = csv;
	return set_string(&p->series_path, val, err, errlen);
}

/* --disk azure:P20, --vm Standard_D4s_v3: checked against the limits
 * table when the findings are made (workflow/cloud_ctx.h) */
static int parse_disk(void *ctx, const char *val, char *err, size_t errlen)
{
	return set_string(&((struct profile *)ctx)->cloud_disk, val, err,
			  errlen);
}

static int parse_vm(void *ctx, const char *val, char *err, size_t errlen)
{
	return set_string(&((struct profile *)ctx)->cloud_vm, val, err,
			  errlen);
}

/* --help and --version: cli.c answers them before any other token. */
static const struct opt_spec run_opts[] = {
	{ "engine", OPT_VALUE, "NAME", parse_engine, 0 },
	{ "allow-device-writes", OPT_VALUE, "DEV", parse_allow_device_writes,
	  0 },
	{ "output", OPT_VALUE, "FORMAT:PATH", parse_output, 0 },
	{ "label", OPT_VALUE, "TEXT", parse_label, 0 },
	{ "batch", OPT_VALUE, "N", parse_batch, 0 },
	{ "series", OPT_VALUE, "FILE", parse_series, 0 },
	{ "disk", OPT_VALUE, "PROVIDER:TIER", parse_disk, 0 },
	{ "vm", OPT_VALUE, "SIZE", parse_vm, 0 },
	/* --overwrite: every target created by -c may rewrite an existing
	 * file (cli.c copies the flag into each target) */
	OPT_BOOL_AT("overwrite", struct profile, overwrite),
	OPT_BOOL_AT("continue-on-error", struct profile, continue_on_error),
	OPT_BOOL_AT("no-findings", struct profile, no_findings),
	OPT_BOOL_AT("quiet", struct profile, quiet),
	{ "help", OPT_HELP, NULL, NULL, 0 },
	{ "version", OPT_HELP, NULL, NULL, 0 },
};

const struct opt_table cli_long_table = {
	"", run_opts, ARRAY_SIZE(run_opts)
};

const struct opt_spec *cli_long_find(const char *tok)
{
	return opt_find(&cli_long_table, tok);
}

int cli_long_parse(struct profile *p, const char *tok, const char *next,
		   int *used, char *err, size_t errlen)
{
	int ret = opt_parse_one(&cli_long_table, tok, next, p, used, err,
				errlen);

	return ret == OPT_HELP_ASKED ? -EINVAL : ret;
}
