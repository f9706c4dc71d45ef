"""trex's layout choices beside real Triton's for the tl coverage kernels (test/frontend/*.py).

Runs where Triton is installed (the GPU machine). For each kernel and specialisation named in a
coverage file's RUN lines and each target (sm_90, sm_80, gfx942; or the one target the RUN line
names), compiles it with triton.compile and compares its ttgir with the one trex wrote to
TREX_DIR/<file>/<kernel>/<target>-<case>.ttgir (<case>: a hash of the signature and warps, so
that each specialisation has its own file): the layout definitions (`#name = #ttg...`, compared as a
multiset, so only the choices count, not their numbering) and `ttg.shared`. Prints one line per
case and a summary; --save keeps Triton's ttgir for each case.

  --build TREX (on the build machine): compiles every case with trex into
  TREX_DIR/<file>/<kernel>/<target>-<case>.ttgir first (cases trex refuses are listed and skipped).
  --record FILE (on the GPU machine): also writes Triton's choices for every case, trex's ttgir
  or not, to FILE (JSON: label -> layout definitions, or the reason Triton refused).
  --reference FILE (on the build machine, no Triton needed): compares trex's ttgir with the
  choices FILE recorded; --expect-differ REGEX names the cases known to differ. Exits nonzero
  when another case differs, or when a case expected to differ no longer does (so that the
  list stays true).
"""
import argparse
import importlib.util
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
from triton_compile_times import source_for  # noqa: E402

RUN = re.compile(r'^# RUN: trex compile %s (.*)$')


def cases(frontend_dir):
    for name in sorted(os.listdir(frontend_dir)):
        if not name.endswith(".py"):
            continue
        seen = set()
        # Files marked `# NO-TRITON-LAYOUTS: reason` are not compared (e.g. they import modules
        # that exist only as opaque stand-ins, which real Triton cannot import).
        if any(line.startswith("# NO-TRITON-LAYOUTS:") for line in open(os.path.join(frontend_dir, name))):
            continue
        for line in open(os.path.join(frontend_dir, name)):
            match = RUN.match(line.rstrip("\n"))
            if not match:
                continue
            arguments = match.group(1)
            kernel = re.search(r"--kernel (\w+)", arguments)
            signature = re.search(r'--signature "([^"]*)"', arguments)
            if not kernel or not signature:
                continue
            target = re.search(r"--target (\S+)", arguments)
            warps = re.search(r"--num-warps (\d+)", arguments)
            for target_name in ([target.group(1)] if target else ["cuda:90", "cuda:80", "hip:gfx942"]):
                key = (kernel.group(1), signature.group(1), target_name)
                if key not in seen:
                    seen.add(key)
                    yield name, kernel.group(1), signature.group(1), target_name, int(warps.group(1)) if warps else 4


def ttgir_name(target, signature, warps):
    import hashlib
    case = hashlib.sha1(f"{signature}|{warps}".encode()).hexdigest()[:8]
    return f"{target.replace(':', '_')}-{case}.ttgir"


def layouts(ttgir):
    definitions = sorted(re.sub(r"^#\w+ = ", "", line.strip()) for line in ttgir.splitlines()
                         if re.match(r"^#\w+ = #ttg\.", line))
    shared = re.search(r"ttg\.shared = (\d+)", ttgir)
    return definitions, int(shared.group(1)) if shared else None


def case_label(file, kernel, signature, target, warps):
    # The constexpr tail of the signature and the warps tell specialisations apart.
    tail = ",".join(entry.strip() for entry in signature.split(",")[-3:])
    return f"{file}:{kernel}@{target} [{tail}; w{warps}]"


def compare_with_reference(args):
    import json
    recorded = json.load(open(args.reference))
    counts = {"same": 0, "differ (expected)": 0, "triton refuses": 0, "not recorded": 0}
    unexpected = []
    for file, kernel, signature, target, warps in selected(args):
        label = case_label(file, kernel, signature, target, warps)
        ours_path = os.path.join(args.trex_dir, file, kernel, ttgir_name(target, signature, warps))
        entry = recorded.get(label)
        if entry is None:
            counts["not recorded"] += 1
            continue
        if "refused" in entry:
            counts["triton refuses"] += 1
            continue
        if not os.path.exists(ours_path):
            unexpected.append(f"{label}: Triton compiles it, trex refused")
            continue
        our_layouts, _ = layouts(open(ours_path).read())
        same = our_layouts == sorted(entry["layouts"])
        expected_to_differ = bool(args.expect_differ and re.search(args.expect_differ, label))
        if same and not expected_to_differ:
            counts["same"] += 1
        elif not same and expected_to_differ:
            counts["differ (expected)"] += 1
        elif same:
            unexpected.append(f"{label}: now equal to Triton's; take it off --expect-differ")
        else:
            lines = sorted(set(our_layouts) ^ set(entry["layouts"]))
            unexpected.append(f"{label}: layouts differ from Triton's\n" + "\n".join(
                f"    {'trex  ' if line in our_layouts else 'triton'} {line}" for line in lines))
    for line in unexpected:
        print(line)
    print("summary:", ", ".join(f"{name}: {count}" for name, count in counts.items()),
          f", unexpected: {len(unexpected)}")
    return 1 if unexpected else 0


