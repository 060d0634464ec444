// args: 30000 6
// Host loops over the results of SOMD calls run as SOMD methods of their own (eighty-fourth
// session): SparseMatMult's `y[i] += partial[i]` after each call brought the partial
// vector down and added it on the host; now the loop is a kernel, the partials stay on the
// device and `y` comes down once. Cases: a segmented sum whose partials a class combines
// (its one device table left there), an assembled result read with a declared local and
// `Math.abs`, a loop whose own array holds SOMD results (from index 1, bounded by its
// length), `int` arithmetic with `%` and `/`, an array the host updates between the
// rounds of a SOMD call reading it, stores under `if`/`else if` with a declaration in a
// branch, an array each round writes from a host array before a SOMD call reads it, a
// store at `i + 1` (since the ninetieth session), and loops that stay on the host: a
// second name of the array, two arrays written, a print in the body. Every value is a
// multiple of 1/8 below 2^40, so sums are exact in any order.
class RowPartitioner {
    static int[] bounds(int length, int parts, int[] row) {
        int[] b = new int[parts + 1];
        for (int r = 1; r < parts; r++) {
            int k = (int) ((long) length * r / parts);
            if (k < b[r - 1]) {
                k = b[r - 1];
            }
            while (k > 0 && k < length && row[k] == row[k - 1]) {
                k++;
            }
            b[r] = k;
        }
        b[parts] = length;
        return b;
    }
}

class VecSum {
    static double[] combine(double[] a, double[] b) {
        double[] c = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    static double[] multiply(double[] val,
                                            int[] row,
                                            int[] col,
                                            double[] x, int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length; i++) {
            y[row[i]] += val[i] * x[col[i]];
        }
        return y;
    }

    static double[] scale(double[] x, double k) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] * k - 1.0;
        }
        return r;
    }

    static int[] count(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k + 7;
        }
        return r;
    }

    static double sum(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static double aliased(double[] x, int n) {
        double[] e = new double[n];
        double[] z = e;
        double[] s = scale(x, 0.5);
        for (int i = 0; i < n; i++) {
            e[i] += s[i];
        }
        double v = z[n - 1] + e[0];
        z = x;
        return v + z[1];
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int nz = n * 4;
        double[] x = new double[n];
        double[] val = new double[nz];
        int[] row = new int[nz];
        int[] col = new int[nz];
        for (int i = 0; i < n; i++) {
            x[i] = (i % 17) * 0.5;
        }
        for (int k = 0; k < nz; k++) {
            row[k] = k / 4;
            col[k] = (k * 7919) % n;
            val[k] = (k % 5) * 0.25;
        }
        double[] y = new double[n];
        for (int r = 0; r < rounds; r++) {
            double[] partial = multiply(val, row, col, x, n);
            for (int i = 0; i < n; i++) {
                y[i] += partial[i];
            }
        }
        double total = 0;
        for (int i = 0; i < n; i++) {
            total += y[i];
        }
        System.out.println("segmented " + total + " " + y[0] + " " + y[n - 1]);

        double[] e = new double[n];
        for (int r = 0; r < rounds; r++) {
            double[] s = scale(x, r + 0.5);
            for (int i = 0; i < n; i++) {
                double d = s[i] - x[i] * 2;
                e[i] = Math.abs(d) + e[i] * 0.5;
            }
        }
        System.out.println("declared " + e[1] + " " + e[n / 2] + " " + e[n - 1]);

        double[] w = scale(x, 1.5);
        for (int r = 0; r < rounds; r++) {
            w = scale(w, 0.5);
            for (int i = 1; i < w.length; i++) {
                w[i] = w[i] * 2 + 0.125;
            }
        }
        System.out.println("own " + w[0] + " " + w[1] + " " + w[n - 1]);

        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 1000;
        }
        int[] h = new int[n];
        for (int r = 0; r < rounds; r++) {
            int[] c = count(a, r + 1);
            int k = r + 2;
            for (int i = 0; i < n; i++) {
                h[i] += c[i] % 3 + c[i] / k;
            }
        }
        long hs = 0;
        for (int i = 0; i < n; i++) {
            hs += h[i];
        }
        System.out.println("ints " + hs + " " + h[7]);

        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = i % 5;
        }
        double t = 0;
        for (int r = 0; r < rounds; r++) {
            t += sum(v);
            for (int i = 0; i < n; i++) {
                v[i] = v[i] * 0.5 + 1;
            }
        }
        System.out.println("updated " + t + " " + v[3]);

        double[] m = new double[n];
        for (int r = 0; r < rounds; r++) {
            double[] s = scale(x, r - 2.5);
            for (int i = 0; i < n; i++) {
                if (s[i] > m[i]) {
                    m[i] = s[i];
                } else if (s[i] < -4) {
                    double d = s[i] + 4;
                    m[i] -= d * 0.5;
                }
            }
        }
        System.out.println("conditional " + m[0] + " " + m[5] + " " + m[n - 2]);

        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = (i % 11) * 0.25;
        }
        double[] xs = new double[n];
        double t2 = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < n; i++) {
                xs[i] = b[i] * (r + 1);
            }
            t2 += sum(xs);
        }
        System.out.println("swept " + t2 + " " + xs[4]);

        double[] q = new double[n];
        for (int i = 0; i < n; i++) {
            q[i] = i % 3;
        }
        System.out.println("aliased " + aliased(q, n));
        double[] g = new double[n + 1];
        double[] f = new double[n];
        for (int r = 0; r < rounds; r++) {
            double[] s = scale(x, r);
            for (int i = 0; i < n; i++) {
                g[i + 1] += s[i];
            }
            for (int i = 0; i < n; i++) {
                f[i] += s[i];
                g[i] -= 0.125;
            }
            for (int i = 0; i < 3; i++) {
                f[i] += s[i];
                System.out.println("printed " + f[i]);
            }
        }
        System.out.println("host " + g[0] + " " + g[n] + " " + f[n - 1]);
    }
}
