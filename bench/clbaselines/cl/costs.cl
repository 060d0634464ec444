// The smallest kernel a per-call measurement needs: one add per element and an error
// buffer argument, as a generated kernel has (bench/clbaselines/costs.rs).
__kernel void bump(__global int *a, __global int *err, int n) {
    int i = get_global_id(0);
    if (i < n) {
        a[i] += 1;
    }
}
