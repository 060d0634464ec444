// Java twin of device_pingpong_2d.somd: one MI over whole arrays; SOMD parameters are
// passed by value, so a method writing one writes a copy, and `Somd.offset` is 0.
// Matrices that SOMD calls give new values round after round stay on the device between
// the calls (`rt::device::LazyMat`): a heat step swapping two grids through a temporary, a
// Game of Life replacing its grid, a Jacobi relaxation whose convergence test reads both
// grids each round, host stores and row aliases between rounds, rows replaced, a grid a
// helper makes, thin grids, and a round that fails.
class Main {
    static double[][] heat(double[][] src, double[][] dst0) {
        double[][] dst = new double[dst0.length][];
        for (int i = 0; i < dst0.length; i++) {
            dst[i] = dst0[i].clone();
        }
        for (int i = 1; i < src.length - 1; i++) {
            for (int j = 1; j < src[i].length - 1; j++) {
                dst[i][j] = 0.25 * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1]);
            }
        }
        return dst;
    }

    static int[][] gen(int[][] g) {
        int[][] out = new int[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                int c = 0;
                for (int di = -1; di <= 1; di++) {
                    for (int dj = -1; dj <= 1; dj++) {
                        int r = i + di;
                        int k = j + dj;
                        if ((di != 0 || dj != 0) && r >= 0 && r < g.length && k >= 0 && k < g[r].length) {
                            c += g[r][k];
                        }
                    }
                }
                out[i][j] = (c == 3 || (c == 2 && g[i][j] == 1)) ? 1 : 0;
            }
        }
        return out;
    }

    // A wave equation's three grids: `prev = cur; cur = next;` moves them on.
    static long[][] wave(long[][] cur, long[][] prev) {
        long[][] r = new long[cur.length][cur[0].length];
        for (int i = 1; i < cur.length - 1; i++) {
            for (int j = 1; j < cur[i].length - 1; j++) {
                r[i][j] = 2 * cur[i][j] - prev[i][j] + (cur[i - 1][j] + cur[i + 1][j] + cur[i][j - 1] + cur[i][j + 1] - 4 * cur[i][j]) / 4;
            }
        }
        return r;
    }

    static long[][] mix(long[][] g, int round) {
        long[][] out = new long[g.length][g[0].length];
        int r0 = 0;
        int c0 = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                out[i][j] = (g[i][j] * 31 + round + (r0 + i) * 7 - (c0 + j)) % 1000003;
            }
        }
        return out;
    }

    static int[][] divide(int[][] g, int k) {
        int[][] out = new int[g.length][g[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                out[i][j] = g[i][j] + 1 + (1000 / (g[i][j] - k)) % 2;
            }
        }
        return out;
    }

    static int[][] seed(int rows, int cols) {
        int[][] g = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                g[i][j] = (i * 37 + j * 101 + i * j) % 7 < 3 ? 1 : 0;
            }
        }
        return g;
    }

    static double sum(double[][] m) {
        double s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * (i + 1) + j;
            }
        }
        return s;
    }

    static long weigh(int[][] g) {
        long s = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                s += (long) g[i][j] * (i * 31 + j + 1);
            }
        }
        return s;
    }

    static void heatRounds(int rows, int cols, int steps) {
        double[][] a = new double[rows][cols];
        double[][] b = new double[rows][cols];
        for (int i = 0; i < rows; i++) {
            a[i][0] = 100.0;
            b[i][0] = 100.0;
        }
        for (int t = 0; t < steps; t++) {
            b = heat(a, b);
            double[][] tmp = a;
            a = b;
            b = tmp;
        }
        System.out.println("heat " + rows + "x" + cols + " " + sum(a) + " " + sum(b));
    }

    static void lifeRounds(int rows, int cols, int steps) {
        int[][] g = seed(rows, cols);
        for (int t = 0; t < steps; t++) {
            g = gen(g);
        }
        System.out.println("life " + rows + "x" + cols + " " + weigh(g));
    }

    // The convergence test reads both grids every round; `cur = next` moves the new grid.
    static void jacobi(int n, int most) {
        double[][] cur = new double[n][n];
        for (int j = 0; j < n; j++) {
            cur[0][j] = 1.0;
        }
        double[][] spare = new double[n][n];
        for (int j = 0; j < n; j++) {
            spare[0][j] = 1.0;
        }
        int rounds = 0;
        while (rounds < most) {
            double[][] next = heat(cur, spare);
            double diff = 0;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    diff = Math.max(diff, Math.abs(next[i][j] - cur[i][j]));
                }
            }
            spare = cur;
            cur = next;
            rounds++;
            if (diff < 2e-3) {
                break;
            }
        }
        System.out.println("jacobi " + rounds + " " + sum(cur));
    }

    static void waveRounds(int n, int steps) {
        long[][] prev = new long[n][n + 1];
        long[][] cur = new long[n][n + 1];
        cur[n / 2][n / 3] = 1 << 20;
        cur[n / 3][n / 2] = -(1 << 19);
        for (int s = 0; s < steps; s++) {
            long[][] next = wave(cur, prev);
            prev = cur;
            cur = next;
        }
        // The second statement gives `b` a value computed from `a`, which names `b`'s old
        // grid: no move, both names are plain arrays.
        long[][] a = new long[n][n];
        long[][] b = new long[n][n];
        b[1][1] = 5;
        for (int s = 0; s < 6; s++) {
            a = b;
            b = mix(a, s);
        }
        System.out.println("wave " + cur[n / 2][n / 2] + " " + cur[1][1] + " " + prev[n / 3][n / 3] + " " + a[2][2] + " " + b[3][1]);
    }

    // A grid the host makes ragged between rounds: the next call runs the body once over
    // the whole values, as Java's call does.
    static void raggedRounds(int n) {
        long[][] g = new long[n][n];
        for (int t = 0; t < 4; t++) {
            g = mix(g, t);
            if (t == 1) {
                g[1] = new long[n - 2];
            }
        }
        long total = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                total = total * 7 + g[i][j];
            }
        }
        System.out.println("ragged " + g[1][n - 1] + " " + g[2][n - 1] + " " + total);
    }

    // Stores, a row alias written, and a row replaced between rounds.
    static void touched(int n, int steps) {
        long[][] g = new long[n][n + 3];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n + 3; j++) {
                g[i][j] = i * 1000 + j;
            }
        }
        long seen = 0;
        for (int t = 0; t < steps; t++) {
            g = mix(g, t);
            if (t % 3 == 0) {
                g[t % n][1] = -t;
            }
            if (t % 4 == 1) {
                long[] row = g[(t + 1) % n];
                row[2] += 17;
                seen += row[0];
            }
            if (t % 5 == 2) {
                g[n - 1] = new long[n + 3];
            }
            seen = seen * 3 + g[n / 2][n / 2];
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n + 3; j++) {
                total = total * 7 + g[i][j];
            }
        }
        System.out.println("touched " + seen + " " + total);
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int steps = Integer.parseInt(args[1]);
        heatRounds(n, n, steps);
        heatRounds(3, 1000, steps);
        heatRounds(2, 2, 3);
        lifeRounds(n, n + 5, steps);
        lifeRounds(1, 40, 4);
        jacobi(n / 4, 400);
        touched(n / 3, steps);
        waveRounds(n / 2, steps);
        raggedRounds(n / 4);
        // Moves in a cycle (`t = a; a = b; b = t;` with `t` given a new array next: no
        // swap, three moves), which the keep conditions judge together.
        long[] r1 = new long[3];
        long[] r2 = new long[5];
        long[] r3 = new long[7];
        r3 = r1;
        r1 = r2;
        r2 = r3;
        r3 = new long[9];
        long[][] q1 = new long[2][3];
        long[][] q2 = new long[4][5];
        long[][] q3 = new long[6][7];
        q3 = q1;
        q1 = q2;
        q2 = q3;
        q3 = new long[8][9];
        System.out.println("cycle " + r1.length + " " + r2.length + " " + r3.length + " " + q1.length + " " + q2[0].length + " " + q3.length);
        int[][] g = seed(n, n);
        for (int t = 0; t < 4; t++) {
            g = divide(g, 3);
            System.out.println("divide " + t + " " + weigh(g));
        }
    }
}
