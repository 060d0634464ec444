//! Black-Scholes (`samples/blackscholes.somd`): call and put prices in `float` for random
//! stock prices, their totals, and the total of the calls again as the sample's SOMD
//! method computes it.
//!
//! The kernel region is the SOMD method's computation (the generated program reports only
//! SOMD method calls), the second pricing of every option.

use crate::{printf, size_arg, Outcome};
use rayon::prelude::*;
use somd_runtime::java::{Arg, Random};
use std::time::Instant;

const RISK_FREE: f32 = 0.02;
const VOLATILITY: f32 = 0.30;

/// The sample's `OptionPrice`.
#[derive(Clone, Copy)]
struct OptionPrice {
    call: f32,
    put: f32,
}

/// The sample's `cnd`, with its `float` and `double` steps.
#[allow(
    clippy::excessive_precision,
    reason = "the sample's literals, which round to the same floats"
)]
fn cnd(d: f32) -> f32 {
    let a1 = 0.319_381_53f32;
    let a2 = -0.356_563_782f32;
    let a3 = 1.781_477_937f32;
    let a4 = -1.821_255_978f32;
    let a5 = 1.330_274_429f32;
    let k = 1.0f32 / (1.0f32 + 0.231_641_9f32 * d.abs());
    let poly = k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5))));
    let d = f64::from(d);
    let w = 1.0f32 - (0.398_942_280_401_432_67 * (-0.5 * d * d).exp()) as f32 * poly;
    if d < 0.0 {
        1.0f32 - w
    } else {
        w
    }
}

/// The sample's `price`.
fn price(stock: f32, strike: f32, years: f32) -> OptionPrice {
    let sqrt_t = f64::from(years).sqrt() as f32;
    let drift = (RISK_FREE + 0.5f32 * VOLATILITY * VOLATILITY) * years;
    let d1 = ((f64::from(stock / strike).ln() + f64::from(drift)) / f64::from(VOLATILITY * sqrt_t))
        as f32;
    let d2 = d1 - VOLATILITY * sqrt_t;
    let discounted = strike * f64::from(-RISK_FREE * years).exp() as f32;
    let call = stock * cnd(d1) - discounted * cnd(d2);
    let put = discounted * cnd(-d2) - stock * cnd(-d1);
    OptionPrice { call, put }
}

/// Runs the benchmark with the sample's arguments `[N]`.
pub fn run(args: &[String], parallel: bool) -> Result<Outcome, String> {
    let n = size_arg(args, 0, 10_000)?;
    let mut random = Random::with_seed(2015);
    let stocks: Vec<f32> = (0..n).map(|_| 10.0f32 + 90.0f32 * random.next_float()).collect();
    let strike = 50.0f32;
    let years = 1.5f32;

    let (prices, calls, puts): (Vec<OptionPrice>, f64, f64) = if parallel {
        let prices: Vec<OptionPrice> =
            stocks.par_iter().map(|&s| price(s, strike, years)).collect();
        let calls = prices.par_iter().map(|p| f64::from(p.call)).sum();
        let puts = prices.par_iter().map(|p| f64::from(p.put)).sum();
        (prices, calls, puts)
    } else {
        let prices: Vec<OptionPrice> = stocks.iter().map(|&s| price(s, strike, years)).collect();
        let calls = prices.iter().fold(0.0, |acc, p| acc + f64::from(p.call));
        let puts = prices.iter().fold(0.0, |acc, p| acc + f64::from(p.put));
        (prices, calls, puts)
    };

    let started = Instant::now();
    let calls_somd: f64 = if parallel {
        stocks.par_iter().map(|&s| f64::from(price(s, strike, years).call)).sum()
    } else {
        stocks.iter().fold(0.0, |acc, &s| acc + f64::from(price(s, strike, years).call))
    };
    let kernel = started.elapsed();

    let mut stdout = format!("blackscholes n={n}\n");
    stdout += &printf(
        "first call %.3f put %.3f%n",
        &[Arg::Double(f64::from(prices[0].call)), Arg::Double(f64::from(prices[0].put))],
    )?;
    stdout += &printf("total calls %.2f puts %.2f%n", &[Arg::Double(calls), Arg::Double(puts)])?;
    stdout += if (calls - calls_somd).abs() < 1e-6 * calls.abs() {
        "SOMD total agrees\n"
    } else {
        "SOMD total differs\n"
    };
    Ok(Outcome { stdout, kernel })
}
