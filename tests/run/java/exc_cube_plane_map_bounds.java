// Java twin of exc_cube_plane_map_bounds.somd: `C @ f(a, b)` is f applied to each element
// (a plane) of the mapped array in order with the broadcast argument.
class Main {
    static double f(double[][] p, int w) {
        int r = p[0][0] == -1 ? p.length : w % p.length;
        return p[r][w % p[0].length] + p[0][1];
    }

    static double[] map(double[][][] vol, int w) {
        double[] out = new double[vol.length];
        for (int i = 0; i < vol.length; i++) {
            out[i] = f(vol[i], w);
        }
        return out;
    }

    public static void main(String[] args) {
        double[][][] vol = new double[400][5][6];
        for (int p = 0; p < vol.length; p++) {
            for (int r = 0; r < 5; r++) {
                for (int c = 0; c < 6; c++) {
                    vol[p][r][c] = p + r * 0.5 + c * 0.25;
                }
            }
        }
        double[] ok = map(vol, 3);
        System.out.println(ok[0] + " " + ok[399]);
        vol[123][0][0] = -1;
        double[] bad = map(vol, 3);
        System.out.println(bad[0]);
    }
}
