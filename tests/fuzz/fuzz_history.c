/* fuzz_history.c - libFuzzer target for the history CSV reader: the input
 * is a history file read with history_load() (from an in-memory file, as
 * the reader takes a path); every row read back is formatted again and
 * must parse to the same row. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "workflow/history.h"

static char line[16384];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct history h;
	struct history_row *again;
	char path[64], err[512];
	int n;

	fuzz_file(data, size, path, sizeof(path));
	memset(&h, 0, sizeof(h));
	if (history_load(path, &h, err, sizeof(err)))
		return 0;
	again = malloc(sizeof(*again));
	if (!again)
		abort();
	for (size_t i = 0; i < h.nrows; i++) {
		n = history_format_row(&h.rows[i], line, sizeof(line));
		if (n < 0)
			continue;
		if (n == 0 || line[n - 1] != '\n')
			abort();
		if (history_parse_line(line, (size_t)n - 1, again, err,
				       sizeof(err)))
			abort();	/* what we write, we must read */
	}
	free(again);
	history_release(&h);
	return 0;
}
