#!/usr/bin/env python3
"""Static profile of OpenCL kernels built by the NVIDIA driver (bench/gpu/kernel-profile.sh).

The NVIDIA OpenCL driver's program binaries are PTX. The runtime's binary cache
(`$SOMD_CACHE_DIR` itself, format in runtime/src/opencl/program.rs) and the hand-tuned
baselines' cache (`$SOMD_CACHE_DIR/clbaseline`, bench/clbaselines/host.rs) hold them after
one run. For each program this script writes the PTX, assembles it with the CUDA toolkit's
`ptxas -v` for the GPU's architecture (registers, spills, stack, shared and constant
memory per kernel: what decides occupancy) and disassembles the result with `cuobjdump
-sass` (machine instructions per kernel, by class: what each work-item executes).

Usage: ptx_profile.py CACHE_DIR OUT_DIR [ARCH]   (ARCH default sm_90, the H100's)
Writes OUT_DIR/kernels.md (one table row per kernel) and OUT_DIR/ptx-sass.tar.xz (ptx/*.ptx
and sass/*.sass), and prints the table.
"""

import collections
import os
import re
import shutil
import subprocess
import sys

RUNTIME_MAGIC = b"SOMDCLBIN1\n"


def u64(data, at):
    return int.from_bytes(data[at:at + 8], "little"), at + 8


def runtime_binary(data):
    """The binary of a runtime cache file: magic, key length, key, length, hash, binary."""
    at = len(RUNTIME_MAGIC)
    key_len, at = u64(data, at)
    key = data[at:at + key_len]
    at += key_len
    bin_len, at = u64(data, at)
    _hash, at = u64(data, at)
    return key, data[at:at + bin_len]


def baseline_binary(data):
    """The binary of a baseline cache file: key (ending in `source=LEN\\n` and the source),
    length, binary."""
    marker = data.find(b"\nsource=")
    if marker < 0:
        return None, None
    line_end = data.index(b"\n", marker + 1)
    source_len = int(data[marker + len(b"\nsource="):line_end])
    at = line_end + 1 + source_len
    bin_len, at = u64(data, at)
    return data[:at - 8], data[at:at + bin_len]


def tool(name):
    found = shutil.which(name)
    if found:
        return found
    for folder in ("/usr/local/cuda/bin", "/usr/local/cuda-13/bin", "/usr/local/cuda-12/bin"):
        path = os.path.join(folder, name)
        if os.path.exists(path):
            return path
    return None


def assemble(ptxas, ptx_path, cubin_path, arch):
    """Runs `ptxas -v`; when the toolkit is older than the driver's PTX ISA, retries with
    the `.version` line lowered to the toolkit's (the instructions used are unchanged)."""
    command = [ptxas, f"-arch={arch}", "-O3", "-v", ptx_path, "-o", cubin_path]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode == 0:
        return result.stderr, None
    supported = re.search(r"ptx version ([0-9]+\.[0-9]+)|version ([0-9]+\.[0-9]+) or lower",
                          result.stderr, re.IGNORECASE)
    text = open(ptx_path).read()
    for version in ([supported.group(1) or supported.group(2)] if supported else []) + \
            ["8.7", "8.5", "8.4", "8.0", "7.8"]:
        lowered = re.sub(r"^\.version\s+\S+", f".version {version}", text, count=1, flags=re.M)
        retry_path = ptx_path + ".v" + version
        with open(retry_path, "w") as f:
            f.write(lowered)
        retry = subprocess.run([ptxas, f"-arch={arch}", "-O3", "-v", retry_path, "-o", cubin_path],
                               capture_output=True, text=True)
        os.remove(retry_path)
        if retry.returncode == 0:
            return retry.stderr, f".version lowered to {version}"
    return None, result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "ptxas failed"


def ptxas_info(log):
    """Per kernel: registers, spill stores/loads, stack, shared, constant bank 0 bytes."""
    info = {}
    current = None
    for line in log.splitlines():
        m = re.search(r"(?:Compiling entry function|Function properties for) '?([A-Za-z0-9_]+)'?", line)
        if m:
            current = m.group(1)
            info.setdefault(current, {})
            continue
        if current is None:
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m:
            info[current].update(stack=int(m.group(1)), spill_st=int(m.group(2)), spill_ld=int(m.group(3)))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            info[current]["regs"] = int(m.group(1))
            smem = re.search(r"(\d+) bytes smem", line)
            info[current]["smem"] = int(smem.group(1)) if smem else 0
    return info


CLASSES = [
    ("ldg", re.compile(r"^(LDG|LD)\b")),
    ("stg", re.compile(r"^(STG|ST)\b")),
    ("lds", re.compile(r"^LDS\b")),
    ("sts", re.compile(r"^STS\b")),
    ("ldl/stl", re.compile(r"^(LDL|STL)\b")),
    ("ldc", re.compile(r"^(LDC|ULDC)\b")),
    ("atom", re.compile(r"^(ATOM|ATOMS|ATOMG|RED)\b")),
    ("fp64", re.compile(r"^D(ADD|MUL|FMA|SETP|MNMX)\b")),
    ("fp32", re.compile(r"^F(ADD|MUL|FMA|SETP|MNMX|SEL|CHK|RND|SWZADD)\b|^MUFU\b")),
    ("int", re.compile(r"^(IMAD|IADD3|IADD|LEA|LOP3|SHF|ISETP|IMNMX|IABS|SEL|PRMT|POPC|FLO|BREV|I2F|F2I|I2I|F2F|IMUL)\b")),
    ("branch", re.compile(r"^(BRA|BRX|BSSY|BSYNC|CALL|RET|EXIT|WARPSYNC|BAR|BPT)\b")),
]


