// Hand-tuned OpenCL for samples/vectoradd.somd: c = a + b on Java ints.
// Each work-item adds four elements with one int4 load per input and one int4 store; the
// last work-item handles the n % 4 tail element by element. Java's int addition wraps, so
// the sum is taken on unsigned ints (signed overflow is undefined in C).

__kernel void add(__global const int *a, __global const int *b, __global int *c, int n) {
    int quad = get_global_id(0);
    int first = quad * 4;
    if (first + 3 < n) {
        uint4 sum = as_uint4(vload4(quad, a)) + as_uint4(vload4(quad, b));
        vstore4(as_int4(sum), quad, c);
    } else {
        for (int i = first; i < n; i++) {
            c[i] = as_int(as_uint(a[i]) + as_uint(b[i]));
        }
    }
}
