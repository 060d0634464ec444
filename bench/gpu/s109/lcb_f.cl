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
                uint somd_spin0 = 0u;
                for (; k < n; k = somd_iadd(k, 1)) {
                    if ((++somd_spin0 & 1023u) == 0u && SOMD_STOP()) break;
                    s = somd_ladd(somd_lmul(s, 31L), ((long)(k)));
                }
            } else {
                for (; k < n; k = somd_iadd(k, 1)) {
                    s = somd_ladd(somd_lmul(s, 31L), ((long)(k)));
                }
            }
        }
        {
            int k_8 = 3;
            uint somd_spin2 = 0u;
            for (; k_8 <= 1000003; k_8 = somd_iadd(k_8, 7)) {
                if ((++somd_spin2 & 1023u) == 0u && SOMD_STOP()) break;
                if (somd_irem(1, k_8, 5) == 0) {
                    continue;
                }
                s = somd_ladd(s, ((long)((k_8 ^ e))));
            }
        }
        {
            int k_9 = n;
            const bool somd_long4 = (long)k_9 - (long)(somd_ineg(n)) >= 65536L;
            if (somd_long4) {
                uint somd_spin3 = 0u;
                for (; k_9 > somd_ineg(n); k_9 = somd_isub(k_9, 1)) {
                    if ((++somd_spin3 & 1023u) == 0u && SOMD_STOP()) break;
                    s = (s ^ ((long)(k_9)));
                }
            } else {
                for (; k_9 > somd_ineg(n); k_9 = somd_isub(k_9, 1)) {
                    s = (s ^ ((long)(k_9)));
                }
            }
        }
        int stop = ((somd_irem(2, e, 2) == 1) ? somd_isub(n, 3072) : somd_isub(n, 15003));
        {
            int k_11 = n;
            const bool somd_long6 = (long)k_11 - (long)(0) >= 196608L;
            if (somd_long6) {
                uint somd_spin5 = 0u;
                for (; k_11 >= 0; k_11 = somd_isub(k_11, 3)) {
                    if ((++somd_spin5 & 1023u) == 0u && SOMD_STOP()) break;
                    s = somd_ladd(s, ((long)(k_11)));
                    if (k_11 == stop) {
                        break;
                    }
                }
            } else {
                for (; k_11 >= 0; k_11 = somd_isub(k_11, 3)) {
                    s = somd_ladd(s, ((long)(k_11)));
                    if (k_11 == stop) {
                        break;
                    }
                }
            }
        }
        {
            long k_12 = 0L;
            const bool somd_long8 = (long)(somd_lmul(((long)(n)), 3L)) > (long)k_12 && (ulong)(long)(somd_lmul(((long)(n)), 3L)) - (ulong)(long)k_12 >= 65536UL;
            if (somd_long8) {
                uint somd_spin7 = 0u;
                for (; k_12 < somd_lmul(((long)(n)), 3L); k_12 = somd_ladd(k_12, 1L)) {
                    if ((++somd_spin7 & 1023u) == 0u && SOMD_STOP()) break;
                    s = somd_ladd(somd_lmul(s, 7L), k_12);
                    if (k_12 == somd_lmul(1023L, ((long)(somd_iadd(e, 1))))) {
                        break;
                    }
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
            const bool somd_long10 = (long)k_13 > (long)(0L) && (ulong)(long)k_13 - (ulong)(long)(0L) >= 196608UL;
            if (somd_long10) {
                uint somd_spin9 = 0u;
                for (; k_13 > 0L; k_13 = somd_lsub(k_13, 3L)) {
                    if ((++somd_spin9 & 1023u) == 0u && SOMD_STOP()) break;
                    s = somd_ladd(somd_lmul(s, 5L), (k_13 & 255L));
                }
            } else {
                for (; k_13 > 0L; k_13 = somd_lsub(k_13, 3L)) {
                    s = somd_ladd(somd_lmul(s, 5L), (k_13 & 255L));
                }
            }
        }
        {
            int k_14 = 0;
            const bool somd_long12 = (long)(n) - (long)k_14 >= 65536L;
            if (somd_long12) {
                uint somd_spin11 = 0u;
                for (; k_14 < n; k_14 = somd_iadd(k_14, 1)) {
                    if ((++somd_spin11 & 1023u) == 0u && SOMD_STOP()) break;
                    if (k_14 == somd_iadd(5000, e)) {
                        break;
                    }
                    s = somd_lsub(s, ((long)(k_14)));
                }
            } else {
                for (; k_14 < n; k_14 = somd_iadd(k_14, 1)) {
                    if (k_14 == somd_iadd(5000, e)) {
                        break;
                    }
                    s = somd_lsub(s, ((long)(k_14)));
                }
            }
        }
        {
            int j = 0;
            const bool somd_long14 = (long)(n) - (long)j >= 65536L;
            if (somd_long14) {
                uint somd_spin13 = 0u;
                for (; j < n; j = somd_iadd(j, 1)) {
                    if ((++somd_spin13 & 1023u) == 0u && SOMD_STOP()) break;
                    s = somd_ladd(s, ((long)((j & 15))));
                }
            } else {
                for (; j < n; j = somd_iadd(j, 1)) {
                    s = somd_ladd(s, ((long)((j & 15))));
                }
            }
        }
        int q = 0;
        uint somd_spin15 = 0u;
        for (; q < n; ) {
            if ((++somd_spin15 & 1023u) == 0u && SOMD_STOP()) break;
            q = somd_iadd(q, 1);
            if (q == somd_imul(1024, somd_iadd(somd_irem(3, e, 4), 1))) {
                break;
            }
            s = somd_ladd(s, ((long)(q)));
        }
        out[p] = somd_ladd(somd_lmul(s, 31L), ((long)(q)));
    } while (0);
}
