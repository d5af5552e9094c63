/* test_engine.c - the engine contract: queue/submit/reap with the null,
 * sync and io_uring backends on a temporary file, short transfers, the
 * -Sm memory-map engine and the capability flags, engine selection
 * (names, aliases the command line accepts alike, unknown names,
 * automatic fallback), and the per-slot sequential pointer of -p that the
 * worker keeps. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "profile/cli.h"
#include "profile/engine_name.h"
#include "profile/profile.h"
#include "run/worker.h"
#include "run/workload.h"

static int tmp_file(size_t bytes)
{
	char path[] = "/tmp/ioprobe-test-engine.XXXXXX";
	char buf[4096];
	size_t i;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	unlink(path);
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (char)(i % 251);
	for (i = 0; i < bytes; i += sizeof(buf))
		assert_int_equal(pwrite(fd, buf, sizeof(buf), (off_t)i),
				 (ssize_t)sizeof(buf));
	return fd;
}

static void req_init(struct io_req *r, void *buf, int fd, uint32_t slot,
		     uint64_t off, uint32_t len, bool write)
{
	memset(r, 0, sizeof(*r));
	r->buf = buf;
	r->fd = fd;
	r->slot = slot;
	r->offset = off;
	r->len = len;
	r->write = write;
	r->buf_index = -1;
	r->result = -12345;
}

static void test_find(void **state)
{
	(void)state;
	assert_ptr_equal(engine_find("io_uring"), &engine_uring_ops);
	assert_ptr_equal(engine_find("libaio"), &engine_aio_ops);
	assert_ptr_equal(engine_find("sync"), &engine_sync_ops);
	assert_ptr_equal(engine_find("null"), &engine_null_ops);
	assert_null(engine_find("posixaio"));
	assert_null(engine_find(NULL));
}

/* One name table: every name the registry resolves, the CLI accepts,
 * and each resolves to the backend of its canonical name. */
static void test_aliases(void **state)
{
	static const char *const names[] = { "io_uring", "uring", "libaio",
					      "aio", "sync", "psync", "null" };
	char arg[64], prog[] = "ioprobe", target[] = "/tmp/x";
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const struct engine_ops *ops = engine_find(names[i]);
		char *argv[] = { prog, arg, target, NULL };
		char err[256] = "";
		struct profile p;

		assert_non_null(ops);
		assert_string_equal(ops->name,
				    engine_name_canonical(names[i]));
		snprintf(arg, sizeof(arg), "--engine=%s", names[i]);
		profile_init(&p);
		assert_int_equal(cli_parse(3, argv, &p, err, sizeof(err)),
				 CLI_RUN);
		assert_string_equal(p.engine, names[i]);
		profile_release(&p);
	}
	assert_null(engine_name_canonical("posixaio"));
	assert_null(engine_name_canonical(NULL));
}

static void test_unknown_name(void **state)
{
	struct engine e;
	char note[256] = "x";
	int fd = -1;

	(void)state;
	assert_int_equal(engine_open(&e, "iouring2", 4, &fd, 0, note,
				     sizeof(note)), -EINVAL);
	assert_non_null(strstr(note, "unknown engine 'iouring2'"));
	assert_non_null(strstr(note, "expected io_uring, libaio, sync or null"));
}

static void test_auto_choice(void **state)
{
	struct engine e;
	char note[256] = "x";
	int fd = tmp_file(8192);

	(void)state;
	assert_int_equal(engine_open(&e, NULL, 8, &fd, 1, note, sizeof(note)),
			 0);
	assert_non_null(e.ops);
	if (e.ops == &engine_uring_ops)
		assert_string_equal(note, "");	/* no fallback, no note */
	else
		assert_non_null(strstr(note, "unavailable"));
	engine_close(&e);
	close(fd);
}

static void test_null_contract(void **state)
{
	struct engine e;
	struct io_req reqs[5], *done[8];
	char note[64];
	char buf[512];
	int i, fd = -1;

	(void)state;
	assert_int_equal(engine_open(&e, "null", 4, &fd, 0, note,
				     sizeof(note)), 0);
	for (i = 0; i < 5; i++)
		req_init(&reqs[i], buf, -1, (uint32_t)i, 0, 512, false);
	reqs[1].done = 12;	/* rest of a short transfer */
	for (i = 0; i < 4; i++)
		assert_int_equal(e.ops->queue(&e, &reqs[i]), ENGINE_QUEUED);
	assert_int_equal(e.ops->queue(&e, &reqs[4]), ENGINE_BUSY);
	assert_int_equal(e.ops->submit(&e), 4);
	assert_int_equal(e.ops->reap(&e, done, 1, 3), 3);
	assert_ptr_equal(done[0], &reqs[0]);
	assert_int_equal(reqs[0].result, 512);
	assert_int_equal(reqs[1].result, 500);
	assert_int_equal(e.ops->reap(&e, done, 1, 8), 1);
	assert_ptr_equal(done[0], &reqs[3]);
	assert_int_equal(e.ios, 4);
	assert_int_equal(reqs[4].result, -12345);	/* never touched */
	engine_close(&e);
}

