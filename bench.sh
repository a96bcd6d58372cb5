#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ./bench.sh [BENCHMARK-ARGS...]: builds bench/ (-O3, with every peer) and runs the whole suite
# in one run: the codec, urix (each kernel) against memcpy, Boost.URL, curl, uriparser and GLib;
# the URI layer (bench/uri_bench.cpp: parse, normalize, resolve, IRIs, one call per URL) against
# the same libraries, ICU and libidn2; then the CLI (built here too, from the same sources)
# against Python and Node, and the Python module against urllib.parse, yarl and rfc3986
# (bench/python); and the three rooms of issues 48, 49 and 51: the URL Standard's mode against
# ada (bench/url_bench.cpp), URI Templates against uritemplate (Python) and url-template (node)
# (bench/template_bench.cpp, bench/python/bench_template.py, bench/template_node.mjs), the
# chores against libpsl, base64 + urllib and pathlib (bench/chores_bench.cpp,
# bench/python/chores_bench.py). Prints the tables of docs/performance.md and writes them, the
# raw JSON and a chart to $BENCH_OUT.
#
#   ./bench.sh                                     # full run (~6 min of CPU; longer on busy cores)
#   BENCH_QUICK=1 ./bench.sh                       # one repetition, short runs: a smoke test
#   ./bench.sh --benchmark_filter='enc_component/real_urls'   # a filter applies to both suites
#   # The URI layer alone, only its parse, normalize and resolve rows, one repetition (< 1 min
#   # once built): what to run while working on the parser
#   BENCH_ONLY=uri BENCH_QUICK=1 ./bench.sh --benchmark_filter='^(parse|normalize|resolve)/'
#   BENCH_ONLY=template ./bench.sh                # one room alone: url, template or chores
#   BENCH_ONLY=url-cli ./bench.sh                 # the CLI's normalize --whatwg against ada alone
#
# Environment: BENCH_DIR (build dir, default build/bench), BENCH_OUT (default $BENCH_DIR/results),
# BENCH_CPU (CPU to pin to with taskset, default 1), URIX_BENCH_SCALE (bytes per generated corpus),
# URIX_CLI (the CLI to time, default the one built here: $BENCH_DIR/cli/urix), BENCH_ONLY=uri
# (the URI layer's library rows only: no codec, CLI or Python runs), BENCH_ONLY=url (the URL
# Standard's mode against ada alone, bench/url_bench.cpp), BENCH_ONLY=url-cli (`urix normalize
# --whatwg` against cat, a line filter around ada, node and Python: bench/cli_bench.py --only url,
# pinned to BENCH_CPU), BENCH_ONLY=template (URI Templates:
# the C++ suite, the Python module against uritemplate, node's url-template if installed),
# BENCH_ONLY=chores (sites, data: URLs, paths: the C++ suite and the Python module),
# URIX_BENCH_CHECK=0 (skip the checks of the peers' outputs against urix's before timing),
# NODE_PATH (where npm's url-template is, default build/node/node_modules: see below).
#
# When ada's amalgamation is there (../shared/peers/ada), the URL Standard's mode is timed
# against it too (bench/url_bench.cpp; raw JSON in $BENCH_OUT/url.json). node's url-template is
# not a Debian package: the template room times it only when it is installed already
# (`npm install --prefix build/node url-template`); without it that comparison is skipped.
set -euo pipefail
cd "$(dirname "$0")"
root=$PWD
build=${BENCH_DIR:-build/bench}
out=${BENCH_OUT:-$build/results}

# The peers come from Debian, as users get them; gnuplot draws the chart.
tools/deps.sh libbenchmark-dev libboost1.81-dev libcurl4-openssl-dev liburiparser-dev libglib2.0-dev gnuplot-nox \
  libidn2-dev \
  python3-yarl python3-rfc3986 \
  python3-uritemplate libpsl-dev publicsuffix  # the template and chores rooms' peers

# Configured every time: a build directory configured before the peers were installed (by
# bench/ab.sh, say) has them cached as not found, and the suite would run without them.
configure=$(cmake --preset bench -B "$build")
echo "$configure" >&2
if ! grep -q "peers built in: boost;curl;uriparser;glib$" <<<"$configure"; then
  echo "bench.sh: not every peer was found: $(grep 'peers built in' <<<"$configure")" >&2
  exit 1
fi
if ! grep -q "host step peers built in: icu;idn2$" <<<"$configure"; then
  echo "bench.sh: libidn2 was not found: $(grep 'host step peers' <<<"$configure")" >&2
  exit 1
fi
if ! grep -q "chores bench: site peer built in: libpsl$" <<<"$configure"; then
  echo "bench.sh: libpsl was not found: $(grep 'chores bench: site peer' <<<"$configure")" >&2
  exit 1
fi
only=${BENCH_ONLY:-}
url_bench=""
[ -f "$root/../shared/peers/ada/ada.cpp" ] && url_bench="urix_url_bench urix_ada_filter"
case "$only" in
  "") cmake --build "$build" --target urix_bench urix_uri_bench urix-cli urix_python $url_bench \
        urix_template_bench urix_chores_bench >&2 ;;
  uri) cmake --build "$build" --target urix_uri_bench >&2 ;;
  url)
    if [ -z "$url_bench" ]; then echo "bench.sh: BENCH_ONLY=url needs ../shared/peers/ada" >&2; exit 2; fi
    cmake --build "$build" --target urix_url_bench >&2 ;;
  url-cli)
    if [ -z "$url_bench" ]; then echo "bench.sh: BENCH_ONLY=url-cli needs ../shared/peers/ada" >&2; exit 2; fi
    cmake --build "$build" --target urix-cli urix_ada_filter >&2 ;;
  template) cmake --build "$build" --target urix_template_bench urix_python >&2 ;;
  chores) cmake --build "$build" --target urix_chores_bench urix_python >&2 ;;
  *) echo "bench.sh: BENCH_ONLY=$only: only 'uri', 'url', 'url-cli', 'template' and 'chores' are known" >&2; exit 2 ;;
