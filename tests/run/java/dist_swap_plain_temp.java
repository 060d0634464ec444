// args: 6
// Double buffering of `dist` locals through a temporary declared without `dist` (`double[]
// tmp = a; a = b; b = tmp;`, the plain Java idiom): the temporary carries the halo copy of
// the local it is given, so the local given it back goes on having its halo cells
// refreshed by each `sync` (LANGUAGE.md §2.5). Before, from the third step on, the halo
// cells of the local that came through the temporary kept stale values on 2, 3 and 8
// threads. A 1-D rod with the temporary declared in the loop, a 2-D grid of `long` with a
// cross view and the temporary declared before the loop, a temporary also given a fresh
// array between the steps (it then carries no copy, or the fresh array's when a `dist`
// local is given it), and forms whose source the writer finds by the array itself
// (`rt::somd::alias_halo_of`): an assignment inside an `if` test, a chained assignment and
// a conditional (review 101; these failed with a `dist` temporary too).
class Main {
    static double[] rod(double[] u, int steps) {
        double[] a = new double[u.length];
        double[] b = new double[u.length];
        for (int i = 0; i < u.length; i++) {
            a[i] = u[i];
            b[i] = u[i];
        }
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = a[i] + 0.25 * (a[i - 1] - 2.0 * a[i] + a[i + 1]);
                }
            }
            double[] tmp = a;
            a = b;
            b = tmp;
        }
        return a;
    }

    static long[][] grid(long[][] u, int steps) {
        long[][] a = new long[u.length][u[0].length];
        long[][] b = new long[u.length][u[0].length];
        for (int i = 0; i < u.length; i++) {
            for (int j = 0; j < u[i].length; j++) {
                a[i][j] = u[i][j];
                b[i][j] = u[i][j];
            }
        }
        long[][] tmp;
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    for (int j = 1; j < a[i].length - 1; j++) {
                        b[i][j] = a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1];
                    }
                }
            }
            tmp = a;
            a = b;
            b = tmp;
        }
        return a;
    }

    static double[] scratch(double[] u, int steps) {
        double[] a = new double[u.length];
        double[] b = new double[u.length];
        for (int i = 0; i < u.length; i++) {
            a[i] = u[i];
        }
        double[] tmp = new double[u.length];
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = 0.5 * (a[i - 1] + a[i + 1]) + tmp[i];
                }
            }
            tmp = a;
            a = b;
            b = tmp;
            tmp = new double[u.length];
        }
        return a;
    }

    static long[] condAssign(long[] u, int steps) {
        long[] a = new long[u.length];
        long[] b = new long[u.length];
        for (int i = 0; i < u.length; i++) {
            a[i] = u[i];
            b[i] = u[i];
        }
        long[] tmp = null;
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = a[i - 1] + 3 * a[i + 1] + a[i];
                }
            }
            if ((tmp = b) != null) {
                b = a;
                a = tmp;
            }
        }
        return a;
    }

    static long[] chained(long[] u, int steps) {
        long[] a = new long[u.length];
        long[] b = new long[u.length];
        for (int i = 0; i < u.length; i++) {
            a[i] = u[i];
            b[i] = u[i];
        }
        long[] tmp;
        long[] c;
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = a[i - 1] + 7 * a[i + 1] + a[i];
                }
            }
            tmp = a;
            a = b;
            c = b = tmp;
        }
        return a;
    }

    static long[] ternary(long[] u, int steps) {
        long[] a = new long[u.length];
        long[] b = new long[u.length];
        for (int i = 0; i < u.length; i++) {
            a[i] = u[i];
            b[i] = u[i];
        }
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = a[i - 1] + 2 * a[i + 1] + a[i];
                }
            }
            long[] tmp = steps > 0 ? a : b;
            a = b;
            b = tmp;
        }
        return a;
    }

    static long[] freshThrough(long[] u, int steps) {
        long[] a = new long[u.length];
        long[] b = new long[u.length];
        for (int i = 0; i < u.length; i++) {
            a[i] = u[i];
            b[i] = u[i];
        }
        long[] tmp;
        for (int s = 0; s < steps; s++) {
            {
                for (int i = 1; i < a.length - 1; i++) {
                    b[i] = a[i - 1] + 2 * a[i + 1] + a[i];
                }
            }
            tmp = a;
            a = b;
            b = tmp;
            tmp = new long[u.length];
            if (s == 1) {
                b = tmp;
            }
        }
        return a;
    }

    static void show(String what, long[] r) {
        long h = 0;
        for (int i = 0; i < r.length; i++) {
            h = h * 31 + r[i];
        }
        System.out.println(what + " " + h + " " + r[r.length / 2] + " " + r[3]);
    }

    public static void main(String[] args) {
        int steps = Integer.parseInt(args[0]);
        int n = 16;
        double[] u = new double[n];
        u[n / 2] = 256.0;
        double[] r = rod(u, steps);
        String s = "";
        for (int i = 0; i < n; i++) {
            s += r[i] + " ";
        }
        System.out.println(s);
        long[][] g = new long[10][10];
        g[5][5] = 1;
        long[][] v = grid(g, steps);
        long h = 0;
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 10; j++) {
                h = h * 31 + v[i][j];
            }
        }
        System.out.println(h + " " + v[5][5] + " " + v[2][5]);
        double[] w = scratch(u, steps);
        String t = "";
        for (int i = 0; i < n; i++) {
            t += w[i] + " ";
        }
        System.out.println(t);
        long[] q = new long[24];
        for (int i = 0; i < q.length; i++) {
            q[i] = (i * 7) % 5;
        }
        show("cond", condAssign(q, steps));
        show("chained", chained(q, steps));
        show("ternary", ternary(q, steps));
        show("fresh", freshThrough(q, steps));
    }
}
