// Java twin of device_pinned.somd: the SOMD method is a plain method over the whole array,
// the `@` is a loop, Somd.range(n) is the array 0..n-1, a matrix method a plain method over
// the whole matrix.
class Main {
    static int mix(int x) {
        return x * 31 + (x >> 3);
    }

    static int[] affine(int[] a, int k) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * k + 1;
        }
        return out;
    }

    static int[][] shifted(int[][] m, int k) {
        int[][] out = new int[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length; j++) {
                out[i][j] = m[i][j] * k - 3;
            }
        }
        return out;
    }

    static int[][][] layered(int[][][] v, int k) {
        int[][][] out = new int[v.length][v[0].length][v[0][0].length];
        for (int p = 0; p < v.length; p++) {
            for (int i = 0; i < v[0].length; i++) {
                for (int j = 0; j < v[0][0].length; j++) {
                    out[p][i][j] = v[p][i][j] * k + 5;
                }
            }
        }
        return out;
    }

    static int[][] grid(int rows, int cols) {
        int[][] m = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m[i][j] = (i * 7919 + j * 31) % 100003 - 50000;
            }
        }
        return m;
    }

    static long weightedRows(int[][] m) {
        long s = 0;
        long at = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += (long) m[i][j] * (at % 1009 + 1);
                at++;
            }
        }
        return s;
    }

    static long weighted(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * (i % 1009 + 1);
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 300000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 100003 - 50000;
        }
        int[] b = affine(a, 3);
        System.out.println(b[0] + " " + b[n / 2] + " " + b[n - 1] + " " + weighted(b));
        int big = 1500000;
        int[] c = new int[big];
        for (int i = 0; i < big; i++) {
            c[i] = mix(i);
        }
        long sum = 0;
        for (int i = 0; i < c.length; i++) {
            sum += (long) c[i] * (i % 1013 + 1);
        }
        System.out.println(c.length + " " + c[0] + " " + c[big - 1] + " " + sum);
        int[] small = new int[1000];
        for (int i = 0; i < small.length; i++) {
            small[i] = i - 500;
        }
        int[] d = affine(small, -2);
        System.out.println(d[0] + " " + d[999] + " " + weighted(d));
        int[][] m = shifted(grid(8, 40000), 3);
        System.out.println(m.length + " " + m[7][39999] + " " + weightedRows(m));
        int[][] q = shifted(grid(30000, 11), -5);
        System.out.println(q.length + " " + q[29999][10] + " " + weightedRows(q));
        int[][][] v = new int[4][][];
        for (int p = 0; p < 4; p++) {
            v[p] = grid(300, 260);
        }
        int[][][] w = layered(v, 7);
        long vs = 0;
        for (int p = 0; p < 4; p++) {
            vs = vs * 31 + weightedRows(w[p]);
        }
        System.out.println(w[3][299][259] + " " + vs);
    }
}
