/* fuzz_limits.c - libFuzzer target for cloud_limits.c: the input as a
 * limits file (~/.config/ioprobe/limits.tsv) added to the compiled-in
 * table.  Whatever it holds, parsing must neither crash, leak nor read
 * out of bounds; a refused input names a line inside it; every row it
 * leaves gives finite, non-negative figures at any disk size. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "workflow/cloud_limits.h"

static void check_row(const struct cloud_row *r)
{
	static const double sizes[] = { 0, 1, 33, 128, 1000, 16384, 1e9 };
	struct cloud_disk d;
	size_t i;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		cloud_disk_limits(r, sizes[i], 0, 0, &d);
		if (!isfinite(d.iops) || d.iops < 0 || !isfinite(d.mbps) ||
		    d.mbps < 0 || !isfinite(d.burst_s) || d.burst_s < 0 ||
		    !isfinite(cloud_mib(r, d.mbps)))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cloud_table t = { 0 };
	char *s = fuzz_cstr(data, size);
	unsigned int line = 0, lines = 1;
	size_t i;
	int ret;

	for (i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (cloud_table_parse(&t, cloud_limits_tsv, NULL))
		abort();
	ret = cloud_table_parse(&t, s, &line);
	if (ret == -EINVAL ? !line || line > lines : ret && ret != -ENOMEM)
		abort();
	for (i = 0; i < t.n; i++)
		check_row(&t.rows[i]);
	cloud_table_release(&t);
	free(s);
	return 0;
}
