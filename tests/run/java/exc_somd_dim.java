// Java twin of exc_somd_dim.somd: `Somd.globalLength(a, 1)` is `a.length`, `Somd.offset`
// 0; another dimension of a 1-D array is the runtime's IllegalArgumentException.
class Main {
    static int globalLength(int[] a, int d) {
        if (d != 1) {
            throw new IllegalArgumentException("Somd.globalLength of dimension " + d + ": the array has dimensions 1 to 1");
        }
        return a.length;
    }

    static int glen(int[] a, int d) {
        int m = 0;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, a[i]);
        }
        return m + globalLength(a, d) * 100 + 0;
    }

    public static void main(String[] args) {
        int[] a = new int[40];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 7;
        }
        System.out.println(glen(a, 1));
        System.out.println(glen(a, args.length));
    }
}
