#!/usr/bin/env python3
"""bench/report.py: turns urix_bench's JSON (and the CLI timings) into the tables of
docs/performance.md, and optionally a PNG chart (gnuplot).

Usage: report.py RESULTS.json [--cli CLI.json] [--markdown OUT.md] [--chart OUT.png]

Benchmark names are OP/CORPUS/GRANULARITY/IMPL (see bench/bench.cpp). With repetitions, each
benchmark's fastest repetition is used (the median aggregate when the JSON holds only
aggregates): noise on this host only ever adds time, and its slow phases last minutes, long
enough to move a median. Ratios compare implementations of the same run only: this machine
drifts by 15-25 % between runs (see /work/shared/PERF-ANCHORS.md, "Noise").
"""
import argparse
import json
import shutil
import subprocess
import sys
import tempfile

PEERS = ["boost", "curl", "uriparser", "glib"]
OPS = [
    ("enc_component", "Encode, RFC 3986 component set (unreserved)"),
    ("enc_query", "Encode, query set (pchar / \"/\" / \"?\")"),
    ("dec_clean", "Decode the corpus itself (no or few escapes)"),
    ("dec_escaped", "Decode the corpus's component encoding (escape-heavy)"),
]
CORPORA = ["real_urls", "multilingual", "ascii_prose", "queryish", "clean"]


def load(path):
    with open(path) as f:
        data = json.load(f)
    fastest, medians = {}, {}
    for b in data["benchmarks"]:
        parts = tuple(b.get("run_name", b["name"]).split("/"))
        if len(parts) != 4:
            continue
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[parts] = b
        elif parts not in fastest or b["cpu_time"] < fastest[parts]["cpu_time"]:
            fastest[parts] = b
    results = {**medians, **fastest}
    # The call floor is the cheaper of its two shapes (bench/floors.cpp), per benchmark.
    for key in [k for k in results if k[3] == "call_floor_loop"]:
        blocks = key[:3] + ("call_floor",)
        if blocks not in results or ns_per_call(results[key]) < ns_per_call(results[blocks]):
            results[blocks] = results[key]
    return data.get("context", {}), results


def mbps(b):
    return b["bytes_per_second"] / 1e6 if b else None


def ns_per_call(b):
    return 1e9 / b["items_per_second"] if b and b.get("items_per_second") else None


def fmt_rate(v):
    if v is None:
        return "-"
    return f"{v / 1000:.2f} GB/s" if v >= 1000 else f"{v:.0f} MB/s"


def kernels_in(results):
    names = {k[3] for k in results if k[3].startswith("urix-") and k[3] not in ("urix-str", "urix-str3x")}
    order = {"urix-scalar": 0, "urix-neon": 1, "urix-avx2": 1, "urix-avx512": 2}
    return sorted(names, key=lambda n: order.get(n, 9))


def fastest_peer(results, op, corpus, gran):
    best = None
    for p in PEERS:
        b = results.get((op, corpus, gran, p))
        if b and (best is None or mbps(b) > mbps(best[1])):
            best = (p, b)
    return best


