/* cli_usage.c - the help text of `ioprobe -?` (declared in cli.h); the
 * DiskSpd switches' lines come from their table (cli_table.c). */
#include <stdio.h>

#include "profile/cli.h"
#include "profile/cli_table.h"

/* The synopsis of every command and a few examples. */
static void usage_head(FILE *f)
{
	fputs(
"usage: ioprobe [switches] target...\n"
"       ioprobe suite PATH... [--label LABEL] [options]  before/after suite\n"
"       ioprobe compare [--history FILE] [--from LABEL] [--to LABEL]\n"
"       ioprobe show FILE.json [-R<fmt>]              re-render a result\n"
"       ioprobe sweep -b4K,64K,1M [switches] target   one run per value\n"
"       ioprobe identify PATH...                  the cloud disk and VM\n"
"       ioprobe help [COMMAND]                        this, or a command's\n"
"       (ioprobe suite --help, compare --help, show --help, sweep --help:\n"
"       their options; man ioprobe for everything)\n"
"\n"
"examples:\n"
"  ioprobe -b8K -d60 -W5 -h -L -o32 -t4 -r -w30 -c4G /data/io.dat\n"
"  ioprobe -b4K -r -o32 -Rxml --output=json:r.json -c1G /data/io.dat\n"
"  ioprobe suite /data --label before     (change something, then)\n"
"  ioprobe suite /data --label after --html report.html\n"
"  ioprobe compare --from before --to after\n"
"  ioprobe sweep -b4K,16K,64K,256K,1M -r -w0 -t1 -o8 -Su -d10 /dev/sdb\n"
"\n", f);
}

void cli_usage(FILE *f)
{
	usage_head(f);
	fputs(
"DiskSpd switches (values glued to the letter; sizes take K M G T or b\n"
"for blocks of -b; a pasted en-dash works as '-'):\n", f);
	cli_switch_usage(f);
	fputs(
"\n"
"ioprobe options (--name=VALUE or --name VALUE, here and in the\n"
"subcommands):\n"
"  --engine=NAME              io_uring (default), libaio, sync or null\n"
"  --batch=N                  submit once N requests are ready (default 1:\n"
"                             each at once; larger saves system calls)\n"
"  --allow-device-writes=DEV  permit a write test on block device DEV\n"
"  --overwrite                let -c rewrite an existing file ioprobe did\n"
"                             not create (never shrinks or deletes it)\n"
"  --output=FORMAT:PATH       also write FORMAT to PATH (- = stdout),\n"
"                             repeatable\n"
"  --label=TEXT               label the results\n"
"  --continue-on-error        count failed I/Os and keep going (default:\n"
"                             the first one stops the run; exit 1 either way)\n"
"  --no-findings              no findings on stderr (the JSON keeps them)\n"
"  --series=FILE              one line per interval (-D, default 1 s) per\n"
"                             target and direction while the run goes:\n"
"                             FILE.jsonl / .json (JSON Lines) or FILE.csv\n"
"  --disk=PROVIDER:TIER       the cloud disk (azure:P20, aws:gp3:iops=N,\n"
"                             mbps=N): findings name its tier and bursts\n"
"  --vm=SIZE                  the VM size (Standard_D4s_v3, m5.large)\n"
"  --quiet                    no live status, progress or notes on stderr\n"
"  --help, --version\n"
"\n"
"Exit status: 0 ok, 1 run failed, 2 usage error, 3 regression (compare),\n"
"128+N interrupted by signal N.\n", f);
}
