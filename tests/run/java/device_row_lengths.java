// Java twin of device_row_lengths.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    // A test of two bounds, one the length of a row of a matrix every MI reads whole.
    static int[] scaleRow(int[] a, int[][] m, int k) {
        for (int i = 0; i < a.length && i < m[k].length; i++) {
            a[i] = a[i] * 3 + m[k].length;
        }
        return a;
    }

    // The width of a split matrix read through its first row: an output's size and the
    // inner bound of a 2-D nest.
    static int[][] twice(int[][] g) {
        int[][] out = new int[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[0].length; j++) {
                out[i][j] = g[i][j] * 2 + j;
            }
        }
        return out;
    }

    // An output as wide as a row of a matrix every MI reads whole.
    static int[][] pad(int[][] g, int[][] h, int k) {
        int[][] out = new int[g.length][h[k].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                out[i][j] = g[i][j] + 1;
            }
        }
        return out;
    }

    // A row's length read in the body, at an index of the loop inside the work-item.
    static int[] inner(int[] a, int[][] m) {
        for (int i = 0; i < a.length; i++) {
            int s = 0;
            for (int j = 0; j < m[j].length; j++) {
                s += m[j][0] + j;
            }
            a[i] += s;
        }
        return a;
    }

    // A local set from a row's length before the loop.
    static int[] setupWidth(int[] a, int[][] m, int k) {
        int w = m[k].length;
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] + w;
        }
        return a;
    }

    // The rows of plane 0 of a 3-D array the MIs read whole: the inner bound of a 2-D
    // NDRange, and the bound of a loop inside the work-item.
    static int[][][] bump(int[][][] c, int[][][] shape) {
        for (int i = 0; i < c.length; i++) {
            for (int j = 0; j < shape[0].length; j++) {
                for (int k = 0; k < shape[0][0].length; k++) {
                    c[i][j][k] += j * 10 + k;
                }
            }
        }
        return c;
    }

    // A bound read at each launch: the inner loop starts at the host loop's `s` and ends
    // at a row's length, which the host checks once, when the call begins.
    static int[][] rounds(int[][] g, int[][] h) {
        for (int s = 0; s < 3; s++) {
            {
                for (int i = 0; i < g.length; i++) {
                    for (int j = s; j < h[0].length; j++) {
                        g[i][j] = g[i][j] + s + 1;
                    }
                }
            }
        }
        return g;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        for (int i = 0; i < a.length; i++) a[i] = i;
        int[][] m = new int[3][200];
        m[2][0] = 4;
        a = scaleRow(a, m, 2);
        System.out.println(a[5] + " " + a[99]);
        int[][] g = new int[16][7];
        g[3][4] = 9;
        int[][] t = twice(g);
        System.out.println(t[3][4] + " " + t[15][6] + " " + t.length + " " + t[0].length);
        int[][] p = pad(g, m, 1);
        System.out.println(p[3][4] + " " + p[15][199] + " " + p.length + " " + p[0].length);
        a = setupWidth(a, m, 1);
        System.out.println(a[7]);
        int[][] rows = new int[4][3];
        rows[1][0] = 5;
        a = inner(a, rows);
        System.out.println(a[9]);
        int[][][] c = new int[12][5][6];
        c[11][4][5] = 100;
        c = bump(c, new int[1][5][6]);
        System.out.println(c[0][1][2] + " " + c[11][4][5] + " " + c[6][0][0]);
        int[][] q = rounds(new int[10][6], new int[2][6]);
        System.out.println(q[0][0] + " " + q[9][2] + " " + q[5][5] + " " + q[3][1]);
    }
}
