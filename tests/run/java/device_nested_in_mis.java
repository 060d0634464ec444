// Java twin of device_nested_in_mis.somd: SOMD methods are plain calls, `@` and `!` loops.
class Main {
    static int tri(int i) {
        int[] t = {1, 2, 3, i};
        int s = 0;
        for (int x : t) {
            s += x;
        }
        return s;
    }

    static int plus(int a, int b) {
        return a + b;
    }

    static int fsum(int i) {
        int s = 0;
        for (int k = 0; k < i % 13 + 1; k++) {
            s += k;
        }
        return s;
    }

    static int fsumw(int i, int w) {
        return (i % 2 == 0 ? 1 + i : i + 5) + w;
    }

    static int safe(int a, int b) {
        return a + 100 / b;
    }

    static int[] rows(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int[] src = {a[i], i, a[i] % 7};
            int sum = 0;
            for (int x : src) {
                sum += tri(x);
            }
            int top = Integer.MIN_VALUE;
            for (int k = 0; k < a[i] % 13; k++) {
                top = Math.max(top, k);
            }
            int fold = 0;
            for (int k = 1; k < i % 5 + 1; k++) {
                fold = plus(fold, k);
            }
            r[i] = sum + top + fold;
        }
        return r;
    }

    static long noisy(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += tri(a[i]) + tri(2 * a[i]);
        }
        System.out.println("instance of " + a.length);
        return s;
    }

    static long failing(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += safe(a[i], a[i] - 500);
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 3000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 1009;
        }
        int[] r = rows(a);
        long h = 0;
        for (int i = 0; i < n; i++) {
            h = h * 31 + r[i];
        }
        System.out.println(h + " " + r[0] + " " + r[n - 1]);
        System.out.println(noisy(a));
        int[] sums = new int[50];
        int total = 0;
        for (int i = 0; i < 50; i++) {
            sums[i] = fsum(i);
            total += sums[i];
        }
        System.out.println(total + " " + sums[12] + " " + sums[49]);
        int w = 0;
        for (int i = 0; i < 100000; i++) {
            w += tri(i);
        }
        int[] shifted = new int[40];
        for (int i = 0; i < 40; i++) {
            shifted[i] = fsumw(i, w);
        }
        System.out.println(shifted[0] + " " + shifted[39]);
        System.out.println(failing(a));
    }
}
