// Java twin of device_output_width.somd: the SOMD methods as their sequential loops.
// A 2-D output sized `new T[m.length][cols]` with `cols = m.length > 0 ? m[0].length : 0`
// (the guard written so that a matrix with no rows has no row 0 to read): on the device the
// width is the matrix's dimension 1, also for no rows and for rows of length 0.
class Main {
    static int[][] addOne(int[][] m) {
        int cols = m.length > 0 ? m[0].length : 0;
        int[][] out = new int[m.length][cols];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = m[i][j] + 1;
            }
        }
        return out;
    }

    static double[][] scaled(double[][] m, double f) {
        double[][] out = new double[m.length][0 < m.length ? m[0].length : 0];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = m[i][j] * f + i;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] shapes = {{0, 0}, {0, 5}, {3, 0}, {1, 1}, {2, 7}, {33, 65}, {130, 3}};
        for (int t = 0; t < shapes.length; t++) {
            int rows = shapes[t][0];
            int cols = shapes[t][1];
            int[][] m = new int[rows][cols];
            double[][] d = new double[rows][cols];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    m[i][j] = i * 31 - j * 7;
                    d[i][j] = i * 0.5 - j;
                }
            }
            int[][] r = addOne(m);
            double[][] s = scaled(d, 3.0);
            long check = 0;
            double sum = 0;
            for (int i = 0; i < r.length; i++) {
                for (int j = 0; j < r[i].length; j++) {
                    check = check * 7 + r[i][j];
                    sum += s[i][j];
                }
            }
            String widths = r.length > 0 ? r[0].length + " " + s[0].length : "-";
            System.out.println(rows + "x" + cols + ": " + r.length + " " + s.length + " " + widths
                + " " + check + " " + sum);
        }
    }
}
