// Hand-tuned OpenCL for samples/series.somd: one work-item per Fourier coefficient pair.
// The arithmetic is the sample's, in double, in the same order (JavaGrande's trapezoid
// rule); work-item 0 computes a_0, which the sample computes before its SOMD method.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

double the_function(double x, double omegan, int select) {
    double base = pow(x + 1.0, x);
    if (select == 0) {
        return base;
    } else if (select == 1) {
        return base * cos(omegan * x);
    }
    return base * sin(omegan * x);
}

double trapezoid_integrate(double x0, double x1, int nsteps, double omegan, int select) {
    double x = x0;
    double dx = (x1 - x0) / (double)nsteps;
    double rvalue = the_function(x0, omegan, select) / 2.0;
    if (nsteps != 1) {
        --nsteps;
        while (--nsteps > 0) {
            x += dx;
            rvalue += the_function(x, omegan, select);
        }
    }
    return (rvalue + the_function(x1, omegan, select) / 2.0) * dx;
}

__kernel void coefficients(__global double *a, __global double *b, int n) {
    int j = get_global_id(0);
    if (j >= n) {
        return;
    }
    if (j == 0) {
        a[0] = trapezoid_integrate(0.0, 2.0, 1000, 0.0, 0) / 2.0;
        b[0] = 0.0;
        return;
    }
    double omegan = 3.1415926535897932 * (double)j;
    a[j] = trapezoid_integrate(0.0, 2.0, 1000, omegan, 1);
    b[j] = trapezoid_integrate(0.0, 2.0, 1000, omegan, 2);
}