def selected(args):
    for case in cases(args.frontend_dir):
        file, kernel, _, target, _ = case
        if args.only is None or re.search(args.only, f"{file}:{kernel}@{target}"):
            yield case


def build(args):
    import subprocess
    refused = 0
    for file, kernel, signature, target, warps in selected(args):
        folder = os.path.join(args.trex_dir, file, kernel)
        os.makedirs(folder, exist_ok=True)
        out = os.path.join(folder, ttgir_name(target, signature, warps))
        run = subprocess.run([args.build, "compile", os.path.join(args.frontend_dir, file), "--kernel", kernel,
                              "--signature", signature, "--target", target, "--num-warps", str(warps),
                              "--emit", "ttgir"], capture_output=True, text=True)
        if run.returncode != 0:
            refused += 1
            print(f"{file}:{kernel}@{target}: trex refuses: {run.stderr.strip().splitlines()[0][:120] if run.stderr.strip() else ''}")
            continue
        with open(out, "w") as ttgir:
            ttgir.write(run.stdout)
    print(f"built; {refused} refused")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("frontend_dir")
    parser.add_argument("trex_dir")
    parser.add_argument("--save", help="also write Triton's ttgir to SAVE/<file>/<kernel>/<target>-<case>.ttgir")
    parser.add_argument("--build", metavar="TREX", help="compile the cases with this trex instead")
    parser.add_argument("--record", metavar="FILE", help="write Triton's choices for every case to FILE")
    parser.add_argument("--reference", metavar="FILE", help="compare with the choices FILE recorded")
    parser.add_argument("--expect-differ", metavar="REGEX", help="cases known to differ (with --reference)")
    parser.add_argument("--only", metavar="REGEX",
                        help="only the cases whose FILE:KERNEL@TARGET label matches REGEX")
    args = parser.parse_args()
    if args.build:
        build(args)
        if not args.reference:
            return
    if args.reference:
        sys.exit(compare_with_reference(args))
    import triton
    from triton.backends.compiler import GPUTarget
    targets = {"cuda:90": GPUTarget("cuda", 90, 32), "cuda:80": GPUTarget("cuda", 80, 32),
               "hip:gfx942": GPUTarget("hip", "gfx942", 64)}
    counts = {"same": 0, "differ": 0, "triton fails": 0, "no trex ttgir": 0}
    record = {}
    for file, kernel, signature, target, warps in selected(args):
        label = case_label(file, kernel, signature, target, warps)
        ours_path = os.path.join(args.trex_dir, file, kernel, ttgir_name(target, signature, warps))
        if not os.path.exists(ours_path) and not args.record:
            counts["no trex ttgir"] += 1
            print(f"{label:60} no trex ttgir")
            continue
        spec = importlib.util.spec_from_file_location(file[:-3].replace("-", "_"), os.path.join(args.frontend_dir, file))
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
            with tempfile.TemporaryDirectory() as cache:
                os.environ["TRITON_CACHE_DIR"] = cache
                compiled = triton.compile(source_for(triton, getattr(module, kernel), None, signature),
                                          target=targets[target], options={"num_warps": warps})
                theirs = compiled.asm["ttgir"]
            if args.save:
                folder = os.path.join(args.save, file, kernel)
                os.makedirs(folder, exist_ok=True)
                with open(os.path.join(folder, ttgir_name(target, signature, warps)), "w") as out:
                    out.write(theirs)
        except Exception as exception:  # Triton rejects it for this target
            record[label] = {"refused": str(exception).splitlines()[0][:200] if str(exception) else type(exception).__name__}
            counts["triton fails"] += 1
            print(f"{label:60} triton fails: {str(exception).splitlines()[0][:100] if str(exception) else type(exception).__name__}")
            continue
        record[label] = {"layouts": layouts(theirs)[0]}
        if not os.path.exists(ours_path):
            counts["no trex ttgir"] += 1
            print(f"{label:60} no trex ttgir")
            continue
        ours = open(ours_path).read()
        (our_layouts, our_shared), (their_layouts, their_shared) = layouts(ours), layouts(theirs)
        if our_layouts == their_layouts and our_shared == their_shared:
            counts["same"] += 1
            print(f"{label:60} same ({len(our_layouts)} layouts, shared {our_shared})")
        else:
            counts["differ"] += 1
            print(f"{label:60} DIFFER shared {our_shared} vs {their_shared}")
            for line in sorted(set(our_layouts) ^ set(their_layouts)):
                print(f"    {'trex  ' if line in our_layouts else 'triton'} {line}")
    print("summary:", ", ".join(f"{name}: {count}" for name, count in counts.items()))
    if args.record:
        import json
        with open(args.record, "w") as out:
            json.dump(dict(sorted(record.items())), out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
