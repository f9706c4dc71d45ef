#!/usr/bin/env python3
"""Collects the fuzz targets' seed corpus from the project's own kernels and IR.

    collect_corpus.py [--root SOURCE_ROOT] [--max-per-target N] OUT

writes OUT/python/ (Triton-Python kernels: samples/kernels, test/frontend and every kernel the
tests compile, each with a `# trex-fuzz: KERNEL | SIGNATURE | TARGET` first line taken from
samples/specs.json or the test's RUN line, and once without one, for the proposal path),
OUT/ir/ (every .ttir/.ttgir/.source file under samples/ and test/, and every case of the
.mlir tests, split at `// -----`) and OUT/layout/ (a tensor type line and a ttg layout
attribute, from the IR's attribute aliases and the layout tools' tests). Files are named by
content, so collecting twice gives the same folders. Only files of this project are read;
test/compat and test/python (stand-ins for Triton's package) are left out.
"""
import argparse
import hashlib
import json
import pathlib
import re
import shlex

SKIPPED_FOLDERS = ("test/compat", "test/python", "build")


def project_files(root, pattern):
    for path in sorted(root.glob(pattern)):
        relative = path.relative_to(root).as_posix()
        if path.is_file() and not relative.startswith(SKIPPED_FOLDERS):
            yield path


def split_file_sections(text):
    """The `#--- name` / `//--- name` sections of a lit test that uses split-file."""
    sections = {}
    name, lines = None, []
    for line in text.splitlines(keepends=True):
        match = re.match(r"^(?:#|//)--- (\S+)\s*$", line)
        if match:
            if name:
                sections[name] = "".join(lines)
            name, lines = match.group(1), []
        elif name:
            lines.append(line)
    if name:
        sections[name] = "".join(lines)
    return sections


def compile_requests(text):
    """(file word, kernel, signature, target) of each `trex compile` in the RUN lines."""
    runs = []
    for line in re.findall(r"RUN:(.*)", text):
        if "trex compile" not in line:
            continue
        try:
            words = shlex.split(line.split("|")[0].split("trex compile", 1)[1])
        except ValueError:
            continue
        request = {"file": None, "kernel": "", "signature": "", "target": ""}
        flags = {"--kernel": "kernel", "--signature": "signature", "--target": "target"}
        index = 0
        while index < len(words):
            word = words[index]
            if word in flags and index + 1 < len(words):
                request[flags[word]] = words[index + 1]
                index += 2
                continue
            if not word.startswith("-") and request["file"] is None:
                request["file"] = word
            index += 1
        runs.append(request)
    return runs


def without_test_directives(text):
    """A kernel without its lit lines (`# RUN:`, `# CHECK-NEXT:`, ...), which only slow mutation."""
    return "".join(line for line in text.splitlines(keepends=True)
                   if not re.match(r"^\s*# [A-Z][A-Z0-9-]*:", line))


def header(kernel, signature, target):
    return f"# trex-fuzz: {kernel} | {signature} | {target}\n"


def python_seeds(root):
    seeds = []
    specs = json.loads((root / "samples/specs.json").read_text())
    for spec in specs:
        source = (root / "samples" / spec["file"]).read_text()
        seeds.append(header(spec["kernel"], spec["signature"], "cuda:90") + source)
        seeds.append(source)
    for path in project_files(root, "test/**/*.py"):
        original = path.read_text(errors="replace")
        if "import triton" not in original and "triton.jit" not in original:
            continue
        text = without_test_directives(original)
        seeds.append(text)
        for request in compile_requests(original):
            if request["file"] == "%s":
                seeds.append(header(request["kernel"], request["signature"], request["target"]) + text)
    for path in project_files(root, "test/**/*.test"):
        text = path.read_text(errors="replace")
        sections = split_file_sections(text)
        if not sections:
            continue
        requests = compile_requests(text)
        for name, body in sections.items():
            if not name.endswith(".py"):
                continue
            body = without_test_directives(body)
            seeds.append(body)
            for request in requests:
                if request["file"] and request["file"].endswith("/" + name):
                    seeds.append(header(request["kernel"], request["signature"], request["target"]) + body)
    return seeds


