// Java twin of exc_coarsen_somd.somd: the SOMD method runs as one method instance over the
// whole arrays.
class Main {
    static long lookup(int[] keys, long[] table) {
        long s = 0;
        for (int i = 0; i < keys.length; i++) {
            s += table[keys[i]] * 3;
        }
        return s;
    }

    public static void main(String[] args) {
        long[] table = {10, 20, 30, 40};
        int[] keys = new int[300001];
        for (int i = 0; i < keys.length; i++) keys[i] = i % 4;
        System.out.println(lookup(keys, table));
        keys[keys.length - 3] = -5;
        System.out.println(lookup(keys, table));
    }
}
