// Java twin of somd_value_result.somd: one MI over the whole arrays (value arrays as
// arrays).
class Main {
    static int[] twice(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = 2 * a[i];
        }
        return r.clone();
    }

    static double[] smooth(double[] g) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            out[i] = g[i];
        }
        for (int i = 1; i < g.length - 1; i++) {
            out[i] = (g[i - 1] + g[i] + g[i + 1]) / 4.0;
        }
        return out.clone();
    }

    public static void main(String[] args) {
        int[] a = new int[23];
        double[] g = new double[23];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * i - 7;
            g[i] = i % 5;
        }
        int[] r = twice(a);
        double[] s = smooth(g);
        long h = 0;
        for (int i = 0; i < r.length; i++) {
            h = h * 31 + r[i];
        }
        System.out.println(r.length + " " + r[22] + " " + h);
        for (int i = 0; i < s.length; i++) {
            System.out.print(s[i] + " ");
        }
        System.out.println();
    }
}
