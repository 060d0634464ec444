// Java twin of exc_stop_wrap_mi.somd, with the sequential meaning of its SOMD constructs:
// a SOMD method runs as one method instance over the whole arrays.
class Main {
    static long f(int[] a, int n) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += 100 / a[i];
        }
        for (int j = 0; j <= n; j++) {
            s += (j & 7) * a.length;
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[4000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 7 + 1;
        }
        System.out.println(f(a, 1000));
        a[5] = 0;
        System.out.println(f(a, Integer.MAX_VALUE));
    }
}
