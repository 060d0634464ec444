#!/usr/bin/env bash
# Session 98, fourth device call (CARRY=.gpu-carry/s98d), after review 179's fix (row tiles
# test that each staged matrix has every row of the range): the staged end-to-end programs
# whose kernels have a row-tiles variant (stage.tar.xz, built at 97868bdd) under
# SOMD_DEVICE=opencl SOMD_STRICT=1 on the NVIDIA GPU against their Java twins, by default
# (tiles where the inner loop has 128 iterations or more) and again under
# SOMD_ROW_TILES=1 (every launch of such a kernel in tiles).
set -u
C=${CARRY:-.gpu-carry/s98d}
mkdir -p $OUT
OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${SUITE_LIMIT:-200} \
    bash bench/gpu/s75.sh
SOMD_ROW_TILES=1 OUT=$OUT/forced NOBENCH=1 NOSUITE= CARRY=$C STAGE_TAR=$C/stage.tar.xz \
    SUITE_LIMIT=${SUITE_LIMIT:-200} bash bench/gpu/s75.sh
