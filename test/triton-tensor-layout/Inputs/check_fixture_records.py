# check_fixture_records: runs trex's layout tools over the Triton 3.6 layout fixture (lit helper).
"""Runs trex's layout tools on every record of the Triton 3.6 layout fixture and compares.

  views FIXTURE        triton-tensor-layout -l ATTR -t TYPE [-use-hw-view] must print
                       "Print layout attribute: ATTR" and then exactly the view Triton printed.
  json-bases FIXTURE   trex layout -l ATTR --shape SHAPE --format json must list exactly the
                       bases Triton computed, and one owner entry per element.

Prints one line per mismatch and a summary line; exits 1 when anything differs.
"""
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


def label(record):
    return "%s %s" % (record["attr"], "x".join(map(str, record["shape"])))


def check_views(record):
    problems = []
    tensor_type = "tensor<%sxf16>" % "x".join(map(str, record["shape"]))
    for field, flags in (("tensor_view", []), ("hw_view", ["-use-hw-view"])):
        if not record.get(field):
            continue
        code, out, err = run(["triton-tensor-layout", "-l", record["attr"], "-t", tensor_type] + flags)
        expected = "Print layout attribute: %s\n%s" % (record["attr"], record[field])
        if code != 0:
            problems.append("%s: %s exited %d: %s" % (label(record), field, code, err.strip()))
        elif out != expected:
            lines = zip(out.splitlines(), expected.splitlines())
            first = next((i for i, (a, b) in enumerate(lines) if a != b), None)
            problems.append("%s: %s differs (first at line %s)" % (label(record), field, first))
    return problems, sum(1 for field in ("tensor_view", "hw_view") if record.get(field))


def check_json_bases(record):
    shape = "x".join(map(str, record["shape"]))
    code, out, err = run(["trex", "layout", "-l", record["attr"], "--shape", shape, "--format", "json"])
    if code != 0:
        return ["%s: exited %d: %s" % (label(record), code, err.strip())], 1
    layout = json.loads(out)
    problems = []
    for in_dim, bases in record["bases"].items():
        if layout["bases"].get(in_dim) != bases:
            problems.append("%s: bases of %s differ" % (label(record), in_dim))
    elements = 1
    for size in record["shape"]:
        elements *= size
    if len(layout["elements"]) != elements or any(not e["owners"] for e in layout["elements"]):
        problems.append("%s: expected an owned entry for each of %d elements" % (label(record), elements))
    return problems, 1


def main():
    mode, fixture = sys.argv[1], sys.argv[2]
    check = {"views": check_views, "json-bases": check_json_bases}[mode]
    with open(fixture) as file:
        records = json.load(file)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(check, records))
    problems = [problem for found, _ in results for problem in found]
    compared = sum(count for _, count in results)
    for problem in problems:
        print("MISMATCH " + problem)
    print("%s: %d records, %d outputs compared, %d differ" % (mode, len(records), compared, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
