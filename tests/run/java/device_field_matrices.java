// Java twin of device_field_matrices.somd: `brightened` writes its by-value parameter: a
// deep copy.
class Image {
    int[][] px;

    Image(int n, int m) {
        px = new int[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                px[i][j] = (i * 3 + j * 7) % 256;
            }
        }
    }
}

class Sheet {
    int[][] cells;

    Sheet(int n, int m) {
        cells = new int[n][];
        for (int i = 0; i < n; i++) {
            cells[i] = new int[m];
            cells[i][0] = i;
        }
    }

    void swap(int a, int b) {
        cells[a] = new int[cells[b].length];
    }
}

class Main {
    static double[][] grid;

    static long total(int[][] p) {
        long s = 0;
        for (int i = 0; i < p.length; i++) {
            for (int j = 0; j < p[i].length; j++) {
                s += p[i][j];
            }
        }
        return s;
    }

    static long brightened(int[][] p, int k) {
        int[][] q = new int[p.length][];
        for (int i = 0; i < p.length; i++) {
            q[i] = p[i].clone();
        }
        p = q;
        long s = 0;
        for (int i = 0; i < p.length; i++) {
            for (int j = 0; j < p[i].length; j++) {
                p[i][j] = (p[i][j] + k) % 256;
                s += p[i][j];
            }
        }
        return s;
    }

    static double gsum(double[][] g) {
        double s = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s += g[i][j];
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int m = Integer.parseInt(args[1]);
        Image img = new Image(n, m);
        long t = 0;
        for (int r = 0; r < 3; r++) {
            t += total(img.px) + brightened(img.px, r + 1);
        }
        System.out.println("image " + t + " " + img.px[5][6] + " " + img.px[n - 1].length);
        grid = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                grid[i][j] = (i + j) % 4 * 0.5;
            }
        }
        double g = 0;
        for (int r = 0; r < 3; r++) {
            g += gsum(grid);
        }
        grid[2][3] = 100;
        g += gsum(grid);
        System.out.println("grid " + g);
        Sheet sh = new Sheet(n, m);
        long c = 0;
        for (int r = 0; r < 2; r++) {
            c += total(sh.cells);
        }
        sh.swap(4, 5);
        System.out.println("sheet " + (c + total(sh.cells)));
    }
}
