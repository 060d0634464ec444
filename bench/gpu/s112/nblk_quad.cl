__kernel void nblk_quad(__global const int *restrict at,
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
        long m = somd_ladd(lim[SOMD_INDEX(3, i, lim_len0)], 250L);
        long s = ((long)(i));
        {
            long x = 0L;
            {
                for (;;) {
                    if (SOMD_NEST_STOP()) break;
                    const bool somd_last0 = !((long)(m) > (long)x && (ulong)(long)(m) - (ulong)(long)x > 1024UL);
                    const long somd_end0 = somd_last0 ? (long)(m) : x + (1024L);
                    const long somd_from0 = x;
                    for (; x < somd_end0; x = somd_ladd(x, 1L)) {
                        {
                            long z = 0L;
                            for (; z < 4L; z = somd_ladd(z, 1L)) {
                                s = somd_ladd(somd_lmul(s, 31L), (x ^ z));
                            }
                        }
                    }
                    if (SOMD_NEST_TICKS((uint)(x - somd_from0))) break;
                    if (somd_last0 || x < somd_end0) break;
                }
            }
        }
        out[p] = s;
    } while (0);
}
