__kernel void old_far(__global const int *restrict at,
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
        long m = somd_ladd(somd_lmul(lim[SOMD_INDEX(2, i, lim_len0)], 10L), 70000L);
        long s = ((long)(i));
        {
            long k = 0L;
            for (; k < m; k = somd_ladd(k, 1L)) {
                s = somd_ladd(somd_lmul(s, 31L), k);
            }
        }
        out[p] = s;
    } while (0);
}
