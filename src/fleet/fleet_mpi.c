/* fleet_mpi.c - the fleet over MPI: MPI_COMM_WORLD, non-blocking
 * collectives polled with short sleeps until done or timed out (a rank
 * that is gone must not hang the others: the caller then aborts the job),
 * errors returned rather than fatal.  Only the main thread calls MPI.
 *
 * The stop message of a run (fleet_watch_*, at the end): one receive
 * from any rank posted before the run and tested at each poll of the
 * timeline; a failed rank sends its number to every other rank; after
 * the run the ranks count the messages sent (a sum over all) and each
 * takes in those meant for it, so the next run of the same job (a
 * suite's next test) starts with none pending.
 */
#include "fleet/fleet.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "lib/clock.h"
#include "lib/signals.h"
#include "lib/util.h"

/* Between two MPI_Test calls: short at first (a meeting usually ends
 * soon), then longer, so a rank waiting for a long fill or for the end
 * of a run takes little CPU from the others. */
#define FLEET_POLL_NS 200000L
#define FLEET_POLL_LONG_NS 2000000L
#define FLEET_POLL_SHORT_S 0.05

bool fleet_built(void)
{
	return true;
}

void fleet_library(char *buf, size_t len)
{
	char v[MPI_MAX_LIBRARY_VERSION_STRING];
	int n = 0;

	if (MPI_Get_library_version(v, &n) != MPI_SUCCESS)
		v[0] = '\0';
	v[strcspn(v, ",\n")] = '\0';	/* "Open MPI v4.1.4" */
	str_copy(buf, len, v);
}

int fleet_init(struct fleet *f, char *err, size_t errlen)
{
	int provided, rank, size;

	memset(f, 0, sizeof(*f));
	if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) !=
	    MPI_SUCCESS)
		return errf(err, errlen, EIO, "cannot initialise MPI");
	f->up = true;
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	if (MPI_Comm_rank(MPI_COMM_WORLD, &rank) != MPI_SUCCESS ||
	    MPI_Comm_size(MPI_COMM_WORLD, &size) != MPI_SUCCESS) {
		fleet_finalize(f);
		return errf(err, errlen, EIO, "cannot read the MPI rank");
	}
	f->rank = (uint32_t)rank;
	f->size = (uint32_t)size;
	/* a signal removes this rank's files before any MPI call */
	signals_cleanup_first();
	if (gethostname(f->host, sizeof(f->host)))
		f->host[0] = '\0';
	f->host[sizeof(f->host) - 1] = '\0';
	return 0;
}

void fleet_finalize(struct fleet *f)
{
	if (f->up)
		MPI_Finalize();
	f->up = false;
}

void fleet_abort(struct fleet *f, int code)
{
	(void)f;
	MPI_Abort(MPI_COMM_WORLD, code);
	exit(code);	/* MPI_Abort does not return */
}

/* Poll @req until done; -ETIMEDOUT (request left pending: the job is
 * aborted next), -EIO on an MPI error. */
