// Java twin of device_value_locals.somd, with the sequential meaning of its SOMD and Lime
// constructs: a SOMD method runs as one method instance over the whole arrays, `@` is a
// loop building an array, `+ !` a sum; value arrays are arrays.
class Main {
    static int weigh(int[] row, int k) {
        int s = 0;
        for (int j = 0; j < row.length; j++) {
            s += row[j] * (j + k);
        }
        return s;
    }

    // A row of a value matrix, read in a loop.
    static long[] rowSums(int[] keys, int[][] table) {
        long[] r = new long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            int[] row = table[keys[i] % table.length];
            long s = 0;
            for (int j = 0; j < row.length; j++) {
                s += (long) row[j] * (j + 1);
            }
            r[i] = s;
        }
        return r;
    }

    // A whole value array under another name, and a row passed to a helper.
    static long mixed(int[] a, int[] w, int[][] table) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            int[] v = w;
            int[] row = table[(a[i] >> 2) % table.length];
            s += (long) a[i] * v[a[i] % v.length] + weigh(row, a[i] & 3);
        }
        return s;
    }

    // A `@` target naming its argument's rows.
    static int spread(int[] tile, int[][] table) {
        int[] first = table[tile[0] % table.length];
        int d = 0;
        for (int j = 0; j < tile.length && j < first.length; j++) {
            d += Math.abs(tile[j] - first[j]);
        }
        return d;
    }

    static int sum(int[] a) {
        int s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] t = new int[7][5];
        for (int i = 0; i < 7; i++) {
            for (int j = 0; j < 5; j++) {
                t[i][j] = i * 10 - j * 3;
            }
        }
        int[][] table = t;
        int[] keys = new int[3000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (i * 37) % 1013;
        }
        long[] r = rowSums(keys, table);
        System.out.println(r[0] + " " + r[1] + " " + r[2999]);
        System.out.println("mixed " + mixed(keys, new int[]{3, -1, 4, 1, -5}, table));
        int[][] tiles = new int[2000][5];
        for (int i = 0; i < tiles.length; i++) {
            for (int j = 0; j < 5; j++) {
                tiles[i][j] = (i * 13 + j * 7) % 61;
            }
        }
        int[] d = new int[tiles.length];
        for (int i = 0; i < tiles.length; i++) {
            d[i] = spread(tiles[i], table);
        }
        System.out.println("spread " + sum(d) + " " + d[0] + " " + d[1999]);
    }
}
