// Java twin of device_value_cube_histogram.somd: value arrays become arrays
// (`new T[[]][[]][[]](a)` a copy), the SOMD method one method instance over the whole
// array.
class Main {
    static long[] weigh(int[] keys, int[][][] w, int k) {
        long[] t = new long[k];
        for (int i = 0; i < keys.length; i++) {
            int z = keys[i] % w.length;
            int y = (keys[i] / 3) % w[z].length;
            int x = (keys[i] / 7) % w[z][y].length;
            t[keys[i] % k] += w[z][y][x];
        }
        return t;
    }

    static int[][][] volume(int d, int h, int r) {
        int[][][] v = new int[d][][];
        for (int z = 0; z < d; z++) {
            v[z] = new int[h][];
            for (int y = 0; y < h; y++) {
                v[z][y] = new int[z == d - 1 && y == 1 ? 5 - r : 5];
                for (int x = 0; x < v[z][y].length; x++) {
                    v[z][y][x] = (z * 131 + y * 17 + x * 3) % 97 - 40;
                }
            }
        }
        return v;
    }

    public static void main(String[] args) {
        int n = 5000;
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = (int) (((long) i * 2654435761L) & 0x7fffffff);
        }
        long[] t = weigh(keys, volume(3, 4, 0), 7);
        long s = 0;
        for (int b = 0; b < t.length; b++) {
            s += t[b] * (b + 1);
        }
        System.out.println(t[0] + " " + t[3] + " " + t[6] + " " + s);
        t = weigh(keys, volume(3, 4, 1), 7);
        System.out.println(t[0] + " " + t[3] + " " + t[6]);
    }
}
