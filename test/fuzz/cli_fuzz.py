#!/usr/bin/env python3
"""Fuzzes `trex compile` as a whole: mutated project kernels through the command line.

    cli_fuzz.py --trex build/bin/trex [--runs N | --time SECONDS] [--jobs 2] [--timeout 30]
                [--emit ttgir[,llir,asm]] [--seed N] [--out DIR] [--root SOURCE_ROOT]

Each run takes a kernel of the project (the seeds of collect_corpus.py: samples/kernels,
test/frontend and the kernels and IR the tests compile), applies one to three mutations
(numbers pushed to extremes such as 0, -1, 2^16, 2^31 and 2^63, operators swapped, lines moved,
duplicated or dropped, words replaced; the signature's entries and --num-warps/--num-stages
too) and runs `trex compile FILE --emit STAGE` with a timeout. Only seeds that compile as they
are (to ttgir) are used. Every run is one of:

    ok               exit status 0
    located error    exit status 1 with an error at file:line:col
    unlocated error  exit status 1 with errors, none located
    crash            a signal, another exit status, or 'internal compiler error' /
                     'internal error' / 'LLVM ERROR' / a stack dump in the output
    hang             still running after --timeout seconds, also when run again alone after
                     the parallel runs (a run slowed past it by its neighbours is not a hang)

Crashes and hangs (and the first few unlocated errors of each message) are kept in --out as
CLASS-HASH.py|.ttir|.ttgir with CLASS-HASH.txt (the command line, exit status and output). The
summary table goes to stdout; the exit status is 1 when there was a crash or a hang.
Python 3 standard library only.
"""
import argparse
import collections
import concurrent.futures
import hashlib
import os
import pathlib
import random
import re
import shlex
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import collect_corpus  # noqa: E402

EXTREME_NUMBERS = ["0", "1", "-1", "2", "3", "7", "16", "31", "32", "33", "64", "127", "128",
                   "255", "256", "1024", "4096", "32768", "65535", "65536", "65537",
                   "2147483647", "2147483648", "-2147483648", "4294967296",
                   "9223372036854775807", "9223372036854775808", "-9223372036854775809",
                   "18446744073709551616", "1e308", "1e309", "-0.0", "0.5", "1.5"]
OPERATOR_FAMILIES = [
    ["+", "-", "*", "/", "//", "%", "**"],
    ["==", "!=", "<", "<=", ">", ">="],
    ["&", "|", "^", "<<", ">>"],
    [" and ", " or "],
    ["(", ")", "[", "]", ","],
]
OPERATOR_PATTERN = re.compile("|".join(re.escape(op) for op in sorted(
    {op for family in OPERATOR_FAMILIES for op in family}, key=len, reverse=True)))
