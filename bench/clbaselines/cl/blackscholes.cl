// Hand-tuned OpenCL for samples/blackscholes.somd. `price_reduce` fuses the map `@ price`
// with the two reductions `+ ! (@ callOf)` and `+ ! (@ putOf)`: each work-item prices four
// options (one float4 load of stock prices, one float8 store of (call, put) pairs; the
// n % 4 tail one by one) and adds their calls and puts in double; a work-group tree
// reduction in local memory leaves one (calls, puts) pair per group for the host.
// `total_calls` is the SOMD method `totalCalls` in the same shape. The arithmetic follows
// Java's promotions exactly: float where the sample computes in float, double around
// Math.exp, Math.log and Math.sqrt.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

#define RISK_FREE 0.02f
#define VOLATILITY 0.30f

float cnd(float d) {
    float a1 = 0.31938153f;
    float a2 = -0.356563782f;
    float a3 = 1.781477937f;
    float a4 = -1.821255978f;
    float a5 = 1.330274429f;
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float poly = k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5))));
    float w = 1.0f - (float)(0.39894228040143267 * exp(-0.5 * (double)d * (double)d)) * poly;
    return d < 0 ? 1.0f - w : w;
}

float2 price(float stock, float strike, float years) {
    float sqrt_t = (float)sqrt((double)years);
    float d1 = (float)((log((double)(stock / strike))
                        + (double)((RISK_FREE + 0.5f * VOLATILITY * VOLATILITY) * years))
                       / (double)(VOLATILITY * sqrt_t));
    float d2 = d1 - VOLATILITY * sqrt_t;
    float discounted = strike * (float)exp((double)(-RISK_FREE * years));
    float call = stock * cnd(d1) - discounted * cnd(d2);
    float put = discounted * cnd(-d2) - stock * cnd(-d1);
    return (float2)(call, put);
}

__kernel void price_reduce(__global const float *stocks, float strike, float years, int n,
                           __global float *prices, __global double *partials,
                           __local double *scratch) {
    int quad = get_global_id(0);
    int lid = get_local_id(0);
    int size = get_local_size(0);
    int first = quad * 4;
    double calls = 0.0;
    double puts = 0.0;
    if (first + 3 < n) {
        float4 s = vload4(quad, stocks);
        float2 p0 = price(s.x, strike, years);
        float2 p1 = price(s.y, strike, years);
        float2 p2 = price(s.z, strike, years);
        float2 p3 = price(s.w, strike, years);
        vstore8((float8)(p0, p1, p2, p3), quad, prices);
        calls = (double)p0.x + (double)p1.x + (double)p2.x + (double)p3.x;
        puts = (double)p0.y + (double)p1.y + (double)p2.y + (double)p3.y;
    } else {
        for (int i = first; i < n; i++) {
            float2 p = price(stocks[i], strike, years);
            vstore2(p, i, prices);
            calls += (double)p.x;
            puts += (double)p.y;
        }
    }
    __local double *call_sums = scratch;
    __local double *put_sums = scratch + size;
    call_sums[lid] = calls;
    put_sums[lid] = puts;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = size / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            call_sums[lid] += call_sums[lid + stride];
            put_sums[lid] += put_sums[lid + stride];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        partials[2 * get_group_id(0)] = call_sums[0];
        partials[2 * get_group_id(0) + 1] = put_sums[0];
    }
}

__kernel void total_calls(__global const float *stocks, float strike, float years, int n,
                          __global double *partials, __local double *scratch) {
    int quad = get_global_id(0);
    int lid = get_local_id(0);
    int first = quad * 4;
    double calls = 0.0;
    if (first + 3 < n) {
        float4 s = vload4(quad, stocks);
        calls = (double)price(s.x, strike, years).x + (double)price(s.y, strike, years).x
            + (double)price(s.z, strike, years).x + (double)price(s.w, strike, years).x;
    } else {
        for (int i = first; i < n; i++) {
            calls += (double)price(stocks[i], strike, years).x;
        }
    }
    scratch[lid] = calls;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            scratch[lid] += scratch[lid + stride];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        partials[get_group_id(0)] = scratch[0];
    }
}
