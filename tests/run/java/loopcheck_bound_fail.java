// Java twin of loopcheck_bound_fail.somd: one MI over the whole arrays.
class Main {
    static double[] spmv(int[] rows, int[] row, int[] col, double[] val, double[] x) {
        double[] y = new double[rows.length];
        for (int r = 0; r < rows.length; r++) {
            int i = rows[r];
            double s = 0;
            for (int k = row[i]; k < row[i + 1]; k++) {
                s += val[k] * x[col[k]];
            }
            y[r] = s;
        }
        return y;
    }

    public static void main(String[] args) {
        int n = 3000;
        int[] row = new int[n];
        for (int i = 0; i + 1 < n; i++) {
            row[i + 1] = row[i] + 1 + i % 4;
        }
        int nz = row[n - 1] + 8;
        int[] col = new int[nz];
        double[] val = new double[nz];
        for (int k = 0; k < nz; k++) {
            col[k] = (k * 131) % n;
            val[k] = ((k * 17) % 29 - 14) / 8.0;
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = ((i * 13) % 37) / 4.0 - 2.0;
        }
        int[] first = new int[n - 1];
        for (int r = 0; r < first.length; r++) {
            first[r] = r;
        }
        double[] y = spmv(first, row, col, val, x);
        System.out.println(y[0] + " " + y[n - 2]);
        int[] rows = new int[n];
        for (int r = 0; r < n; r++) {
            rows[r] = (r * 7) % n;
        }
        y = spmv(rows, row, col, val, x);
        System.out.println(y[0]);
    }
}
