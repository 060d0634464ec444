// Java twin of series.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// JavaGrande Series (section 2): the first N Fourier coefficients of f(x) = (x+1)^x on
// [0, 2], as in SOMD paper (000) section 7.1. The coefficients live in a matrix with two
// rows (a_n and b_n), so only the column dimension is partitioned: `dist(dim = 2)`.
// As in the paper, the top-level method computes a_0 and calls the SOMD method for the
// rest; `0` turns a local column index into the coefficient
// number n.
//
// Usage: series [N]   (default N = 200 coefficients)

class Series {

    static double[][] coefficients(double[][] testArray) {
        double omega = 3.1415926535897932;
        int first = 0;
        for (int j = 0; j < testArray[0].length; j++) {
            int n = first + j;
            if (n == 0) {
                continue;
            }
            testArray[0][j] = trapezoidIntegrate(0.0, 2.0, 1000, omega * n, 1);
            testArray[1][j] = trapezoidIntegrate(0.0, 2.0, 1000, omega * n, 2);
        }
        return testArray;
    }

    static double[][] series(int n) {
        double[][] testArray = new double[2][n];
        testArray[0][0] = trapezoidIntegrate(0.0, 2.0, 1000, 0.0, 0) / 2.0;
        double[][] result = coefficients(testArray);
        return result;
    }

    static double trapezoidIntegrate(double x0, double x1, int nsteps, double omegan, int select) {
        double x = x0;
        double dx = (x1 - x0) / (double) nsteps;
        double rvalue = theFunction(x0, omegan, select) / 2.0;
        if (nsteps != 1) {
            --nsteps;
            while (--nsteps > 0) {
                x += dx;
                rvalue += theFunction(x, omegan, select);
            }
        }
        rvalue = (rvalue + theFunction(x1, omegan, select) / 2.0) * dx;
        return rvalue;
    }

    static double theFunction(double x, double omegan, int select) {
        double base = Math.pow(x + 1.0, x);
        if (select == 0) {
            return base;
        } else if (select == 1) {
            return base * Math.cos(omegan * x);
        }
        return base * Math.sin(omegan * x);
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        double[][] c = series(n);

        System.out.println("series n=" + n);
        for (int i = 0; i < 4 && i < n; i++) {
            System.out.printf("a[%d] = %.9f  b[%d] = %.9f%n", i, c[0][i], i, c[1][i]);
        }
        double sumA = 0;
        double sumB = 0;
        for (int i = 0; i < n; i++) {
            sumA += c[0][i];
            sumB += c[1][i];
        }
        System.out.printf("sum a %.9f sum b %.9f%n", sumA, sumB);
    }
}
