/* fmt.h - number formatting shared by the reports and the workflow:
 * DiskSpd's size notation, factors, thousands separators, durations. */
#ifndef IOPROBE_FMT_H
#define IOPROBE_FMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* DiskSpd's <sz> rule: the largest of TiB/GiB/MiB/KiB not above @bytes,
 * an integer when exact, else two decimals; bare bytes under 1 KiB. */
void fmt_size(char *buf, size_t len, uint64_t bytes);
/* @bytes in the largest binary unit it reaches (KiB to TiB), whole or
 * with @decimals, @sep between number and unit ("" or " "): false, and
 * @buf untouched, below 1 KiB. */
bool fmt_size_unit(char *buf, size_t len, uint64_t bytes, const char *sep,
		   int decimals);

/* A change factor as "×205" (10 and up) or "×1.84"; "–" when @x is not a
 * positive finite number. */
void fmt_factor(char *buf, size_t len, double x);

/* A count for people: "1,820,004" (rounded, "," every three digits), or
 * one decimal under 100 ("99.4"); 0 for a negative or non-finite @v. */
void fmt_count(char *buf, size_t len, double v);

/* @v with @decimals decimals and "," every three digits of the whole
 * part: "30,456.32"; 0 for a negative or non-finite @v. */
void fmt_grouped(char *buf, size_t len, double v, int decimals);

/* A latency in ms as a person reads it: "400 ns", "4.90 µs", "850 µs",
 * "4.90 ms", "25.1 ms", "256 ms", "1.5 s", "120 s" (s from 1,000 ms; ns
 * under 1 µs, so a page-cache hit never reads "0 µs"). */
void fmt_latency_ms(char *buf, size_t len, double ms);

#endif
