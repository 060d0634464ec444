// Java twin of device_effect_order.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int mix(int a, int b, int c) {
        return a * 100 + b * 10 + c;
    }

    // `m[i][j] = j++ * 2` stores at the old `j`.
    static int[][] stepStore(int[][] m) {
        for (int i = 0; i < m.length; i++) {
            int row = i;
            int j = 0;
            while (j < m[i].length) {
                m[i][j] = j++ * 2 + row;
            }
        }
        return m;
    }

    // `k * 10 + (k = k + 1) + k`: the old `k`, the new one twice.
    static int[] reread(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int k = a[i];
            out[i] = k * 10 + (k = k + 1) + k;
        }
        return out;
    }

    // A call's arguments left to right.
    static int[] arguments(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int k = a[i];
            out[i] = mix(k++, k++, k) + mix(k, k--, k);
        }
        return out;
    }

    // `t[k++] += v` evaluates its index once; `m[i][c++] += c` reads the new `c` after it.
    static int[][] compound(int[][] m) {
        for (int i = 0; i < m.length; i++) {
            int row = i;
            int[] t = new int[4];
            int k = 0;
            t[k++] += row + 1;
            t[k++] += 2 * row;
            t[k++]++;
            int c = 0;
            m[i][c++] += c;
            m[i][c++] += c * 10;
            m[i][c] = t[0] * 1000 + t[1] * 100 + t[2] * 10 + t[3] + k;
        }
        return m;
    }

    // `g[r++][r]`: the row at the old `r`, the column at the new one.
    static int[] diagonal(int[] ids, int[][] g) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int r = ids[i] % 3;
            out[i] = g[r++][r] * 100 + g[r][r--] * 10 + r;
        }
        return out;
    }

    // `Double.doubleToLongBits` of an assignment: the argument is evaluated once (the kernel
    // wrote it twice, in a test for NaN and in the bits, and stepped `k` twice).
    static long[] bits(int[] a) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            int k = a[i];
            long d = Double.doubleToLongBits((double) k++);
            long f = Float.floatToIntBits((float) ++k);
            out[i] = d * 3 + f * 5 + k;
        }
        return out;
    }

    // An assignment as the first operand of a conditional's branch, and a negated one in a
    // line long enough to be broken: the Rust the CPU back end writes must parse.
    static int[] blocks(int[] a, int[] b, int p) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int k = x ^ p;
            int v = x > 100 ? x : (k = x & p) | (k > 3 ? 1 : 2);
            long w = ((long) (k *= 7) * 0L) >>> (~(k = Math.min(k, b[(x | --k) & 3] + x * 3 + p)));
            out[i] = v * 31 + k + (int) w;
        }
        return out;
    }

    // Stores used as values evaluate their index before their value; assignments whose
    // value writes the same place; a compound assignment's place written once.
    static int[] stores(int[] ids, int[][] g) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int[] p = new int[4];
            int k = ids[i] & 1;
            int s = 100 * (p[k] = k++ + 5) + p[0] * 10 + p[1];
            k += (k = 3);
            double d = ids[i] & 7;
            d = (d += 1.0) * 2.0;
            p[2] = 7;
            p[2] += (p[2] = 5);
            int[] t = new int[4];
            t[g[k & 1][(k & 1) + 1] & 3] += 5;
            out[i] = s + k * 1000 + (int) d * 10 + p[2] + t[0] + t[1] * 10 + t[2] * 100 + t[3] * 1000;
        }
        return out;
    }

    // Assignments in loop headers that the header reads again.
    static int[] headers(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int s = 0;
            for (int j = 1; j < 100; j = j++ + j) {
                s += j;
            }
            int k = a[i] & 3;
            while ((k += 2) + k < 40) {
                s = s * 3 + k;
            }
            int[] t = new int[8];
            int c = a[i] & 1;
            for (int j = 0; j < 4; t[c++] += j++) {
                s += t[j] + c;
            }
            out[i] = s * 100 + t[0] + t[1] * 3 + t[2] * 5 + t[4] * 7;
        }
        return out;
    }

    public static void main(String[] args) {
        int[][] m = stepStore(new int[6][5]);
        long s = 0;
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 5; j++) {
                s = s * 3 + m[i][j];
            }
        }
        System.out.println("stepStore " + s);
        int[] a = new int[9];
        for (int i = 0; i < 9; i++) {
            a[i] = i * 7 - 20;
        }
        int[] r = reread(a);
        int[] g = arguments(a);
        long t = 0;
        long u = 0;
        for (int i = 0; i < 9; i++) {
            t = t * 31 + r[i];
            u = u * 31 + g[i];
        }
        System.out.println("reread " + t + " arguments " + u + " " + g[3]);
        int[][] c = compound(new int[5][3]);
        for (int i = 0; i < 5; i++) {
            System.out.println("compound " + c[i][0] + " " + c[i][1] + " " + c[i][2]);
        }
        int[][] grid = new int[4][4];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                grid[i][j] = i * 4 + j + 1;
            }
        }
        int[] ids = new int[7];
        for (int i = 0; i < 7; i++) {
            ids[i] = i * 5 + 1;
        }
        int[] d = diagonal(ids, grid);
        System.out.println("diagonal " + d[0] + " " + d[1] + " " + d[2] + " " + d[6]);
        long[] e = bits(a);
        int[] h = blocks(a, ids, 6);
        long u2 = 0;
        for (int i = 0; i < 9; i++) {
            u2 = u2 * 31 + e[i] + h[i];
        }
        System.out.println("bits " + e[0] + " " + e[8] + " blocks " + h[0] + " " + h[8] + " " + u2);
        int[] st = stores(ids, grid);
        System.out.println("stores " + st[0] + " " + st[1] + " " + st[6]);
        int[] hd = headers(a);
        System.out.println("headers " + hd[0] + " " + hd[4] + " " + hd[8]);
    }
}
