// Java twin of dist_bounded_rows.somd.
class Main {
    static float lanes(float[][] ps) {
        float s = 0;
        for (int i = 0; i < ps.length; i++) {
            float[] p = ps[i];
            s += p[0] + 2 * p[3] + p.length;
        }
        return s;
    }

    static int[] widths(int[][] m) {
        int[] r = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            r[i] = m[i][2] * 10 + m[i].length;
        }
        return r;
    }

    static int[] neighbours(int[][] m) {
        int[] r = new int[m.length];
        for (int i = 1; i < m.length - 1; i++) {
            r[i] = m[i - 1][0] + m[i + 1][2];
        }
        return r;
    }

    public static void main(String[] args) {
        for (int n = 1; n <= 5; n++) {
            float[][] f = new float[n][4];
            int[][] t = new int[n][3];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 4; k++) {
                    f[i][k] = i + 0.25f * k;
                }
                for (int k = 0; k < 3; k++) {
                    t[i][k] = 7 * i + k;
                }
            }
            int[] w = widths(t);
            int[] nb = neighbours(t);
            String line = n + ": " + lanes(f) + " |";
            for (int i = 0; i < n; i++) {
                line = line + " " + w[i] + "/" + nb[i];
            }
            System.out.println(line);
        }
    }
}
