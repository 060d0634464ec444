#!/usr/bin/env bash
# Fourteenth session, final device call: s14-fold.sh (the GPU suite, fold_moments on the
# GPU and on 16 CPU threads), then the harness over every benchmark (s10-final.sh), to see
# that the session's runtime changes (host-program calls reading kept and value arrays
# from the resident cache, several partials buffers per call) cost no benchmark anything.
# Carries .gpu-carry/stage.tar.xz, .gpu-carry/fold_moments, .gpu-carry/bench-stage.tar.xz.
#   OUT=results REPS=3 bench/gpu/s14-final.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT bash bench/gpu/s14-fold.sh
OUT=$OUT NAME=${NAME:-all14} REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-470} \
  bash bench/gpu/s10-final.sh