def sass_counts(sass):
    """Per function: instruction count and counts by class (NOPs left out)."""
    counts = {}
    current = None
    for line in sass.splitlines():
        m = re.search(r"Function : (\S+)", line)
        if m:
            current = m.group(1)
            counts[current] = collections.Counter()
            continue
        m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", line)
        if current is None or not m:
            continue
        opcode = m.group(1)
        if opcode.startswith("NOP"):
            continue
        base = opcode.split(".")[0]
        counts[current]["total"] += 1
        for name, pattern in CLASSES:
            if pattern.match(base):
                counts[current][name] += 1
                break
    return counts


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cache, out = sys.argv[1], sys.argv[2]
    arch = sys.argv[3] if len(sys.argv) > 3 else "sm_90"
    ptxas, cuobjdump = tool("ptxas"), tool("cuobjdump")
    os.makedirs(os.path.join(out, "ptx"), exist_ok=True)
    os.makedirs(os.path.join(out, "sass"), exist_ok=True)
    rows = []
    notes = []
    for origin, folder, parse in (("gen", ".", runtime_binary), ("hand", "clbaseline", baseline_binary)):
        path = os.path.join(cache, folder)
        if not os.path.isdir(path):
            notes.append(f"no {origin} cache at {path}")
            continue
        for name in sorted(os.listdir(path)):
            if not name.endswith(".bin"):
                continue
            data = open(os.path.join(path, name), "rb").read()
            try:
                if origin == "gen" and not data.startswith(RUNTIME_MAGIC):
                    continue
                _key, binary = parse(data)
            except (ValueError, IndexError):
                notes.append(f"{origin} {name}: unreadable cache file")
                continue
            if not binary or b".entry" not in binary:
                notes.append(f"{origin} {name}: not PTX")
                continue
            stem = f"{origin}-{name[:-4]}"
            ptx_path = os.path.join(out, "ptx", stem + ".ptx")
            with open(ptx_path, "wb") as f:
                f.write(binary.rstrip(b"\0"))
            entries = re.findall(rb"\.entry\s+([A-Za-z0-9_]+)", binary)
            if ptxas is None:
                for entry in entries:
                    rows.append((origin, entry.decode(), stem, {}, collections.Counter(), "no ptxas"))
                continue
            cubin = os.path.join(out, "sass", stem + ".cubin")
            log, note = assemble(ptxas, ptx_path, cubin, arch)
            if log is None:
                for entry in entries:
                    rows.append((origin, entry.decode(), stem, {}, collections.Counter(), note))
                continue
            info = ptxas_info(log)
            counts = {}
            if cuobjdump:
                sass = subprocess.run([cuobjdump, "-sass", cubin], capture_output=True, text=True).stdout
                with open(os.path.join(out, "sass", stem + ".sass"), "w") as f:
                    f.write(sass)
                counts = sass_counts(sass)
            os.remove(cubin)
            for entry in entries:
                kernel = entry.decode()
                rows.append((origin, kernel, stem, info.get(kernel, {}), counts.get(kernel, collections.Counter()), note or ""))
    columns = ["total", "ldg", "stg", "lds", "sts", "ldl/stl", "ldc", "atom", "fp32", "fp64", "int", "branch"]
    lines = [
        f"Static profile ({arch}; ptxas: {ptxas or 'missing'}; cuobjdump: {cuobjdump or 'missing'}).",
        "Registers, spills (bytes) and stack from `ptxas -v`; SASS instructions per kernel",
        "(static count, NOPs left out) by class from `cuobjdump -sass`.",
        "",
        "| origin | kernel | program | regs | spill st/ld | stack | smem | " + " | ".join(columns) + " | note |",
        "| --- " * (8 + len(columns)) + "|",
    ]
    for origin, kernel, stem, info, count, note in sorted(rows, key=lambda r: (r[1].lower(), r[0])):
        spill = f"{info.get('spill_st', '?')}/{info.get('spill_ld', '?')}"
        lines.append(
            f"| {origin} | {kernel} | {stem} | {info.get('regs', '?')} | {spill} | {info.get('stack', '?')} | "
            f"{info.get('smem', '?')} | " + " | ".join(str(count.get(c, 0)) for c in columns) + f" | {note} |")
    lines += [""] + notes
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "kernels.md"), "w") as f:
        f.write(text)
    # One archive instead of a file per program (the device tool brings back few files).
    subprocess.run(["tar", "cJf", os.path.join(out, "ptx-sass.tar.xz"), "-C", out, "ptx", "sass"])
    shutil.rmtree(os.path.join(out, "ptx"))
    shutil.rmtree(os.path.join(out, "sass"))
    print(text)


if __name__ == "__main__":
    main()
