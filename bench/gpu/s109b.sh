#!/usr/bin/env bash
# Session 109, second device call (carry .gpu-carry: bench-stage.tar.xz staged at the
# session's HEAD as baselines.sh's header says; s109.tar.xz from bench/gpu/build_oldnew.sh
# ad316ba8, old = before the hundred-and-fifth session, new = the session's tree):
# 1. the whole harness (bench/gpu/s10-final.sh, REPS=3), the first since the ninety-ninth
#    session: generated against hand-written OpenCL on the GPU, the CPU back end against
#    rayon on the 16 cores;
# 2. s107a.sh's old/new rounds with s109.tar.xz: the kernel and the processes of Mosaic
#    (the lanes form's vote) and s105long on the GPU, the CPU changes of the hundred-and-
#    fifth to hundred-and-eighth sessions on the 16 cores, LUFact's calls summed.
# SKIP_HARNESS=1 or SKIP_OLDNEW=1 leaves out a part.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
[ -n "${SKIP_HARNESS:-}" ] ||
    OUT=$OUT NAME=all109 REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-400} bash bench/gpu/s10-final.sh
echo "harness done after $(( $(date +%s) - t0 )) s"
[ -n "${SKIP_OLDNEW:-}" ] || OLDNEW=s109.tar.xz E2E=none timeout $(( 585 - ($(date +%s) - t0) )) \
    bash bench/gpu/s107a.sh
echo "all done after $(( $(date +%s) - t0 )) s"