def tables(results, cli):
    kernels = kernels_in(results)
    best_kernel = kernels[-1]
    out = []
    verdicts = []

    for op, title in OPS:
        out.append(f"### {title}\n")
        head = ["corpus", "calls", "memcpy"] + [k.replace("urix-", "urix ") for k in kernels]
        head += ["urix str", "fastest peer", f"{best_kernel} / peer", "str / peer", f"{best_kernel} / memcpy"]
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        for corpus in CORPORA:
            for gran in ("whole", "line"):
                row = [corpus, gran]
                mem = results.get((op, corpus, gran, "memcpy"))
                row.append(fmt_rate(mbps(mem)))
                for k in kernels:
                    row.append(fmt_rate(mbps(results.get((op, corpus, gran, k)))))
                s = results.get((op, corpus, gran, "urix-str"))
                row.append(fmt_rate(mbps(s)))
                peer = fastest_peer(results, op, corpus, gran)
                best = results.get((op, corpus, gran, best_kernel))
                if peer:
                    row.append(f"{peer[0]} {fmt_rate(mbps(peer[1]))}")
                    r1 = mbps(best) / mbps(peer[1]) if best else None
                    r2 = mbps(s) / mbps(peer[1]) if s else None
                    row.append(f"{r1:.1f}x" if r1 else "-")
                    row.append(f"{r2:.1f}x" if r2 else "-")
                    # Judged on the best kernel's buffer form; the str / peer column is for reference.
                    if r1:
                        what = f"{op} {corpus} {gran}: {best_kernel} >= 10x fastest peer ({peer[0]})"
                        value = f"{r1:.1f}x"
                        floor = results.get((op, corpus, gran, "call_floor"))
                        # Only lines with escapes must be packed and decoded: the clean corpus has none.
                        digits = results.get((op, corpus, gran, "call_floor_hex")) if corpus != "clean" else None
                        if r1 < 10 and floor and ns_per_call(floor) >= ns_per_call(peer[1]) / 10:
                            value += f" (call floor {ns_per_call(floor):.1f} ns >= budget {ns_per_call(peer[1]) / 10:.1f}: out of reach)"
                        elif r1 < 10 and digits and ns_per_call(digits) >= ns_per_call(peer[1]) / 10:
                            value += f" (digits floor {ns_per_call(digits):.1f} ns >= budget {ns_per_call(peer[1]) / 10:.1f}: out of reach)"
                        elif r1 < 10 and digits:
                            value += f" (digits floor {ns_per_call(digits):.1f} ns of a {ns_per_call(peer[1]) / 10:.1f} ns budget)"
                        verdicts.append((what, r1 >= 10, value))
                else:
                    row += ["-", "-", "-"]
                pct = 100 * mbps(best) / mbps(mem) if best and mem else None
                row.append(f"{pct:.0f} %" if pct is not None else "-")
                out.append("| " + " | ".join(row) + " |")
                if gran == "whole" and pct is not None:
                    no_escapes = (op == "enc_component" and corpus == "clean") or (
                        op == "dec_clean" and corpus in ("multilingual", "ascii_prose", "clean"))
                    heavy = op == "dec_escaped" and corpus != "clean" or (
                        op == "enc_component" and corpus in ("multilingual", "queryish"))
                    if no_escapes:
                        verdicts.append((f"{op} {corpus} whole: >= 60 % of memcpy (input needs no change)", pct >= 60, f"{pct:.0f} %"))
                    elif heavy:
                        verdicts.append((f"{op} {corpus} whole: >= 35 % of memcpy (escape-heavy)", pct >= 35, f"{pct:.0f} %"))
        out.append("")

    # Per-call cost on short strings against copying the same std::string.
    out.append("### Per call, short strings: ns per call (one call per line)\n")
    # "10x budget" is the time per call that 10x the fastest peer allows. "call floor" is the
    # cheapest call of urix's shape (bench/floors.cpp: the same checks and kernel pointer, a
    # kernel that only copies): where it alone takes the budget, 10x is out of reach for a
    # call of this shape. "pack floor" (escaped lines) is that call with a kernel that only
    # packs the output as a decoder must, without decoding; "digits floor" one that packs and
    # puts each escape's byte in place, checking nothing.
    head = ["op", "corpus", "avg line", "memcpy", "call floor", "pack floor", "digits floor", "string_copy", f"{best_kernel} (buffer)", "urix str",
            "urix str3x", "fastest peer", "10x budget", "str / string_copy"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for op, _ in OPS:
        for corpus in CORPORA:
            sc = results.get((op, corpus, "line", "string_copy"))
            if not sc:
                continue
            avg = sc["bytes_per_second"] / sc["items_per_second"]
            b = results.get((op, corpus, "line", best_kernel))
            s = results.get((op, corpus, "line", "urix-str"))
            s3 = results.get((op, corpus, "line", "urix-str3x"))
            peer = fastest_peer(results, op, corpus, "line")
            ratio = ns_per_call(s) / ns_per_call(sc) if s else None
            f = lambda x: f"{ns_per_call(x):.1f}" if x else "-"
            mem = results.get((op, corpus, "line", "memcpy"))
            floor = results.get((op, corpus, "line", "call_floor"))
            pack = results.get((op, corpus, "line", "call_floor_pack"))
            digits = results.get((op, corpus, "line", "call_floor_hex"))
            budget = f"{ns_per_call(peer[1]) / 10:.1f}" if peer else "-"
            out.append("| " + " | ".join([op, corpus, f"{avg:.0f} B", f(mem), f(floor), f(pack), f(digits), f(sc), f(b), f(s), f(s3),
                                          f"{peer[0]} {f(peer[1])}" if peer else "-", budget,
                                          f"{ratio:.2f}" if ratio else "-"]) + " |")
            if ratio and corpus in ("real_urls", "clean", "queryish"):
                verdicts.append((f"{op} {corpus} line: urix std::string call <= 2x copying the std::string ({avg:.0f} B lines)",
                                 ratio <= 2, f"{ratio:.2f}x"))
    out.append("")

    # Floors: the packing step of each design alone (bench/floors.cpp).
    floors = [k for k in results if k[0] in ("floor_enc", "floor_dec")]
    if floors:
        out.append("### Floors: the packing step alone, against memcpy and urix (whole buffers)\n")
        head = ["op", "corpus", "memcpy", "floor", "floor GB/s", "floor / memcpy", f"{best_kernel}", f"{best_kernel} / memcpy",
                f"{best_kernel} / floor"]
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        for fop, op in (("floor_enc", "enc_component"), ("floor_dec", "dec_escaped")):
            for corpus in CORPORA:
                if corpus == "clean":  # nothing to escape: no packing step to bound
                    continue
                mem = results.get((op, corpus, "whole", "memcpy"))
                best = results.get((op, corpus, "whole", best_kernel))
                for design in ("compress", "lut", "triples", "stores", "third_stores", "line_stores"):
                    fl = results.get((fop, corpus, "whole", design))
                    if not fl:
                        continue
                    pct = lambda b: f"{100 * mbps(b) / mbps(mem):.0f} %" if b and mem else "-"
                    ratio = f"{100 * mbps(best) / mbps(fl):.0f} %" if best else "-"
                    out.append("| " + " | ".join([op, corpus, fmt_rate(mbps(mem)), design, fmt_rate(mbps(fl)), pct(fl),
                                                  fmt_rate(mbps(best)), pct(best), ratio]) + " |")
        out.append("")

    if cli:
        out.append("### Command-line tools over the same file\n")
        out.append(f"File: {cli['file_bytes'] / 1e6:.0f} MB, {cli['lines']} lines (one encode per line). Wall time, best of {cli['runs']}.\n")
        out.append("| tool | command | seconds | MB/s | output identical to urix |")
        out.append("|---|---|---|---|---|")
        for t in cli["tools"]:
            rate = cli["file_bytes"] / t["seconds"] / 1e6 if t.get("seconds") else None
            out.append(f"| {t['name']} | `{t['command']}` | {t['seconds']:.2f} | {rate:.0f} | {t.get('same_output', '-')} |")
            if t["name"] == "urix" and rate:
                verdicts.append(("CLI line mode (`urix encode`, 100 MB file) >= 1 GB/s end to end", rate >= 1000,
                                 f"{rate / 1000:.2f} GB/s"))
        out.append("")

    out.append("### Targets (issue 5)\n")
    out.append("| target | met | measured |")
    out.append("|---|---|---|")
    for what, ok, value in verdicts:
        out.append(f"| {what} | {'yes' if ok else '**no**'} | {value} |")
    met = sum(1 for v in verdicts if v[1])
    beyond = sum(1 for v in verdicts if not v[1] and "out of reach" in v[2])
    out.append(f"\n{met} of {len(verdicts)} target checks met" +
               (f"; {beyond} of the others out of reach for a call of urix's shape (call or digits floor)" if beyond else "") + ".\n")
    return "\n".join(out)


def chart(results, path):
    """Whole-buffer throughput per corpus: urix kernels against the fastest peer (log scale)."""
    if not shutil.which("gnuplot"):
        print("report.py: gnuplot not found, no chart", file=sys.stderr)
        return False
    kernels = kernels_in(results)
    ops = [("enc_component", "encode"), ("dec_escaped", "decode %HH")]
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as dat:
        for op, label in ops:
            for corpus in CORPORA:
                cells = [results.get((op, corpus, "whole", "memcpy"))] + [results.get((op, corpus, "whole", k)) for k in kernels]
                peer = fastest_peer(results, op, corpus, "whole")
                cells.append(peer[1] if peer else None)
                vals = [f"{mbps(c) / 1000:.4f}" if c else "NaN" for c in cells]
                dat.write(f'"{label}\\n{corpus}" ' + " ".join(vals) + "\n")
        name = dat.name
    cols = ["memcpy"] + [k.replace("urix-", "urix ") for k in kernels] + ["fastest peer"]
    plots = ", ".join(f"'{name}' using {i + 2}:xtic(1) title '{c}'" for i, c in enumerate(cols))
    script = f"""
set terminal pngcairo size 1400,600 font 'sans,10' noenhanced
set output '{path}'
set xtics rotate by -30
set bmargin 6
set title 'urix whole-buffer throughput (GB/s of input, log scale) against memcpy and the fastest peer'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border -1
set logscale y
set yrange [0.05:*]
set grid ytics
set key top left
set xtics font ',8'
set ylabel 'GB/s'
plot {plots}
"""
    r = subprocess.run(["gnuplot"], input=script, text=True, capture_output=True)
    if r.returncode != 0:
        print("report.py: gnuplot failed: " + r.stderr, file=sys.stderr)
        return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("--cli")
    ap.add_argument("--markdown")
    ap.add_argument("--chart")
    args = ap.parse_args()
    context, results = load(args.results)
    cli = None
    if args.cli:
        with open(args.cli) as f:
            cli = json.load(f)
    text = tables(results, cli)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text + "\n")
    if args.chart and chart(results, args.chart):
        print(f"chart: {args.chart}", file=sys.stderr)


if __name__ == "__main__":
    main()
