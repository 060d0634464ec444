// Java twin of loopcheck_test_fail.somd: one MI over the whole arrays.
class Main {
    static int[] find(int[] a, int[] b, int n) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int x = a[i];
            int k = 0;
            while (k < n && b[k] != x) {
                k++;
            }
            out[i] = k;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[3000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 40;
        }
        int[] b = new int[40];
        for (int i = 0; i < b.length; i++) {
            b[i] = 39 - i;
        }
        int[] o = find(a, b, 44);
        System.out.println(o[0] + " " + o[2999]);
        a[1234] = 40;
        o = find(a, b, 44);
        System.out.println(o[0]);
    }
}
