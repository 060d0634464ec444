// Java twin of device_cube_out.somd: each SOMD method is one method instance over the whole
// arrays, whose output is the whole result.
class Main {

    static double[][][] grow(int[] ids, double f) {
        double[][][] out = new double[ids.length][3][4];
        for (int p = 0; p < ids.length; p++) {
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 4; c++) {
                    out[p][r][c] = ids[p] * f + r - c * 0.25;
                }
            }
        }
        return out;
    }

    // Each plane of the result: plane `p` of `a` transposed.
    static int[][][] transposed(int[][][] a, int k) {
        int[][][] out = new int[a.length][a[0][0].length][a[0].length];
        int first = 0;
        for (int p = 0; p < a.length; p++) {
            for (int r = 0; r < a[p].length; r++) {
                for (int c = 0; c < a[p][r].length; c++) {
                    out[p][c][r] = a[p][r][c] * k + (first + p);
                }
            }
        }
        return out;
    }

    static int[][][] sized(int[] ids, int depth) {
        int[][][] out = new int[ids.length][depth][2];
        for (int p = 0; p < ids.length; p++) {
            out[p][0][1] = ids[p];
        }
        return out;
    }

    public static void main(String[] args) {
        int[] ids = new int[500];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i * 3 - 7;
        }
        double[][][] g = grow(ids, 0.5);
        double sum = 0;
        for (int p = 0; p < g.length; p++) {
            sum += g[p][p % 3][p % 4] * (p % 5);
        }
        System.out.println("grow " + g.length + " " + g[0][0][0] + " " + g[499][2][3] + " " + sum);

        int[][][] a = new int[40][6][9];
        for (int p = 0; p < 40; p++) {
            for (int r = 0; r < 6; r++) {
                for (int c = 0; c < 9; c++) {
                    a[p][r][c] = p * 13 - r * 7 + c * c;
                }
            }
        }
        int[][][] t = transposed(a, 1000003);
        long check = 0;
        for (int p = 0; p < t.length; p++) {
            for (int c = 0; c < t[p].length; c++) {
                check = check * 31 + t[p][c][(p + c) % 6];
            }
        }
        System.out.println("transposed " + t.length + " " + t[0].length + " " + t[0][0].length
            + " " + t[39][8][5] + " " + check);

        int[][][] s = sized(ids, 3);
        System.out.println("sized " + s[7][0][1] + " " + s[7][2][1]);
    }
}
