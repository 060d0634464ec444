// Java twin of device_instance.somd: each SOMD method is one method instance over the whole
// arrays, reading the receiver's fields.
class Main {
    double scale;
    int shift;
    double[] w;
    int[][] table;

    Main(double scale, int shift, double[] w, int[][] table) {
        this.scale = scale;
        this.shift = shift;
        this.w = w;
        this.table = table;
    }

    double[] apply(double[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * scale + shift + w[(int) a[i] % w.length];
        }
        return out;
    }

    long total(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * shift + table[a[i] % table.length][a[i] % table[0].length];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 5003;
        double[] w = {0.25, 0.5, 0.75};
        int[][] table = new int[7][5];
        for (int r = 0; r < 7; r++) {
            for (int c = 0; c < 5; c++) {
                table[r][c] = r * 10 - c;
            }
        }
        Main m = new Main(0.5, 3, w, table);
        double[] a = new double[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
            b[i] = i * 7 % 1000;
        }
        double[] o = m.apply(a);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += o[i];
        }
        System.out.println(o[0] + " " + o[1] + " " + o[n - 1] + " " + sum);
        System.out.println(m.total(b));
        m.w = new double[]{-1.0, 2.0};
        m.shift = -4;
        double[] p = m.apply(a);
        System.out.println(p[0] + " " + p[1] + " " + p[n - 1]);
        System.out.println(m.total(b));
    }
}
