// Java twin of device_vector.somd: value arrays are plain arrays, `@` a loop.
class Main {

    static float[] axpy(float[] a, float s, float[] b) {
        return new float[] {a[0] * s + b[0], a[1] * s + b[1], a[2] * s + b[2], a[3] * s + b[3]};
    }

    static float norm1(float[] p) {
        float sum = 0f;
        for (int k = 0; k < p.length; k++) {
            sum += Math.abs(p[k]);
        }
        return sum;
    }

    static float[] pull(float[] p, float[][] all) {
        float fx = 0f;
        float fy = 0f;
        float fz = 0f;
        for (int j = 0; j < all.length; j++) {
            float[] q = all[j];
            float dx = q[0] - p[0];
            float dy = q[1] - p[1];
            float dz = q[2] - p[2];
            float inv = q[3] / (dx * dx + dy * dy + dz * dz + 0.01f);
            fx += dx * inv;
            fy += dy * inv;
            fz += dz * inv;
        }
        return scale(new float[] {fx, fy, fz, norm1(p)}, 0.5f);
    }

    static float[] scale(float[] v, float s) {
        return new float[] {v[0] * s, v[1] * s, v[2] * s, v[3] * s};
    }

    static int hits(int[] key, int[][] table) {
        int found = 0;
        for (int j = 0; j < table.length; j++) {
            for (int k = 0; k < key.length; k++) {
                if (table[j][k] == key[k]) {
                    found += k + 1;
                }
            }
        }
        return found;
    }

    static int[] swapped(int[] a, int d) {
        return new int[] {a[1] / d, a[0] % d};
    }

    static double weigh(double[] row, double[] w, int shift) {
        double s = 0.0;
        for (int k = 0; k < 8; k++) {
            s += row[(k + shift) % 8] * w[k];
        }
        return s;
    }

    static double[] reversed(double[] row) {
        return new double[] {row[7], row[6], row[5], row[4], row[3], row[2], row[1], row[0]};
    }

    static int total(short[] v, int from) {
        int s = 0;
        for (int k = from; k < v.length; k++) {
            s += v[k] * (k + 1);
        }
        return s + v[15];
    }

    static long[] widen(long[] a, long m) {
        return new long[] {a[0] * m, a[1] - m};
    }

    public static void main(String[] args) {
        int n = 300;
        float[][] praw = new float[n][4];
        float[][] vraw = new float[n][4];
        int[][] kraw = new int[n][2];
        double[][] draw = new double[n][8];
        short[][] sraw = new short[n][16];
        long[][] lraw = new long[n][2];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 4; k++) {
                praw[i][k] = (i * 7 + k * 3) % 23 - 11.5f;
                vraw[i][k] = (i * 5 + k) % 7 * 0.25f;
            }
            praw[i][3] = 1f + i % 5;
            kraw[i][0] = i % 13;
            kraw[i][1] = (i * 3) % 11 - 40;
            for (int k = 0; k < 8; k++) {
                draw[i][k] = (i + 1) * 0.125 - k * 1.5;
            }
            for (int k = 0; k < 16; k++) {
                sraw[i][k] = (short) (i * 31 - k * 1000);
            }
            lraw[i][0] = i * 1000000007L;
            lraw[i][1] = -i;
        }
        float[][] pos = praw;
        float[][] vel = vraw;
        int[][] keys = kraw;
        double[][] rows = draw;
        short[][] shorts = sraw;
        long[][] longs = lraw;

        float[][] moved = new float[n][];
        for (int i = 0; i < n; i++) moved[i] = axpy(vel[i], 0.5f, pos[i]);
        float[] norms = new float[n];
        for (int i = 0; i < n; i++) norms[i] = norm1(moved[i]);
        float[][] forces = new float[n][];
        for (int i = 0; i < n; i++) forces[i] = pull(moved[i], pos);
        float fsum = 0f;
        for (int i = 0; i < n; i++) {
            fsum += forces[i][0] + forces[i][1] * 2f + forces[i][2] * 3f + forces[i][3];
        }
        System.out.println(moved[7][0] + " " + moved[7][3] + " " + norms[299] + " " + fsum);
        System.out.println(forces[0][0] + " " + forces[123][1] + " " + forces[299][3]);

        int[] found = new int[n];
        for (int i = 0; i < n; i++) found[i] = hits(keys[i], keys);
        int[][] sw = new int[n][];
        for (int i = 0; i < n; i++) sw[i] = swapped(keys[i], 3);
        long isum = 0;
        for (int i = 0; i < n; i++) {
            isum += found[i] * 31L + sw[i][0] * 7L + sw[i][1];
        }
        System.out.println(found[0] + " " + found[17] + " " + sw[5][0] + " " + sw[5][1] + " " + isum);

        double[] w = new double[] {1.0, -2.0, 0.5, 4.0, -0.25, 3.0, 1.5, -1.0};
        double[] weighed = new double[n];
        for (int i = 0; i < n; i++) weighed[i] = weigh(rows[i], w, i);
        double[][] back = new double[n][];
        for (int i = 0; i < n; i++) back[i] = reversed(rows[i]);
        double dsum = 0.0;
        for (int i = 0; i < n; i++) {
            dsum += weighed[i] + back[i][0] - back[i][7];
        }
        System.out.println(weighed[3] + " " + back[9][0] + " " + back[9][7] + " " + dsum);

        int[] from = new int[n];
        int[] totals = new int[n];
        for (int i = 0; i < n; i++) totals[i] = total(shorts[i], from[i]);
        int[] tails = new int[n];
        for (int i = 0; i < n; i++) tails[i] = total(shorts[i], 12);
        long tsum = 0;
        for (int i = 0; i < n; i++) {
            tsum += totals[i] - tails[i];
        }
        System.out.println(totals[0] + " " + totals[299] + " " + tails[100] + " " + tsum);

        long[][] wide = new long[n][];
        for (int i = 0; i < n; i++) wide[i] = widen(longs[i], 3L);
        System.out.println(wide[299][0] + " " + wide[299][1] + " " + wide.length + " " + wide[0].length);
    }
}
