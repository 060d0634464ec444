// Java twin of loopcheck_while_fail.somd: one MI over the whole arrays.
class Main {
    static long[] prefix(int[] a, int[] b, int n) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            int k = 0;
            while (k < n && s < a[i]) {
                s += b[k];
                k++;
            }
            out[i] = s * 1000 + k;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[3000];
        for (int i = 0; i < a.length; i++) {
            a[i] = 100000 - i;
        }
        int[] b = new int[40];
        for (int i = 0; i < b.length; i++) {
            b[i] = i + 1;
        }
        long[] o = prefix(a, b, 40);
        System.out.println(o[0]);
        o = prefix(a, b, 41);
        System.out.println(o[0]);
    }
}
