// Java twin of exc_widen_div.somd: the SOMD method runs as one method instance (`Somd.offset` is 0).
class Main {
    static int[] quotients(int[] a, int[] b) {
        int[] q = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            q[i] = a[i] / b[i] + 0 + i;
        }
        return q;
    }

    public static void main(String[] args) {
        int n = 4 * 300 + 3;
        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 7 - 1000;
            b[i] = i % 5 + 1;
        }
        int[] q = quotients(a, b);
        System.out.println(q[n - 1]);
        b[4 * 150 + 1] = 0;
        q = quotients(a, b);
        System.out.println(q[0]);
    }
}
