/* fmt.c - number formatting (see fmt.h). */
#include "lib/fmt.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

bool fmt_size_unit(char *buf, size_t len, uint64_t bytes, const char *sep,
		   int decimals)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB" };
	int u;

	for (u = 3; u >= 0; u--) {
		uint64_t one = 1ull << (10 * (u + 1));

		if (bytes < one)
			continue;
		if (bytes % one == 0)
			snprintf(buf, len, "%" PRIu64 "%s%s", bytes / one, sep,
				 unit[u]);
		else
			snprintf(buf, len, "%.*f%s%s", decimals,
				 (double)bytes / (double)one, sep, unit[u]);
		return true;
	}
	return false;
}

void fmt_size(char *buf, size_t len, uint64_t bytes)
{
	if (!fmt_size_unit(buf, len, bytes, "", 2))
		snprintf(buf, len, "%" PRIu64, bytes);
}

void fmt_factor(char *buf, size_t len, double x)
{
	if (!(x > 0) || !isfinite(x))
		snprintf(buf, len, "–");
	else
		snprintf(buf, len, x >= 10 ? "×%.0f" : "×%.2f", x);
}

void fmt_grouped(char *buf, size_t len, double v, int decimals)
{
	char digits[64];
	size_t n, i, whole, o = 0;

	if (!isfinite(v) || v < 0)
		v = 0;
	snprintf(digits, sizeof(digits), "%.*f", decimals, v);
	n = strlen(digits);
	whole = strcspn(digits, ".");
	for (i = 0; i < n && o + 2 < len; i++) {
		if (i && i < whole && (whole - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	if (len)
		buf[o < len ? o : len - 1] = '\0';
}

void fmt_count(char *buf, size_t len, double v)
{
	if (!isfinite(v) || v < 0)
		v = 0;
	if (v < 100)
		snprintf(buf, len, "%.1f", v);
	else
		fmt_grouped(buf, len, v, 0);
}

void fmt_latency_ms(char *buf, size_t len, double ms)
{
	if (!isfinite(ms) || ms < 0)
		snprintf(buf, len, "–");
	else if (ms >= 100000)
		snprintf(buf, len, "%.0f s", ms / 1000);
	else if (ms >= 1000)
		snprintf(buf, len, "%.1f s", ms / 1000);
	else if (ms >= 100)
		snprintf(buf, len, "%.0f ms", ms);
	else if (ms >= 10)
		snprintf(buf, len, "%.1f ms", ms);
	else if (ms >= 1)
		snprintf(buf, len, "%.2f ms", ms);
	else if (ms >= 0.0095)
		snprintf(buf, len, "%.0f µs", ms * 1000);
	else if (ms >= 0.0009995)
		snprintf(buf, len, "%.2f µs", ms * 1000);	/* "4.90 µs" */
	else if (ms > 0)
		snprintf(buf, len, "%.0f ns", ms * 1e6);	/* cache, null */
	else
		snprintf(buf, len, "0 µs");
}
