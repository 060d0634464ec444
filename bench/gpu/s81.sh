#!/usr/bin/env bash
# Eighty-first session on the device machine: the staged programs against their twins and
# the transfers of $TRACE (bench/gpu/s79.sh), then the rounds of
# bench/gpu/programs/grid_borrowed.somd built by the compiler before and after that
# session's changes (.gpu-carry/grid_before, .gpu-carry/grid_after), under opencl and
# cpu: ARGS (default 2048 20 9) = grid side, rounds, repetitions in one process. The
# script is bench/gpu/s82.sh's with the grid program.
ARGS=${ARGS:-2048 20 9} PROG=grid exec bash bench/gpu/s82.sh
