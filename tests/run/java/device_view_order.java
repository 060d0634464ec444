// Java twin of device_view_order.somd: one MI over the whole arrays, value arrays are plain
// arrays, a value class a final class.
class Main {
    static int plane(int[][] p, int k) {
        return p[0][0] * 100 + p[1][1] * 10 + k;
    }

    static int row(int[] r, int k) {
        return r[0] * 100 + r[1] * 10 + k;
    }

    static int cell(Cell c, int k) {
        return c.lo * 100 + c.hi * 10 + k;
    }

    static int lanes(int[] v, int k) {
        return v[0] * 100 + v[3] * 10 + k;
    }

    // `plane(c[k++], k)`: the plane at the old `k`, then the new `k`; `row(c[k][k--], k)`:
    // the plane and the row at the same `k`, then the one below.
    static int[] views(int[] ids, int[][][] c) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int k = ids[i] % 2;
            out[i] = plane(c[k++], k) * 1000 + row(c[k][k--], k);
        }
        return out;
    }

    // A constructed object and an element of a value array, each before an argument that
    // assigns what it reads.
    static int[] objects(int[] ids, Cell[] cells) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int k = ids[i] % 3;
            out[i] = cell(new Cell(k, k * 2), k++) * 1000 + cell(cells[k], k += 2) + k;
        }
        return out;
    }

    // A row of a buffer of vectors before an argument that steps its index.
    static int[] vectors(int[] ids, int[][] q) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int k = ids[i] % 3;
            out[i] = lanes(q[k++], k) * 1000 + lanes(q[k], --k);
        }
        return out;
    }

    static long digest(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s = s * 31 + a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 300;
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = (i * 7 + 3) % 11;
        }
        int[][][] c = new int[3][3][2];
        for (int x = 0; x < 3; x++) {
            for (int y = 0; y < 3; y++) {
                for (int z = 0; z < 2; z++) {
                    c[x][y][z] = x * 4 + y * 2 + z + 1;
                }
            }
        }
        int[] v = views(ids, c);
        System.out.println(v[0] + " " + v[1] + " " + v[2] + " " + digest(v));

        Cell[] raw = new Cell[4];
        for (int j = 0; j < 4; j++) {
            raw[j] = new Cell(j + 3, 9 - j);
        }
        int[] o = objects(ids, raw);
        System.out.println(o[0] + " " + o[1] + " " + o[2] + " " + digest(o));

        int[][] qraw = new int[4][4];
        for (int j = 0; j < 4; j++) {
            for (int l = 0; l < 4; l++) {
                qraw[j][l] = j * 3 + l;
            }
        }
        int[] w = vectors(ids, qraw);
        System.out.println(w[0] + " " + w[1] + " " + w[2] + " " + digest(w));
    }
}

final class Cell {
    int lo;
    int hi;

    Cell(int lo, int hi) {
        this.lo = lo;
        this.hi = hi;
    }
}
