/* fleet_env.c - the parts of the fleet that need no MPI: whether the
 * launcher started us as one of several ranks, and when a wait for the
 * other ranks is over.
 */
#include "fleet/fleet.h"

#include <errno.h>
#include <stdlib.h>

#include "lib/signals.h"

/* Environment variables in which launchers announce the job's size:
 * Open MPI's mpirun, MPICH's hydra (PMI). */
static const char *const size_vars[] = {
	"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE", "MPI_LOCALNRANKS",
};

uint32_t fleet_env_size(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(size_vars) / sizeof(size_vars[0]); i++) {
		const char *v = getenv(size_vars[i]);
		unsigned long n;
		char *end;

		if (!v || *v < '0' || *v > '9')
			continue;
		errno = 0;
		n = strtoul(v, &end, 10);
		if (!errno && !*end && n <= RESULTS_FLEET_MAX_RANKS)
			return (uint32_t)n;
	}
	return 0;
}

bool fleet_wait_over(double timeout_s, double waited_s, double *stop_at_s)
{
	if (signals_stop_requested && *stop_at_s < 0)
		*stop_at_s = waited_s;
	if (*stop_at_s >= 0 && waited_s - *stop_at_s > FLEET_STOP_WAIT_S)
		return true;
	return waited_s > timeout_s;
}
