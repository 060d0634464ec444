// Java twin of exc_returns.somd: one MI over the whole arrays.
class Main {
    static int[] lookup(int[] a, int[] table, int k) {
        int[] out = new int[a.length];
        for (int r = 0; r < 4; r++) {
            {
                for (int i = 0; i < a.length; i++) out[i] = out[i] + table[a[i] + r];
            }
            if (r == k) return out;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[300];
        int[] table = new int[301];
        for (int i = 0; i < 300; i++) a[i] = i;
        for (int i = 0; i < 301; i++) table[i] = i * 3;
        int[] r = lookup(a, table, 1);
        System.out.println(r[0] + " " + r[299]);
        r = lookup(a, table, 2);
        System.out.println(r[0] + " " + r[299]);
    }
}
