// Java twin of device_loop_forms.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Aligned {
    // Near-equal ranges whose boundaries are multiples of `align` (the last is `length`).
    static int[] bounds(int length, int parts, int align) {
        int[] b = new int[parts + 1];
        int blocks = length / align;
        for (int r = 0; r < parts; r++) {
            b[r] = (int) ((long) blocks * r / parts) * align;
        }
        b[parts] = length;
        return b;
    }
}

class Main {
    static int[] mirrored(int[] a) {
        for (int i = 0; a.length > i; i++) {
            a[i] = a[i] * 3 + 1;
        }
        return a;
    }

    static double[] scaled(double[] v, double f) {
        int i;
        for (i = 0; i < v.length; i++) {
            v[i] = v[i] * f + 0.5;
        }
        return v;
    }

    static double[][] skew(double[][] m) {
        int i, j;
        for (i = 0; i < m.length; i++) {
            for (j = 0; j < m[i].length; j++) {
                m[i][j] = m[i][j] * 2 - 1;
            }
        }
        return m;
    }

    // Each row minus its mean: two inner loops, one `j`.
    static double[][] center(double[][] m) {
        int i, j;
        for (i = 0; i < m.length; i++) {
            double s = 0;
            for (j = 0; j < m[i].length; j++) {
                s += m[i][j];
            }
            double mean = s / m[i].length;
            for (j = 0; j < m[i].length; j++) {
                m[i][j] -= mean;
            }
        }
        return m;
    }

    static int[] counted(int[] a) {
        int i = 0;
        while (i < a.length) {
            a[i] = a[i] ^ (a[i] >>> 3);
            i++;
        }
        return a;
    }

    // Odd elements negated, counting by 2 under a mirrored test.
    static int[] odd(int[] a) {
        int i = 1;
        while (a.length > i) {
            a[i] = -a[i];
            i += 2;
        }
        return a;
    }

    static long[] down(long[] b) {
        int i = b.length - 1;
        while (i >= 0) {
            b[i] = b[i] * 31 + 7;
            i--;
        }
        return b;
    }

    static long total(int[] a) {
        long s = 0;
        int i = 0;
        for (; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static int whereIs(int[] a, int key) {
        int at = Integer.MAX_VALUE;
        int i = 0;
        while (i < a.length) {
            if (a[i] == key) {
                at = i;
                break;
            }
            i++;
        }
        return at;
    }

    // The first even index whose element has the low bits `k`.
    static int firstEvenBits(int[] a, int k) {
        int at = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i += 2) {
            if ((a[i] & 1023) == k) {
                at = i;
                break;
            }
        }
        return at;
    }

    // Rounds of a parallel loop under a host `for` loop (no `sync`): the host runs the
    // rounds, one launch each.
    static int[] rounds(int[] a, int k) {
        for (int r = 0; r < k; r++) {
            for (int i = 0; i < a.length; i++) {
                a[i] = a[i] * 3 + r;
            }
        }
        return a;
    }

    // A host scalar the rounds update, read by the kernel of each round.
    static int[] ramps(int[] a, int k) {
        int c = 0;
        for (int r = 0; r < k; r++) {
            c = c * 2 + 1;
            for (int i = 0; i < a.length; i++) {
                a[i] = a[i] + c;
            }
        }
        return a;
    }

    // An inner `while` hopping by a step its body declares (the update stays in the body)
    // under a mirrored test of two locals (`m > r`).
    static int[] hops(int[] a, int[] g) {
        int m = a.length;
        for (int r = 0; m > r; r++) {
            int s = 0;
            int i = 0;
            while (i < g.length) {
                int w = 1 + (g[i] & 1);
                s += g[i] * w;
                i += w;
            }
            a[r] = s + a[r];
        }
        return a;
    }

    // Two bounds in one test (`i < a.length && i < b.length`): `Math.min` of both.
    static int[] pairSum(int[] a, int[] b) {
        for (int i = 0; i < a.length && i < b.length; i++) {
            a[i] = a[i] + b[i];
        }
        return a;
    }

    // The index is read after its loop: the loop keeps its form, on the CPU.
    static int length(int[] a) {
        int i;
        int odd = 0;
        for (i = 0; i < a.length; i++) {
            odd += a[i] & 1;
        }
        return i * 2 + odd;
    }

    // `continue` skips the update of a `while` loop: on the CPU.
    static int[] positives(int[] a) {
        int i = 0;
        while (i < a.length) {
            if (a[i] < 0) {
                i++;
                continue;
            }
            a[i] = a[i] / 2;
            i++;
        }
        return a;
    }

    public static void main(String[] args) {
        int n = 100003;
        int[] a = new int[n];
        double[] v = new double[n];
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 10007 - 5000;
            v[i] = i * 0.25;
            b[i] = i * 3L;
        }
        a = mirrored(a);
        v = scaled(v, 1.5);
        a = counted(a);
        a = odd(a);
        b = down(b);
        long sumB = 0;
        for (int i = 0; i < n; i++) sumB += b[i];
        double sumV = 0;
        for (int i = 0; i < n; i++) sumV += v[i];
        System.out.println("a " + a[0] + " " + a[1] + " " + a[n - 1] + " total " + total(a));
        System.out.println("v " + sumV + " b " + sumB + " " + b[n - 1]);
        double[][] m = new double[300][257];
        for (int i = 0; i < 300; i++) {
            for (int j = 0; j < 257; j++) {
                m[i][j] = (i * 31 + j * 17) % 101 * 0.5;
            }
        }
        m = skew(m);
        System.out.println("skew " + m[0][0] + " " + m[299][256] + " " + m[17][40]);
        m = center(m);
        double sumM = 0;
        for (int i = 0; i < 300; i++) {
            for (int j = 0; j < 257; j++) {
                sumM += Math.abs(m[i][j]);
            }
        }
        System.out.println("center " + m[3][5] + " " + sumM);
        System.out.println("whereIs " + whereIs(a, a[77777]) + " " + whereIs(a, 123456789)
            + " " + whereIs(new int[0], 1));
        System.out.println("firstEvenBits " + firstEvenBits(a, 97) + " "
            + firstEvenBits(a, 1024));
        System.out.println("length " + length(a));
        int[] d = new int[n];
        for (int i = 0; i < n; i++) d[i] = a[i];
        int[] p = pairSum(d, a);
        System.out.println("pairSum " + p[0] + " " + p[n - 1] + " " + total(p));
        int[] c = new int[n];
        for (int i = 0; i < n; i++) c[i] = a[i];
        c = rounds(c, 4);
        System.out.println("rounds " + c[0] + " " + c[n - 1] + " " + total(c) + " " + total(rounds(c, 0)));
        c = ramps(c, 5);
        System.out.println("ramps " + c[0] + " " + c[n - 1] + " " + total(c));
        int[] g = new int[37];
        for (int i = 0; i < g.length; i++) g[i] = (i * 11) % 7 - 2;
        c = hops(c, g);
        System.out.println("hops " + c[0] + " " + c[999] + " " + c[1000] + " " + total(c));
        a = positives(a);
        System.out.println("positives " + a[0] + " " + a[1] + " " + a[2] + " total " + total(a));
    }
}
