// Java twin of exc_fresh.somd: one MI over the whole arrays.
class Main {
    static int[] rounds(int[] a, int extra, int n) {
        int[] out = new int[a.length];
        for (int r = 0; r < n; r++) {
            int[] t = new int[extra - 10];
            {
                for (int i = 0; i < a.length; i++) out[i] = out[i] + a[i] * r + t.length;
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[200];
        for (int i = 0; i < 200; i++) a[i] = i;
        int[] r = rounds(a, 13, 3);
        System.out.println(r[0] + " " + r[199]);
        r = rounds(a, 13, 0);
        System.out.println(r[0] + " " + r[199]);
        r = rounds(a, 4, 3);
        System.out.println(r[0] + " " + r[199]);
    }
}
