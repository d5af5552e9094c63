# ioprobe.bash - bash completion for ioprobe: the subcommands, the DiskSpd
# switches and every command's long options.  Installed by `make install`
# to $(PREFIX)/share/bash-completion/completions/ioprobe; to try it from a
# checkout: `. completion/ioprobe.bash`.
#
# The option lists below are checked against the commands' option tables
# (tests/unit/test_opt_table.c): an option added to a table without a
# word here fails the tests.  A value option ends in '=' so the next TAB
# completes its value.

_ioprobe_cmds="suite compare show sweep identify help"

# DiskSpd switches (values are glued to the letter: -b8K, -o32)
_ioprobe_switches="-? -a -b -B -c -C -d -D -e -f -F -g -h -i -I -j -l -L -n
	-N -o -O -p -P -r -rs -rdpct -rdabs -R -Rp -s -si -S -Sb -Sh -Sm -Sr
	-Su -Sw -t -T -v -w -W -x -X -z -Z -Zr -:"

_ioprobe_opts_run="--engine= --allow-device-writes= --output= --label=
	--batch= --series= --disk= --vm= --overwrite --continue-on-error
	--no-findings --quiet --help --version"
_ioprobe_opts_suite="--label= --baseline= --duration= --warmup= --file-size=
	--profiles= --profile-file= --history= --expect= --engine= --html=
	--runs= --disk= --vm= --keep-file --wide --quiet --help"
_ioprobe_opts_compare="--history= --from= --to= --min-effect=
	--allow-different --disk= --vm= --help"
_ioprobe_opts_show="--help"
_ioprobe_opts_help=""
# the sweep's own, then the run's it hands on
_ioprobe_opts_sweep="--label= --history= --html= --slo= --file-size=
	--engine= --keep-file --quiet --help --allow-device-writes= --batch=
	--series= --disk= --vm= --overwrite --continue-on-error --no-findings"
_ioprobe_opts_identify="--disk= --vm= --metadata --help"

_ioprobe_engines="io_uring libaio sync null"
_ioprobe_formats="text xml json csv html"
_ioprobe_profiles="randread4k mixed8k seqread64k latency4k seq1m"

# The labels of the history, for compare --from/--to: the column named
# "label" in the header (its place differs between history versions),
# fields split by the history's CSV rules (quoted when they hold a
# comma or a quote, quotes doubled).
_ioprobe_labels()
{
	local h=${1:-${XDG_DATA_HOME:-$HOME/.local/share}/ioprobe/history.csv}

	[ -r "$h" ] || return
	awk '
	function field(line, want,	i, c, q, n, v) {
		n = 1; v = ""; q = 0
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (q && c == "\"" && substr(line, i + 1, 1) == "\"") {
				v = v c; i++
			} else if (c == "\"") {
				q = !q
			} else if (c == "," && !q) {
				if (n == want)
					return v
				n++; v = ""
			} else {
				v = v c
			}
		}
		return n == want ? v : ""
	}
	{ sub(/\r$/, "") }
	NR == 1 {
		n = split($0, head, ",")
		for (i = 1; i <= n && !col; i++)
			if (head[i] == "label")
				col = i
		if (!col)
			exit
		next
	}
	{ v = field($0, col); if (v != "") print v }' "$h" 2>/dev/null |
		sort -u
}

# The value of option $1 (without '=') being typed as $2; $3 is the
# history named on the line, if any.
_ioprobe_value()
{
	local opt=$1 cur=$2 hist=$3 pre

	case $opt in
	--engine)
		COMPREPLY=($(compgen -W "$_ioprobe_engines" -- "$cur")) ;;
	--output)
		COMPREPLY=($(compgen -S : -W "$_ioprobe_formats" -- "$cur"))
		compopt -o nospace 2>/dev/null ;;
	--profiles)
		pre=
		[[ $cur == *,* ]] && pre=${cur%,*},
		COMPREPLY=($(compgen -P "$pre" -W "$_ioprobe_profiles" -- \
			"${cur##*,}")) ;;
	--from|--to|--baseline)
		COMPREPLY=($(compgen -W "$(_ioprobe_labels "$hist")" -- \
			"$cur")) ;;
	--history|--html|--profile-file|--allow-device-writes|--series)
		COMPREPLY=($(compgen -f -- "$cur")) ;;
	*)
		COMPREPLY=() ;;
	esac
}

_ioprobe()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev= cmd= opts hist= opt= i w

	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		[[ -z $cmd && " $_ioprobe_cmds " == *" $w "* ]] && cmd=$w
		[[ $w == --history=* ]] && hist=${w#--history=}
		if [[ $w == --history ]]; then
			hist=${COMP_WORDS[i + 1]}
			[[ $hist == = ]] && hist=${COMP_WORDS[i + 2]}
		fi
	done
	opts=_ioprobe_opts_${cmd:-run}
	opts=${!opts}

	# bash splits --opt=VALUE at '=' and FORMAT:PATH at ':' (see
	# COMP_WORDBREAKS); without those breaks the word is whole
	if [[ $cur == --*=* ]]; then
		_ioprobe_value "${cur%%=*}" "${cur#*=}" "$hist"
		COMPREPLY=("${COMPREPLY[@]/#/${cur%%=*}=}")
		return
	fi
	if [[ $prev == : ]]; then
		COMPREPLY=($(compgen -f -- "$cur"))
		return
	fi
	if [[ $cur == = ]]; then
		opt=$prev
		cur=
	elif [[ $prev == = ]]; then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $prev == --* && " $opts " == *" $prev= "* ]]; then
		opt=$prev
	fi
	if [[ -n $opt ]]; then
		_ioprobe_value "$opt" "$cur" "$hist"
		return
	fi
	case $cur in
	--*)
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		[[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
		;;
	-R*)
		if [[ $cmd == show ]]; then
			COMPREPLY=($(compgen -P -R -W "$_ioprobe_formats" -- \
				"${cur#-R}"))
		elif [[ $cmd == compare ]]; then
			COMPREPLY=($(compgen -P -R -W "text csv json html" -- \
				"${cur#-R}"))
		elif [[ $cmd == sweep ]]; then
			COMPREPLY=($(compgen -P -R -W "text json" -- "${cur#-R}"))
		elif [[ -n $cmd ]]; then
			COMPREPLY=($(compgen -P -R -W "text csv json" -- \
				"${cur#-R}"))
		else
			COMPREPLY=($(compgen -P -R -W "$_ioprobe_formats pxml \
				ptext" -- "${cur#-R}"))
		fi ;;
	-*)
		[[ -z $cmd || $cmd == sweep ]] &&
			COMPREPLY=($(compgen -W "$_ioprobe_switches" -- "$cur"))
		;;
	*)
		if ((COMP_CWORD == 1)); then
			COMPREPLY=($(compgen -W "$_ioprobe_cmds" -- "$cur"))
			COMPREPLY+=($(compgen -f -- "$cur"))
		elif [[ $cmd == help ]]; then
			COMPREPLY=($(compgen -W "${_ioprobe_cmds% help}" -- \
				"$cur"))
		elif [[ $cmd == suite ]]; then
			COMPREPLY=($(compgen -d -- "$cur"))
		elif [[ $cmd != compare ]]; then
			COMPREPLY=($(compgen -f -- "$cur"))
		fi ;;
	esac
}

complete -F _ioprobe ioprobe