esac
mkdir -p "$out"

# Five repetitions of each benchmark, randomly interleaved with all the others' (the report
# takes the fastest): this host slows down for minutes at a time, and interleaving spreads
# that over every implementation alike instead of over whichever ran then.
reps=(--benchmark_repetitions=5 --benchmark_min_time=0.06 --benchmark_enable_random_interleaving=true
      --benchmark_display_aggregates_only=true)
[ -n "${BENCH_QUICK:-}" ] && reps=(--benchmark_repetitions=1 --benchmark_min_time=0.01)
pin=()
cpu=${BENCH_CPU:-1}
if command -v taskset >/dev/null && [ "$(nproc)" -gt "$cpu" ]; then pin=(taskset -c "$cpu"); fi

echo "bench: $(date -u +%FT%TZ) on $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
testdata=${URIX_TESTDATA:-$root/../shared/testdata}
# A filter may match rows of one suite only: the other writes no JSON, and the report skips it.
rm -f "$out"/{results,uri,url,template,template_python,template_node,chores,chores_python}.json
# suite NAME: runs $build/bench/urix_NAME_bench (NAME=codec: urix_bench) into $out/NAME.json.
suite() {
  local bin=urix_$1_bench json=$out/$1.json
  [ "$1" = codec ] && bin=urix_bench json=$out/results.json
  shift
  URIX_TESTDATA=$testdata "${pin[@]}" "$build/bench/$bin" \
    "${reps[@]}" --benchmark_out="$json" --benchmark_out_format=json "$@" >&2
}
room() { [ -z "$only" ] || [ "$only" = "$1" ]; }
py_repeat=5
[ -n "${BENCH_QUICK:-}" ] && py_repeat=1
if [ -n "$url_bench" ] && room url; then
  suite url "$@"
fi
cli=${URIX_CLI:-$build/cli/urix}  # built above: never a stale binary from another build
# The CLI's normalize --whatwg against ada (both pinned to BENCH_CPU, URIX_THREADS=1): in the
# full run with the other CLI rows below.
url_cli_args=()
[ -n "$url_bench" ] && url_cli_args=(--ada-filter "$build/bench/urix_ada_filter")
[ ${#pin[@]} -gt 0 ] && url_cli_args+=(--cpu "$cpu")
if [ "$only" = url-cli ]; then
  python3 bench/cli_bench.py --urix "$cli" --testdata "$testdata" --out "$out/cli.json" --mb 100 --runs 3 \
    --only url "${url_cli_args[@]}"
  python3 bench/report.py --cli "$out/cli.json" --markdown "$out/tables.md"
  exit 0
fi
# URI Templates (issue 49): the C++ suite, the Python module against uritemplate, and npm's
# url-template in node when it is installed (never fetched here: the run needs no network).
if room template; then
  suite template "$@"
  PYTHONPATH=$build/python URIX_TESTDATA=$testdata /usr/bin/python3 bench/python/bench_template.py \
    --testdata "$testdata" --repeat "$py_repeat" --out "$out/template_python.json" >&2
  node_modules=${NODE_PATH:-$root/build/node/node_modules}
  if command -v node >/dev/null && [ -d "$node_modules/url-template" ]; then
    NODE_PATH=$node_modules node bench/template_node.mjs "$testdata" "$out/template_node.json" >&2
  else
    echo "bench: no node or no url-template in $node_modules: the node comparison skipped" >&2
  fi
fi
# The chores (issue 51): sites against libpsl in C++, data: URLs and paths from Python.
if room chores; then
  suite chores "$@"
  PYTHONPATH=$build/python /usr/bin/python3 bench/python/chores_bench.py \
    --repeat "$py_repeat" --out "$out/chores_python.json" >&2
fi
if [ -z "$only" ]; then
  suite codec "$@"
fi
if room uri; then
  suite uri "$@"
fi
report_args=()
[ -s "$out/results.json" ] && report_args+=("$out/results.json")
[ -s "$out/uri.json" ] && report_args+=(--uri "$out/uri.json")
for f in url template template_python template_node chores chores_python; do
  [ -s "$out/$f.json" ] && report_args+=("--${f//_/-}" "$out/$f.json")
done
if [ -n "$only" ]; then
  python3 bench/report.py "${report_args[@]}" --markdown "$out/tables.md"
  exit 0
fi

cli_args=()
if [ -x "$cli" ] && [ -z "${BENCH_QUICK:-}" ]; then
  python3 bench/cli_bench.py --urix "$cli" --testdata "${URIX_TESTDATA:-$root/../shared/testdata}" \
    --out "$out/cli.json" --mb 100 --runs 3 "${url_cli_args[@]}"
  cli_args=(--cli "$out/cli.json")
else
  echo "bench: no $cli or quick run: CLI comparison skipped" >&2
fi
# The Python module (python/, for /usr/bin/python3) against urllib.parse, yarl and rfc3986.
PYTHONPATH=$build/python URIX_TESTDATA=${URIX_TESTDATA:-$root/../shared/testdata} \
  /usr/bin/python3 bench/python/bench_python.py --repeat "$py_repeat" --out "$out/python.md" >&2
echo "bench: load after the run $(cut -d' ' -f1-3 /proc/loadavg)" >&2
python3 bench/report.py "${report_args[@]}" "${cli_args[@]}" --markdown "$out/tables.md" --chart "$out/performance.png"
