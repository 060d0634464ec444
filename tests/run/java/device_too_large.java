// Java twin of device_too_large.somd: one MI over the whole array.
class Main {
    static long total(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * 3 + 1;
        }
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long[] small = new long[1000];
        for (int i = 0; i < small.length; i++) {
            small[i] = i;
        }
        long[] big = new long[n];
        for (int i = 0; i < n; i++) {
            big[i] = i % 1000;
        }
        System.out.println("small " + total(small));
        System.out.println("big " + total(big));
    }
}
