"""trex's code for the side-by-side kernels against real Triton's PTX for the same kernels,
both run by trex-runner, alternating, several rounds.

build_artifacts.sh puts next to trex's artifacts of test/bench/side_by_side.json
(OUT/side_by_side/<name>) real Triton's PTX of the same specialisation (the fixtures,
assembled by the same ptxas, with trex's metadata: OUT/triton_ptx/<name>). Running both
through one runner on the same inputs, round after round, leaves only the generated code
different: not the launcher, the ptxas version or the clock of the moment. Where
build_artifacts.sh also assembled trex's PTX with the ptxas executable (OUT/side_by_side_ptxas;
trex's default is nvJitLink in process), that cubin runs as a third contender. Prints each run and the medians; a ratio above 1 means
trex's kernel is faster.

  python3 test/gpu/kernels_ab.py OUT [ROUNDS]
"""
import json
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def passed_names(path, kernel, signature):
    """The parameters a launch passes: those whose signature entry is a type, not a literal."""
    source = open(path).read()
    match = re.search(r"def\s+" + kernel + r"\s*\(([^)]*)\)", source)
    names = [p.split(":")[0].split("=")[0].strip() for p in match.group(1).split(",") if p.strip()]
    entries = [e.strip() for e in signature.split(",")]
    return [n for n, e in zip(names, entries) if re.fullmatch(r"\*?[a-z]+\d*(:\d+)?", e)]


def alternate(name, commands, rounds, unit=None):
    """Runs each of `commands` (label -> trex-runner command with --bench --json) in turn,
    `rounds` times, printing every run; returns label -> medians in ms. `unit` turns a time
    into the figure printed beside it (e.g. TFLOP/s)."""
    times = {label: [] for label in commands}
    for _ in range(rounds):
        for label, command in commands.items():
            run = subprocess.run(command, capture_output=True, text=True)
            if run.returncode != 0:
                print(f"{name} {label}: trex-runner failed: {(run.stderr or run.stdout)[:300]}")
                continue
            ms = json.loads(run.stdout)["timing_ms"]["median"]
            times[label].append(ms)
            print(f"{name} {label:14} {ms:8.4f} ms" + (f" {unit(ms):7.1f}" if unit else ""), flush=True)
    return times


def report_medians(name, times, figure):
    """Prints, for each contender beside Triton's PTX, both medians as `figure(ms)` writes
    them and the speed ratio trex/Triton (> 1: faster than Triton)."""
    if not times.get("triton"):
        return
    theirs = statistics.median(times["triton"])
    for label in (label for label in times if label != "triton" and times[label]):
        ours = statistics.median(times[label])
        print(f"{name} median: {label} {figure(ours)}, Triton's PTX {figure(theirs)}, "
              f"{label}/Triton {theirs / ours:.3f}", flush=True)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "gpu-artifacts"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    specs = json.load(open(os.path.join(ROOT, "test", "bench", "side_by_side.json")))
    # trex's cubin (its default assembler), the same PTX through the ptxas executable where
    # built, and Triton's PTX.
    variants = (("trex", "side_by_side"), ("trex-ptxas", "side_by_side_ptxas"),
                ("triton", "triton_ptx"))
    for spec in specs:
        name = spec["name"]
        if not os.path.isdir(os.path.join(root, "triton_ptx", name)):
            print(f"{name}: no Triton PTX in {root}/triton_ptx (build_artifacts.sh assembles it)")
            continue
        names = passed_names(os.path.join(ROOT, "samples", spec["file"]), spec["kernel"], spec["signature"])
        commands = {label: [os.path.join(root, "trex-runner"), os.path.join(root, kind, name),
                            "--grid", spec["grid"], "--json", "--signature", spec["signature"],
                            "--names", ",".join(names), "--bench", "--rep", "200"] +
                    [f"--arg={arg}" for arg in spec["args"]]
                    for label, kind in variants
                    if os.path.isdir(os.path.join(root, kind, name))}
        report_medians(name, alternate(name, commands, rounds), lambda ms: f"{ms:.4f} ms")


if __name__ == "__main__":
    main()