static int fleet_wait(MPI_Request *req, double timeout_s)
{
	uint64_t t0 = clock_now_ns();
	double stop_at = -1.0, waited;
	int done = 0;

	for (;;) {
		struct timespec slice = { 0, FLEET_POLL_NS };

		if (MPI_Test(req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
			return -EIO;
		if (done)
			return 0;
		waited = (double)(clock_now_ns() - t0) / 1e9;
		if (fleet_wait_over(timeout_s, waited, &stop_at))
			return -ETIMEDOUT;
		if (waited > FLEET_POLL_SHORT_S)
			slice.tv_nsec = FLEET_POLL_LONG_NS;
		nanosleep(&slice, NULL);
	}
}

int fleet_allmax(struct fleet *f, uint64_t *v, int n, double timeout_s)
{
	MPI_Request req;

	(void)f;
	if (MPI_Iallreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, MPI_MAX,
			   MPI_COMM_WORLD, &req) != MPI_SUCCESS)
		return -EIO;
	return fleet_wait(&req, timeout_s);
}

int fleet_bcast(struct fleet *f, uint64_t *v, double timeout_s)
{
	MPI_Request req;

	(void)f;
	if (MPI_Ibcast(v, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD, &req) !=
	    MPI_SUCCESS)
		return -EIO;
	return fleet_wait(&req, timeout_s);
}

/* Rank 0: where each rank's bytes go, as MPI's int counts. */
static int fleet_layout(const struct fleet *f, const uint64_t *lens,
			int *counts, int *displs, uint64_t *total)
{
	uint32_t i;

	*total = 0;
	for (i = 0; i < f->size; i++) {
		if (lens[i] > INT_MAX - *total)
			return -EFBIG;
		counts[i] = (int)lens[i];
		displs[i] = (int)*total;
		*total += lens[i];
	}
	return 0;
}

static int fleet_gatherv(struct fleet *f, const char *data, uint64_t len,
			 const uint64_t *lens, char **out, double timeout_s)
{
	int *counts = NULL, *displs = NULL, ret = 0;
	uint64_t total = 0;
	MPI_Request req;

	if (!f->rank) {
		counts = calloc(f->size, sizeof(*counts));
		displs = calloc(f->size, sizeof(*displs));
		ret = counts && displs ? fleet_layout(f, lens, counts, displs,
						      &total) : -ENOMEM;
		if (!ret) {
			*out = malloc(total + 1);
			ret = *out ? 0 : -ENOMEM;
		}
	}
	/* a rank 0 without the memory stays out: the others time out and
	 * the job is aborted */
	if (ret)
		;
	else if (MPI_Igatherv(data, (int)len, MPI_CHAR, f->rank ? NULL : *out,
			 counts, displs, MPI_CHAR, 0, MPI_COMM_WORLD,
			 &req) != MPI_SUCCESS)
		ret = -EIO;
	else
		ret = fleet_wait(&req, timeout_s);
	if (!ret && !f->rank)
		(*out)[total] = '\0';
	free(counts);
	free(displs);
	return ret;
}

int fleet_gather(struct fleet *f, const char *data, uint64_t len,
		 char **out, uint64_t **lens, double timeout_s)
{
	MPI_Request req;
	int ret;

	*out = NULL;
	*lens = NULL;
	if (len > INT_MAX)
		return -EFBIG;
	if (!f->rank) {
		*lens = calloc(f->size, sizeof(**lens));
		if (!*lens)
			return -ENOMEM;
	}
	if (MPI_Igather(&len, 1, MPI_UINT64_T, *lens, 1, MPI_UINT64_T, 0,
			MPI_COMM_WORLD, &req) != MPI_SUCCESS)
		return -EIO;
	ret = fleet_wait(&req, timeout_s);
	if (!ret)
		ret = fleet_gatherv(f, data, len, *lens, out, timeout_s);
	return ret;
}

/* ---- the stop message ---------------------------------------------- */

#define FLEET_TAG_STOP 7301

struct fleet_watch {
	MPI_Request recv;
	uint64_t from;		/* what the receive got */
	bool got;		/* the receive completed */
	MPI_Request *sends;	/* size entries once told, else NULL */
	uint64_t me;		/* what the sends carry */
};

int fleet_watch_start(struct fleet *f)
{
	struct fleet_watch *w = calloc(1, sizeof(*w));

	if (!w)
		return -ENOMEM;
	if (MPI_Irecv(&w->from, 1, MPI_UINT64_T, MPI_ANY_SOURCE,
		      FLEET_TAG_STOP, MPI_COMM_WORLD, &w->recv) !=
	    MPI_SUCCESS) {
		free(w);
		return -EIO;
	}
	f->watch = w;
	return 0;
}

bool fleet_watch_poll(struct fleet *f, uint32_t *from)
{
	struct fleet_watch *w = f->watch;
	int done = 0;

	if (!w)
		return false;
	if (!w->got &&
	    (MPI_Test(&w->recv, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS ||
	     !done))
		return false;
	w->got = true;
	*from = (uint32_t)w->from;
	return true;
}

int fleet_watch_tell(struct fleet *f)
{
	struct fleet_watch *w = f->watch;
	uint32_t k;

	if (!w || w->sends)
		return 0;
	w->sends = malloc(f->size * sizeof(*w->sends));
	if (!w->sends)
		return -ENOMEM;
	w->me = f->rank;
	for (k = 0; k < f->size; k++) {
		w->sends[k] = MPI_REQUEST_NULL;
		if (k != f->rank &&
		    MPI_Isend(&w->me, 1, MPI_UINT64_T, (int)k, FLEET_TAG_STOP,
			      MPI_COMM_WORLD, &w->sends[k]) != MPI_SUCCESS)
			return -EIO;
	}
	return 0;
}

/* Take in @n stop messages, the posted receive first. */
static int watch_drain(struct fleet_watch *w, uint64_t n, double timeout_s)
{
	int ret = 0;

	if (!n) {
		if (!w->got) {
			MPI_Cancel(&w->recv);
			MPI_Wait(&w->recv, MPI_STATUS_IGNORE);
		}
		return 0;
	}
	if (!w->got)
		ret = fleet_wait(&w->recv, timeout_s);
	for (; !ret && n > 1; n--) {
		if (MPI_Irecv(&w->from, 1, MPI_UINT64_T, MPI_ANY_SOURCE,
			      FLEET_TAG_STOP, MPI_COMM_WORLD, &w->recv) !=
		    MPI_SUCCESS)
			return -EIO;
		ret = fleet_wait(&w->recv, timeout_s);
	}
	return ret;
}

int fleet_watch_end(struct fleet *f, double timeout_s)
{
	struct fleet_watch *w = f->watch;
	uint64_t n = w && w->sends ? 1 : 0;
	MPI_Request req;
	uint32_t k;
	int ret;

	if (!w)
		return 0;
	if (MPI_Iallreduce(MPI_IN_PLACE, &n, 1, MPI_UINT64_T, MPI_SUM,
			   MPI_COMM_WORLD, &req) != MPI_SUCCESS)
		return -EIO;
	ret = fleet_wait(&req, timeout_s);
	if (!ret)	/* our own message is not for us */
		ret = watch_drain(w, n - (w->sends ? 1 : 0), timeout_s);
	for (k = 0; !ret && w->sends && k < f->size; k++)
		ret = fleet_wait(&w->sends[k], timeout_s);
	if (ret)	/* the job is aborted next: leave the requests */
		return ret;
	free(w->sends);
	free(w);
	f->watch = NULL;
	return 0;
}
