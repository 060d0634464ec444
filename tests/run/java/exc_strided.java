// Java twin of exc_strided.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int[] pairs(int[] a, int[] table) {
        int[] out = new int[2 * a.length];
        for (int i = 0; i < a.length; i++) {
            int g = i;
            out[2 * i] = a[i] + table[2 * g];
            out[2 * i + 1] = a[i] - table[2 * g + 1];
        }
        return out;
    }

    public static void main(String[] args) {
        int[] a = new int[100];
        for (int i = 0; i < a.length; i++) a[i] = i * i % 17;
        int[] table = new int[200];
        for (int k = 0; k < table.length; k++) table[k] = k % 9;
        int[] out = pairs(a, table);
        System.out.println(out[0] + " " + out[101] + " " + out[198] + " " + out[199]);
        int[] shorter = new int[199];
        out = pairs(a, shorter);
        System.out.println(out[0]);
    }
}
