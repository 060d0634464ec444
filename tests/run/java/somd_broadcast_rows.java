// Java twin of somd_broadcast_rows.somd: one MI over the whole arrays; the arrays the SOMD
// methods write are passed as copies (parameters by value).

class Main {
    // `ys` is read through the row local `y` only: no MI copies it.
    static int[][] products(int[][] xs, int[][] ys) {
        int[][] out = new int[xs.length][ys.length];
        for (int i = 0; i < xs.length; i++) {
            int[] x = xs[i];
            int[] o = out[i];
            for (int j = 0; j < ys.length; j++) {
                int[] y = ys[j];
                int s = 0;
                for (int k = 0; k < x.length; k++) {
                    s += x[k] * y[k];
                }
                o[j] = s;
            }
        }
        return out;
    }

    // `t` is written through the row local `row`: scratch space of each MI.
    static int[] scratch(int[] a, int[][] t) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int[] row = t[0];
            row[0] = a[i] * 3;
            row[1] = row[0] + t[1][0];
            out[i] = row[1];
        }
        return out;
    }

    static void put(int[] r, int v) {
        r[0] = v;
    }

    // `t` is written by a helper given a row of it.
    static int[] helped(int[] a, int[][] t) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            put(t[1], a[i] + 7);
            out[i] = t[1][0] * 2;
        }
        return out;
    }

    // Parameters are passed by value: the twin passes a copy of the arrays the method writes.
    static int[][] copy(int[][] m) {
        int[][] c = new int[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    // `first` names a row of `t` while the body replaces rows of `t` (and puts them back):
    // it holds the row itself, whatever the matrix's slot holds later.
    static int[] swapped(int[] a, int[][] t) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int[] first = t[0];
            t[0] = t[1];
            t[1] = first;
            out[i] = first[0] * 10 + t[0][0] + a[i];
            t[1] = t[0];
            t[0] = first;
        }
        return out;
    }

    // Row slots replaced, of the `dist` matrix and of the broadcast one, directly and by a
    // helper: the caller's matrices keep their rows.
    static int widths(int[][] a, int[][] t) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            a[i] = new int[a[i].length + (i) % 3];
            t[0] = a[i];
            drop(t, 1);
            s += a[i].length + t[0].length + t[1].length;
        }
        return s;
    }

    static void drop(int[][] m, int k) {
        m[k] = new int[1];
    }

    static long sum(int[] v) {
        long s = 0;
        for (int i = 0; i < v.length; i++) {
            s += v[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 300;
        int[][] xs = new int[n][5];
        int[][] ys = new int[40][5];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 5; k++) {
                xs[i][k] = (i * 7 + k * 3) % 11 - 5;
            }
        }
        for (int j = 0; j < 40; j++) {
            for (int k = 0; k < 5; k++) {
                ys[j][k] = (j * 5 + k) % 9 - 4;
            }
        }
        int[][] p = products(xs, ys);
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += sum(p[i]) * (i + 1);
        }
        System.out.println("products " + total + " " + p[0][0] + " " + p[n - 1][39]);
        System.out.println("ys unchanged " + ys[3][2] + " " + ys[39][4]);

        int[] a = new int[1000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 13 % 101;
        }
        int[][] t = new int[2][2];
        t[0][0] = 11;
        t[1][0] = 5;
        int[] s = scratch(a, copy(t));
        System.out.println("scratch " + sum(s) + " " + s[0] + " " + s[999] + " t " + t[0][0] + " " + t[0][1] + " " + t[1][0]);
        int[] h = helped(a, copy(t));
        System.out.println("helped " + sum(h) + " " + h[1] + " t " + t[1][0]);
        t[1][0] = 8;
        int[] w = swapped(a, copy(t));
        System.out.println("swapped " + sum(w) + " " + w[2] + " t " + t[0][0] + " " + t[1][0]);
        int[][] m = new int[50][4];
        int wsum = widths(copy(m), copy(t));
        System.out.println("widths " + wsum + " m " + m[0].length + " " + m[49].length + " t " + t[0].length + " " + t[1].length);
    }
}
