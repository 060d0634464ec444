#!/usr/bin/env bash
# Session 108, first GPU call: the huge-page advice on the GPU host's 16 cores and with
# its OpenCL device (s108a.sh, carried .gpu-carry/s108.tar.xz), then the lanes programs
# (e2e-lanes) and the hundred-and-seventh session's measurements (s107a.sh).
set -u
mkdir -p "$OUT" /tmp/s108
tar xJf .gpu-carry/s108.tar.xz -C /tmp/s108 && chmod +x /tmp/s108/old/* /tmp/s108/new/*
OUT=$OUT/s108-cpu16-b2b DEV=cpu THREADS=16 ROUNDS=3 PAUSE=0 bash bench/gpu/s108a.sh /tmp/s108 | tail -6
OUT=$OUT/s108-cpu16-p3 DEV=cpu THREADS=16 ROUNDS=3 PAUSE=3 bash bench/gpu/s108a.sh /tmp/s108 | tail -6
OUT=$OUT/s108-opencl-p3 DEV=opencl ROUNDS=3 PAUSE=3 bash bench/gpu/s108a.sh /tmp/s108 | tail -6
E2E=e2e-lanes.tar.xz SUITE_LIMIT=150 bash bench/gpu/s107a.sh 2>&1 | tail -40
