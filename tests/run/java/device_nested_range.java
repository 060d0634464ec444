// Java twin of device_nested_range.somd: each `!` of a range as a loop over its indices.
class Main {
    static int plus(int a, int b) {
        return a + b;
    }

    static int pick(int a, int b) {
        return (a * 31 + b) % 1000003;
    }

    static int sum(int n) {
        int s = 0;
        for (int k = 0; k < n; k++) {
            s += k;
        }
        return s;
    }

    static int fold(int n, boolean pick) {
        if (n <= 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        int acc = 0;
        for (int k = 1; k < n; k++) {
            acc = pick ? pick(acc, k) : plus(acc, k);
        }
        return acc;
    }

    static int fsum(int i) {
        int m = Integer.MIN_VALUE;
        for (int k = 0; k < i % 5 - 2; k++) {
            m = Math.max(m, k);
        }
        return sum(i % 13 + 1) + m + fold(i % 7 + 1, false);
    }

    static long lsum(int i, int w) {
        long s = 0;
        for (int k = 0; k < 3; k++) {
            int p = 1;
            for (int q = 0; q < k + 1; q++) {
                p *= q;
            }
            s += sum(i + k * w) ^ p;
        }
        return s;
    }

    public static void main(String[] args) {
        int[] s = new int[100000];
        long h = 0;
        for (int i = 0; i < s.length; i++) {
            s[i] = fsum(i);
            h = h * 31 + s[i];
        }
        System.out.println(h + " " + s[0] + " " + s[99999]);
        long[] l = new long[3000];
        for (int i = 0; i < l.length; i++) {
            l[i] = lsum(i, 70000);
            h = h * 31 + l[i];
        }
        System.out.println(h + " " + l[2999]);
        int[] o = new int[777];
        int t = 0;
        for (int i = 0; i < o.length; i++) {
            o[i] = fold(i % 50 + 1, true);
            t += o[i];
        }
        System.out.println(t + " " + o[49] + " " + o[776]);
        int[] e = new int[60];
        for (int i = 0; i < e.length; i++) {
            e[i] = fold(40 - i, false);
        }
        System.out.println(e[0]);
    }
}