def without_comment_lines(text):
    return "".join(line for line in text.splitlines(keepends=True) if not line.lstrip().startswith("//"))


def ir_seeds(root):
    seeds = []
    for pattern in ("samples/**/*.ttgir", "test/**/*.ttgir", "test/**/*.ttir", "test/**/*.source"):
        for path in project_files(root, pattern):
            seeds.append(path.read_text(errors="replace"))
    for path in project_files(root, "test/**/*.mlir"):
        for case in re.split(r"^// -----.*$", path.read_text(errors="replace"), flags=re.M):
            case = without_comment_lines(case)
            if case.strip():
                seeds.append(case)
    for path in project_files(root, "test/**/*.test"):
        for name, body in split_file_sections(path.read_text(errors="replace")).items():
            if name.endswith((".ttgir", ".ttir", ".mlir", ".source")):
                seeds.append(body)
    return seeds


def balanced_attribute(text, start):
    """The `#ttg.name<...>` attribute starting at `start` (angle brackets balanced)."""
    match = re.compile(r"#ttg\.\w+").match(text, start)
    if not match:
        return None
    end = match.end()
    if end >= len(text) or text[end] != "<":
        return text[start:end]
    depth = 0
    for index in range(end, len(text)):
        if text[index] == "<":
            depth += 1
        elif text[index] == ">" and text[index - 1] != "-":
            depth -= 1
            if depth == 0:
                return text[start:index + 1]
    return None


def layout_seeds(root, ir):
    seeds = []
    for text in ir:
        plain_types = [f"tensor<{shape}>" for shape in re.findall(r"tensor<((?:\d+x)+\w+)[,>]", text)]
        for alias in re.finditer(r"^#([\w.]+)\s*=\s*(?=#ttg\.)", text, flags=re.M):
            attribute = balanced_attribute(text, alias.end())
            if not attribute:
                continue
            users = re.findall(r"tensor<((?:\d+x)+\w+), #" + re.escape(alias.group(1)) + r">", text)
            types = [f"tensor<{users[0]}>"] if users else plain_types[:1]
            for tensor_type in types or ["tensor<64x64xf16>"]:
                seeds.append(f"{tensor_type}\n{attribute}\n")
    for path in project_files(root, "test/**/*.test"):
        text = path.read_text(errors="replace")
        layouts = re.findall(r"-l\s+'([^']*)'", text)
        types = re.findall(r"-t\s+'([^']*)'", text)
        for layout in layouts:
            for tensor_type in types[:3] or ["tensor<64x64xf16>"]:
                seeds.append(f"{tensor_type}\n{layout}\n")
    return seeds


def write(folder, seeds, limit):
    folder.mkdir(parents=True, exist_ok=True)
    unique = {}
    for seed in seeds:
        unique.setdefault(hashlib.sha1(seed.encode()).hexdigest()[:16], seed)
    names = sorted(unique)
    if limit and len(names) > limit:
        # Evenly spaced, so a small corpus still has a bit of everything.
        names = [names[i * len(names) // limit] for i in range(limit)]
    for name in names:
        (folder / name).write_text(unique[name])
    return len(names)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--root", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parents[2])
    parser.add_argument("--max-per-target", type=int, default=0,
                        help="at most this many seeds per target (for smoke tests)")
    args = parser.parse_args()
    root = args.root.resolve()
    ir = ir_seeds(root)
    counts = {
        "python": write(args.out / "python", python_seeds(root), args.max_per_target),
        "ir": write(args.out / "ir", ir, args.max_per_target),
        "layout": write(args.out / "layout", layout_seeds(root, ir), args.max_per_target),
    }
    print(", ".join(f"{name}: {count} seeds" for name, count in counts.items()))


if __name__ == "__main__":
    main()
