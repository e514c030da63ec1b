#!/usr/bin/env python3
"""Compares two JMH JSON results (baseline, current) and names the benchmarks that got worse beyond
their error bars: the current score's confidence interval lies wholly on the bad side of the
baseline's (throughput: lower is worse; time per op: higher is worse). Prints a Markdown table.
Exit status 0 either way: a noisy runner should flag, not fail, a build.
Usage: scripts/jmh-compare.py BASELINE.json CURRENT.json"""
import json
import math
import sys


def load(path):
    out = {}
    for r in json.load(open(path)):
        params = " ".join(f"{k}={v}" for k, v in sorted(r.get("params", {}).items()))
        m = r["primaryMetric"]
        err = m.get("scoreError")
        err = float(err) if err not in (None, "NaN") and not math.isnan(float(err)) else 0.0
        out[(r["benchmark"], params)] = (r["mode"], float(m["score"]), err, m["scoreUnit"])
    return out


def worse(mode, base, cur):
    _, b, be, _ = base
    _, c, ce, _ = cur
    if mode == "thrpt":
        return c + ce < b - be
    return c - ce > b + be  # avgt, sample, ss: time per op


def main(baseline_path, current_path):
    base, cur = load(baseline_path), load(current_path)
    rows, regressions = [], []
    for key in sorted(cur):
        if key not in base:
            continue
        mode = cur[key][0]
        b, c = base[key], cur[key]
        change = (c[1] - b[1]) / b[1] * 100 if b[1] else float("nan")
        flag = worse(mode, b, c)
        name = key[0].removeprefix("dev.bench.") + (f" ({key[1]})" if key[1] else "")
        if flag:
            regressions.append(name)
        rows.append(f"| {name} | {b[1]:.4g} ± {b[2]:.2g} | {c[1]:.4g} ± {c[2]:.2g} | {c[3]} | {change:+.1f}% |"
                    f" {'**worse**' if flag else ''} |")
    print("### JMH against the last run on main")
    print()
    if regressions:
        print("Worse beyond the error bars: " + ", ".join(regressions))
    else:
        print("No benchmark got worse beyond its error bars.")
    print()
    print("| benchmark | main | this run | unit | change | |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    new = sorted(set(cur) - set(base))
    if new:
        print()
        print("Not on main yet: " + ", ".join(k[0].removeprefix("dev.bench.") for k in new))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
