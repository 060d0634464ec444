__kernel void blk_near(__global const int *restrict at,
        const int at_len0,
        __global const long *restrict lim,
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
        int i = at[p];
        long m = somd_ladd(somd_lrem(1, lim[SOMD_INDEX(0, i, lim_len0)], 7L), 64L);
        long s = ((long)(i));
        {
            long k = 0L;
            const bool somd_long1 = (long)(m) > (long)k && (ulong)(long)(m) - (ulong)(long)k >= 65536UL;
            if (somd_long1) {
                for (;;) {
                    const bool somd_last2 = !((long)(m) > (long)k && (ulong)(long)(m) - (ulong)(long)k > 1024UL);
                    const long somd_end2 = somd_last2 ? (long)(m) : k + (1024L);
                    for (; k < somd_end2; k = somd_ladd(k, 1L)) {
                        s = somd_ladd(somd_lmul(s, 31L), k);
                    }
                    if (somd_last2 || k < somd_end2) break;
                    if (SOMD_STOP()) break;
                }
            } else {
                for (; k < m; k = somd_ladd(k, 1L)) {
                    s = somd_ladd(somd_lmul(s, 31L), k);
                }
            }
        }
        out[p] = s;
    } while (0);
}
