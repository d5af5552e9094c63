/* main.c - argv -> profile -> run -> reports -> exit status.
 *
 * Exit status: 0 success, 1 the run failed, 2 usage error, 3 regression
 * (compare), 128+N interrupted by signal N (results still printed).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output.h"
#include "profile.h"
#include "report.h"
#include "results.h"
#include "run.h"
#include "subcmd.h"
#include "util.h"
#include "xmlprofile.h"

static int run_profile(const struct profile *p)
{
	struct results r;
	struct run_options opt = { 0 };
	char err[512] = "";
	int ret, status = 0;

	/* a bad --output path is a usage error, found before the run */
	if (output_check(p, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;
	}
	results_init(&r);
	run_install_signals();
	ret = run_execute(p, &opt, &r, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		results_release(&r);
		return 1;
	}
	if (output_all(&r, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		status = 1;
	}
	if (!status && r.interrupted)
		status = 128 + (run_stop_signal ? run_stop_signal : 2);
	results_release(&r);
	return status;
}

int main(int argc, char **argv)
{
	struct profile p;
	char err[1024] = "";
	int status;

	if (argc > 1 && !strcmp(argv[1], "suite"))
		return suite_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "compare"))
		return compare_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "show"))
		return show_main(argc - 1, argv + 1);

	profile_init(&p);
	switch (cli_parse(argc, argv, &p, err, sizeof(err))) {
	case CLI_HELP:
		cli_usage(stdout);
		status = 0;
		break;
	case CLI_VERSION:
		printf("ioprobe %s\n", IOPROBE_VERSION);
		status = 0;
		break;
	case CLI_PRINT_PROFILE:
		status = stream_finish(stdout, p.format == FORMAT_XML ?
					       xmlprofile_write(&p, stdout, 0) :
					       report_text_profile(&p, stdout));
		if (status)
			fprintf(stderr, "ioprobe: error: cannot write the "
					"profile to stdout: %s\n",
				strerror(-status));
		status = status ? 1 : 0;
		break;
	case CLI_ERROR:
		fprintf(stderr, "ioprobe: error: %s\n", err);
		status = 2;
		break;
	case CLI_RUN:
	default:
		status = run_profile(&p);
		break;
	}
	profile_release(&p);
	return status;
}
