/* cloud_limits.h - the published limits of cloud disks and VM sizes: the
 * table data/cloud-limits.tsv (compiled in) plus the user's own rows, and
 * the figures a row gives for a disk of a given size.
 *
 * A row is a tier (a fixed size: Azure's S20, P10), a rule (figures by
 * size: gp2's 3 IOPS per GiB with its floor, ceiling and burst bucket,
 * st1's MiB/s per TiB), a configured type (gp3, io2, Premium SSD v2: the
 * user gives iops= and mbps=) or a VM size (its uncached and cached caps).
 * Throughput is kept as published (MB or MiB per second) and converted to
 * MiB/s, ioprobe's unit, by cloud_mib().
 */
#ifndef IOPROBE_CLOUD_LIMITS_H
#define IOPROBE_CLOUD_LIMITS_H

#include <stdbool.h>
#include <stddef.h>

enum cloud_kind { CLOUD_TIER, CLOUD_RULE, CLOUD_CONFIGURED, CLOUD_VM };

/* A figure: @base, or (when @per_gib > 0) per_gib x GiB clamped to
 * [@min, @max] (0 = no bound).  All zero = not published. */
struct cloud_amount {
	double base, per_gib, min, max;
};

struct cloud_row {
	char provider[8];	/* "azure", "aws", "gcp" */
	enum cloud_kind kind;
	char name[48];		/* "P10", "gp2", "Standard_D4s_v3" */
	char family[40];	/* "Premium SSD" */
	double gib_max;		/* largest disk size covered, 0 = any */
	struct cloud_amount iops, mbps;	/* sustained; a vm's uncached */
	bool mb;		/* mbps in 10^6 bytes/s, else MiB/s */
	struct cloud_amount burst_iops, burst_mbps;
	double burst_s;		/* longest burst in seconds, 0 unknown */
	double burst_credits;	/* an I/O credit bucket (gp2), 0 none */
	double cached_iops, cached_mbps;	/* a vm's, 0 none */
	char how[200];
	char source[200];
	char read[16];		/* date read, YYYY-MM-DD */
};

struct cloud_table {
	struct cloud_row *rows;
	size_t n, cap;
};

/* The compiled-in table's text (generated from data/cloud-limits.tsv). */
extern const char cloud_limits_tsv[];

/* Add the rows of TSV @text to @t; a row with the provider, name and
 * gib_max of an existing one replaces it.  0, -ENOMEM, or -EINVAL with
 * *@bad_line set to the first bad line (1-based). */
int cloud_table_parse(struct cloud_table *t, const char *text,
		      unsigned int *bad_line);
/* The compiled-in rows, then those of @user_path when it exists (NULL:
 * $IOPROBE_LIMITS, else ~/.config/ioprobe/limits.tsv).  -EINVAL with
 * *@bad_line for a bad user row. */
int cloud_table_load(struct cloud_table *t, const char *user_path,
		     unsigned int *bad_line);
void cloud_table_release(struct cloud_table *t);
/* The user's limits file: $IOPROBE_LIMITS, else
 * $HOME/.config/ioprobe/limits.tsv.  0, -ENOENT (no HOME) or
 * -ENAMETOOLONG. */
int cloud_limits_user_path(char *buf, size_t len);

/* The row of @provider named @name (case-insensitive) covering a disk of
 * @gib GiB (any size when @gib <= 0: the first such row); NULL if none. */
const struct cloud_row *cloud_find(const struct cloud_table *t,
				   const char *provider, const char *name,
				   double gib);

/* @a at a disk of @gib GiB; 0 when not published. */
double cloud_amount_at(const struct cloud_amount *a, double gib);
/* A row's throughput figure @v in MiB/s. */
double cloud_mib(const struct cloud_row *r, double v);

/* What one disk may do: a row at a size, or as configured. */
struct cloud_disk {
	const struct cloud_row *row;
	double gib;		/* its size, 0 unknown */
	double iops, mbps;	/* sustained, in the row's unit; 0 unknown */
	double burst_iops, burst_mbps;	/* 0 = no burst */
	double burst_s;		/* how long a full bucket lasts, 0 unknown */
};

/* The limits of @row for a disk of @gib GiB; @cfg_iops / @cfg_mbps (> 0)
 * replace the sustained figures (gp3 configured higher, io2).  For gp2
 * the burst lasts credits / (burst - baseline) seconds, and there is no
 * burst once the baseline reaches it. */
void cloud_disk_limits(const struct cloud_row *row, double gib,
		       double cfg_iops, double cfg_mbps,
		       struct cloud_disk *d);

/* "Azure", "AWS", "GCP" for "azure"... */
const char *cloud_provider_title(const char *provider);

#endif
