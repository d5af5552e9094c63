/* identify.c - `ioprobe identify PATH... [--disk TIER] [--vm SIZE]`:
 * what ioprobe knows about the disks under PATH and the VM, without
 * running I/O: provider, VM size and its caps, device, size, and the
 * candidate tiers with their limits and sources (workflow/cloud_ctx.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/subcmd.h"
#include "lib/fmt.h"
#include "lib/util.h"
#include "profile/opt_table.h"
#include "workflow/cloud_ctx.h"
#include "workflow/cloud_metadata.h"

#define IDENTIFY_USAGE "ioprobe identify PATH... [--disk PROVIDER:TIER] " \
		       "[--vm SIZE] [--metadata]"
#define IDENTIFY_MAX 16

struct identify_args {
	const char *paths[IDENTIFY_MAX];
	size_t npaths;
	const char *disk, *vm;
	bool metadata;		/* --metadata: ask the metadata service */
};

static const struct opt_spec identify_opts[] = {
	OPT_STRING_AT("disk", "PROVIDER:TIER", struct identify_args, disk),
	OPT_STRING_AT("vm", "SIZE", struct identify_args, vm),
	OPT_BOOL_AT("metadata", struct identify_args, metadata),
	{ "help", OPT_HELP, NULL, NULL, 0 },
};

const struct opt_table identify_opt_table = {
	"identify", identify_opts, ARRAY_SIZE(identify_opts)
};

static int identify_other(void *ctx, int argc, char **argv, int *i,
			  char *err, size_t errlen)
{
	struct identify_args *a = ctx;
	const char *s = argv[*i];
	char esc[256];

	(void)argc;
	if (!strcmp(s, "-h"))
		return OPT_HELP_ASKED;
	if (s[0] == '-' && s[1])
		return -ENOENT;
	if (a->npaths == IDENTIFY_MAX)
		return errf(err, errlen, EINVAL, "too many paths at '%s': at "
			    "most %d", opt_shown(esc, sizeof(esc), s),
			    IDENTIFY_MAX);
	a->paths[a->npaths++] = s;
	return 0;
}

static void print_row_limits(const struct cloud_disk *d)
{
	char fig[64], b[32];

	cloud_disk_figures(d, fig, sizeof(fig));
	printf("%s", *fig ? fig : "figures as configured");
	if (d->burst_iops > 0) {
		fmt_count(b, sizeof(b), d->burst_iops);
		printf("; bursts to %s IOPS", b);
		if (d->burst_mbps > 0)
			printf(", %.0f %s", d->burst_mbps,
			       d->row->mb ? "MB/s" : "MiB/s");
		if (d->burst_s >= 60)
			printf(" for up to %.0f min", d->burst_s / 60);
		else if (d->burst_s > 0)
			printf(" for up to %.0f s", d->burst_s);
	}
	printf("\n      %s\n      source: %s (read %s)\n", d->row->how,
	       d->row->source, d->row->read);
}

static void print_vm(const struct cloud_ctx *c)
{
	const struct cloud_row *v = c->vm;
	char a[32], b[32];

	if (!v && *c->host.vm) {
		printf("vm size:   %s (not in the limits table)\n", c->host.vm);
		return;
	}
	if (!v) {
		printf("vm size:   %s\n", *c->provider ? "not shown locally "
		       "(name it with --vm, or ask with --metadata)" : "-");
		return;
	}
	fmt_count(a, sizeof(a), v->iops.base);
	printf("vm size:   %s: %s %s IOPS, %g %s", v->name,
	       strcmp(v->provider, "aws") ? "uncached" : "EBS at most", a,
	       v->mbps.base, v->mb ? "MB/s" : "MiB/s");
	if (v->cached_iops > 0) {
		fmt_count(b, sizeof(b), v->cached_iops);
		printf("; cached %s IOPS, %g MB/s", b, v->cached_mbps);
	}
	printf("\n           source: %s (read %s)\n", v->source, v->read);
}

static void print_ctx(const struct cloud_ctx *c, const char *path)
{
	char l[96];
	size_t i;

	printf("path:      %s\n", path);
	printf("provider:  %s", *c->provider ?
	       cloud_provider_title(c->provider) : "none seen (no cloud "
	       "vendor in DMI or the disk's model)");
	if (*c->host.sys_vendor)
		printf(" (DMI: %s, %s)", c->host.sys_vendor, c->host.product);
	printf("\n");
	print_vm(c);
	if (*c->dev.name)
		printf("device:    %s: %s %s%s%s, %.0f GiB\n", c->dev.name,
		       *c->dev.vendor ? c->dev.vendor : "-",
		       *c->dev.model ? c->dev.model : "-",
		       *c->dev.serial ? ", serial " : "", c->dev.serial,
		       c->gib);
	else
		printf("device:    not found under %s\n", cloud_sysfs_root());
	if (c->named) {
		cloud_row_label(c->disk.row, l, sizeof(l));
		printf("tier:      %s (named by --disk): ", l);
		print_row_limits(&c->disk);
		return;
	}
	if (!c->ncand) {
		printf("tiers:     none (%s)\n", *c->dev.provider ?
		       "no tier of this provider fits the size" :
		       *c->provider ? "the device is not a cloud disk itself "
		       "(a volume over several?): name the tier with --disk" :
		       "not a cloud disk ioprobe knows");
		return;
	}
	printf("tiers:     candidates for a %.0f GiB %s disk:\n", c->gib,
	       cloud_provider_title(c->provider));
	for (i = 0; i < c->ncand; i++) {
		cloud_row_label(c->cand[i], l, sizeof(l));
		printf("  - %s: ", l);
		print_row_limits(&c->cand_disk[i]);
	}
}

/* --metadata: the VM size from the provider's metadata service. */
static void ask_metadata(struct cloud_ctx *c)
{
	char vm[64], err[512];

	if (cloud_metadata_vm(c->provider, vm, sizeof(vm), err,
			      sizeof(err))) {
		fprintf(stderr, "ioprobe: warning: %s\n", err);
		return;
	}
	str_copy(c->host.vm, sizeof(c->host.vm), vm);
	c->vm = NULL;
	cloud_ctx_set_vm(c, vm, err, sizeof(err));
}

int identify_main(int argc, char **argv)
{
	struct identify_args a = { 0 };
	struct cloud_ctx *c;
	char err[512];
	size_t i;
	int ret;

	ret = opt_parse(&identify_opt_table, argc, argv, &a, identify_other,
			err, sizeof(err));
	if (ret == OPT_HELP_ASKED) {
		puts("usage: " IDENTIFY_USAGE);
		return 0;
	}
	if (ret || !a.npaths) {
		fprintf(stderr, "ioprobe: error: %s\n", ret ? err :
			"missing PATH: expected " IDENTIFY_USAGE);
		return 2;
	}
	c = malloc(sizeof(*c));
	if (!c)
		return 1;
	for (i = 0; i < a.npaths; i++) {
		ret = cloud_ctx_build(c, a.disk, a.vm, cloud_sysfs_root(),
				      &a.paths[i], 1, err, sizeof(err));
		if (ret) {
			fprintf(stderr, "ioprobe: error: %s\n", err);
			cloud_ctx_release(c);
			free(c);
			return 2;
		}
		if (a.metadata && !a.vm)
			ask_metadata(c);
		if (i)
			putchar('\n');
		print_ctx(c, a.paths[i]);
		cloud_ctx_release(c);
	}
	free(c);
	return 0;
}
