"""Compares the op multisets of two IR files (locations ignored): the measure the replay of
Triton's test suite reports ("ttgir ops equal to Triton's"). Prints `equal` or, per op that
differs, its count in each file; exits 1 when they differ.

    python3 test/compat/ttgir_ops.py TRITON.ttgir TREX.ttgir
"""
import collections
import re
import sys

OP = re.compile(r'^(?:%[\w#:-]+(?:\s*,\s*%[\w#:-]+)*\s*=\s*)?"?([a-z_][a-z_0-9]*\.[a-z_][a-z_0-9.]*)')


def op_counts(lines):
    """The multiset of op names of ttgir lines (locations after an op are ignored)."""
    counts = collections.Counter()
    for line in lines:
        text = re.sub(r'\s*loc\(.*$', '', line).strip()
        if not text or text.startswith(("#", "^", "}", "//", "module", "tt.func")):
            continue
        match = OP.match(text)
        if match:
            counts[match.group(1)] += 1
    return counts


def ops(path):
    return op_counts(open(path))


def main():
    first, second = ops(sys.argv[1]), ops(sys.argv[2])
    differ = [name for name in sorted(set(first) | set(second)) if first[name] != second[name]]
    for name in differ:
        print(f"{name}: {first[name]} vs {second[name]}")
    if not differ:
        print(f"equal ({sum(first.values())} ops)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