static void test_sync_contract(void **state)
{
	struct engine e;
	struct io_req r;
	char note[64];
	char wbuf[4096], rbuf[4096];
	int fd = tmp_file(16384);

	(void)state;
	memset(wbuf, 0x5a, sizeof(wbuf));
	assert_int_equal(engine_open(&e, "sync", 1, &fd, 1, note,
				     sizeof(note)), 0);
	req_init(&r, wbuf, fd, 0, 4096, 4096, true);
	assert_int_equal(e.ops->queue(&e, &r), ENGINE_COMPLETED);
	assert_int_equal(r.result, 4096);
	req_init(&r, rbuf, fd, 0, 4096, 4096, false);
	assert_int_equal(e.ops->queue(&e, &r), ENGINE_COMPLETED);
	assert_int_equal(r.result, 4096);
	assert_memory_equal(rbuf, wbuf, sizeof(rbuf));
	/* Short read at the end of the file: fewer bytes, not an error. */
	req_init(&r, rbuf, fd, 0, 16384 - 1000, 4096, false);
	assert_int_equal(e.ops->queue(&e, &r), ENGINE_COMPLETED);
	assert_int_equal(r.result, 1000);
	/* The rest of a transfer starts at offset + done, buf + done. */
	memset(rbuf, 0, sizeof(rbuf));
	req_init(&r, rbuf, fd, 0, 4096, 4096, false);
	r.done = 4000;
	assert_int_equal(e.ops->queue(&e, &r), ENGINE_COMPLETED);
	assert_int_equal(r.result, 96);
	assert_int_equal((unsigned char)rbuf[4000], 0x5a);
	assert_int_equal(rbuf[0], 0);
	/* A bad descriptor is an error result, not a crash. */
	req_init(&r, rbuf, -1, 0, 0, 4096, false);
	assert_int_equal(e.ops->queue(&e, &r), ENGINE_COMPLETED);
	assert_int_equal(r.result, -EBADF);
	assert_int_equal(e.syscalls, 5);
	engine_close(&e);
	close(fd);
}

/* io_uring and libaio: stage two requests, one submit, reap both. */
static void async_contract(const char *name)
{
	struct engine e;
	struct io_req r[2], *done[4];
	char note[256];
	char *buf[2];
	int i, n = 0, fd = tmp_file(16384), ret;

	ret = engine_open(&e, name, 2, &fd, 1, note, sizeof(note));
	if (ret || strcmp(e.ops->name, name)) {
		if (!ret)
			engine_close(&e);
		close(fd);
		skip();
	}
	for (i = 0; i < 2; i++) {
		assert_int_equal(posix_memalign((void **)&buf[i], 4096, 4096),
				 0);
		/* the second one is a short read at the end of the file */
		req_init(&r[i], buf[i], fd, (uint32_t)i,
			 i ? 16384 - 100 : 0, 4096, false);
		assert_int_equal(e.ops->queue(&e, &r[i]), ENGINE_QUEUED);
	}
	assert_true(e.ops->submit(&e) >= 0);
	while (n < 2) {
		ret = e.ops->reap(&e, done + n, 1, 4);
		assert_true(ret >= 0);
		n += ret;
	}
	assert_int_equal(r[0].result, 4096);
	assert_int_equal(r[1].result, 100);
	assert_int_equal((unsigned char)buf[0][5], 5);
	assert_true(e.syscalls >= 1 && e.syscalls <= 3);
	engine_close(&e);
	free(buf[0]);
	free(buf[1]);
	close(fd);
}

/* -Sm: served from the map by memcpy, a -N write msynced (one system
 * call), a file without a map through pread/pwrite; capability flags
 * tell the worker so, and the registry does not list it by name. */
