// Java twin of device_reduce_forms.somd: each SOMD method is its sequential loop.
class Main {
    static double minD(double[] a) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = 0; i < a.length; i++) m = Math.min(m, a[i]);
        return m;
    }

    static double maxD(double[] a) {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < a.length; i++) m = Math.max(a[i] * 2.0, m);
        return m;
    }

    static float minF(float[] a, float bias) {
        float m = Float.POSITIVE_INFINITY;
        for (int i = 0; i < a.length; i++) {
            float v = a[i] - bias;
            m = Math.min(m, v);
        }
        return m;
    }

    static float maxF(float[] a) {
        float m = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < a.length; i++) m = Math.max(m, a[i]);
        return m;
    }

    static boolean allPositive(int[] a) {
        boolean ok = true;
        for (int i = 0; i < a.length; i++) ok = ok && a[i] > 0;
        return ok;
    }

    static boolean allOddFirst(int[] a) {
        boolean ok = true;
        for (int i = 0; i < a.length; i++) ok = a[i] % 2 != 0 && ok;
        return ok;
    }

    static boolean anyMultiple(int[] a, int k) {
        boolean found = false;
        for (int i = 0; i < a.length; i++) found = found || a[i] % 7 == k;
        return found;
    }

    static boolean anyAbove(double[] a, double limit) {
        boolean found = false;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > limit) {
                found = true;
            }
        }
        return found;
    }

    static boolean noneTwoMod3(int[] a) {
        boolean ok = true;
        for (int i = 0; i < a.length; i++) {
            if (a[i] % 3 == 2) ok = false;
        }
        return ok;
    }

    static boolean allBelow(long[][] m, long limit) {
        boolean ok = true;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                ok = ok && m[i][j] < limit;
            }
        }
        return ok;
    }
    // `+` over signed zeros: a sum starting at `-0.0` stays `-0.0` while every term is
    // `-0.0` (`-0.0` is `+`'s exact identity); one starting at `0.0` is `0.0`.
    static double sumNeg(double[] a) {
        double s = -0.0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    static float sumNegF(float[] a) {
        float s = -0.0f;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    static double sumPos(double[] a) {
        double s = 0.0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    // Read after the loop: the host adds the start to the device's partials.
    static double sumFrom(double[] a, double start) {
        double s = start;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s * 2;
    }

    // No iteration (`skip` past every partition's end): the start, `-0.0`, is the result;
    // read after the loop too.
    static double sumNegFrom(double[] a, int skip) {
        double s = -0.0;
        for (int i = skip; i < a.length; i++) s += a[i];
        return s;
    }

    static double afterFrom(double[] a, int skip, double start) {
        double s = start;
        for (int i = skip; i < a.length; i++) s += a[i];
        return s * 2;
    }

    static String show(double d) {
        return d == 0.0 ? (1.0 / d < 0 ? "-0.0" : "0.0") : "" + d;
    }

    static String show(float f) {
        return f == 0.0f ? (1.0f / f < 0 ? "-0.0" : "0.0") : "" + f;
    }

    public static void main(String[] args) {
        int[] lengths = {0, 1, 2, 5, 64, 1000, 4097};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            double[] d = new double[n];
            float[] f = new float[n];
            int[] v = new int[n];
            int[] sorted = new int[n];
            for (int i = 0; i < n; i++) {
                d[i] = ((i * 37 + 11) % 101) - 50.0 + i * 0.001;
                f[i] = (float) (((i * 53 + 7) % 89) - 44) / 4.0f;
                v[i] = (i * 31 + 5) % 1000 + 1;
                sorted[i] = i / 2 * 3 + (i % 2);
            }
            String line = "n=" + n + " min=" + show(minD(d)) + " max=" + show(maxD(d))
                + " minF=" + show(minF(f, 0.5f)) + " maxF=" + show(maxF(f))
                + " allPos=" + allPositive(v) + " odd=" + allOddFirst(v) + " any3=" + anyMultiple(v, 3)
                + " above=" + anyAbove(d, 49.5) + " sorted=" + noneTwoMod3(sorted);
            System.out.println(line);
            if (n > 1) {
                // Special values: -0.0 against 0.0, then a NaN, in the middle.
                d[n / 2] = -0.0;
                f[n / 2] = -0.0f;
                v[n - 1] = -v[n - 1];
                sorted[(n - 1) / 2 * 2] = (1 << 30) + 1;
                System.out.println("  zeros: min=" + show(minD(d)) + " minF=" + show(minF(f, 0.0f))
                    + " allPos=" + allPositive(v) + " sorted=" + noneTwoMod3(sorted));
                double[] z = new double[n];
                float[] zf = new float[n];
                for (int i = 0; i < n; i++) {
                    z[i] = -0.0;
                    zf[i] = -0.0f;
                }
                String sums = "  sums: " + show(sumNeg(z)) + " " + show(sumNegF(zf)) + " "
                    + show(sumPos(z)) + " " + show(sumFrom(z, 0.0)) + " " + show(sumFrom(z, -0.0))
                    + " " + show(sumNegFrom(z, n)) + " " + show(afterFrom(z, n, -0.0)) + " "
                    + show(afterFrom(z, n, 0.0));
                for (int i = 0; i < n; i++) {
                    z[i] = 0.0;
                }
                z[n / 2] = -0.0;
                zf[n - 1] = 0.0f;
                System.out.println(sums + " / " + show(sumNeg(z)) + " " + show(sumNegF(zf)) + " "
                    + show(sumPos(z)) + " " + show(sumFrom(z, -0.0)));
                for (int i = 0; i < n; i++) {
                    if (d[i] != d[i] || d[i] == 0.0) continue;
                    d[i] = Math.abs(d[i]) + 1.0;
                }
                System.out.println("  positive: min=" + show(minD(d)) + " max=" + show(maxD(d)));
                d[0] = 0.0;
                d[n - 1] = 0.0;
                System.out.println("  signed zeros: min=" + show(minD(d)));
                d[n - 1] = Double.NaN;
                f[0] = Float.NaN;
                System.out.println("  nan: min=" + show(minD(d)) + " max=" + show(maxD(d))
                    + " minF=" + show(minF(f, 1.0f)) + " maxF=" + show(maxF(f))
                    + " above=" + anyAbove(d, 1e9));
            }
        }
        long[][] m = new long[300][17];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = (long) i * j;
            }
        }
        System.out.println("allBelow " + allBelow(m, 299L * 16 + 1) + " " + allBelow(m, 299L * 16));
        System.out.println("empty " + allBelow(new long[0][0], 0));
    }
}
