// Java twin of exc_dist_value_ragged.somd: value arrays become arrays (`new T[[]][[]](a)` a
// deep copy), the SOMD method one method instance over the whole array, after the check its
// default (block, block) partitioning makes: a `dist` matrix split in both dimensions must
// be rectangular (IllegalArgumentException at the call otherwise).
class Main {
    static long total(int[][] m) {
        for (int r = 0; r < m.length; r++) {
            if (m[r].length != m[0].length) {
                throw new IllegalArgumentException("dist array is not rectangular: row " + r + " has length "
                    + m[r].length + ", row 0 has " + m[0].length);
            }
        }
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j] * (0 + i + 1L);
            }
        }
        return s;
    }

    static int[][] copy(int[][] a) {
        int[][] c = new int[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

    public static void main(String[] args) {
        int[][] a = new int[5][];
        for (int i = 0; i < a.length; i++) {
            a[i] = new int[i == 3 ? 2 : 4];
            for (int j = 0; j < a[i].length; j++) {
                a[i][j] = i * 4 + j;
            }
        }
        System.out.println(total(copy(new int[][]{{1, 2, 3}, {4, 5, 6}})));
        System.out.println(total(copy(a)));
    }
}
