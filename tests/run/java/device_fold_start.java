// Java twin of device_fold_start.somd, with the sequential meaning of its SOMD constructs:
// a SOMD method runs as one method instance over the whole arrays, a `combine` strategy
// returns the single result, value classes are final classes and value arrays arrays.
class Main {
    // The values `FirstAt` compares (set before each call of `argmax`).
    static float[] values;
    // A static value object: the host reads its fields for a start.
    static final P ORIGIN = new P(-2400.5f, 0.25f);

    // The first element starts the maximum; the loop skips it.
    static int best(int[] a) {
        int m = a[0];
        for (int i = 1; i < a.length; i++) {
            if (a[i] > m) m = a[i];
        }
        return m;
    }

    // The last element starts the minimum; `Math.min` over the others.
    static long lowest(long[] a) {
        long m = a[a.length - 1];
        for (int i = 0; i < a.length - 1; i++) {
            m = Math.min(m, a[i]);
        }
        return m;
    }

    // A floor from a parameter: nothing below it comes back.
    static int floored(int[] a, int floor) {
        int m = floor;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, a[i] * 3 - 7);
        }
        return m;
    }

    // A mask from a parameter, narrowed by every element.
    static int masked(int[] a, int mask) {
        int bits = mask;
        for (int i = 0; i < a.length; i++) {
            bits &= a[i] | 0x0f0f;
        }
        return bits;
    }

    // A flag started from the first element.
    static boolean anyAbove(int[] a, int t) {
        boolean found = a[0] > t;
        for (int i = 1; i < a.length; i++) {
            found = found || a[i] > t;
        }
        return found;
    }

    // A 2-D maximum from the first cell.
    static double peak(double[][] g) {
        double m = g[0][0];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                m = Math.max(m, g[i][j]);
            }
        }
        return m;
    }

    // Floating conditional maxima: NaN never wins, and of `-0.0` and `0.0` the first
    // reaching the maximum stays (the sign shows which).
    static float firstMax(float[] f) {
        float m = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < f.length; i++) {
            if (f[i] > m) m = f[i];
        }
        return m;
    }

    // The conditional expression form, from a constant start above the identity.
    static double firstMaxD(double[] x) {
        double m = -1e300;
        for (int i = 0; i < x.length; i++) {
            m = x[i] > m ? x[i] : m;
        }
        return m;
    }

    // A minimum over value-array elements' fields, started from the first element's.
    static float leftmost(P[] ps) {
        float m = ps[0].x + ps[0].y;
        for (int i = 0; i < ps.length; i++) {
            m = Math.min(m, ps[i].x + ps[i].y);
        }
        return m;
    }

    // The position of the first maximum, returned without its value (the extremum is
    // folded with it); the strategy compares the values at the positions.
    static int argmax(float[] f) {
        int k = -1;
        float m = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < f.length; i++) {
            if (f[i] > m) {
                m = f[i];
                k = i;
            }
        }
        return k;
    }

    // A second accumulator nothing reads: the loop still reduces both.
    static long sumOnly(int[] a) {
        long s = 0;
        long squares = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            squares += (long) a[i] * a[i];
        }
        return s;
    }

    // A minimum started from a static value object's fields.
    static float fromOrigin(P[] ps) {
        float m = ORIGIN.x + ORIGIN.y;
        for (int i = 0; i < ps.length; i++) {
            m = Math.min(m, ps[i].x + ps[i].y);
        }
        return m;
    }

    static float zeroOrValue(int k, int n) {
        int r = (k * 7919) % 11;
        if (r == 0) return 0.0f;
        if (r == 1) return -0.0f;
        if (r == 2) return Float.NaN;
        return (float) ((k * 31) % n) - n;
    }

    public static void main(String[] args) {
        int[] lengths = {1, 2, 3, 17, 255, 256, 257, 1000, 4097, 70001};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            int[] a = new int[n];
            long[] l = new long[n];
            float[] f = new float[n];
            float[] z = new float[n];
            double[] x = new double[n];
            P[] pts = new P[n];
            for (int i = 0; i < n; i++) {
                a[i] = ((i * 7919 + t * 104729) % 20011) - 10005;
                l[i] = (long) a[i] * 1000003L + i;
                f[i] = zeroOrValue(i + t, n);
                // The zeros' signs swapped: the other zero comes first.
                z[i] = f[i] != 0 ? f[i] : (Float.floatToIntBits(f[i]) == 0 ? -0.0f : 0.0f);
                x[i] = (i % 5 == 3) ? Double.NaN : (i % 3 == 0 ? -0.0 : a[i] * 0.5);
                pts[i] = new P(a[i] * 0.25f, (float) (i % 13));
            }
            P[] ps = pts.clone();
            values = f;
            int rows = 1 + n % 7;
            int cols = (n + rows - 1) / rows;
            double[][] g = new double[rows][cols];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    g[i][j] = ((i * cols + j) * 2654435761L % 1000) * 0.125 - 60;
                }
            }
            System.out.println("n=" + n + " best " + best(a) + " lowest " + lowest(l)
                + " floored " + floored(a, 100) + "/" + floored(a, 1 << 30)
                + " masked " + masked(a, 0x7ff3) + " above " + anyAbove(a, 9000) + "/"
                + anyAbove(a, 20000));
            System.out.println("  peak " + peak(g) + " firstMax " + firstMax(f) + " zeros "
                + firstMax(z) + " firstMaxD " + firstMaxD(x) + " leftmost " + leftmost(ps));
            System.out.println("  argmax " + argmax(f) + " sumOnly " + sumOnly(a) + " fromOrigin "
                + fromOrigin(ps));
        }
    }
}

final class P {
    float x;
    float y;

    P(float x, float y) {
        this.x = x;
        this.y = y;
    }
}
