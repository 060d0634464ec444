// Twin of device_nested_branches.somd: each `!` of a `@` is a loop over the mapped
// elements.
class Main {
    static int sq(int i) {
        return i * i;
    }

    static int squares(int p) {
        if (p < 2) {
            return -1;
        }
        int s = 0;
        for (int i = 0; i < p; i++) {
            s += sq(i);
        }
        return s;
    }

    static boolean notDivides(int i, int p) {
        return p % (i + 2) != 0;
    }

    static boolean prime(int p) {
        if (p < 2) {
            return false;
        }
        boolean all = true;
        for (int i = 0; i < p - 2; i++) {
            all = all && notDivides(i, p);
        }
        return all;
    }

    static long lid(int x) {
        return x;
    }

    static long four(int[] row) {
        long sum = 0;
        long prod = 1;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int x : row) {
            sum += lid(x);
            prod *= lid(x);
            min = Math.min(min, lid(x));
            max = Math.max(max, lid(x));
        }
        long s = 0;
        s = s * 31 + sum;
        s = s * 31 + prod;
        s = s * 31 + min;
        s = s * 31 + max;
        return s;
    }

    static long two(int p) {
        int a = 0;
        for (int i = 0; i < p; i++) {
            a += sq(i);
        }
        int b = Integer.MIN_VALUE;
        for (int i = 0; i < p + 1; i++) {
            b = Math.max(b, sq(i));
        }
        return (long) a * 7 + b;
    }

    public static void main(String[] args) {
        int n = 300;
        long h = 0;
        int primes = 0;
        for (int i = 0; i < n; i++) {
            h = h * 31 + squares(i) + two(i);
            if (prime(i) && prime(i)) {
                primes++;
            }
        }
        int[][] m = new int[50][7];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = (i * 13 + j * 7) % 11 - 3;
            }
        }
        long fh = 0;
        for (int i = 0; i < m.length; i++) {
            fh = fh * 31 + four(m[i]);
        }
        System.out.println(h + " " + primes + " " + fh);
    }
}
