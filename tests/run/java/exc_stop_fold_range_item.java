// Java twin of exc_stop_fold_range_item.somd.
class Main {
    static int at(int[] row, int k) {
        return row[k] * 7 + k;
    }

    static int pick(int a, int b) {
        return (a * 31) ^ b;
    }

    static int total(int[] row, int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        int acc = at(row, 0);
        for (int k = 1; k < n; k++) {
            acc = pick(acc, at(row, k));
        }
        return acc;
    }

    static int sum(int[] row, int n) {
        int s = 0;
        for (int k = 0; k < n; k++) {
            s += at(row, k);
        }
        return s;
    }

    static int outer(int[] row, int n) {
        return total(row, n) + sum(row, n);
    }

    static int[] map(int[][] v, int n) {
        int[] r = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = outer(v[i], n);
        }
        return r;
    }

    public static void main(String[] args) {
        int[][] m = new int[3000][37];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 37; j++) m[i][j] = i * 3 - j;
        }
        int[] r = map(m, 37);
        System.out.println(r[0] + " " + r[2999]);
        r = map(m, 2000000000);
        System.out.println(r[0]);
    }
}
