/* fleet_env.c - the parts of the fleet that need no MPI: whether the
 * launcher started us as one of several ranks, and when a wait for the
 * other ranks is over.
 */
#include "fleet/fleet.h"

#include <errno.h>
#include <stdlib.h>

#include "lib/signals.h"
#include "lib/util.h"

/* Environment variables in which launchers announce the job's size and
 * this process's rank: Open MPI's mpirun, MPICH's hydra (PMI). */
static const char *const size_vars[] = { "OMPI_COMM_WORLD_SIZE", "PMI_SIZE" };
static const char *const rank_vars[] = { "OMPI_COMM_WORLD_RANK", "PMI_RANK" };

static uint32_t env_number(const char *const *vars, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const char *v = getenv(vars[i]);
		unsigned long x;
		char *end;

		if (!v || *v < '0' || *v > '9')
			continue;
		errno = 0;
		x = strtoul(v, &end, 10);
		if (!errno && !*end && x <= RESULTS_FLEET_MAX_RANKS)
			return (uint32_t)x;
	}
	return 0;
}

uint32_t fleet_env_size(void)
{
	return env_number(size_vars, ARRAY_SIZE(size_vars));
}

uint32_t fleet_env_rank(void)
{
	return env_number(rank_vars, ARRAY_SIZE(rank_vars));
}

bool fleet_wait_over(double timeout_s, double waited_s, double *stop_at_s)
{
	if (signals_stop_requested && *stop_at_s < 0)
		*stop_at_s = waited_s;
	if (*stop_at_s >= 0 && waited_s - *stop_at_s > FLEET_STOP_WAIT_S)
		return true;
	return waited_s > timeout_s;
}
