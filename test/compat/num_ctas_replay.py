"""Replays the thread-block-cluster kernels of a replay of Triton's test suite with their
num_ctas: replay_trex.py compiles every kernel with trex's default of one CTA per cluster,
so a kernel Triton compiled with num_ctas > 1 is compared here again, its command run with
`--num-ctas N --emit ttgir`, against Triton's ttgir:

  ops      the op multisets (what the replay reports),
  layouts  the layout attributes (#blocked..., #mma..., #shared...) as sets of definitions,
  lines    each op line with its types, layouts and attributes, SSA names erased, as a
           multiset (what is computed where, whatever the order),
  text     the whole ttgir modulo SSA names, locations and attribute alias names (trex's op
           order differs from Triton's in places for num_ctas = 1 too: constants, the
           memdesc_index before a splat).

    python3 test/compat/num_ctas_replay.py RESULTS.jsonl CAPTURE_DIR --trex build/bin/trex \
        --out OUT [--only REGEX]

RESULTS.jsonl is the replay's (node, command, id fields); CAPTURE_DIR the unpacked capture
holding Triton's ttgir as capture/gw*/triton/ID.ttgir. Prints one line per kernel and the
count of each measure; exits 1 when a kernel differs or fails.
"""
import argparse
import collections
import glob
import json
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ttgir_ops import op_counts  # noqa: E402

NUM_CTAS = re.compile(r'"ttg\.num-ctas"\s*=\s*(\d+)')
ALIAS_DEF = re.compile(r'^(#[\w.]+)\s*=\s*(.*)$')


def strip_locations(text):
    lines = []
    for line in text.splitlines():
        if line.startswith("#loc"):
            continue
        line = re.sub(r'\s*loc\((?:[^()]|\([^()]*\))*\)', '', line)
        lines.append(line.rstrip())
    return lines


def layouts(lines):
    """Alias name -> definition, for the layout aliases of the module."""
    found = {}
    for line in lines:
        match = ALIAS_DEF.match(line)
        if match and not match.group(1).startswith("#loc"):
            found[match.group(1)] = match.group(2)
    return found


def canonical(lines, arguments):
    """The text with aliases replaced by their definitions and SSA names numbered in order of
    appearance (Triton names values after the Python variables, trex after its own); the
    function's arguments keep their names (both use the Python parameters')."""
    aliases = layouts(lines)
    names = {}

    def rename(match):
        name = match.group(0)
        if name not in names:
            names[name] = f"%v{len(names)}"
        return names[name]

    body = []
    for line in lines:
        if ALIAS_DEF.match(line) or not line.strip():
            continue
        for alias in sorted(aliases, key=len, reverse=True):
            line = re.sub(re.escape(alias) + r'(?![\w.])', aliases[alias], line)
        line = re.sub(r'%[\w.$-]+', lambda m: m.group(0) if m.group(0)[1:] in arguments
                      else rename(m), line)
        body.append(line)
    return body



def erased(lines):
    """The canonical lines as a multiset with the value numbers erased."""
    return collections.Counter(re.sub(r'%v\d+', '%_', line) for line in lines)


def arguments_of(lines):
    for line in lines:
        if "tt.func" in line:
            return set(re.findall(r'%([A-Za-z_]\w*):', line))
    return set()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("capture")
    parser.add_argument("--trex", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", default=None, help="regex on the test node id")
    args = parser.parse_args()

    records = [json.loads(line) for line in open(args.results) if line.strip()]
    os.makedirs(args.out, exist_ok=True)
    totals = collections.Counter()
    for record in records:
        node, command = record.get("node", ""), record.get("command")
        if not command or (args.only and not re.search(args.only, node)):
            continue
        ident = record.get("id")
        if not ident:
            continue
        tritons = glob.glob(os.path.join(args.capture, "capture", "gw*", "triton",
                                         f"{ident}.ttgir"))
        if not tritons:
            continue
        triton_text = open(tritons[0]).read()
        match = NUM_CTAS.search(triton_text)
        if not match or int(match.group(1)) == 1:
            continue
        num_ctas = int(match.group(1))
        words = shlex.split(command)
        words[0] = args.trex
        out = os.path.join(args.out, ident)
        words[words.index("-o") + 1] = out
        words[words.index("--emit") + 1] = "ttgir"
        words += ["--num-ctas", str(num_ctas)]
        run = subprocess.run(words, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        totals["kernels"] += 1
        if run.returncode != 0:
            first = next((line for line in run.stderr.splitlines() if "error" in line), "")
            print(f"FAIL   {node}: {first}")
            totals["failed"] += 1
            continue
        trex_paths = glob.glob(os.path.join(out, "*.ttgir"))
        trex_lines = strip_locations(open(trex_paths[0]).read())
        triton_lines = strip_locations(triton_text)
        arguments = arguments_of(triton_lines)
        same_ops = op_counts(trex_lines) == op_counts(triton_lines)
        same_layouts = sorted(layouts(trex_lines).values()) == sorted(layouts(triton_lines).values())
        trex_text = canonical(trex_lines, arguments)
        triton_text_lines = canonical(triton_lines, arguments)
        same_text = trex_text == triton_text_lines
        same_lines = erased(trex_text) == erased(triton_text_lines)
        totals["ops"] += same_ops
        totals["layouts"] += same_layouts
        totals["lines"] += same_lines
        totals["text"] += same_text
        status = "same" if same_ops and same_layouts and same_lines else "DIFFER"
        print(f"{status:6} {node} [num_ctas={num_ctas}] ops={'=' if same_ops else 'x'} "
              f"layouts={'=' if same_layouts else 'x'} lines={'=' if same_lines else 'x'} "
              f"text={'=' if same_text else 'x'}")
    count = totals["kernels"]
    print(f"{count} kernels with num_ctas > 1: ops equal {totals['ops']}/{count}, layouts equal "
          f"{totals['layouts']}/{count}, lines equal {totals['lines']}/{count}, text equal "
          f"{totals['text']}/{count}, "
          f"failed {totals['failed']}")
    return 0 if count and totals["lines"] == count else 1


if __name__ == "__main__":
    sys.exit(main())
