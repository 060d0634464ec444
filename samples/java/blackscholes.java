// Java twin of blackscholes.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// Black-Scholes option pricing, after Fumero et al. (001) Listing 4: a map over stock
// prices that returns a (call, put) pair per price. The pair is a final class, the map is
// `@` over a value array of prices with the other inputs broadcast, and the totals are
// computed two ways: with `!` over mapped value arrays, and with a SOMD method whose
// MIs' partial sums are combined with `reduce(+)`.
//
// Usage: blackscholes [N]   (default N = 10000 prices)

import java.util.Random;

final class OptionPrice {
    float call;
    float put;

    OptionPrice(float call, float put) {
        this.call = call;
        this.put = put;
    }
}

class BlackScholes {

    static final float RISK_FREE = 0.02f;
    static final float VOLATILITY = 0.30f;

    // Cumulative normal distribution (Abramowitz and Stegun 26.2.17).
    static float cnd(float d) {
        float a1 = 0.31938153f;
        float a2 = -0.356563782f;
        float a3 = 1.781477937f;
        float a4 = -1.821255978f;
        float a5 = 1.330274429f;
        float k = 1.0f / (1.0f + 0.2316419f * Math.abs(d));
        float poly = k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5))));
        float w = 1.0f - (float) (0.39894228040143267 * Math.exp(-0.5 * d * d)) * poly;
        return d < 0 ? 1.0f - w : w;
    }

    static OptionPrice price(float stock, float strike, float years) {
        float sqrtT = (float) Math.sqrt(years);
        float d1 = (float) ((Math.log(stock / strike) + (RISK_FREE + 0.5f * VOLATILITY * VOLATILITY) * years)
            / (VOLATILITY * sqrtT));
        float d2 = d1 - VOLATILITY * sqrtT;
        float discounted = strike * (float) Math.exp(-RISK_FREE * years);
        float call = stock * cnd(d1) - discounted * cnd(d2);
        float put = discounted * cnd(-d2) - stock * cnd(-d1);
        return new OptionPrice(call, put);
    }

    static double callOf(OptionPrice p) {
        return p.call;
    }

    static double putOf(OptionPrice p) {
        return p.put;
    }

    static double totalCalls(float[] stocks, float strike, float years) {
        double total = 0;
        for (int i = 0; i < stocks.length; i++) {
            total += price(stocks[i], strike, years).call;
        }
        return total;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10000;
        Random random = new Random(2015);
        float[] stocks = new float[n];
        for (int i = 0; i < n; i++) {
            stocks[i] = 10.0f + 90.0f * random.nextFloat();
        }
        float strike = 50.0f;
        float years = 1.5f;

        OptionPrice[] prices = new OptionPrice[stocks.length];
        for (int i = 0; i < stocks.length; i++) {
            prices[i] = price(stocks[i], strike, years);
        }
        double calls = 0;
        for (int i = 0; i < prices.length; i++) {
            calls += callOf(prices[i]);
        }
        double puts = 0;
        for (int i = 0; i < prices.length; i++) {
            puts += putOf(prices[i]);
        }
        double callsSomd = totalCalls(stocks, strike, years);

        System.out.println("blackscholes n=" + n);
        System.out.printf("first call %.3f put %.3f%n", prices[0].call, prices[0].put);
        System.out.printf("total calls %.2f puts %.2f%n", calls, puts);
        System.out.println(Math.abs(calls - callsSomd) < 1e-6 * Math.abs(calls) ? "SOMD total agrees" : "SOMD total differs");
    }
}
