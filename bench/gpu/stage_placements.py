"""Runs each program of a stage (`SOMD_E2E_STAGE` with `SOMD_E2E_FILTER`: `bin/`,
`expected/`, `programs.tsv`) under SOMD_DEVICE=cpu with 16, 5 and 3 threads and under
SOMD_DEVICE=opencl SOMD_STRICT=1, and compares each run with the program's Java twin as
tests/tests/run.rs compares (`gpu_run.compare`): a line per run, the problems of a failing
one, and the count of runs agreeing last.
Usage: python3 bench/gpu/stage_placements.py STAGE"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_run  # noqa: E402

PLACEMENTS = [("cpu16", {"SOMD_DEVICE": "cpu", "SOMD_THREADS": "16"}),
              ("cpu5", {"SOMD_DEVICE": "cpu", "SOMD_THREADS": "5"}),
              ("cpu3", {"SOMD_DEVICE": "cpu", "SOMD_THREADS": "3"}),
              ("opencl", {"SOMD_DEVICE": "opencl", "SOMD_STRICT": "1"})]


def main(stage):
    runs = failed = 0
    for line in open(os.path.join(stage, "programs.tsv")):
        name, status, at, args = line.rstrip("\n").split("\t")
        read = lambda ext: open(os.path.join(stage, "expected", f"{name}.{ext}")).read()
        exp = {"status": int(status), "throws_at": None if at == "-" else at,
               "stdout": read("out"), "stderr": read("err")}
        for label, env in PLACEMENTS:
            problems = gpu_run.compare(exp, gpu_run.run(os.path.join(stage, "bin", name),
                                                        args.split(), env))
            runs += 1
            failed += bool(problems)
            print(f"{'FAIL' if problems else 'ok'} {name} {label}\n{problems}", end="",
                  flush=True)
    print(f"{runs - failed} of {runs} runs agree with Java")


if __name__ == "__main__":
    main(sys.argv[1])