static void test_mmap_contract(void **state)
{
	int fds[2] = { tmp_file(16384), tmp_file(16384) };
	char wbuf[4096], rbuf[4096];
	void *maps[2];
	bool durable[2] = { true, false };
	struct engine e;
	struct io_req r;
	char note[64];

	(void)state;
	maps[0] = mmap(NULL, 16384, PROT_READ | PROT_WRITE, MAP_SHARED,
		       fds[0], 0);
	assert_true(maps[0] != MAP_FAILED);
	maps[1] = NULL;
	assert_true(engine_mmap_ops.caps & ENGINE_CAP_COMPLETES_IN_QUEUE);
	assert_true(engine_mmap_ops.caps & ENGINE_CAP_NEEDS_MAP);
	assert_true(engine_sync_ops.caps & ENGINE_CAP_COMPLETES_IN_QUEUE);
	assert_false(engine_uring_ops.caps & ENGINE_CAP_COMPLETES_IN_QUEUE);
	assert_null(engine_find("mmap"));
	assert_int_equal(engine_open_ops(&e, &engine_mmap_ops, 2, fds, 2,
					 note, sizeof(note)), 0);
	assert_int_equal(e.ops->set_maps(&e, maps, durable, 2), 0);
	memset(wbuf, 0x3c, sizeof(wbuf));
	req_init(&r, wbuf, fds[0], 0, 8192, 4096, true);
	assert_int_equal(e.ops->queue(&e, &r), ENGINE_COMPLETED);
	assert_int_equal(r.result, 4096);
	assert_memory_equal((char *)maps[0] + 8192, wbuf, sizeof(wbuf));
	assert_int_equal(e.syscalls, 1);	/* the msync */
	assert_int_equal(pread(fds[0], rbuf, sizeof(rbuf), 8192), 4096);
	assert_memory_equal(rbuf, wbuf, sizeof(rbuf));
	/* file 1 has no map: pread/pwrite */
	req_init(&r, wbuf, fds[1], 0, 4096, 4096, true);
	r.file_index = 1;
	assert_int_equal(e.ops->queue(&e, &r), ENGINE_COMPLETED);
	assert_int_equal(r.result, 4096);
	assert_int_equal(e.syscalls, 2);
	memset(rbuf, 0, sizeof(rbuf));
	req_init(&r, rbuf, fds[1], 0, 4096, 4096, false);
	r.file_index = 1;
	assert_int_equal(e.ops->queue(&e, &r), ENGINE_COMPLETED);
	assert_memory_equal(rbuf, wbuf, sizeof(rbuf));
	assert_int_equal(e.ios, 3);
	engine_close(&e);
	munmap(maps[0], 16384);
	close(fds[0]);
	close(fds[1]);
}

static void test_uring_contract(void **state)
{
	(void)state;
	async_contract("io_uring");
}

static void test_aio_contract(void **state)
{
	(void)state;
	async_contract("libaio");
}

/* -p: slots that share a start walk the same offsets, each on its own,
 * with the thread's stride, base, -T start and wrap. */
static void test_parallel_pointer(void **state)
{
	struct target_opts o;
	struct workload wl;
	uint64_t a, b, off[8];
	char err[256];
	int i;

	(void)state;
	target_opts_init(&o);
	o.block_bytes = 4096;
	o.stride_bytes = 8192;
	o.base_bytes = 4096;
	o.parallel_async = true;
	/* [4096, 4096 + 40960): starts 0, 8K, ... 32K fit (relative) */
	o.range_len_bytes = 40960;
	assert_int_equal(workload_init(&wl, &o, 1 << 20, 0, 0, 0, NULL, err,
				       sizeof(err)), 0);
	a = b = wl.next_seq;
	for (i = 0; i < 8; i++)
		off[i] = worker_parallel_next(&wl, &a);
	assert_int_equal(off[0], 4096);
	assert_int_equal(off[1], 4096 + 8192);
	assert_int_equal(off[4], 4096 + 32768);
	assert_int_equal(off[5], 4096);	/* wrapped to the start */
	assert_int_equal(off[7], 4096 + 16384);
	/* a second slot starts at the same place, unaffected by the first */
	assert_int_equal(worker_parallel_next(&wl, &b), 4096);
	assert_int_equal(worker_parallel_next(&wl, &b), 4096 + 8192);
	assert_int_equal(worker_parallel_next(&wl, &a), 4096 + 24576);

	/* thread 1 of a -T 12K target starts at 12K and wraps to 12K mod 8K */
	o.thread_stride_bytes = 12288;
	assert_int_equal(workload_init(&wl, &o, 1 << 20, 1, 1, 0, NULL, err,
				       sizeof(err)), 0);
	a = wl.next_seq;
	assert_int_equal(worker_parallel_next(&wl, &a), 4096 + 12288);
	assert_int_equal(worker_parallel_next(&wl, &a), 4096 + 20480);
	assert_int_equal(worker_parallel_next(&wl, &a), 4096 + 28672);
	assert_int_equal(worker_parallel_next(&wl, &a), 4096 + 36864);
	assert_int_equal(worker_parallel_next(&wl, &a), 4096 + 4096);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_aliases),
		cmocka_unit_test(test_unknown_name),
		cmocka_unit_test(test_auto_choice),
		cmocka_unit_test(test_null_contract),
		cmocka_unit_test(test_sync_contract),
		cmocka_unit_test(test_mmap_contract),
		cmocka_unit_test(test_uring_contract),
		cmocka_unit_test(test_aio_contract),
		cmocka_unit_test(test_parallel_pointer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
