/* Java's widening conversion of a batch a device filter task left on the device, for the
   next filter of its graph, whose worker takes a wider type (`rt::device::widen`):
   element `i` of `in` (SOMD_FROM) converted by SOMD_CONV into `out` (SOMD_TO). */
__kernel void somd_widen(__global const SOMD_FROM *in, __global SOMD_TO *out, const int n)
{
    const int i = (int)get_global_id(0);
    if (i < n) {
        out[i] = SOMD_CONV(in[i]);
    }
}
