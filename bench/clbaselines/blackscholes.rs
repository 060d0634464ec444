//! Black-Scholes (`samples/blackscholes.somd`): the map `@ price` fused with the totals of
//! calls and puts, then the SOMD method `totalCalls` (`cl/blackscholes.cl`); four options
//! per work-item. The prices come down in pinned memory, as the program holds them.

use crate::host::{Cl, CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY};
use crate::{args, printf, size_arg, Outcome};
use opencl3::memory::ClMem as _;
use somd_runtime::java::{Arg, Random};

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String]) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 10000)?;
    let cl = Cl::open(include_str!("cl/blackscholes.cl"))?;
    let mut stocks = cl.pinned::<f32>(n)?;
    let mut random = Random::with_seed(2015);
    for stock in stocks.iter_mut() {
        *stock = 10.0f32 + 90.0f32 * random.next_float();
    }
    let (strike, years) = (50.0f32, 1.5f32);
    let mut stocks_dev = cl.buffer::<f32>(CL_MEM_READ_ONLY, n)?;
    cl.upload(&mut stocks_dev, &stocks)?;
    // n < 2^31: it came from a Java int.
    let count = n as i32;
    let quads = n.div_ceil(4);

    // `@ price` with `+ ! (@ callOf)` and `+ ! (@ putOf)`.
    let fused = cl.kernel("price_reduce")?;
    let local = cl.group_size(&fused, 256);
    let groups = quads.div_ceil(local);
    let prices_dev = cl.buffer::<f32>(CL_MEM_WRITE_ONLY, 2 * n)?;
    let partials_dev = cl.buffer::<f64>(CL_MEM_WRITE_ONLY, 2 * groups)?;
    args!(
        &fused,
        &stocks_dev.get(),
        &strike,
        &years,
        &count,
        &prices_dev.get(),
        &partials_dev.get()
    );
    // SAFETY: argument 6 is the `__local double *scratch` of two doubles per work-item.
    unsafe { fused.set_arg_local_buffer(6, 2 * local * 8) }
        .map_err(|e| format!("clSetKernelArg(6): {e}"))?;
    cl.launch(&fused, &[groups * local], &[local])?;
    let mut prices = cl.pinned::<f32>(2 * n)?;
    cl.download(&prices_dev, &mut prices)?;
    let mut partials = cl.pinned::<f64>(2 * groups)?;
    cl.download(&partials_dev, &mut partials)?;
    let (calls, puts) = cl.host_combine(|| {
        partials.chunks(2).fold((0.0f64, 0.0f64), |(c, p), group| (c + group[0], p + group[1]))
    });

    // The SOMD method `totalCalls`.
    let total = cl.kernel("total_calls")?;
    let local = cl.group_size(&total, 256);
    let groups = quads.div_ceil(local);
    let totals_dev = cl.buffer::<f64>(CL_MEM_WRITE_ONLY, groups)?;
    args!(&total, &stocks_dev.get(), &strike, &years, &count, &totals_dev.get());
    // SAFETY: argument 5 is the `__local double *scratch` of one double per work-item.
    unsafe { total.set_arg_local_buffer(5, local * 8) }
        .map_err(|e| format!("clSetKernelArg(5): {e}"))?;
    cl.launch(&total, &[groups * local], &[local])?;
    let mut totals = cl.pinned::<f64>(groups)?;
    cl.download(&totals_dev, &mut totals)?;
    let calls_somd: f64 = cl.host_combine(|| totals.iter().sum());

    let mut stdout = format!("blackscholes n={n}\n");
    stdout +=
        &printf("first call %.3f put %.3f%n", &[Arg::Float(prices[0]), Arg::Float(prices[1])])?;
    stdout += &printf("total calls %.2f puts %.2f%n", &[Arg::Double(calls), Arg::Double(puts)])?;
    stdout += if (calls - calls_somd).abs() < 1e-6 * calls.abs() {
        "SOMD total agrees\n"
    } else {
        "SOMD total differs\n"
    };
    drop((stocks, prices, partials, totals));
    Ok(Outcome { stdout, report: cl.report() })
}
