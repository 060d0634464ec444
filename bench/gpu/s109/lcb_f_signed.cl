__kernel void Main_f(__global const int *restrict at,
        const int at_len0,
        __global const int *restrict lim,
        const int lim_len0,
        __global long *out,
        const int out_len0,
        __global int *somd_err_buf,
        const uint somd_err_epoch)
{
    somd_cx somd_err_cx = { somd_err_buf, somd_err_epoch, 0u };
    somd_cx *const somd_err = &somd_err_cx;
    const long somd_pos0 = (long)(0) + (long)get_global_id(0);
    const int p = (int)somd_pos0;
    SOMD_AT((long)get_global_id(0));
    if (!(somd_pos0 < (long)(at_len0))) return;
    do {
        int e = at[p];
        int n = lim[SOMD_INDEX(0, e, lim_len0)];
        long s = 0L;
        {
            int k = 0;
            const bool somd_long1 = (long)(n) - (long)k >= 65536L;
            if (somd_long1) {
                for (;;) {
                    const bool somd_last2 = (long)(n) - (long)k <= 1024L;
                    const int somd_end2 = somd_last2 ? (int)(n) : k + (1024);
                    for (; k < somd_end2; k = k + 1) {
                        s = somd_ladd(somd_lmul(s, 31L), ((long)(k)));
                    }
                    if (somd_last2 || k < somd_end2) break;
                    if (SOMD_STOP()) break;
                }
            } else {
                for (; k < n; k = k + 1) {
                    s = somd_ladd(somd_lmul(s, 31L), ((long)(k)));
                }
            }
        }
        {
            int k_8 = 3;
            uint somd_spin3 = 0u;
            for (; k_8 <= 1000003; k_8 = k_8 + 7) {
                if ((++somd_spin3 & 1023u) == 0u && SOMD_STOP()) break;
                if (somd_irem(1, k_8, 5) == 0) {
                    continue;
                }
                s = somd_ladd(s, ((long)((k_8 ^ e))));
            }
        }
        {
            int k_9 = n;
            const bool somd_long5 = (long)k_9 - (long)(somd_ineg(n)) >= 65536L;
            if (somd_long5) {
                for (;;) {
                    const bool somd_last6 = (long)k_9 - (long)(somd_ineg(n)) <= 1024L;
                    const int somd_end6 = somd_last6 ? (int)(somd_ineg(n)) : k_9 + (-1024);
                    for (; k_9 > somd_end6; k_9 = k_9 - 1) {
                        s = (s ^ ((long)(k_9)));
                    }
                    if (somd_last6 || k_9 > somd_end6) break;
                    if (SOMD_STOP()) break;
                }
            } else {
                for (; k_9 > somd_ineg(n); k_9 = k_9 - 1) {
                    s = (s ^ ((long)(k_9)));
                }
            }
        }
        int stop = ((somd_irem(2, e, 2) == 1) ? somd_isub(n, 3072) : somd_isub(n, 15003));
        {
            int k_11 = n;
            const bool somd_long8 = (long)k_11 - (long)(0) >= 196608L;
            if (somd_long8) {
                for (;;) {
                    const bool somd_last9 = (long)k_11 - (long)(0) <= 3072L;
                    const int somd_end9 = somd_last9 ? (int)(0) : k_11 + (-3072);
                    for (; k_11 >= somd_end9; k_11 = k_11 - 3) {
                        s = somd_ladd(s, ((long)(k_11)));
                        if (k_11 == stop) {
                            break;
                        }
                    }
                    if (somd_last9 || k_11 >= somd_end9) break;
                    if (SOMD_STOP()) break;
                }
            } else {
                for (; k_11 >= 0; k_11 = k_11 - 3) {
                    s = somd_ladd(s, ((long)(k_11)));
                    if (k_11 == stop) {
                        break;
                    }
                }
            }
        }
        {
            long k_12 = 0L;
            const bool somd_long11 = (long)(somd_lmul(((long)(n)), 3L)) > (long)k_12 && (ulong)(long)(somd_lmul(((long)(n)), 3L)) - (ulong)(long)k_12 >= 65536UL;
            if (somd_long11) {
                for (;;) {
                    const bool somd_last12 = !((long)(somd_lmul(((long)(n)), 3L)) > (long)k_12 && (ulong)(long)(somd_lmul(((long)(n)), 3L)) - (ulong)(long)k_12 > 1024UL);
                    const long somd_end12 = somd_last12 ? (long)(somd_lmul(((long)(n)), 3L)) : k_12 + (1024L);
                    for (; k_12 < somd_end12; k_12 = somd_ladd(k_12, 1L)) {
                        s = somd_ladd(somd_lmul(s, 7L), k_12);
                        if (k_12 == somd_lmul(1023L, ((long)(somd_iadd(e, 1))))) {
                            break;
                        }
                    }
                    if (somd_last12 || k_12 < somd_end12) break;
                    if (SOMD_STOP()) break;
                }
            } else {
                for (; k_12 < somd_lmul(((long)(n)), 3L); k_12 = somd_ladd(k_12, 1L)) {
                    s = somd_ladd(somd_lmul(s, 7L), k_12);
                    if (k_12 == somd_lmul(1023L, ((long)(somd_iadd(e, 1))))) {
                        break;
                    }
                }
            }
        }
        {
            long k_13 = somd_lmul(((long)(n)), 2L);
            const bool somd_long14 = (long)k_13 > (long)(0L) && (ulong)(long)k_13 - (ulong)(long)(0L) >= 196608UL;
            if (somd_long14) {
                for (;;) {
                    const bool somd_last15 = !((long)k_13 > (long)(0L) && (ulong)(long)k_13 - (ulong)(long)(0L) > 3072UL);
                    const long somd_end15 = somd_last15 ? (long)(0L) : k_13 + (-3072L);
                    for (; k_13 > somd_end15; k_13 = somd_lsub(k_13, 3L)) {
                        s = somd_ladd(somd_lmul(s, 5L), (k_13 & 255L));
                    }
                    if (somd_last15 || k_13 > somd_end15) break;
                    if (SOMD_STOP()) break;
                }
            } else {
                for (; k_13 > 0L; k_13 = somd_lsub(k_13, 3L)) {
                    s = somd_ladd(somd_lmul(s, 5L), (k_13 & 255L));
                }
            }
        }
        {
            int k_14 = 0;
            const bool somd_long17 = (long)(n) - (long)k_14 >= 65536L;
            if (somd_long17) {
                for (;;) {
                    const bool somd_last18 = (long)(n) - (long)k_14 <= 1024L;
                    const int somd_end18 = somd_last18 ? (int)(n) : k_14 + (1024);
                    for (; k_14 < somd_end18; k_14 = k_14 + 1) {
                        if (k_14 == somd_iadd(5000, e)) {
                            break;
                        }
                        s = somd_lsub(s, ((long)(k_14)));
                    }
                    if (somd_last18 || k_14 < somd_end18) break;
                    if (SOMD_STOP()) break;
                }
            } else {
                for (; k_14 < n; k_14 = k_14 + 1) {
                    if (k_14 == somd_iadd(5000, e)) {
                        break;
                    }
                    s = somd_lsub(s, ((long)(k_14)));
                }
            }
        }
        {
            int j = 0;
            const bool somd_long20 = (long)(n) - (long)j >= 65536L;
            if (somd_long20) {
                for (;;) {
                    const bool somd_last21 = (long)(n) - (long)j <= 1024L;
                    const int somd_end21 = somd_last21 ? (int)(n) : j + (1024);
                    for (; j < somd_end21; j = j + 1) {
                        s = somd_ladd(s, ((long)((j & 15))));
                    }
                    if (somd_last21 || j < somd_end21) break;
                    if (SOMD_STOP()) break;
                }
            } else {
                for (; j < n; j = j + 1) {
                    s = somd_ladd(s, ((long)((j & 15))));
                }
            }
        }
        int q = 0;
        uint somd_spin22 = 0u;
        for (; q < n; ) {
            if ((++somd_spin22 & 1023u) == 0u && SOMD_STOP()) break;
            q = somd_iadd(q, 1);
            if (q == somd_imul(1024, somd_iadd(somd_irem(3, e, 4), 1))) {
                break;
            }
            s = somd_ladd(s, ((long)(q)));
        }
        out[p] = somd_ladd(somd_lmul(s, 31L), ((long)(q)));
    } while (0);
}
