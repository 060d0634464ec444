// Java twin of device_read_loops.somd. A SOMD result the host reads in a loop between calls (a checksum after each step) keeps
// its device copy: the loop reads the host copy it downloads, and the next call finds the
// array on the device. Before, loop versioning's pointer (1-D) and the hoisted rows (2-D)
// took the host copy for writing, which dropped the device copy, so every step sent the
// array up again.
class Main {
    static double[] step(double[] a) {
        double[] b = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i] * 0.75 + (i) % 7;
        }
        return b;
    }

    static long[][] step2(long[][] a) {
        long[][] b = new long[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                b[i][j] = (a[i][j] * 3 + i + j) % 1000003;
            }
        }
        return b;
    }

    public static void main(String[] args) {
        int n = 20000;
        double[] x = new double[n];
        double total = 0;
        for (int t = 0; t < 8; t++) {
            x = step(x);
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += x[i];
            }
            total = total * 0.5 + s;
        }
        System.out.println(total);
        long[][] m = new long[120][90];
        long h = 0;
        for (int t = 0; t < 8; t++) {
            m = step2(m);
            for (int i = 0; i < m.length; i++) {
                for (int j = 0; j < m[i].length; j++) {
                    h = h * 31 + m[i][j];
                }
            }
        }
        System.out.println(h);
    }
}
