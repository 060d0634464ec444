#!/usr/bin/env bash
# Packs a staged end-to-end suite (SOMD_E2E_STAGE=STAGE, see bench/gpu/run.sh's header)
# for the device call's carry: only the programs whose binaries hold an OpenCL kernel (the
# others make no device call), stripped, dealt round-robin by size into PARTS archives
# .gpu-carry/NAME-partK.tar.xz, each a stage of its own (bin/, expected/, programs.tsv)
# that bench/gpu/s107a.sh runs with E2E=NAME-partK.tar.xz.
# Usage: bench/gpu/pack_stage.sh STAGE PARTS [NAME]
set -eu
STAGE=$1
PARTS=$2
NAME=${3:-e2e}
mkdir -p .gpu-carry
work=$(mktemp -d)
strip "$STAGE"/bin/* 2>/dev/null || true
# Programs holding a kernel, largest first, so that round-robin evens the parts' sizes.
cut -f1 "$STAGE/programs.tsv" | while read -r p; do
    grep -q -a -m1 "__kernel" "$STAGE/bin/$p" && echo "$(stat -c %s "$STAGE/bin/$p") $p"
done | sort -rn | awk -v parts="$PARTS" '{ print NR % parts, $2 }' > "$work/deal"
for k in $(seq 0 $((PARTS - 1))); do
    d=$work/part$k
    mkdir -p "$d/bin" "$d/expected"
    awk -v k="$k" '$1 == k { print $2 }' "$work/deal" > "$work/names$k"
    while read -r p; do
        cp "$STAGE/bin/$p" "$d/bin/"
        cp "$STAGE/expected/$p.out" "$STAGE/expected/$p.err" "$d/expected/"
    done < "$work/names$k"
    awk -F'\t' 'NR == FNR { keep[$1] = 1; next } keep[$1]' "$work/names$k" \
        "$STAGE/programs.tsv" > "$d/programs.tsv"
    XZ_OPT=${XZ_OPT:-"--lzma2=preset=6,dict=1GiB"} tar cJf ".gpu-carry/$NAME-part$k.tar.xz" -C "$d" .
    echo "$NAME-part$k: $(wc -l < "$d/programs.tsv") programs," \
        "$(du -h ".gpu-carry/$NAME-part$k.tar.xz" | cut -f1)"
done
echo "$(wc -l < "$STAGE/programs.tsv") staged, $(wc -l < "$work/deal") hold a kernel"
rm -rf "$work"