NUMBER_PATTERN = re.compile(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?")
WORD_PATTERN = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
SIGNATURE_ENTRIES = ["*fp32", "*fp16:16", "*bf16", "*i1", "*i8:16", "*u32", "*fp8e4nv", "i1",
                     "i32", "i32:16", "i64", "i64:1", "u32", "fp32", "fp64", "1", "0", "-1",
                     "16", "64", "1024", "65536", "2147483648", "True", "None", "'s'", "3.5",
                     "constexpr"]
LOCATED = re.compile(r"^\S+:\d+:\d+: error:", re.M)
# A C assert prints "Assertion `COND' failed"; Triton's own messages say "Assertion condition
# ..." (tl.static_assert), a located error, not a crash.
CRASH_MARKERS = ("internal compiler error", "internal error", "LLVM ERROR", "Stack dump",
                 "PLEASE submit a bug report", "Assertion `", "terminate called", "AddressSanitizer",
                 "runtime error:")
CLASSES = ["ok", "located error", "unlocated error", "crash", "hang"]


class Seed:
    def __init__(self, text, suffix, kernel="", signature="", target=""):
        self.text, self.suffix = text, suffix
        self.kernel, self.signature, self.target = kernel, signature, target


def load_seeds(root):
    seeds = []
    for text in collect_corpus.python_seeds(root):
        match = re.match(r"# trex-fuzz: (.*?) \| (.*?) \| (.*)\n", text)
        if match:
            seeds.append(Seed(text, ".py", *[part.strip() for part in match.groups()]))
            continue
        # Without a header: each @triton.jit function on the proposal path (no --signature).
        for kernel in re.findall(r"@triton\.jit[^\n]*\n(?:@[^\n]*\n)*def (\w+)", text):
            seeds.append(Seed(text, ".py", kernel))
    for text in collect_corpus.ir_seeds(root):
        if "tt.func" in text:
            seeds.append(Seed(text, ".ttgir" if "ttg." in text else ".ttir"))
    return seeds


def command_for(trex, path, seed, signature, target, options, emit, out):
    command = [trex, "compile", str(path), "--emit", emit, "-o", str(out)]
    if seed.suffix == ".py":
        if seed.kernel:
            command += ["--kernel", seed.kernel]
        if signature:
            command += ["--signature", signature]
        command += ["--target", target]
    return command + options


def compiling_seeds(seeds, args):
    """The seeds that compile as they are, on their target (a mutant of an invalid test case
    mostly stops at the error the case was written for)."""
    def compiles(index):
        seed = seeds[index]
        with tempfile.TemporaryDirectory(prefix="cli-fuzz-seed-") as workdir:
            path = pathlib.Path(workdir) / ("kernel" + seed.suffix)
            path.write_text(seed.text)
            command = command_for(args.trex, path, seed, seed.signature, seed.target or "cuda:90",
                                  [], "ttgir", pathlib.Path(workdir) / "out")
            try:
                return subprocess.run(command, capture_output=True, timeout=args.timeout).returncode == 0
            except subprocess.TimeoutExpired:
                return False
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        keep = list(pool.map(compiles, range(len(seeds))))
    return [seed for seed, ok in zip(seeds, keep) if ok]


class Mutator:
    def __init__(self, seeds, rng):
        self.rng = rng
        self.words = sorted({word for seed in seeds for word in WORD_PATTERN.findall(seed.text)
                             if len(word) < 40})

    def number(self, text):
        matches = list(NUMBER_PATTERN.finditer(text))
        if not matches:
            return text
        match = self.rng.choice(matches)
        if self.rng.random() < 0.3 and re.fullmatch(r"-?\d{1,9}", match.group()):
            value = int(match.group())
            new = str(self.rng.choice([value * 2, value // 2, value + 1, value - 1, -value,
                                       value * 65536]))
        else:
            new = self.rng.choice(EXTREME_NUMBERS)
        return text[:match.start()] + new + text[match.end():]

    def operator(self, text):
        matches = list(OPERATOR_PATTERN.finditer(text))
        if not matches:
            return text
        match = self.rng.choice(matches)
        family = next((f for f in OPERATOR_FAMILIES if match.group() in f), OPERATOR_FAMILIES[0])
        if self.rng.random() < 0.25:
            family = self.rng.choice(OPERATOR_FAMILIES)
        return text[:match.start()] + self.rng.choice(family) + text[match.end():]

    def lines(self, text):
        lines = text.splitlines(keepends=True)
        if len(lines) < 2:
            return text
        index = self.rng.randrange(len(lines))
        action = self.rng.randrange(5)
        if action == 0:
            del lines[index]
        elif action == 1:
            lines.insert(index, lines[index])
        elif action == 2:
            line = lines.pop(index)
            lines.insert(self.rng.randrange(len(lines) + 1), line)
        elif action == 3:
            other = self.rng.randrange(len(lines))
            lines[index], lines[other] = lines[other], lines[index]
        else:
            lines[index] = ("    " + lines[index]) if self.rng.random() < 0.5 else lines[index].lstrip(" ")
        return "".join(lines)

    def word(self, text):
        matches = list(WORD_PATTERN.finditer(text))
        if not matches or not self.words:
            return text
        match = self.rng.choice(matches)
        return text[:match.start()] + self.rng.choice(self.words) + text[match.end():]

    def signature(self, signature):
        entries = [entry.strip() for entry in signature.split(",")] if signature else []
        action = self.rng.randrange(4)
        if action == 0 and entries:
            entries[self.rng.randrange(len(entries))] = self.rng.choice(SIGNATURE_ENTRIES)
        elif action == 1 and entries:
            del entries[self.rng.randrange(len(entries))]
        elif action == 2:
            entries.insert(self.rng.randrange(len(entries) + 1), self.rng.choice(SIGNATURE_ENTRIES))
        else:
            return self.number(signature) if signature else signature
        return ", ".join(entries)

    def mutate(self, seed):
        """(text, kernel, signature, options) of one mutant of `seed`."""
        text, signature, options = seed.text, seed.signature, {}
        edits = 1 + (self.rng.random() < 0.4) + (self.rng.random() < 0.2)
        for _ in range(edits):
            roll = self.rng.random()
            if roll < 0.30:
                text = self.number(text)
            elif roll < 0.45:
                text = self.operator(text)
            elif roll < 0.65:
                text = self.lines(text)
            elif roll < 0.80:
                text = self.word(text)
            elif roll < 0.92 and seed.suffix == ".py":
                signature = self.signature(signature)
            else:
                flag, values = self.rng.choice([("--num-warps", ["1", "2", "8", "16", "32", "64", "3"]),
                                                ("--num-stages", ["1", "2", "4", "5", "8"]),
                                                ("--mma", ["v2", "fma"]),
                                                ("--no-pipeline", [None])])
                options[flag] = self.rng.choice(values)
        return text, signature, [part for flag, value in options.items()
                                 for part in ([flag] if value is None else [flag, value])]


def classify(returncode, output):
    if returncode is None:
        return "hang"
    if returncode < 0 or returncode not in (0, 1) or any(marker in output for marker in CRASH_MARKERS):
        return "crash"
    if returncode == 0:
        return "ok"
    return "located error" if LOCATED.search(output) else "unlocated error"


def first_error(output):
    for line in output.splitlines():
        if "error" in line:
            return re.sub(r"\d+", "N", line.strip())[:160]
    return output.strip().splitlines()[0][:160] if output.strip() else "(no output)"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trex", required=True)
    parser.add_argument("--runs", type=int, default=0)
    parser.add_argument("--time", type=float, default=0, help="seconds in all")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--emit", default="ttgir",
                        help="the stage each run stops at; a comma list picks one per run "
                             "(asm: ptx or amdgcn, as the target has)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("cli-fuzz-findings"))
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parents[2])
    parser.add_argument("--max-seeds", type=int, default=0,
                        help="use at most this many seeds, evenly spaced (for smoke tests)")
    parser.add_argument("--progress", type=float, default=60, help="seconds between progress lines")
    args = parser.parse_args()
    if not args.runs and not args.time:
        parser.error("give --runs or --time")

    stages = args.emit.split(",")
    all_seeds = load_seeds(args.root.resolve())
    if args.max_seeds and len(all_seeds) > args.max_seeds:
        all_seeds = [all_seeds[i * len(all_seeds) // args.max_seeds] for i in range(args.max_seeds)]
    seeds = compiling_seeds(all_seeds, args)
    print(f"cli-fuzz: {len(seeds)} of {len(all_seeds)} seeds compile as they are", file=sys.stderr)
    targets = ["cuda:90", "cuda:80", "hip:gfx942"]
    args.out.mkdir(parents=True, exist_ok=True)
    counts = collections.Counter()
    messages = {name: collections.Counter() for name in ("unlocated error", "crash", "hang")}
    saved = []
    lock = threading.Lock()
    started = time.monotonic()
    stop = threading.Event()
    next_run = [0]

    def claim():
        with lock:
            if stop.is_set() or (args.runs and next_run[0] >= args.runs) or \
                    (args.time and time.monotonic() - started >= args.time):
                return None
            next_run[0] += 1
            return next_run[0]

    def worker(slot):
        workdir = pathlib.Path(tempfile.mkdtemp(prefix=f"cli-fuzz-{slot}-"))
        while (run := claim()) is not None:
            rng = random.Random(args.seed * 1000003 + run)
            mutator = Mutator([], rng)
            mutator.words = words
            seed = rng.choice(seeds)
            text, signature, options = mutator.mutate(seed)
            path = workdir / ("kernel" + seed.suffix)
            path.write_text(text, errors="surrogateescape")
            target = seed.target or rng.choice(targets)
            stage = rng.choice(stages)
            if stage == "asm":
                hip = target.startswith("hip") if seed.suffix == ".py" else '"hip:' in text
                stage = "amdgcn" if hip else "ptx"
            command = command_for(args.trex, path, seed, signature, target, options, stage,
                                  workdir / "out")
            returncode, output = run_command(command)
            if classify(returncode, output) == "hang":
                # Parallel runs share the machine: a run past the timeout is run again alone
                # (below, after the others) before it counts as a hang.
                with lock:
                    recheck.append((text, seed.suffix, command, path))
                continue
            record(text, seed.suffix, command, path, returncode, output)

    # The exit status (None past the timeout) and output of one `trex compile`.
    def run_command(command):
        try:
            process = subprocess.run(command, capture_output=True, timeout=args.timeout,
                                     errors="replace", text=True)
            return process.returncode, process.stdout + process.stderr
        except subprocess.TimeoutExpired as expired:
            output = (expired.stdout or "") + (expired.stderr or "")
            if isinstance(output, bytes):
                output = output.decode(errors="replace")
            return None, output

    # Counts a run by its class, and keeps crashes, hangs and the first two of each message.
    def record(text, suffix, command, path, returncode, output):
        kind = classify(returncode, output)
        with lock:
            counts[kind] += 1
            keep = kind in ("crash", "hang")
            if kind in messages:
                message = first_error(output) if kind != "hang" else "timeout"
                messages[kind][message] += 1
                keep = keep or messages[kind][message] <= 2
        if keep:
            name = f"{kind.replace(' ', '-')}-{hashlib.sha1((text + ' '.join(command[3:])).encode(errors='replace')).hexdigest()[:12]}"
            (args.out / (name + suffix)).write_text(text, errors="surrogateescape")
            shown = [arg if arg != str(path) else name + suffix for arg in command]
            (args.out / (name + ".txt")).write_text(
                f"command: {shlex.join(shown)}\nexit status: {returncode}\n\n{output}")
            with lock:
                saved.append(name)
        return kind

    recheck = []
    slow_alone = [0]

    # The words of every seed, for word replacements (computed once).
    words = Mutator(seeds, random.Random(0)).words

    def progress():
        while not stop.wait(args.progress):
            with lock:
                done = sum(counts.values())
                elapsed = time.monotonic() - started
                print(f"cli-fuzz: {done} runs in {elapsed:.0f} s ({done / max(elapsed, 1e-3):.2f}/s): " +
                      ", ".join(f"{name} {counts[name]}" for name in CLASSES), file=sys.stderr, flush=True)

    reporter = threading.Thread(target=progress, daemon=True)
    reporter.start()
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for future in [pool.submit(worker, slot) for slot in range(args.jobs)]:
                future.result()
    except KeyboardInterrupt:
        stop.set()
    stop.set()
    for text, suffix, command, path in recheck:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, errors="surrogateescape")
        if record(text, suffix, command, path, *run_command(command)) != "hang":
            slow_alone[0] += 1
    elapsed = time.monotonic() - started
    total = sum(counts.values())
    print(f"trex compile --emit {args.emit}: {total} runs in {elapsed:.0f} s "
          f"({total / max(elapsed, 1e-3):.2f} runs/s, {args.jobs} in parallel, {len(seeds)} seeds)")
    if recheck:
        print(f"{len(recheck)} runs past {args.timeout:g} s in parallel were run again alone: "
              f"{slow_alone[0]} finished within it (counted by how they ended)")
    print(f"{'class':<18}{'runs':>9}{'share':>9}")
    for name in CLASSES:
        print(f"{name:<18}{counts[name]:>9}{100 * counts[name] / max(total, 1):>8.1f}%")
    for name in ("crash", "hang", "unlocated error"):
        if messages[name]:
            print(f"\n{name}, by first message:")
            for message, count in messages[name].most_common(15):
                print(f"{count:>7}  {message}")
    if saved:
        print(f"\nreproducers in {args.out}/ ({len(saved)})")
    return 1 if counts["crash"] or counts["hang"] else 0


if __name__ == "__main__":
    sys.exit(main())
