// Java twin of device_cube_planes.somd: `C @ f(a, b)` is f applied to each element of the
// mapped array with the broadcast arguments (a plane of a 3-D array is its element); `+ !`
// sums the mapped values in order; a value array is a deep copy of the array it freezes;
// `Somd.range(n)` is 0..n-1.
class Main {
    static double weigh(double[][] m, int w) {
        double s = 0;
        for (int r = 0; r < m.length; r++) {
            for (int c = 0; c < m[r].length; c++) {
                s += m[r][c] * ((r + c + w) % 3);
            }
        }
        return s;
    }

    static double plane(double[][] p, int w) {
        return weigh(p, w) - p[p.length - 1][w % p[0].length];
    }

    static double mixed(double[][] p, double[][] m) {
        return weigh(p, 1) + weigh(m, 2);
    }

    static int rowMax(int[] row) {
        int best = row[0];
        for (int k = 1; k < row.length; k++) {
            best = Math.max(best, row[k]);
        }
        return best;
    }

    static long vplane(int[][] p, int k) {
        long s = 0;
        for (int r = 0; r < p.length; r++) {
            s = s * 7 + rowMax(p[r]) + p[r][(r + k) % p[r].length];
        }
        return s;
    }

    static long vpick(int i, int[][][] v) {
        int x = i % v.length;
        return v[x][(i / 3) % v[x].length][i % v[x][0].length] + vplane(v[(i + 1) % v.length], i);
    }

    static double[] mapPlane(double[][][] vol, int w) {
        double[] out = new double[vol.length];
        for (int i = 0; i < vol.length; i++) {
            out[i] = plane(vol[i], w);
        }
        return out;
    }

    static int[][][] freeze(int[][][] c) {
        int[][][] v = new int[c.length][][];
        for (int p = 0; p < c.length; p++) {
            v[p] = new int[c[p].length][];
            for (int r = 0; r < c[p].length; r++) {
                v[p][r] = c[p][r].clone();
            }
        }
        return v;
    }

    static long[] mapVplane(int[][][] v, int k) {
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = vplane(v[i], k);
        }
        return out;
    }

    static long[] mapVpick(int n, int[][][] v) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = vpick(i, v);
        }
        return out;
    }

    static long[] pick(int[] idx, int[][][] v) {
        long[] out = new long[idx.length];
        for (int i = 0; i < idx.length; i++) {
            int k = idx[i];
            out[i] = v[k % v.length][(k / 7) % v[k % v.length].length][k % v[0][0].length] * 2L + k;
        }
        return out;
    }

    public static void main(String[] args) {
        double[][][] vol = new double[500][6][7];
        for (int p = 0; p < vol.length; p++) {
            for (int r = 0; r < 6; r++) {
                for (int c = 0; c < 7; c++) {
                    vol[p][r][c] = (p * 13 + r * 5 - c * 3) % 17 * 0.25;
                }
            }
        }
        double[] a = mapPlane(vol, 4);
        System.out.println("planes " + a[0] + " " + a[123] + " " + a[499]);
        double t = 0;
        for (double x : mapPlane(vol, 2)) {
            t += x;
        }
        System.out.println("sum " + t);
        double[][] m = new double[3][4];
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 4; c++) {
                m[r][c] = r - c * 0.5;
            }
        }
        double[] b = new double[vol.length];
        for (int i = 0; i < vol.length; i++) {
            b[i] = mixed(vol[i], m);
        }
        System.out.println("mixed " + b[0] + " " + b[321]);

        int[][][] c = new int[300][5][8];
        for (int p = 0; p < c.length; p++) {
            for (int r = 0; r < 5; r++) {
                for (int k = 0; k < 8; k++) {
                    c[p][r][k] = (p * 31 + r * 7 - k * 11) % 23;
                }
            }
        }
        int[][][] v = freeze(c);
        int[] ids = new int[2000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i * 3;
        }
        long check = 0;
        for (int rep = 0; rep < 4; rep++) {
            long[] s = mapVplane(v, rep);
            long[] u = mapVpick(1000 + rep, v);
            long[] q = pick(ids, v);
            check = check * 31 + s[rep * 7] + s[299] + u[999 + rep] + q[rep] + q[1999];
        }
        System.out.println("values " + check);

        // Ragged volumes: one plane with fewer rows. The CPU path, with the same results.
        vol[17] = new double[2][7];
        vol[17][1][3] = 9;
        double[] ra = mapPlane(vol, 4);
        System.out.println("ragged " + ra[17] + " " + ra[18]);
        c[5] = new int[5][3];
        int[][][] w = freeze(c);
        long[] rs = mapVplane(w, 1);
        long[] ru = mapVpick(600, w);
        long[] rq = pick(ids, w);
        System.out.println("ragged values " + rs[5] + " " + ru[4] + " " + ru[5] + " " + ru[599]);
        System.out.println("ragged pick " + rq[5] + " " + rq[1999]);
    }
}
