/* suggest.h - the name a typo most likely meant, for "did you mean":
 * the closest of a list of names by edit distance (insertions,
 * deletions, substitutions and swaps of two neighbours each count one),
 * within a bound that grows with the name's length.
 */
#ifndef IOPROBE_SUGGEST_H
#define IOPROBE_SUGGEST_H

#include <stddef.h>

/* Edit distance between the first @na bytes of @a and @b (swaps of two
 * neighbours count one); names longer than 63 bytes give a large
 * number. */
unsigned int suggest_distance(const char *a, size_t na, const char *b);

/* Of the @n names of @names (an array of structs whose first member
 * is the name, each @stride bytes apart), the closest to the first @len
 * bytes of @typed: at most 1 edit away for names up to 4 characters,
 * 2 for longer ones.  NULL when none is that close (a tie goes to the
 * first). */
const char *suggest_name(const char *typed, size_t len, const void *names,
			 size_t n, size_t stride);

#endif
