// Java twin of exc_setup_empty.somd: each SOMD method is its loops over the whole matrix.
class Main {
    static long largest(int[][] m, int k) {
        int w = 100 / k;
        long best = Long.MIN_VALUE;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                best = Math.max(best, (long) m[i][j] * w);
            }
        }
        return best;
    }

    static long weighted(int[][] m, int k) {
        int w = 10 % k + 1;
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += (long) m[i][j] * w;
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] empty = new int[5][0];
        int[][] full = new int[40][30];
        for (int i = 0; i < full.length; i++) {
            for (int j = 0; j < full[i].length; j++) {
                full[i][j] = i * 31 - j * 7;
            }
        }
        System.out.println(largest(empty, 3) + " " + largest(full, 3) + " " + largest(full, -7));
        System.out.println(weighted(empty, 3) + " " + weighted(full, 4) + " " + weighted(full, -3));
        System.out.println(weighted(empty, 0));
    }
}
